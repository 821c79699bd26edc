"""Schmier, rule by rule (S1–S10 in RULES.md), each with a worked example."""

from __future__ import annotations

import dataclasses

import pytest

from smear_scores.rules import SCHMIER, HandEntry, HandRefused, RuleError, describe, new_game

from .helpers import hand, reach, thrown


def test_s1_six_seats_in_three_partnerships_with_partners_apart():
    assert (SCHMIER.players, SCHMIER.teams) == (6, 3)
    # RULES.md seats {1,4}, {2,5}, {3,6} are seats {0,3}, {1,4}, {2,5} counted from 0.
    assert [SCHMIER.seats_of(team) for team in range(3)] == [(0, 3), (1, 4), (2, 5)]
    assert [SCHMIER.team_of(seat) for seat in range(6)] == [0, 1, 2, 0, 1, 2]
    # Partners never sit side by side, the last seat included (it sits next to the first).
    assert all(SCHMIER.team_of(seat) != SCHMIER.team_of((seat + 1) % 6) for seat in range(6))


def test_s1_bid_won_by_the_fourth_seat_scores_for_team_a():
    state, result = new_game(SCHMIER).play(hand(3, 4, 4, 1, 1))

    assert (result.bidding_team, result.made, state.scores) == (0, True, (4, 1, 1))
    assert describe(SCHMIER, result) == "Team A bid 4 and took 4: made, +4 · Team B +1 · Team C +1"


def test_s1_bidder_outside_the_six_seats_is_refused():
    with pytest.raises(HandRefused) as refused:
        new_game(SCHMIER).play(hand(6, 3, 3, 2, 1))

    assert refused.value.errors == [
        RuleError("bidder", "The bidder must be one of the 6 seats (0 to 5), not 6.", "S1")
    ]


def test_s2_first_team_to_21_wins_and_20_does_not():
    state = reach(SCHMIER, (12, 6, 6))
    state, _ = state.play(hand(0, 6, 6, 0, 0))
    assert (state.scores, state.finished, state.reason) == ((18, 6, 6), False, "")
    state, _ = state.play(hand(1, 3, 2, 3, 1))
    assert (state.scores, state.finished) == ((20, 9, 7), False)

    state, _ = state.play(hand(1, 3, 1, 4, 1))

    assert SCHMIER.target == 21
    assert (state.scores, state.finished, state.winner) == ((21, 13, 8), True, 0)
    assert state.reason == "Team A wins with 21 points: the only team at 21 or more."


def test_s3_the_deal_passes_to_the_left_and_wraps_round_the_table():
    state = new_game(SCHMIER, None, first_dealer=4)
    dealers = []
    for _ in range(4):
        state, result = state.play(hand(0, 3, 3, 2, 1))
        dealers.append(result.dealer)

    assert dealers == [4, 5, 0, 1]
    assert state.dealer == 2


def test_s3_first_dealer_must_sit_at_the_table():
    with pytest.raises(HandRefused) as refused:
        new_game(SCHMIER, None, first_dealer=6)

    assert refused.value.errors == [
        RuleError(
            "first_dealer", "The first dealer must be one of the 6 seats (0 to 5), not 6.", "S3"
        )
    ]


def test_s4_trump_cards_that_score_are_points_in_order_of_rank():
    # The app does not see the cards (S4 is for the players); what it keeps of S4 is
    # which trumps are worth a point, in the order the table names them.
    assert SCHMIER.point_keys == ("high", "low", "right_bauer", "left_bauer", "joker", "game")
    assert [(p.label, p.description) for p in SCHMIER.points] == [
        ("High", "plays the ace of trump"),
        ("Low", "plays the 2 of trump"),
        ("Right bauer", "wins the jack of trump"),
        ("Left bauer", "wins the jack of the same colour"),
        ("Joker", "wins the trick with the joker"),
        ("Game", "most card points; nobody on a tie"),
    ]


def test_s5_six_points_one_each_are_counted_per_team():
    awards = {
        "high": 0,
        "low": 1,
        "right_bauer": 0,
        "left_bauer": 2,
        "joker": 0,
        "game": 1,
    }
    state, result = new_game(SCHMIER).play(HandEntry(bidder=0, bid=3, awards=awards))

    assert result.points == (3, 2, 1)
    assert state.scores == (3, 2, 1)
    assert result.awards == awards


def test_s5_a_point_schmier_does_not_have_is_refused():
    awards = {"high": 0, "low": 1, "right_bauer": 0, "left_bauer": 2, "joker": 0, "jack": 1}
    with pytest.raises(HandRefused) as refused:
        new_game(SCHMIER).play(HandEntry(bidder=0, bid=3, awards=awards))

    assert refused.value.errors == [
        RuleError(
            "awards.jack",
            "Schmier has no point called 'jack'; its points are high, low, right_bauer, "
            "left_bauer, joker, game.",
            "S5",
        )
    ]


def test_s5_a_team_takes_at_most_six_points():
    with pytest.raises(HandRefused) as refused:
        new_game(SCHMIER).play(hand(0, 3, 7, 0, 0))

    assert refused.value.errors == [
        RuleError("points.0", "Team A can take 0 to 6 points in a hand, not 7.", "S5")
    ]


def test_s6_bids_run_from_3_to_6():
    assert SCHMIER.bids == (3, 4, 5, 6)
    state = new_game(SCHMIER)
    for bid in (3, 6):
        assert state.check(hand(0, bid, 6, 0, 0)) == []
    for bid in (2, 7):
        assert state.check(hand(0, bid, 6, 0, 0)) == [
            RuleError("bid", f"Schmier bids run from 3 to 6, not {bid}.", "S6")
        ]


def test_s6_bidding_starts_left_of_the_dealer():
    assert new_game(SCHMIER, None, first_dealer=2).first_bidder == 3
    assert new_game(SCHMIER, None, first_dealer=5).first_bidder == 0


def test_s6_when_everyone_passes_the_same_dealer_deals_again():
    state = new_game(SCHMIER, None, first_dealer=1)
    state, result = state.play(thrown())

    assert (result.dealer, state.dealer, state.first_bidder) == (1, 1, 2)
    assert state.scores == (0, 0, 0)
    assert state.hands_played == 1


def test_s7_dealer_keeps_the_pack_so_five_points_go_out_every_hand():
    # S7: the dealer takes the rest of the pack and may not discard the ace, the
    # bauers, the 2 or the joker, so those five points are always taken by someone.
    assert SCHMIER.always_awarded == ("high", "low", "right_bauer", "left_bauer", "joker")
    assert SCHMIER.min_points_per_hand == 5
    awards = {"high": 0, "low": 1, "right_bauer": 0, "left_bauer": 2, "game": 0}

    errors = new_game(SCHMIER).check(HandEntry(bidder=0, bid=3, awards=awards))

    assert errors == [
        RuleError(
            "awards.joker", "Schmier awards Joker in every hand: say which team took it.", "D1"
        )
    ]


def test_s8_tricks_are_not_entered_a_hand_is_entered_by_points():
    # The app records no tricks or cards: six tricks make a hand at the table, and the
    # scorer enters only who took which points (and, when the table counts Game, each
    # team's total of card points, D13: still no card).
    fields = {f.name for f in dataclasses.fields(HandEntry)}
    assert fields == {"thrown_in", "bidder", "bid", "points", "awards", "made", "card_points"}
    with pytest.raises(TypeError):
        HandEntry(bidder=0, bid=6, tricks=6)  # type: ignore[call-arg]

    # Team A won all six tricks, so took every point: entered as 6, 0, 0.
    state, result = new_game(SCHMIER).play(hand(0, 6, 6, 0, 0))

    assert (result.made, state.scores) == (True, (6, 0, 0))


def test_s9_made_bid_scores_every_point_taken_not_just_the_bid():
    state = reach(SCHMIER, (6, 5, 0))
    state, result = state.play(hand(1, 3, 1, 5, 0))

    assert result.changes == (1, 5, 0)
    assert state.scores == (7, 10, 0)
    assert describe(SCHMIER, result) == "Team B bid 3 and took 5: made, +5 · Team A +1 · Team C +0"


def test_s9_set_bid_loses_the_bid_and_others_score_what_they_took():
    state, result = new_game(SCHMIER).play(hand(2, 5, 2, 2, 2))

    assert (result.made, result.changes) == (False, (2, 2, -5))
    # Scores may go negative.
    assert state.scores == (2, 2, -5)
    assert describe(SCHMIER, result) == "Team C bid 5 and took 2: set, -5 · Team A +2 · Team B +2"


def test_s10_when_two_teams_pass_21_in_one_hand_the_higher_score_wins():
    state = reach(SCHMIER, (18, 6, 19))
    # Team A bids 3 and makes it, reaching 21; Team C takes 3 and reaches 22.
    state, _ = state.play(hand(0, 3, 3, 0, 3))

    assert (state.scores, state.finished, state.winner) == ((21, 6, 22), True, 2)
    assert state.reason == (
        "Team C wins: more than one team is at 21 or more, and Team C's 22 beats Team A's 21."
    )


def test_s10_tie_at_the_top_goes_to_the_bidding_team():
    state = reach(SCHMIER, (18, 0, 18))
    state, _ = state.play(hand(2, 3, 3, 0, 3))

    assert (state.scores, state.finished, state.winner) == ((21, 0, 21), True, 2)
    assert state.reason == (
        "Team C wins: Team A and Team C are tied at 21, and Team C bid this hand."
    )
