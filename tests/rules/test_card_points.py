"""D13: Game from the table's counts of card points (S5, W5, D2), in both variants."""

from __future__ import annotations

from dataclasses import replace

import pytest

from smear_scores.rules import (
    NE_WISCONSIN,
    SCHMIER,
    HandEntry,
    HandRefused,
    RuleError,
    card_points_verdict,
    game_from_card_points,
    new_game,
    replay,
    validate_hand,
    variant_from_dict,
    variant_to_dict,
)

W = NE_WISCONSIN
NAMED = SCHMIER.named(["Ann & Dee", "Bo & Eli", "Cy & Flo"])
# Schmier: every point but Game, so the counts decide the hand's sixth point.
FIVE = {"high": 0, "low": 1, "right_bauer": 1, "left_bauer": 2, "joker": 0}
# Wisconsin: High and Low to Team A, Jack to nobody.
TWO = {"high": 0, "low": 0, "jack": None}


def counted(variant, counts, awards=None, bidder=0, bid=3):
    given = FIVE if variant.teams == 3 else TWO
    return HandEntry(
        bidder=bidder,
        bid=bid,
        awards=given if awards is None else awards,
        card_points=tuple(counts),
    )


# -- the deck's total: one place, the presets ----------------------------------------------
def test_d13_the_decks_card_points_are_81_in_schmier_and_80_in_wisconsin():
    # S5: A 4, K 3, Q 2, J 1, 10 ten: 20 a suit; four suits, and Schmier's joker 1.
    assert (SCHMIER.card_points_total, W.card_points_total) == (4 * 20 + 1, 4 * 20)


def test_d13_a_game_frozen_before_counting_takes_the_total_from_its_preset():
    old = variant_to_dict(SCHMIER)
    del old["card_points_total"]
    assert variant_from_dict(old).card_points_total == 81
    assert variant_from_dict(variant_to_dict(W)).card_points_total == 80


# -- sums at and over the total ------------------------------------------------------------
@pytest.mark.parametrize(
    "variant, counts",
    [(SCHMIER, (81, 0, 0)), (SCHMIER, (40, 21, 20)), (W, (80, 0)), (W, (41, 39))],
    ids=["schmier-81-alone", "schmier-81", "wisconsin-80-alone", "wisconsin-80"],
)
def test_d13_counts_adding_up_to_the_decks_total_are_accepted(variant, counts):
    assert validate_hand(variant, counted(variant, counts)) == []


@pytest.mark.parametrize(
    "variant, counts, total",
    [(SCHMIER, (41, 21, 20), 82), (SCHMIER, (40, 30, 20), 90), (W, (41, 40), 81)],
    ids=["schmier-82", "schmier-90", "wisconsin-81"],
)
def test_d13_counts_over_the_decks_total_are_refused(variant, counts, total):
    errors = validate_hand(variant, counted(variant, counts))

    most = variant.card_points_total
    assert errors == [
        RuleError(
            "card_points",
            f"The counts add up to {total}, but {variant.name} has {most} card points in all: "
            "check the counts.",
            "D13",
        )
    ]


def test_d13_counts_below_the_total_are_accepted_cards_nobody_took_count_for_nobody():
    # W7: undealt cards count for nobody, so 60 of 80 is a sound count.
    state, result = new_game(W).play(counted(W, (35, 25)))

    assert (result.awards["game"], result.points, result.card_points) == (0, (3, 0), (35, 25))


# -- Game awarded from the counts ----------------------------------------------------------
def test_d13_the_most_card_points_take_game_when_it_was_not_tapped():
    state, result = new_game(NAMED).play(counted(NAMED, (34, 27, 20)))

    assert result.awards == {**FIVE, "game": 0}
    assert (result.points, state.scores) == ((3, 2, 1), (3, 2, 1))
    assert card_points_verdict(NAMED, (34, 27, 20)) == "Ann & Dee take Game, 34 to 27 to 20"


def test_d13_a_team_called_by_its_letter_takes_game_in_the_singular():
    assert card_points_verdict(SCHMIER, (20, 27, 34)) == "Team C takes Game, 34 to 27 to 20"


def test_d2_d13_a_tie_between_two_teams_gives_game_to_nobody():
    state, result = new_game(W).play(counted(W, (40, 40)))

    assert (result.awards["game"], result.points) == (None, (2, 0))
    assert card_points_verdict(W, (40, 40)) == "Nobody: a tie at 40"


def test_d2_d13_a_tie_between_three_teams_gives_game_to_nobody():
    assert game_from_card_points((27, 27, 27)) is None
    _, result = new_game(SCHMIER).play(counted(SCHMIER, (27, 27, 27)))

    assert (result.awards["game"], result.points) == (None, (2, 2, 1))


def test_d2_d13_a_tie_below_the_top_still_gives_game_to_the_most():
    assert game_from_card_points((30, 25, 25)) == 0
    assert card_points_verdict(SCHMIER, (25, 30, 25)) == "Team B takes Game, 30 to 25 to 25"


def test_d2_d13_a_tie_at_the_top_with_a_third_team_behind_gives_game_to_nobody():
    assert game_from_card_points((30, 30, 21)) is None
    assert card_points_verdict(SCHMIER, (30, 30, 21)) == "Nobody: a tie at 30"


def test_d13_zero_counts_are_whole_numbers_a_team_with_none_takes_nothing():
    assert validate_hand(SCHMIER, counted(SCHMIER, (0, 45, 0))) == []
    _, result = new_game(SCHMIER).play(counted(SCHMIER, (0, 45, 0)))
    assert result.awards["game"] == 1


def test_d13_all_counts_at_zero_are_a_tie_and_nobody_takes_game():
    _, result = new_game(W).play(counted(W, (0, 0)))

    assert (result.awards["game"], result.card_points) == (None, (0, 0))


# -- counts that are not counts ------------------------------------------------------------
@pytest.mark.parametrize("bad", [-1, 2.5, "12", True, None])
def test_d13_a_count_that_is_not_a_whole_number_from_0_is_refused(bad):
    errors = validate_hand(NAMED, counted(NAMED, (30, bad, 20)))

    assert errors == [
        RuleError(
            "card_points.1",
            f"Bo & Eli's card points must be a whole number from 0 up, not {bad!r}.",
            "D13",
        )
    ]


@pytest.mark.parametrize("counts", [(40, 30), (40, 30, 10, 1), ()])
def test_d13_one_count_per_team_or_the_counts_are_refused(counts):
    errors = validate_hand(SCHMIER, counted(SCHMIER, counts))

    assert errors == [
        RuleError(
            "card_points",
            "Give the card points each of the 3 teams took, one whole number per team in "
            "team order (0 for a team that took none).",
            "D13",
        )
    ]


def test_d13_counts_need_who_took_each_point_not_only_the_points_per_team():
    entry = HandEntry(bidder=0, bid=3, points=(3, 2, 1), card_points=(34, 27, 20))

    assert validate_hand(SCHMIER, entry) == [
        RuleError(
            "card_points",
            "Counted card points decide who took Game: give who took each point, not only "
            "each team's points.",
            "D13",
        )
    ]


def test_d4_d13_a_thrown_in_deal_has_no_card_points():
    entry = HandEntry(thrown_in=True, card_points=(0, 0))

    assert validate_hand(W, entry) == [
        RuleError(
            "card_points",
            "A thrown-in deal has no card points: everyone passed, so leave it out.",
            "D4",
        )
    ]


def test_d13_a_variant_without_a_decks_total_cannot_count():
    plain = replace(SCHMIER, card_points_total=None)

    assert validate_hand(plain, counted(plain, (34, 27, 20))) == [
        RuleError(
            "card_points",
            "Schmier has no card points to count here: say who took Game instead.",
            "D13",
        )
    ]


# -- beside a tapped Game award: they must agree -------------------------------------------
def test_d13_counts_that_agree_with_a_tapped_game_are_accepted():
    assert validate_hand(NAMED, counted(NAMED, (34, 27, 20), {**FIVE, "game": 0})) == []
    assert validate_hand(NAMED, counted(NAMED, (30, 30, 20), {**FIVE, "game": None})) == []


def test_d13_counts_that_disagree_with_a_tapped_team_are_refused():
    errors = validate_hand(NAMED, counted(NAMED, (34, 27, 20), {**FIVE, "game": 1}))

    assert errors == [
        RuleError(
            "card_points",
            "The counts give Game to Ann & Dee (34 to 27 to 20), but Game is marked for Bo & "
            "Eli: mark Ann & Dee or check the counts.",
            "D13",
        )
    ]


def test_d2_d13_a_tie_beside_a_tapped_team_is_refused():
    errors = validate_hand(W, counted(W, (40, 40), {**TWO, "game": 1}))

    assert errors == [
        RuleError(
            "card_points",
            "The counts are a tie at 40, so nobody takes Game, but Game is marked for Team B: "
            "mark Nobody (tie) or check the counts.",
            "D13",
        )
    ]


def test_d13_counts_with_a_winner_beside_nobody_tapped_are_refused():
    errors = validate_hand(W, counted(W, (44, 36), {**TWO, "game": None}))

    assert errors == [
        RuleError(
            "card_points",
            "The counts give Game to Team A (44 to 36), but Game is marked for Nobody (tie): "
            "mark Team A or check the counts.",
            "D13",
        )
    ]


def test_d3_d13_the_counted_game_decides_made_or_set():
    # Team B bid 3 and took Low and Right bauer; Game by the counts makes the bid.
    entry = HandEntry(bidder=1, bid=3, awards=FIVE, card_points=(20, 40, 21), made=True)
    _, result = new_game(SCHMIER).play(entry)
    assert (result.made, result.points) == (True, (2, 3, 1))

    set_hand = HandEntry(bidder=1, bid=3, awards=FIVE, card_points=(40, 20, 21), made=True)
    errors = new_game(SCHMIER).check(set_hand)
    assert [e.rule for e in errors] == ["D3"]


def test_d8_d13_a_replay_gives_game_from_the_stored_counts_again():
    entries = [counted(W, (44, 36)), counted(W, (36, 44), {**TWO, "game": 1}, bid=2)]
    state, results = replay(W, {}, 0, entries)

    assert [r.awards["game"] for r in results] == [0, 1]
    assert state.scores == (3 + 2, 1)
    with pytest.raises(HandRefused) as refused:
        replay(W, {}, 0, [counted(W, (50, 40))])
    assert refused.value.hand_number == 1
