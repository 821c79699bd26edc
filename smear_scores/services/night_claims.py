"""A name checked in on one phone that another phone asks for (services.night_phones.night_join
with ``confirm``): the director moves it to the asking phone or refuses, or the phone that
holds it releases it. Moving it stops the first phone scoring the player's table (a fresh
scoring secret, on a night of its own) and agreeing for the player's team (permissions.
agreeing_voice reads Entrant.phone). Each write locks the entrant's row and moves the
night's version, so every card and the dashboard show it at once."""

from __future__ import annotations

from django.db import transaction

from smear_scores.models import Entrant, Game, Night, Player
from smear_scores.services.handover import game_scoring_rotate
from smear_scores.services.nights import NightRefused, night_version_bump


def _claimed(night: Night, player: Player) -> Entrant:
    entrant = Entrant.objects.select_for_update().filter(night=night, player=player).first()
    if entrant is None or not entrant.claim_phone:
        raise NightRefused(
            f"No other phone asks to check in as {player.name}: nothing to move. Read the "
            "dashboard again.",
            field="player",
        )
    return entrant


def _move(night: Night, entrant: Entrant) -> Entrant:
    entrant.phone, entrant.claim_phone = entrant.claim_phone, ""
    entrant.save(update_fields=["phone", "claim_phone"])
    if night.league_id is None:
        # The first phone may hold the table's scoring grant ("Score table"): refused
        # from now on; the new phone taps "Score table" on its card.
        tables = Game.objects.filter(
            night_table__round__night=night,
            finished=False,
            seats__player_id=entrant.player_id,
        )
        for game in tables:
            game_scoring_rotate(game=game)
    night_version_bump(night)
    return entrant


@transaction.atomic
def night_claim_move(*, night: Night, player: Player) -> Entrant:
    """The director moves ``player``'s check-in to the phone that asks for it."""
    return _move(night, _claimed(night, player))


@transaction.atomic
def night_claim_refuse(*, night: Night, player: Player) -> Entrant:
    """The director refuses the other phone's request: the name stays where it is."""
    entrant = _claimed(night, player)
    entrant.claim_phone = ""
    entrant.save(update_fields=["claim_phone"])
    night_version_bump(night)
    return entrant


@transaction.atomic
def night_claim_release(*, night: Night, player: Player, phone: str) -> Entrant:
    """The phone that holds ``player`` (``phone``) gives the name to the phone asking."""
    entrant = _claimed(night, player)
    if entrant.phone != phone:
        raise NightRefused(
            f"This phone does not hold {player.name}'s check-in: only that phone, or the "
            "director, moves it.",
            field="player",
        )
    return _move(night, entrant)
