"""Writes for a night's substitutes: the director seats a sub for a player who left or never
came, and the draw keeps the absent player's place for the sub; the night's scoring system
changed before round 1. One transaction each, the night row locked."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from smear_scores.models import Entrant, Game, Night, Player, RoundTable, Seat, Substitution
from smear_scores.rules import Refused
from smear_scores.rules.night_scoring import NightScoring
from smear_scores.rules.substitutes import MAX_BYE_POINTS, POLICIES, rounds_text
from smear_scores.services.clubs import MergeRefused, player_create
from smear_scores.services.nights import (
    NightRefused,
    _night_scoring,
    night_open,
    night_version_bump,
)
from smear_scores.wording import night_scoring as scoring_words
from smear_scores.wording import night_substitutes as words


@transaction.atomic
def night_open_with_subs(
    *, sub_policy: str = Night.SUB_ABSENT, bye_points: int = 0, **opening: Any
) -> Night:
    """services.nights.night_open, with who a substitute's rounds score for
    (rules.substitutes) and a bye's points, stated before round 1; refused (and nothing
    opened) where they cannot hold."""
    if sub_policy not in POLICIES:
        raise NightRefused(words.POLICY, field="sub_policy")
    if not 0 <= bye_points <= MAX_BYE_POINTS:
        raise NightRefused(
            words.BYE_POINTS.format(most=MAX_BYE_POINTS, points=bye_points), field="bye_points"
        )
    night = night_open(**opening)
    night.sub_policy = sub_policy
    night.bye_points = bye_points if sub_policy == Night.SUB_BYE else 0
    night.save(update_fields=["sub_policy", "bye_points"])
    return night


@transaction.atomic
def sub_seat(
    *,
    night: Night,
    absent: Player,
    sub: Player | None = None,
    walk_in: str = "",
    first: int,
    last: int | None = None,
    by: Any = None,
) -> Substitution:
    """``sub`` (a roster player, or a walk-in named ``walk_in``) sits in for ``absent`` from
    round ``first`` to ``last`` (the night's last round when not given). ``first`` is the
    round being played (the sub takes the absent player's seat at their table, which must
    still be playing) or the next one to be drawn. Refused, naming the player and what to
    do, where it cannot hold; nothing is written then."""
    night = Night.objects.select_for_update().get(pk=night.pk)
    last = night.rounds if last is None else last
    drawn = night.round_set.count()
    _check_rounds(night, first, last, drawn)
    _check_absent(night, absent, sub)
    _check_twice(night, absent, first, last)
    sub = _sub_player(night, sub, walk_in)
    if sub.pk == absent.pk:
        raise NightRefused(words.SAME_PLAYER.format(name=absent.name), field="sub")
    _check_sub_free(night, sub, first, last)
    game, position, from_hand = None, None, 0
    if first == drawn:
        game, position, from_hand = _take_seat(night, absent, sub, first)
    Entrant.objects.get_or_create(night=night, player=sub)
    substitution = Substitution.objects.create(
        night=night,
        absent=absent,
        sub=sub,
        from_round=first,
        to_round=last,
        from_hand=from_hand,
        game=game,
        position=position,
        by=by,
    )
    night_version_bump(night)
    return substitution


def _check_rounds(night: Night, first: int, last: int, drawn: int) -> None:
    if not 1 <= first <= last <= night.rounds:
        raise NightRefused(
            words.NO_SUCH_ROUND.format(night=night.name, rounds=night.rounds), field="first"
        )
    current = max(drawn, 1)
    if first < current:
        raise NightRefused(words.ROUND_PAST.format(first=first, drawn=current), field="first")
    if first > drawn + 1:
        raise NightRefused(
            words.NOT_DRAWN_YET.format(first=first, drawn=drawn, next=drawn + 1), field="first"
        )


def _check_absent(night: Night, absent: Player, sub: Player | None) -> None:
    if not Entrant.objects.filter(night=night, player=absent).exists():
        raise NightRefused(
            words.NOT_ON_NIGHT.format(name=absent.name, night=night.name), field="absent"
        )
    if sub is not None and sub.pk == absent.pk:
        raise NightRefused(words.SAME_PLAYER.format(name=absent.name), field="sub")


def _check_twice(night: Night, absent: Player, first: int, last: int) -> None:
    """A seat has one sub at a time: the same absent player twice over the same rounds is
    refused."""
    earlier = (
        Substitution.objects.filter(
            night=night, absent=absent, from_round__lte=last, to_round__gte=first
        )
        .select_related("sub")
        .first()
    )
    if earlier is not None:
        text = words.TWICE if earlier.to_round < night.rounds else words.TWICE_REST
        raise NightRefused(
            text.format(
                sub_before=earlier.sub.name,
                name=absent.name,
                rounds=rounds_text(earlier.from_round, earlier.to_round),
                last=earlier.to_round,
            ),
            field="first",
        )


def _sub_player(night: Night, sub: Player | None, walk_in: str) -> Player:
    """The sub: a roster player of the night's club, or a walk-in added (not kept)."""
    if sub is not None:
        if sub.club_id != night.club_id:
            raise NightRefused(
                f"{sub.name} is not on {night.club.name}'s roster: add them as a walk-in.",
                field="sub",
            )
        return sub
    if not (walk_in or "").strip():
        raise NightRefused(words.WALK_IN_OR_ROSTER, field="sub")
    try:
        return player_create(club=night.club, name=walk_in, kept=False)
    except MergeRefused as refused:
        raise NightRefused(refused.message, field="walk_in") from None


def _check_sub_free(night: Night, sub: Player, first: int, last: int) -> None:
    """The sub is not seated at a table of the round being played, nor sitting in for
    someone else over the same rounds."""
    seat = (
        Seat.objects.filter(
            game__night_table__round__night=night,
            game__night_table__round__number=first,
            player=sub,
        )
        .select_related("game__night_table")
        .first()
    )
    if seat is not None:
        table = seat.game.night_table.number
        text = words.ALREADY_SEATED if first < night.rounds else words.ALREADY_SEATED_LAST
        raise NightRefused(
            text.format(sub=sub.name, table=table, number=first, after=first + 1), field="sub"
        )
    other = (
        Substitution.objects.filter(night=night, sub=sub, from_round__lte=last, to_round__gte=first)
        .select_related("absent")
        .first()
    )
    if other is not None:
        raise NightRefused(
            words.ALREADY_SUBBING.format(
                sub=sub.name,
                other=other.absent.name,
                rounds=rounds_text(other.from_round, other.to_round),
            ),
            field="sub",
        )


def _take_seat(night: Night, absent: Player, sub: Player, number: int) -> tuple[Game, int, int]:
    """The sub takes ``absent``'s seat at their table of round ``number`` (still playing):
    the table's game, the seat, and the hands played there before the sub sat down."""
    seat = (
        Seat.objects.select_for_update(of=("self",))
        .filter(
            game__night_table__round__night=night,
            game__night_table__round__number=number,
            player=absent,
        )
        .first()
    )
    if seat is None:
        raise NightRefused(
            words.ABSENT_NOT_SEATED.format(name=absent.name, number=number), field="absent"
        )
    game = Game.objects.select_for_update().get(pk=seat.game_id)
    table = RoundTable.objects.get(game=game)
    if game.finished or table.closed_at is not None:
        text = words.TABLE_FINISHED if number < night.rounds else words.TABLE_FINISHED_LAST
        raise NightRefused(
            text.format(table=table.number, number=number, name=absent.name, after=number + 1),
            field="first",
        )
    Seat.objects.filter(pk=seat.pk).update(player=sub, name=sub.name[:40])
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now())
    return game, seat.position, game.hands_played


@transaction.atomic
def night_scoring_change(
    *, night: Night, scoring: str, scoring_numbers: dict[str, int] | None = None
) -> Night:
    """The director changes how the night scores, before round 1 is drawn; refused once it
    is (every round of a night is scored alike)."""
    night = Night.objects.select_for_update().get(pk=night.pk)
    if night.round_set.exists():
        system = scoring_words.SYSTEM_NAMES.get(night.scoring, night.scoring)
        system = system[:1].lower() + system[1:]
        raise NightRefused(
            words.SCORING_LOCKED.format(night=night.name, system=system), field="scoring"
        )
    numbers = dict(scoring_numbers or {})
    win_bonus = int(numbers.pop("win_bonus", night.win_bonus if scoring == "progressive" else 0))
    try:
        chosen: NightScoring = _night_scoring(scoring, win_bonus, numbers)
    except Refused as refused:
        error = refused.errors[0]
        raise NightRefused(error.message, field=error.field) from None
    night.scoring = chosen.system
    night.win_bonus = chosen.win_bonus
    night.scoring_numbers = {k: v for k, v in chosen.numbers.items() if k != "win_bonus"}
    night.save(update_fields=["scoring", "win_bonus", "scoring_numbers"])
    night_version_bump(night)
    return night


@transaction.atomic
def sub_end(*, night: Night, substitution: int, back: int) -> Substitution | None:
    """The absent player is back from round ``back``: the sub sits in to the round before
    it only, or not at all when ``back`` is the sub's first round (not drawn yet). The
    absent player is checked in again and the sub out (the director checks the sub in
    again if they stay to play). A round drawn with the sub in the seat stands: ``back``
    is a round not drawn yet. Returns the substitution as kept, None when it is gone."""
    night = Night.objects.select_for_update().get(pk=night.pk)
    kept = (
        Substitution.objects.filter(pk=substitution, night=night)
        .select_related("absent", "sub")
        .first()
    )
    if kept is None:
        raise NightRefused(words.NO_SUCH_SUB, field="substitution")
    names = {"sub": kept.sub.name, "absent": kept.absent.name}
    drawn = night.round_set.count()
    if not 1 <= back <= night.rounds:
        raise NightRefused(
            words.BACK_NOT_A_ROUND.format(night=night.name, rounds=night.rounds, **names),
            field="back",
        )
    if back > kept.to_round:
        raise NightRefused(
            words.BACK_AFTER.format(last=kept.to_round, after=kept.to_round + 1, **names),
            field="back",
        )
    if back <= drawn:
        raise NightRefused(
            words.BACK_DRAWN.format(drawn=drawn, next=drawn + 1, **names), field="back"
        )
    Entrant.objects.filter(night=night, player=kept.absent).update(present=True)
    Entrant.objects.filter(night=night, player=kept.sub).update(present=False)
    if back <= kept.from_round:
        kept.delete()
        night_version_bump(night)
        return None
    kept.to_round = back - 1
    kept.save(update_fields=["to_round"])
    night_version_bump(night)
    return kept
