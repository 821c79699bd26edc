"""Who a substitute's rounds score for, by each policy, against a night worked by hand.

Four players at one table (seats 0 & 2 against 1 & 3), progressive points with a bonus of
5 for a round won. Round 1: Ann, Bo, Cy, Di; Ann & Cy win 10 to 6 (15 each with the
bonus; Bo & Di 6). Ann leaves; Kit sits in for her in round 2: Kit, Bo, Cy, Di; Kit & Cy
win 12 to 3 (17 each; Bo & Di 3)."""

from __future__ import annotations

from fractions import Fraction

from smear_scores.rules import get_variant
from smear_scores.rules.night_scoring import NightScoring
from smear_scores.rules.nights import RoundResult, TableResult, night_totals
from smear_scores.rules.substitutes import (
    ABSENT,
    BYE,
    SELF,
    SatIn,
    outsiders,
    rounds_as_counted,
    set_apart,
    without_idle,
)

WISCONSIN = get_variant("ne-wisconsin")
NAMES = {"ann": "Ann", "bo": "Bo", "cy": "Cy", "di": "Di", "kit": "Kit"}
ROUNDS = [
    RoundResult(1, (TableResult(("ann", "bo", "cy", "di"), (10, 6), 0, True),)),
    RoundResult(2, (TableResult(("kit", "bo", "cy", "di"), (12, 3), 0, True),)),
]
KIT_FOR_ANN = [SatIn("ann", "kit", 2, 2)]


def standings(policy: str, bye_points: int = 0) -> dict[str, tuple[int, Fraction]]:
    rounds = rounds_as_counted(ROUNDS, KIT_FOR_ANN, policy, bye_points)
    totals = night_totals(WISCONSIN, rounds, NAMES, scoring=NightScoring(win_bonus=5))
    totals = without_idle(totals, {"kit"})
    totals = set_apart(totals, outsiders(KIT_FOR_ANN, policy))
    return {t.name: (t.rank, t.total) for t in totals}


def test_the_subs_points_go_to_the_absent_player_and_level_players_share_the_place():
    # Ann 15 + Kit's 17 = 32, level with Cy (32): both won 2, best 17; Bo and Di 6 + 3.
    assert standings(ABSENT) == {"Ann": (1, 32), "Cy": (1, 32), "Bo": (3, 9), "Di": (3, 9)}


def test_a_sub_for_themself_is_shown_outside_the_places_and_the_absent_player_misses():
    # Kit's 17 would place second; she follows unranked, and Ann (15, round 2 missed)
    # takes second place. Bo and Di share third.
    assert standings(SELF) == {
        "Cy": (1, 32),
        "Ann": (2, 15),
        "Bo": (3, 9),
        "Di": (3, 9),
        "Kit": (0, 17),
    }


def test_a_bye_scores_the_clubs_fixed_result_for_the_absent_player_and_nothing_for_the_sub():
    # Ann 15 + a bye of 8 = 23; the others keep what their partnership scored.
    assert standings(BYE, bye_points=8) == {
        "Cy": (1, 32),
        "Ann": (2, 23),
        "Bo": (3, 9),
        "Di": (3, 9),
    }


def test_a_bye_that_levels_two_players_ties_them_on_rounds_won_and_best_round():
    # A bye of 17 makes Ann 32 like Cy, but a bye is never a round won: Cy (2 won) first.
    assert standings(BYE, bye_points=17) == {
        "Cy": (1, 32),
        "Ann": (2, 32),
        "Bo": (3, 9),
        "Di": (3, 9),
    }


def test_the_absent_players_place_sitting_out_scores_their_average_except_under_self():
    rounds = [
        ROUNDS[0],
        RoundResult(2, (TableResult(("kit", "bo", "cy", "di"), (12, 3), 0, True),)),
        RoundResult(3, (), sitting_out=("ann",)),
    ]
    sat_in = [SatIn("ann", "kit", 2, 3)]
    absent = rounds_as_counted(rounds, sat_in, ABSENT)
    own = rounds_as_counted(rounds, sat_in, SELF)
    scoring = NightScoring(win_bonus=5)
    ann = {t.name: t.total for t in night_totals(WISCONSIN, absent, NAMES, scoring=scoring)}
    ann_self = {t.name: t.total for t in night_totals(WISCONSIN, own, NAMES, scoring=scoring)}
    assert (ann["Ann"], ann_self["Ann"]) == (32 + 16, 15)
