"""The draw of a progressive night: partners, opponents, sit-outs, seats, the seed."""

from __future__ import annotations

import pytest

from smear_scores.rules import NE_WISCONSIN, SCHMIER, HandRefused
from smear_scores.rules.draw import (
    History,
    draw_night,
    draw_round,
    opponent_floor,
    player_counts,
)

VARIANTS = [SCHMIER, NE_WISCONSIN]


def shuffled_night(variant, players, rounds, seed):
    """Each round seated at random, the draw's memory ignored: the baseline to beat."""
    history = History()
    draws = []
    for number in range(rounds):
        draw = draw_round(variant, players, History(sat_out=history.sat_out), seed + number)
        history.add(variant, draw)
        draws.append(draw)
    return draws


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.slug)
@pytest.mark.parametrize("players", [12, 18, 24, 30])
@pytest.mark.parametrize("rounds", [5, 6, 7, 8])
def test_draw_partners_never_repeat_and_opponents_repeat_little(variant, players, rounds):
    names = [f"P{i}" for i in range(players)]
    counts = player_counts(variant, names, draw_night(variant, names, rounds, seed=7))
    baseline = player_counts(variant, names, shuffled_night(variant, names, rounds, seed=7))

    assert [c.repeated_partners for c in counts] == [0] * players
    floor = sum(opponent_floor(variant, players, c.rounds_played) for c in counts)
    repeated = sum(c.repeated_opponents for c in counts)
    shuffled = sum(c.repeated_opponents for c in baseline)
    # At most half of the repeats a random seating has above what is unavoidable.
    assert repeated - floor <= (shuffled - floor) / 2
    sits = [c.sit_outs for c in counts]
    assert max(sits) - min(sits) <= 1


@pytest.mark.parametrize(
    ("variant", "players"), [(SCHMIER, 20), (SCHMIER, 23), (NE_WISCONSIN, 18), (NE_WISCONSIN, 15)]
)
def test_draw_nobody_sits_out_twice_before_everyone_has_once(variant, players):
    names = list(range(players))
    history = History()
    per_round = players % variant.players
    for number in range(12):
        draw = draw_round(variant, names, history, seed=number)
        assert len(draw.sitting_out) == per_round
        history.add(variant, draw)
        sat = [history.sat_out[p] for p in names]
        assert max(sat) - min(sat) <= 1, f"round {number + 1}: {sat}"


def test_draw_late_arrival_sits_out_only_after_those_who_played_every_round():
    names = list(range(13))  # with 13 present, one Wisconsin sit-out a round
    history = History()
    first = draw_round(NE_WISCONSIN, names[:12], history, seed=1)
    history.add(NE_WISCONSIN, first, absent=[12])
    sitting_out = []
    for number in range(2, 14):
        draw = draw_round(NE_WISCONSIN, names, history, seed=number)
        history.add(NE_WISCONSIN, draw)
        sitting_out.extend(draw.sitting_out)
    # Player 12 missed round 1, which counts as a round sat out: the twelve who played it
    # sit out once each first.
    assert sorted(sitting_out) == list(range(12))


def test_draw_seats_partners_as_the_seat_rules_say():
    draw = draw_round(SCHMIER, list("ABCDEF"), History(), seed=3)
    (table,) = draw.tables
    s = table.seats
    # S1: partners at seats 1 & 4, 2 & 5, 3 & 6 (0-based 0 & 3, 1 & 4, 2 & 5).
    assert table.partnerships(SCHMIER) == [(s[0], s[3]), (s[1], s[4]), (s[2], s[5])]
    draw = draw_round(NE_WISCONSIN, list("ABCD"), History(), seed=3)
    (table,) = draw.tables
    s = table.seats
    # W1: partners sit opposite.
    assert table.partnerships(NE_WISCONSIN) == [(s[0], s[2]), (s[1], s[3])]


def test_draw_is_reproducible_from_its_seed():
    names = list(range(24))
    assert draw_night(SCHMIER, names, 6, seed=5) == draw_night(SCHMIER, names, 6, seed=5)
    assert draw_night(SCHMIER, names, 6, seed=5) != draw_night(SCHMIER, names, 6, seed=6)
    history = History()
    first = draw_round(SCHMIER, names, history, seed=11)
    history.add(SCHMIER, first)
    assert draw_round(SCHMIER, names, history, seed=12) == draw_round(
        SCHMIER, names, history, seed=12
    )


def test_draw_refuses_too_few_players_saying_how_many_more():
    with pytest.raises(HandRefused) as refused:
        draw_round(SCHMIER, list("ABCD"), History(), seed=1)
    assert [e.message for e in refused.value.errors] == [
        "A Schmier table needs 6 players and only 4 are checked in: "
        "check in 2 more to draw a round."
    ]
