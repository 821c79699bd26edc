"""The test helpers seat every preset from the engine's list: a new preset needs no edit."""

import pytest

from smear_scores import rules


@pytest.mark.parametrize("slug", list(rules.VARIANTS))
def test_make_game_seats_every_preset(make_game, slug):
    game = make_game(slug)

    assert game.seats.count() == rules.get_variant(slug).players
