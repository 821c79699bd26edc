"""Writes a night's phones make: a player checks in (on the director's dashboard or on their
own phone by the night's code), a walk-in joins and is kept, a check-in is undone, a player
checks out; the director's announcement and a stuck table closed. One transaction each;
each moves the night's version (services.nights.night_version_bump) so every card and the
dashboard show it at once. A name another phone asks for moves in services.night_claims."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from smear_scores.models import Entrant, Game, Night, Player, RoundTable
from smear_scores.names import words_problem
from smear_scores.services.clubs import MergeRefused, player_create
from smear_scores.services.nights import NightRefused, night_version_bump, unprintable
from smear_scores.wording import nights as words

MAX_ANNOUNCEMENT = 200


class OnAnotherPhone(NightRefused):
    """The name picked is checked in on another phone: the phone asks before it takes it."""

    def __init__(self, player: Player):
        super().__init__(words.ALREADY_ON_PHONE.format(name=player.name), field="confirm")
        self.player = player


@transaction.atomic
def night_check_in(*, night: Night, player: Player | None = None, walk_in: str = "") -> Entrant:
    """Check a roster player in, or add a walk-in to the club's roster and check them in.
    A player who left earlier is back for the next draw."""
    if player is None:
        try:
            player = player_create(club=night.club, name=walk_in)
        except MergeRefused as refused:
            raise NightRefused(refused.message, field="walk_in") from None
    elif player.club_id != night.club_id:
        raise NightRefused(
            f"{player.name} is not on {night.club.name}'s roster: add them as a walk-in.",
            field="player",
        )
    entrant, created = Entrant.objects.get_or_create(night=night, player=player)
    if not created and not entrant.present:
        entrant.present = True
        entrant.save(update_fields=["present"])
    night_version_bump(night)
    return entrant


@transaction.atomic
def night_join(
    *,
    night: Night,
    phone: str,
    player: Player | None = None,
    walk_in: str = "",
    confirm: bool = False,
) -> Entrant:
    """A player checks in on their own phone (``phone``: the id it keeps): a roster name, or
    a walk-in's where the night allows them. A name checked in on another phone is refused
    (OnAnotherPhone) unless ``confirm``: then this phone asks to take it over
    (Entrant.claim_phone), which the director approves or the other phone releases."""
    if player is None:
        if not night.walk_ins:
            raise NightRefused(
                f"{night.name} checks in players of {night.club.name}'s roster only: pick your "
                "name, or ask the director to add you.",
                field="walk_in",
            )
        return _joined(_walk_in(night, walk_in, phone), phone)
    if player.club_id != night.club_id:
        raise NightRefused(
            f"{player.name} is not on {night.club.name}'s roster: pick your own name.",
            field="player",
        )
    entrant = Entrant.objects.select_for_update().filter(night=night, player=player).first()
    if entrant is not None and entrant.phone not in ("", phone):
        if not confirm:
            raise OnAnotherPhone(player)
        # The name stays on its phone until the director moves it (or that phone releases
        # it); that phone is told at once (the night's version moves) and loses its
        # "Score table" and "Agree" while asked (services.night_claims).
        if entrant.claim_phone != phone:
            entrant.claim_phone = phone
            entrant.save(update_fields=["claim_phone"])
            night_version_bump(night)
        return entrant
    return _joined(night_check_in(night=night, player=player), phone)


def _walk_in(night: Night, name: str, phone: str) -> Entrant:
    """A walk-in checked in on their own phone: one a phone a night, and not on the club's
    roster until the director keeps them (Player.kept)."""
    Night.objects.select_for_update().filter(pk=night.pk).first()
    earlier = (
        Entrant.objects.filter(night=night, phone=phone, player__kept=False)
        .select_related("player")
        .first()
    )
    if earlier is not None:
        raise NightRefused(
            f"This phone already checked in {earlier.player.name} as a walk-in tonight: one "
            "walk-in a phone. Ask the director to check anyone else in.",
            field="walk_in",
        )
    try:
        player = player_create(club=night.club, name=name, kept=False)
    except MergeRefused as refused:
        raise NightRefused(refused.message, field="walk_in") from None
    return night_check_in(night=night, player=player)


@transaction.atomic
def walk_in_keep(*, night: Night, player: Player) -> Player:
    """The director keeps a walk-in of the night on the club's roster."""
    if not Entrant.objects.filter(night=night, player=player).exists() or player.kept:
        raise NightRefused(
            f"{player.name} is no walk-in of {night.name} waiting to be kept.", field="player"
        )
    Player.objects.filter(pk=player.pk).update(kept=True)
    night_version_bump(night)
    player.kept = True
    return player


def _joined(entrant: Entrant, phone: str) -> Entrant:
    if entrant.phone != phone:
        entrant.phone = phone
        entrant.save(update_fields=["phone"])
    return entrant


@transaction.atomic
def night_check_in_undo(*, night: Night, player: Player) -> None:
    """The director takes back a check-in made by mistake (the wrong name picked): the
    player is no longer on the night. One already drawn into a round is marked gone
    instead, which keeps their rounds."""
    night = Night.objects.select_for_update().get(pk=night.pk)
    entrant = Entrant.objects.filter(night=night, player=player).first()
    if entrant is None:
        raise NightRefused(f"{player.name} is not checked in to {night.name}.", field="player")
    drawn = [
        n for n, present in night.round_set.values_list("number", "present") if player.pk in present
    ]
    if drawn:
        raise NightRefused(
            f"{player.name} was in the draw of round {drawn[0]}: their rounds stand. Mark "
            "them gone instead.",
            field="player",
        )
    entrant.delete()
    night_version_bump(night)


@transaction.atomic
def night_announce(*, night: Night, text: str) -> Night:
    """The director's announcement, shown on every player's card and the room screen; an
    empty one takes it down."""
    if bad := unprintable(text or ""):
        raise NightRefused(
            f"The announcement holds a character that cannot be shown (U+{ord(bad):04X}): "
            "type it again in plain words.",
            field="announcement",
        )
    text = " ".join((text or "").split())
    if problem := words_problem(text):
        raise NightRefused(f"The announcement {problem}.", field="announcement")
    if len(text) > MAX_ANNOUNCEMENT:
        raise NightRefused(
            f"An announcement is at most {MAX_ANNOUNCEMENT} characters, not {len(text)}: "
            "say it shorter.",
            field="announcement",
        )
    Night.objects.filter(pk=night.pk).update(
        announcement=text, announced_at=timezone.now() if text else None
    )
    night_version_bump(night)
    night.refresh_from_db()
    return night


@transaction.atomic
def table_close(*, table: RoundTable) -> RoundTable:
    """The director closes a table still playing the last round: the round counts its
    scores as they stand now, by the night's close rule, and the next round may be drawn
    once every other table has finished."""
    night = Night.objects.select_for_update().get(pk=table.round.night_id)
    table = RoundTable.objects.select_related("round", "game").get(pk=table.pk)
    if table.round.number != night.round_set.count():
        raise NightRefused(
            f"Round {table.round.number} is over: only a table of the round being played "
            "can be closed.",
            field="table",
        )
    game = Game.objects.select_for_update().get(pk=table.game_id)
    if game.finished or table.closed_at is not None:
        raise NightRefused(
            f"Table {table.number} has finished already: there is nothing to close.",
            field="table",
        )
    table.closed_at = timezone.now()
    table.closed_scores = list(game.scores)
    table.save(update_fields=["closed_at", "closed_scores"])
    night_version_bump(night)
    return table


@transaction.atomic
def night_check_out(*, night: Night, player: Player) -> Entrant:
    """The player leaves: the next rounds are drawn without them; their rounds stand."""
    entrant = Entrant.objects.filter(night=night, player=player).first()
    if entrant is None:
        raise NightRefused(f"{player.name} is not checked in to {night.name}.", field="player")
    entrant.present = False
    entrant.save(update_fields=["present"])
    night_version_bump(night)
    return entrant
