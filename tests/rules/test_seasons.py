"""A season's standings from its nights, worked out by hand (rules/seasons.py)."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from smear_scores.rules.seasons import (
    AVERAGE,
    BEST_NIGHT,
    HEAD_TO_HEAD,
    NIGHTS_WON,
    ROUNDS_WON,
    NightPlace,
    NightResult,
    SeasonRules,
    counted_nights,
    season_errors,
    season_standings,
    threshold_error,
)

NAMES = {1: "Ann", 2: "Bo", 3: "Cy", 4: "Di"}


def night(number, *rows):
    """rows: (player, points, place, rounds won)."""
    return NightResult(
        night=number,
        places={p: NightPlace(Fraction(points), place, won) for p, points, place, won in rows},
    )


def table(rows):
    return [(r.name, r.total, r.rank, r.tied, r.ranked) for r in rows]


# Ann 30 + 20 = 50, Bo 20 + 30 + 10 = 60, Cy 10 + 5 + 35 = 50; Di played one night.
SEASON = [
    night(1, (1, 30, 1, 3), (2, 20, 2, 2), (3, 10, 3, 1), (4, 8, 4, 0)),
    night(2, (2, 30, 1, 2), (1, 20, 2, 3), (3, 5, 3, 0)),
    night(3, (3, 35, 1, 4), (2, 10, 2, 1)),
]


def test_sum_with_the_clubs_chain_nights_won_then_rounds_won_and_a_minimum():
    rules = SeasonRules(minimum=2, tie_breaks=(NIGHTS_WON, ROUNDS_WON, BEST_NIGHT))

    rows = season_standings(rules, SEASON, NAMES)

    # Ann and Cy: 50 each, a night won each; rounds won 6 to 5 puts Ann ahead.
    assert table(rows) == [
        ("Bo", 60, 1, False, True),
        ("Ann", 50, 2, False, True),
        ("Cy", 50, 3, False, True),
        ("Di", 8, None, False, False),  # one night of the two needed
    ]
    assert [(r.name, r.nights, r.nights_won, r.rounds_won, r.best_night) for r in rows] == [
        ("Bo", 3, 1, 5, 30),
        ("Ann", 2, 1, 6, 30),
        ("Cy", 3, 1, 5, 35),
        ("Di", 1, 0, 0, 8),
    ]


def test_the_chain_in_the_clubs_order_best_night_first_puts_cy_ahead():
    rows = season_standings(SeasonRules(minimum=2, tie_breaks=(BEST_NIGHT,)), SEASON, NAMES)

    assert [r.name for r in rows] == ["Bo", "Cy", "Ann", "Di"]


def test_best_n_drop_n_threshold_and_average_count_a_players_nights():
    nights = [Fraction(n) for n in (30, 10, 20, 5)]

    assert counted_nights(SeasonRules(best=2), nights) == (30, 20)
    assert counted_nights(SeasonRules(drop=1), nights) == (30, 20, 10)
    # Below 15 a night adds nothing: it stays a night played, worth 0.
    assert counted_nights(SeasonRules(threshold=Fraction(15)), nights) == (30, 20, 0, 0)

    one = [night(i, (1, t, 1, 0)) for i, t in enumerate((30, 10, 20, 5))]
    average = season_standings(SeasonRules(count=AVERAGE, drop=1), one, {1: "Ann"})
    assert average[0].total == 20  # (30 + 20 + 10) / 3
    under = season_standings(SeasonRules(count=AVERAGE, threshold=Fraction(15)), one, {1: "Ann"})
    assert under[0].total == Fraction(25, 2)  # (30 + 0 + 20 + 0) / 4


# Ann 8 + 7 + 6 = 21 and Bo 6 + 10 + 5 = 21; Ann finished ahead of Bo on nights 1 and 3.
LEVEL = [
    night(1, (3, 20, 1, 0), (1, 8, 2, 0), (2, 6, 3, 0)),
    night(2, (3, 20, 1, 0), (2, 10, 2, 0), (1, 7, 3, 0)),
    night(3, (3, 20, 1, 0), (1, 6, 2, 0), (2, 5, 3, 0)),
]


def test_head_to_head_among_the_players_still_level():
    first = season_standings(SeasonRules(tie_breaks=(HEAD_TO_HEAD, BEST_NIGHT)), LEVEL, NAMES)
    best = season_standings(SeasonRules(tie_breaks=(BEST_NIGHT, HEAD_TO_HEAD)), LEVEL, NAMES)

    assert [r.name for r in first if r.ranked] == ["Cy", "Ann", "Bo"]
    assert [r.name for r in best if r.ranked] == ["Cy", "Bo", "Ann"]


def test_players_level_on_the_whole_chain_share_the_rank():
    # Each beats each once: level on everything, head to head included.
    rounds = [
        night(1, (1, 10, 1, 1), (2, 6, 2, 1), (3, 2, 3, 1)),
        night(2, (2, 10, 1, 1), (3, 6, 2, 1), (1, 2, 3, 1)),
        night(3, (3, 10, 1, 1), (1, 6, 2, 1), (2, 2, 3, 1)),
    ]
    rules = SeasonRules(tie_breaks=(NIGHTS_WON, ROUNDS_WON, BEST_NIGHT, HEAD_TO_HEAD))

    rows = season_standings(rules, rounds, {1: "Ann", 2: "Bo", 3: "Cy"})

    assert table(rows) == [
        ("Ann", 18, 1, True, True),
        ("Bo", 18, 1, True, True),
        ("Cy", 18, 1, True, True),
    ]


def test_season_rules_that_cannot_hold_are_refused_per_field():
    def fields(rules, planned=10):
        return [(e.field, e.message) for e in season_errors(rules, nights_planned=planned)]

    assert fields(SeasonRules(drop=10)) == [
        (
            "drop",
            "Dropping 10 nights of a season of 10 leaves none to count: drop fewer than 10, or 0.",
        )
    ]
    assert fields(SeasonRules(tie_breaks=(NIGHTS_WON, BEST_NIGHT, NIGHTS_WON))) == [
        (
            "tie_breaks",
            "The tie-break chain names nights won twice: name each rule once, in the order "
            "it breaks ties.",
        )
    ]
    assert [f for f, _ in fields(SeasonRules(best=11))] == ["best"]
    assert [f for f, _ in fields(SeasonRules(best=3, drop=2))] == ["drop"]
    assert [f for f, _ in fields(SeasonRules(minimum=12))] == ["minimum"]
    assert fields(SeasonRules(best=10, minimum=10)) == []
    unreachable = threshold_error(SeasonRules(threshold=Fraction(36)), SEASON)
    assert (unreachable.field, unreachable.message) == (
        "threshold",
        "No night of the season reached 36 (the highest was 35): a threshold that high "
        "leaves every night adding nothing; lower it.",
    )
    assert threshold_error(SeasonRules(threshold=Fraction(35)), SEASON) is None


places = st.lists(
    st.tuples(st.integers(1, 6), st.integers(-20, 60), st.integers(0, 5)),
    min_size=1,
    max_size=6,
    unique_by=lambda t: t[0],
)
chains = st.permutations([NIGHTS_WON, ROUNDS_WON, BEST_NIGHT, HEAD_TO_HEAD])


@settings(max_examples=150, deadline=None)
@given(
    st.lists(places, min_size=1, max_size=8),
    chains,
    st.integers(0, 3),
    st.sampled_from(["sum", "average"]),
    st.randoms(use_true_random=False),
)
def test_a_recompute_from_scratch_gives_the_same_figures_in_any_order(
    season, chain, drop, count, rnd: random.Random
):
    nights = []
    for number, rows in enumerate(season):
        ordered = sorted(rows, key=lambda r: -r[1])
        nights.append(
            night(number, *((p, pts, ordered.index((p, pts, w)) + 1, w) for p, pts, w in rows))
        )
    names = {p: f"P{p}" for p in range(1, 7)}
    rules = SeasonRules(count=count, drop=drop, minimum=1, tie_breaks=tuple(chain[:3]))
    shuffled = list(nights)
    rnd.shuffle(shuffled)
    renamed = dict(reversed(list(names.items())))

    def figures(rows):
        return [(r.name, r.total, r.rank, r.tied, r.ranked, r.nights) for r in rows]

    assert figures(season_standings(rules, shuffled, renamed)) == figures(
        season_standings(rules, nights, names)
    )
