"""A progressive night's standings from its rounds as data: the round bonus, the sit-out
average, the tie-break."""

from __future__ import annotations

from fractions import Fraction

from smear_scores.rules import NE_WISCONSIN, SCHMIER
from smear_scores.rules.nights import RoundResult, TableResult, night_totals, points_text

NAMES = {1: "Ann", 2: "Bo", 3: "Cy", 4: "Di", 5: "Ed", 6: "Flo", 7: "Gus"}


def table(seats, scores, winner=None):
    return TableResult(seats=tuple(seats), scores=tuple(scores), winner=winner)


def ranked(totals):
    return [(t.name, t.total, t.rank, t.tied) for t in totals]


def test_night_totals_add_the_bonus_to_each_player_of_the_winning_partnership():
    # Schmier seats 1/4, 2/5, 3/6 are partners: Ann & Di, Bo & Ed, Cy & Flo.
    rounds = [RoundResult(number=1, tables=(table([1, 2, 3, 4, 5, 6], [7, 3, 1], winner=0),))]
    names = {p: NAMES[p] for p in range(1, 7)}

    totals = night_totals(SCHMIER, rounds, names, win_bonus=5)

    assert ranked(totals) == [
        ("Ann", 12, 1, True),
        ("Di", 12, 1, True),
        ("Bo", 3, 3, True),
        ("Ed", 3, 3, True),
        ("Cy", 1, 5, True),
        ("Flo", 1, 5, True),
    ]
    assert [(t.name, t.won) for t in totals[:2]] == [("Ann", 1), ("Di", 1)]


def test_night_totals_no_bonus_while_the_round_is_still_playing():
    rounds = [RoundResult(number=1, tables=(table([1, 2, 3, 4], [5, 2]),))]
    names = {p: NAMES[p] for p in range(1, 5)}

    totals = night_totals(NE_WISCONSIN, rounds, names, win_bonus=5)

    assert [(t.name, t.total, t.won) for t in totals] == [
        ("Ann", 5, 0),
        ("Cy", 5, 0),
        ("Bo", 2, 0),
        ("Di", 2, 0),
    ]


def test_night_totals_a_round_sat_out_scores_the_average_and_a_round_missed_nothing():
    # Wisconsin: seats 0/2 and 1/3 are partners.
    rounds = [
        RoundResult(number=1, tables=(table([1, 2, 3, 4], [6, 3], winner=0),), sitting_out=(5,)),
        RoundResult(number=2, tables=(table([5, 1, 2, 3], [4, 9], winner=1),), sitting_out=(4,)),
    ]
    names = {p: NAMES[p] for p in range(1, 6)} | {7: "Gus"}  # Gus came after round 2

    totals = {t.name: t for t in night_totals(NE_WISCONSIN, rounds, names)}

    assert (totals["Di"].scores, totals["Di"].sat_out, totals["Di"].total) == ({1: 3}, (2,), 6)
    assert (totals["Ed"].scores, totals["Ed"].total) == ({2: 4}, 8)
    assert (totals["Gus"].scores, totals["Gus"].sat_out, totals["Gus"].total) == ({}, (), 0)
    assert totals["Ann"].total == 6 + 9


def test_night_totals_average_may_be_a_fraction():
    rounds = [
        RoundResult(number=1, tables=(table([1, 2, 3, 4], [5, 2]),), sitting_out=(5,)),
        RoundResult(number=2, tables=(table([5, 1, 2, 3], [0, 0]),), sitting_out=(4,)),
        RoundResult(number=3, tables=(table([4, 5, 1, 2], [0, 0]),), sitting_out=(3,)),
    ]
    names = {p: NAMES[p] for p in range(1, 6)}

    totals = {t.name: t for t in night_totals(NE_WISCONSIN, rounds, names)}

    assert (totals["Di"].average, totals["Di"].total) == (Fraction(1), 3)  # (2 + 0) / 2
    assert (totals["Cy"].average, points_text(totals["Cy"].total)) == (Fraction(5, 2), "7.5")


def test_night_totals_ties_break_on_rounds_won_then_the_best_round():
    rounds = [
        RoundResult(number=1, tables=(table([1, 2, 3, 4], [4, 6], winner=0),)),  # Ann & Cy
        RoundResult(number=2, tables=(table([2, 1, 3, 4], [5, 5], winner=0),)),  # Bo & Cy
        RoundResult(number=3, tables=(table([1, 2, 3, 4], [3, 1]),)),  # still playing
    ]
    names = {p: NAMES[p] for p in range(1, 5)}

    totals = night_totals(NE_WISCONSIN, rounds, names)

    # Everyone on 12. Cy won two rounds; Bo and Ann one, Bo with the better best round
    # (6 to 5); Di won none although their best round is 6.
    assert [(t.name, t.total, t.won, t.best, t.rank, t.tied) for t in totals] == [
        ("Cy", 12, 2, 5, 1, False),
        ("Bo", 12, 1, 6, 2, False),
        ("Ann", 12, 1, 5, 3, False),
        ("Di", 12, 0, 6, 4, False),
    ]


def test_night_totals_the_best_round_breaks_a_tie_in_rounds_won():
    rounds = [
        RoundResult(number=1, tables=(table([1, 2, 3, 4], [8, 2]),)),
        RoundResult(number=2, tables=(table([1, 2, 3, 4], [2, 5]),)),
        RoundResult(number=3, tables=(table([1, 2, 3, 4], [0, 3]),)),
    ]
    names = {p: NAMES[p] for p in range(1, 5)}

    totals = night_totals(NE_WISCONSIN, rounds, names)

    # Everyone on 10, no round won: Ann and Cy's best round is 8, Bo and Di's 5.
    assert [(t.name, t.rank, t.tied) for t in totals] == [
        ("Ann", 1, True),
        ("Cy", 1, True),
        ("Bo", 3, True),
        ("Di", 3, True),
    ]
