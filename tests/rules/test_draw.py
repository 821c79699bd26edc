"""The draw of a progressive night: partners, opponents, sit-outs, seats, the seed.

Every preset and every seat shape, from the engine's lists: a new one is drawn here
without a test edit (a shape no preset has is drawn as house rules of that shape)."""

from __future__ import annotations

import pytest

from smear_scores.rules import (
    NE_WISCONSIN,
    PRESET_SLUGS,
    SCHMIER,
    HandRefused,
    get_variant,
    seat_shapes,
    settings_of,
    variant_from_settings,
)
from smear_scores.rules.draw import (
    History,
    draw_night,
    draw_round,
    opponent_floor,
    player_counts,
)

PRESETS = [get_variant(slug) for slug in PRESET_SLUGS]


def _shape(players: int, teams: int):
    """House rules of that seat shape, started from the first preset."""
    settings = settings_of(PRESETS[0]) | {"name": f"{players} by {teams}"}
    return variant_from_settings(settings | {"players": players, "teams": teams})


VARIANTS = PRESETS + [
    _shape(players, teams)
    for players, teams in seat_shapes()
    if (players, teams) not in {(v.players, v.teams) for v in PRESETS}
]


def _name(variant) -> str:
    return variant.slug if variant.slug != "house" else variant.name.replace(" ", "")


def shuffled_night(variant, players, rounds, seed):
    """Each round seated at random, the draw's memory ignored: the baseline to beat."""
    history = History()
    draws = []
    for number in range(rounds):
        draw = draw_round(variant, players, History(sat_out=history.sat_out), seed + number)
        history.add(variant, draw)
        draws.append(draw)
    return draws


@pytest.mark.parametrize("variant", VARIANTS, ids=_name)
@pytest.mark.parametrize("players", [12, 18, 24, 30])
@pytest.mark.parametrize("rounds", [5, 6, 7, 8])
def test_draw_partners_never_repeat_and_opponents_repeat_little(variant, players, rounds):
    names = [f"P{i}" for i in range(players)]
    counts = player_counts(variant, names, draw_night(variant, names, rounds, seed=7))
    baseline = player_counts(variant, names, shuffled_night(variant, names, rounds, seed=7))

    partners = sum(c.repeated_partners for c in counts)
    floor = sum(opponent_floor(variant, players, c.rounds_played) for c in counts)
    repeated = sum(c.repeated_opponents for c in counts)
    shuffled = sum(c.repeated_opponents for c in baseline)
    if variant.players == 2 * variant.teams or variant.players <= 4:
        # Partnerships of two, and tables of four or fewer: partners never repeat, and at
        # most half of the repeats a random seating has above what is unavoidable.
        assert [c.repeated_partners for c in counts] == [0] * players
        assert repeated - floor <= (shuffled - floor) / 2
    else:
        # Teams of three and wider cutthroat tables: partners repeat no more than in a
        # random seating (twelve players in teams of three cannot play five rounds without
        # a repeat), opponents no more but for a table's worth (at two tables of six, a
        # random seating may happen on the floor).
        assert partners <= sum(c.repeated_partners for c in baseline)
        assert repeated - floor <= shuffled - floor + variant.players
    sits = [c.sit_outs for c in counts]
    assert max(sits) - min(sits) <= 1


# Three tables and one to all but one player left over: Schmier 19 to 23, Wisconsin 13 to 15.
@pytest.mark.parametrize(
    ("variant", "players"),
    [
        (v, 3 * v.players + spare)
        for v in VARIANTS
        for spare in sorted({1, v.players // 2, v.players - 1} - {0})
    ],
    ids=lambda x: _name(x) if not isinstance(x, int) else str(x),
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


@pytest.mark.parametrize("variant", VARIANTS, ids=_name)
def test_draw_seats_each_team_as_its_seats_say(variant):
    (table,) = draw_round(variant, list(range(variant.players)), History(), seed=3).tables
    partners = table.partnerships(variant)
    assert sorted(p for team in partners for p in team) == list(range(variant.players))
    assert partners == [
        tuple(table.seats[s] for s in variant.seats_of(t)) for t in range(variant.teams)
    ]
    # Partners never side by side (S1, W1), a team of one aside.
    for seats in (variant.seats_of(t) for t in range(variant.teams)):
        assert all((a + 1) % variant.players != b for a in seats for b in seats if len(seats) > 1)


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
