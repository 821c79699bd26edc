"""Six readings of the sources the engine once got wrong, each on the smallest table that
shows it: the hand's totals must be dealable (D1), a made moon to the target, must bid to
win, a thrown-in deal, a failed moon under keep_less_bid, and the two ways to go out
first."""

from __future__ import annotations

import pytest

from smear_scores.rules import (
    GameState,
    HandEntry,
    HandRefused,
    get_variant,
    new_game,
    variant_from_settings,
)


def house(**changes):
    settings = {
        "name": "Tuesday Smear",
        "players": 4,
        "teams": 2,
        "target": 11,
        "min_bid": 2,
        "max_bid": 4,
        "points": [
            {"key": "high", "may_go_unawarded": False},
            {"key": "low", "may_go_unawarded": False},
            {"key": "jack"},
            {"key": "game"},
        ],
        **changes,
    }
    return variant_from_settings(settings)


def at(variant, *scores, dealer=0) -> GameState:
    return GameState(
        variant=variant, options={}, first_dealer=dealer, scores=scores, dealer=dealer
    ).decided(made=None, bidding_team=None)


def refusal(state, entry):
    with pytest.raises(HandRefused) as refused:
        state.play(entry)
    return [(e.field, e.message, e.rule) for e in refused.value.errors]


ALL = {"high": 1, "low": 1, "jack": 1, "game": 1}
MOON = {"bid": 5, "name": "Shoot the moon", "made": "to_target", "failed": "loses"}


# 1. D1: totals no deal gives ------------------------------------------------------------
def test_pedro_totals_no_deal_gives_are_refused_with_why():
    state = new_game(get_variant("pedro"))

    assert refusal(state, HandEntry(bidder=0, bid=7, points=(6, 4))) == [
        (
            "points",
            "No deal gives Team A 6 and Team B 4: Pedro (Cinch)'s points are High 1, Low 1, "
            "Jack 1, Game 1, Pedro 5 and Left Pedro 5, and no way of sharing them out between "
            "the teams gives these totals. Check the points, or say who took each point.",
            "D1",
        )
    ]
    after, _ = state.play(HandEntry(bidder=0, bid=7, points=(8, 6)))
    assert after.scores == (8, 6)


def test_high_and_trey_totals_no_deal_gives_are_refused_with_the_possible_sums():
    variant = house(max_bid=4, points=[{"key": "high"}, {"key": "trey"}])

    assert refusal(new_game(variant), HandEntry(bidder=0, bid=2, points=(2, 0))) == [
        (
            "points",
            "No deal gives Team A 2 and Team B 0: Tuesday Smear's points are High 1 and Trey "
            "3, and the teams' points can add up to 0, 1, 3 or 4, not 2. Check the points, "
            "or say who took each point.",
            "D1",
        )
    ]


# 2. a made moon to the target ------------------------------------------------------------
def test_a_made_moon_to_the_target_becomes_the_target_not_more():
    variant = house(max_bid=5, target=6, moon=MOON)

    after, result = at(variant, 0, 3).play(HandEntry(bidder=1, bid=5, awards=ALL))

    assert (result.changes, after.scores, after.winner) == ((0, 3), (0, 6), 1)


def test_a_made_moon_from_below_zero_jumps_to_the_target_unless_negative_to_zero():
    jumps = house(max_bid=5, moon=MOON)
    to_zero = house(max_bid=5, moon={**MOON, "negative_to_zero": True})

    jumped, _ = at(jumps, 3, -20).play(HandEntry(bidder=1, bid=5, awards=ALL))
    zeroed, result = at(to_zero, 3, -20).play(HandEntry(bidder=1, bid=5, awards=ALL))

    assert (jumped.scores, jumped.winner) == ((3, 11), 1)
    assert (result.changes, zeroed.scores, zeroed.finished) == ((0, 20), (3, 0), False)


def test_ten_point_pitch_brings_a_negative_moon_to_zero():
    pitch = get_variant("ten-point-pitch")
    state = new_game(pitch)
    state, _ = state.play(HandEntry(bidder=1, bid=4, awards={"high": 0, "low": 0}))  # set
    assert state.scores == (2, -4)
    every = dict.fromkeys(pitch.point_keys, 1)

    after, _ = state.play(HandEntry(bidder=1, bid=10, awards=every))

    assert (pitch.moon.negative_to_zero, after.scores, after.finished) == (True, (2, 0), False)


# 3. must bid to win: only a made bid goes out -----------------------------------------------
# Three alone, A and B tied over 11 with nobody bidding; A bids 2 and takes only the Jack:
# set, 12; B takes High and Low, 16; C Game.
def three(**changes):
    return at(house(players=3, teams=3, **changes), 14, 14, 0)


SET_AT_TARGET = HandEntry(bidder=0, bid=2, awards={"high": 1, "low": 1, "jack": 0, "game": 2})


def test_must_bid_to_win_a_set_bidder_at_the_target_plays_on():
    after, _ = three(non_bidders="must_bid_to_win").play(SET_AT_TARGET)

    assert (after.scores, after.finished, after.winner) == ((12, 16, 1), False, None)
    assert after.reason == (
        "Team A reached 11, but this hand's bid was set and only a made bid goes out: play on."
    )


# 4. a thrown-in deal decides nothing ---------------------------------------------------------
def test_a_thrown_in_deal_does_not_decide_a_tie_between_non_bidders():
    variant = house(players=3, teams=3, target=4, all_pass="dealer_set_back", all_pass_points=1)
    tied = at(variant, 1, 4, 4, dealer=2)
    assert tied.finished is False

    after, result = tied.play(HandEntry.thrown())  # seat 2 deals: Team C set back

    assert (result.changes, after.scores) == ((0, 0, -1), (1, 4, 3))
    assert (after.finished, after.winner) == (False, None)


# 5. a failed moon set back N under keep_less_bid: took - N ------------------------------------
def test_a_failed_moon_set_back_keeps_what_it_took_less_n():
    moon = {**MOON, "made": "wins", "failed": "set_back", "failed_points": 6}
    keep = house(max_bid=5, moon=moon, set_bid="keep_less_bid")
    lose = house(max_bid=5, moon=moon, set_bid="lose_bid")
    three = HandEntry(bidder=1, bid=5, awards={**ALL, "jack": None})

    _, kept = at(keep, 0, 0).play(three)
    _, lost = at(lose, 0, 0).play(three)

    assert (kept.changes, lost.changes) == ((0, 3 - 6), (0, -6))


# 6. going out first, two readings -------------------------------------------------------------
def test_bidder_out_first_a_set_bidder_at_the_target_does_not_go_out():
    after, _ = three(win="bidder_out_first").play(SET_AT_TARGET)

    assert (after.scores, after.winner) == ((12, 16, 1), 1)


def test_bidding_team_out_first_goes_out_at_the_target_set_or_not():
    after, _ = three(win="bidding_team_out_first").play(SET_AT_TARGET)

    assert (after.scores, after.winner) == ((12, 16, 1), 0)
    assert after.reason == (
        "Team A wins with 12 points: they bid, were set and are at 11, and the bidding team "
        "goes out first."
    )
    assert get_variant("minnesota-smear").win == "bidding_team_out_first"
