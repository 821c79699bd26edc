"""The standings a game row caches are named once (models.games.STANDINGS): every part of
the engine's standings that changes with a hand has its column, and a row gives back the
standings it was given."""

from __future__ import annotations

import dataclasses

from smear_scores.models import Game
from smear_scores.models.games import STANDINGS
from smear_scores.rules import GameState
from smear_scores.selectors.games import game_replay

# Set when the game starts and never moved by a hand: columns of their own.
FIXED = {"variant", "options", "first_dealer"}


def test_standings_every_part_a_hand_moves_has_a_column():
    parts = {f.name for f in dataclasses.fields(GameState)} - FIXED

    assert set(STANDINGS.values()) == parts


def test_standings_a_game_row_reads_back_the_standings_it_stored(make_game):
    game = make_game("schmier", hands=5)
    replayed, _ = game_replay(game)

    stored = Game.objects.get(pk=game.pk)

    assert stored.state() == replayed
    assert Game.standings(replayed) == {column: getattr(stored, column) for column in STANDINGS}
