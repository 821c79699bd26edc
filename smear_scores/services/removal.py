"""Removing a casual game from the home list and its pages, and bringing it back.
Nothing is deleted."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from smear_scores.models import Game, GameRevision
from smear_scores.request_refusals import Conflict
from smear_scores.selectors.games import is_casual
from smear_scores.services import game_writes


@transaction.atomic
def game_remove(*, game: Game, source: str = "web") -> Game:
    """Take a casual game off the home list and its pages. Nothing is deleted: the game,
    its hands and their audit stay, the removal is recorded (GameRevision), and
    game_restore brings it back. Removing a removed game again changes nothing.

    Raises Conflict for a league game or a club night's round: they are the club's
    record, kept in its tables and standings."""
    game = game_writes.game_lock(game, removed=True)
    if not is_casual(game):
        what = "a league game" if game.league_id is not None else "a round of a club night"
        raise Conflict(
            f"This is {what}: league and club night games are the club's record and cannot "
            "be removed here. Ask a club admin.",
            field="game",
        )
    if game.removed_at is None:
        game.removed_at = timezone.now()
        game_writes.game_save(game, fields=["removed_at"])
        GameRevision.objects.create(game=game, action=GameRevision.Action.REMOVE, source=source)
    return game


@transaction.atomic
def game_restore(*, game: Game, source: str = "web") -> Game:
    """Bring a removed game back, as it was; restoring a game not removed changes nothing."""
    game = game_writes.game_lock(game, removed=True)
    if game.removed_at is not None:
        game.removed_at = None
        game_writes.game_save(game, fields=["removed_at"])
        GameRevision.objects.create(game=game, action=GameRevision.Action.RESTORE, source=source)
    return game
