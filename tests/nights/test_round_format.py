"""A night's format in words: one round, one hand, one bonus point are said in the
singular."""

from __future__ import annotations

from smear_scores.models import Night
from smear_scores.selectors.nights import round_format


def test_a_night_of_one_round_of_one_hand_says_so_in_the_singular():
    one = Night(variant="schmier", rounds=1, round_hands=1, win_bonus=1)
    more = Night(variant="schmier", rounds=3, round_hands=2, win_bonus=2)

    assert round_format(one) == (
        "Schmier: 1 round, 1 hand a round, 1 bonus point for winning a round"
    )
    assert round_format(more) == (
        "Schmier: 3 rounds, 2 hands a round, 2 bonus points for winning a round"
    )
