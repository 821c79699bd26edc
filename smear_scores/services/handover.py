"""Handing over the scoring: stop other phones scoring a game."""

from __future__ import annotations

from django.db import transaction

from smear_scores.models import Game
from smear_scores.models.games import new_scoring_secret
from smear_scores.services import game_writes


@transaction.atomic
def game_scoring_rotate(*, game: Game) -> Game:
    """Stop other phones scoring: a fresh scoring secret replaces the old one, so every
    scoring link, code and phone granted before is refused from now on. The API's
    edit_token is not changed. The game's version moves on, so open boards refresh."""
    game = game_writes.game_lock(game)
    game.scoring_secret = new_scoring_secret()
    game_writes.game_save(game, fields=["scoring_secret"])
    return game
