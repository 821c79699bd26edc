"""A progressive night's round of a set number of hands: the engine ends it."""

from __future__ import annotations

import dataclasses

from smear_scores.rules import (
    SCHMIER,
    HandEntry,
    new_game,
    replay,
    variant_from_dict,
    variant_to_dict,
)

ROUND = dataclasses.replace(SCHMIER, hand_limit=2)


def test_round_ends_after_its_last_scored_hand_below_the_target():
    state = new_game(ROUND, first_dealer=0)
    state, _ = state.play(HandEntry(bidder=1, bid=3, points=(0, 4, 2)))
    assert (state.finished, state.reason) == (False, "Round of 2 hands: 1 more to play.")
    state, _ = state.play(HandEntry(bidder=2, bid=3, points=(1, 1, 4)))

    assert (state.scores, state.finished, state.winner) == ((1, 5, 6), True, 2)
    assert state.reason == "The round's 2 hands are played: Team C wins it with 6 points."


def test_round_a_thrown_in_deal_is_not_one_of_its_hands():
    state, _ = replay(
        ROUND,
        {},
        0,
        [HandEntry(bidder=1, bid=3, points=(0, 4, 2)), HandEntry.thrown()],
    )
    assert (state.hands_played, state.hands_scored, state.finished) == (2, 1, False)


def test_round_tied_leaders_the_bidding_team_wins_as_in_d5():
    state, _ = replay(
        ROUND,
        {},
        0,
        [
            HandEntry(bidder=1, bid=3, points=(0, 4, 2)),
            HandEntry(bidder=2, bid=3, points=(0, 0, 6)),  # B 4, C 8 ... then
        ],
    )
    assert (state.finished, state.winner) == (True, 2)
    tied, _ = replay(
        ROUND,
        {},
        0,
        [
            HandEntry(bidder=0, bid=3, points=(3, 3, 0)),
            HandEntry(bidder=1, bid=3, points=(3, 3, 0)),
        ],
    )
    assert (tied.scores, tied.finished, tied.winner) == ((6, 6, 0), True, 1)


def test_round_tied_leaders_who_did_not_bid_play_another_hand():
    state, _ = replay(
        ROUND,
        {},
        0,
        [
            HandEntry(bidder=2, bid=3, points=(3, 3, 0)),  # C set: -3
            HandEntry(bidder=2, bid=3, points=(3, 3, 0)),
        ],
    )
    assert (state.scores, state.finished, state.winner) == ((6, 6, -6), False, None)
    assert (state.reason, state.reason_rule) == (
        "The round's 2 hands are played. Team A and Team B are tied at 6 and did not bid "
        "this hand: nobody has won yet, play another hand.",
        "D5",
    )


def test_round_won_after_a_tied_play_on_hand_links_to_no_rule():
    tied = [
        HandEntry(bidder=2, bid=3, points=(3, 3, 0)),  # C set: -3
        HandEntry(bidder=2, bid=3, points=(3, 3, 0)),  # A and B tied at 6: play on
    ]
    state, _ = replay(ROUND, {}, 0, tied)
    assert state.reason_rule == "D5"
    state, _ = state.play(HandEntry(bidder=0, bid=3, points=(4, 2, 0)))

    assert (state.scores, state.finished, state.winner) == ((10, 8, -6), True, 0)
    assert (state.reason, state.reason_rule) == (
        "The round's 2 hands are played: Team A wins it with 10 points.",
        "",
    )


def test_round_tied_leaders_name_the_bidding_team_as_the_winner():
    state, _ = replay(
        ROUND,
        {},
        0,
        [
            HandEntry(bidder=0, bid=3, points=(3, 3, 0)),
            HandEntry(bidder=1, bid=3, points=(3, 3, 0)),
        ],
    )
    assert (state.finished, state.winner, state.reason_rule) == (True, 1, "D5")
    assert state.reason == (
        "The round's 2 hands are played. Team B wins: Team A and Team B are tied at 6, and "
        "Team B bid this hand."
    )


def test_round_ignores_the_target():
    state, _ = replay(
        ROUND,
        {},
        0,
        [HandEntry(bidder=0, bid=6, points=(6, 0, 0))] * 1
        + [HandEntry(bidder=1, bid=3, points=(6, 0, 0))],  # B set; A at 12
    )
    assert (state.finished, state.winner) == (True, 0)
    long_round = dataclasses.replace(SCHMIER, hand_limit=5)
    state, _ = replay(long_round, {}, 0, [HandEntry(bidder=0, bid=6, points=(6, 0, 0))] * 4)
    # 24 points is past Schmier's 21, but the round has a hand to go.
    assert (state.scores[0], state.finished) == (24, False)


def test_round_limit_travels_with_the_frozen_variant_and_ordinary_games_keep_their_shape():
    assert variant_from_dict(variant_to_dict(ROUND)).hand_limit == 2
    assert "hand_limit" not in variant_to_dict(SCHMIER)
