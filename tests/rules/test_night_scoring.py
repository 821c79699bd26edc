"""Each way a night can score, against nights worked out by hand (rules/night_scoring.py)."""

from __future__ import annotations

from smear_scores.rules import NE_WISCONSIN, SCHMIER
from smear_scores.rules.night_scoring import (
    BID_BONUS,
    TOTAL_POINTS,
    WIN_POINTS,
    NightScoring,
    scoring_errors,
)
from smear_scores.rules.nights import (
    RoundResult,
    SessionHigh,
    TableResult,
    night_totals,
    session_highs,
)

NAMES = {1: "Ann", 2: "Bo", 3: "Cy", 4: "Di", 5: "Ed", 6: "Flo", 7: "Gus", 8: "Hal"}


def table(seats, scores, winner=None, **more):
    return TableResult(seats=tuple(seats), scores=tuple(scores), winner=winner, **more)


def ranked(totals):
    return [(t.name, t.total, t.rank, t.tied) for t in totals]


# Wisconsin: seats 0/2 and 1/3 are partners.
EIGHT = [
    RoundResult(
        number=1,
        tables=(
            table([1, 2, 3, 4], [11, 9], winner=0),  # Ann & Cy by 2
            table([5, 6, 7, 8], [11, 3], winner=0),  # Ed & Gus by 8
        ),
    ),
    RoundResult(
        number=2,
        tables=(
            table([1, 5, 2, 6], [4, 11], winner=1),  # Ed & Flo by 7
            table([3, 7, 4, 8], [11, 10], winner=0),  # Cy & Di by 1
        ),
    ),
]


def test_win_points_score_a_win_and_more_for_a_win_by_the_margin_ties_by_spread():
    scoring = NightScoring(system=WIN_POINTS, win_points=2, margin=5, margin_points=3)

    totals = night_totals(NE_WISCONSIN, EIGHT, NAMES, scoring=scoring)

    assert ranked(totals) == [
        ("Ed", 6, 1, False),  # 3 + 3, spread 8 + 7
        ("Cy", 4, 2, False),  # 2 + 2
        ("Gus", 3, 3, False),  # 3 + 0, one won, spread 8 - 1 = 7
        ("Flo", 3, 4, False),  # 0 + 3, one won, spread -8 + 7 = -1
        ("Di", 2, 5, False),  # 0 + 2, one won, spread -2 + 1 = -1
        ("Ann", 2, 6, False),  # 2 + 0, one won, spread 2 - 7 = -5
        ("Bo", 0, 7, True),  # nothing won, spread -9, best round 0
        ("Hal", 0, 7, True),
    ]
    assert {t.name: t.spread for t in totals} == {
        "Ed": 15,
        "Cy": 3,
        "Gus": 7,
        "Flo": -1,
        "Di": -1,
        "Ann": -5,
        "Bo": -9,
        "Hal": -9,
    }
    assert {t.name: t.scores for t in totals}["Ed"] == {1: 3, 2: 3}


def test_win_points_without_a_margin_score_every_win_alike():
    scoring = NightScoring(system=WIN_POINTS, win_points=2)

    totals = {t.name: t.total for t in night_totals(NE_WISCONSIN, EIGHT, NAMES, scoring=scoring)}

    assert totals == {"Ed": 4, "Cy": 4, "Gus": 2, "Flo": 2, "Di": 2, "Ann": 2, "Bo": 0, "Hal": 0}


def test_bid_bonus_adds_for_each_bid_made_and_takes_away_for_each_bid_set():
    scoring = NightScoring(system=BID_BONUS, bid_made=3, bid_set=5)
    rounds = [
        RoundResult(
            number=1,
            tables=(table([1, 2, 3, 4], [11, 6], 0, bids_made=(2, 1), bids_set=(1, 1)),),
            sitting_out=(5,),
        ),
        RoundResult(
            number=2,
            tables=(table([5, 1, 2, 3], [8, 11], 1, bids_made=(1, 2), bids_set=(1, 0)),),
            sitting_out=(4,),
        ),
    ]
    names = {p: NAMES[p] for p in range(1, 6)}

    totals = night_totals(NE_WISCONSIN, rounds, names, scoring=scoring)

    # Round 1: Ann & Cy 11 + 2x3 - 5 = 12, Bo & Di 6 + 3 - 5 = 4.
    # Round 2: Ed & Bo 8 + 3 - 5 = 6, Ann & Cy 11 + 2x3 = 17; Di and Ed sit out a round
    # each at their average.
    assert ranked(totals) == [
        ("Ann", 29, 1, True),
        ("Cy", 29, 1, True),
        ("Ed", 12, 3, False),
        ("Bo", 10, 4, False),
        ("Di", 8, 5, False),
    ]


def test_total_points_add_nothing_and_each_round_has_its_high_as_a_prize_line():
    # Schmier: seats 0/3, 1/4 and 2/5 are partners.
    rounds = [
        RoundResult(number=1, tables=(table([1, 2, 3, 4, 5, 6], [9, 4, 9], finished=True),)),
        RoundResult(number=2, tables=(table([2, 3, 1, 5, 6, 4], [11, 5, 8], winner=0),)),
        RoundResult(number=3, tables=(table([1, 2, 3, 4, 5, 6], [3, 2, 1]),)),  # playing
    ]
    names = {p: NAMES[p] for p in range(1, 7)}
    scoring = NightScoring(system=TOTAL_POINTS)

    totals = night_totals(SCHMIER, rounds, names, scoring=scoring)
    highs = session_highs(SCHMIER, rounds, names)

    assert ranked(totals) == [
        ("Ann", 20, 1, True),  # 9 + 8 + 3
        ("Di", 20, 1, True),
        ("Bo", 17, 3, True),  # 4 + 11 + 2, no bonus for the round won
        ("Ed", 17, 3, True),
        ("Cy", 15, 5, True),
        ("Flo", 15, 5, True),
    ]
    assert highs == [
        SessionHigh(round=1, score=9, players=(1, 3, 4, 6)),  # two partnerships level
        SessionHigh(round=2, score=11, players=(2, 5)),
    ]


def test_progressive_points_are_the_night_totals_with_the_round_bonus():
    scoring = NightScoring(win_bonus=5)

    chosen = night_totals(NE_WISCONSIN, EIGHT, NAMES, scoring=scoring)
    plain = night_totals(NE_WISCONSIN, EIGHT, NAMES, win_bonus=5)

    assert ranked(chosen) == ranked(plain)
    assert {t.name: t.total for t in chosen}["Ed"] == 11 + 5 + 11 + 5


def test_scoring_errors_name_each_number_that_cannot_hold():
    def fields(scoring):
        return [(e.field, e.message) for e in scoring_errors(scoring)]

    assert fields(NightScoring(system=WIN_POINTS, win_points=2, margin=5, margin_points=2)) == [
        (
            "margin_points",
            "A win by 5 or more scores more than a plain win (2), not 2: raise it, or set "
            "the margin to 0 for no margin rule.",
        )
    ]
    assert fields(NightScoring(system=TOTAL_POINTS, win_bonus=3)) == [
        (
            "win_bonus",
            "The bonus for winning a round belongs to progressive points: set it to 0, "
            "or choose progressive points.",
        )
    ]
    assert [f for f, _ in fields(NightScoring(system=WIN_POINTS))] == ["win_points"]
    assert [f for f, _ in fields(NightScoring(system=BID_BONUS))] == ["bid_made"]
    assert [f for f, _ in fields(NightScoring(system="bridge"))] == ["scoring"]
    assert fields(NightScoring(system=BID_BONUS, bid_made=2, bid_set=3)) == []
