"""Four Point Northeastern Wisconsin Smear, rule by rule (W1–W10b in RULES.md)."""

from __future__ import annotations

import dataclasses

import pytest

from smear_scores.rules import NE_WISCONSIN, HandEntry, HandRefused, RuleError, describe, new_game

from .helpers import hand, play, reach, thrown

W = NE_WISCONSIN
WIN_ON_MADE = {"win_only_on_made_bid": True}
CAP = {"cap_non_bidder": True}


def test_w1_four_seats_in_two_partnerships_sitting_opposite():
    assert (W.players, W.teams) == (4, 2)
    # RULES.md seats {1,3} and {2,4} are seats {0,2} and {1,3} counted from 0.
    assert [W.seats_of(team) for team in range(2)] == [(0, 2), (1, 3)]
    assert [W.team_of(seat) for seat in range(4)] == [0, 1, 0, 1]


def test_w1_bid_won_by_the_third_seat_scores_for_team_a():
    state, result = new_game(W).play(hand(2, 2, 3, 1))

    assert (result.bidding_team, state.scores) == (0, (3, 1))


def test_w1_bidder_outside_the_four_seats_is_refused():
    assert new_game(W).check(hand(4, 2, 3, 1)) == [
        RuleError("bidder", "The bidder must be one of the 4 seats (0 to 3), not 4.", "W1")
    ]


def test_w2_undealt_cards_option_is_0_to_3_and_defaults_to_0():
    assert new_game(W).options == {
        "kitty": 0,
        "win_only_on_made_bid": False,
        "cap_non_bidder": False,
    }
    assert new_game(W, {"kitty": 3}).options["kitty"] == 3
    with pytest.raises(HandRefused) as refused:
        new_game(W, {"kitty": 4})

    assert refused.value.errors == [
        RuleError(
            "options.kitty",
            "Undealt cards the bidder may take must be one of 0, 1, 2, 3, not 4.",
            "W2",
        )
    ]


def test_w2_undealt_cards_option_changes_no_score():
    hands = [hand(0, 2, 3, 1), hand(1, 3, 2, 1), thrown(), hand(3, 4, 0, 4)]

    scores = [play(new_game(W, {"kitty": kitty}), *hands).scores for kitty in (0, 1, 2, 3)]

    assert scores == [(5, 2)] * 4


def test_w3_first_team_to_15_wins_and_14_does_not():
    state = reach(W, (11, 5))
    state, _ = state.play(hand(0, 3, 3, 1))
    assert (state.scores, state.finished) == ((14, 6), False)

    state, _ = state.play(hand(1, 2, 1, 2))

    assert W.target == 15
    assert (state.scores, state.finished, state.winner) == ((15, 8), True, 0)
    assert state.reason == "Team A wins with 15 points: the only team at 15 or more."


def test_w4_the_deal_passes_to_the_left_and_wraps_round_the_table():
    state = new_game(W, None, first_dealer=2)
    dealers = []
    for _ in range(3):
        state, result = state.play(hand(0, 2, 2, 1))
        dealers.append(result.dealer)

    assert dealers == [2, 3, 0]
    assert (state.dealer, state.first_bidder) == (1, 2)


def test_w4_first_dealer_must_sit_at_the_table():
    with pytest.raises(HandRefused) as refused:
        new_game(W, None, first_dealer=4)

    assert refused.value.errors == [
        RuleError(
            "first_dealer", "The first dealer must be one of the 4 seats (0 to 3), not 4.", "W4"
        )
    ]


def test_w5_four_points_high_low_jack_game():
    assert W.point_keys == ("high", "low", "jack", "game")
    assert [p.description for p in W.points] == [
        "plays the ace of trump",
        "plays the 7 of trump",
        "wins the jack of trump",
        "most card points; nobody on a tie",
    ]
    state, result = new_game(W).play(
        HandEntry(bidder=1, bid=2, awards={"high": 1, "low": 0, "jack": 1, "game": 1})
    )

    assert (result.points, state.scores) == ((1, 3), (1, 3))


def test_w5_a_team_takes_at_most_four_points():
    assert new_game(W).check(hand(0, 2, 5, 0)) == [
        RuleError("points.0", "Team A can take 0 to 4 points in a hand, not 5.", "W5")
    ]


def test_w6_bids_run_from_2_to_4():
    assert W.bids == (2, 3, 4)
    state = new_game(W)
    for bid in (1, 5):
        assert state.check(hand(0, bid, 4, 0)) == [
            RuleError(
                "bid",
                f"Four Point Northeastern Wisconsin Smear bids run from 2 to 4, not {bid}.",
                "W6",
            )
        ]


def test_w6_when_everyone_passes_the_same_dealer_deals_again():
    state = new_game(W, None, first_dealer=3)
    state, result = state.play(thrown())

    assert (result.dealer, state.dealer, state.first_bidder, state.scores) == (3, 3, 0, (0, 0))


def test_w7_a_hand_may_award_fewer_than_four_points():
    # The ace, 7 or jack of trump may stay among the undealt cards (W7), and Game may
    # be tied (D2): only High was taken here, by the bidding team, whose bid of 2 is set.
    state, result = new_game(W).play(HandEntry(bidder=0, bid=2, awards={"high": 0}))

    assert result.points == (1, 0)
    assert (result.made, state.scores) == (False, (-2, 0))
    assert W.min_points_per_hand == 0


def test_w7_a_hand_where_nobody_took_a_point_is_accepted():
    state, result = new_game(W).play(hand(1, 2, 0, 0))

    assert (result.made, state.scores) == (False, (0, -2))


def test_w8_trump_and_tricks_are_not_entered_any_point_may_go_unawarded():
    # Trump is fixed by the first card at the table; the app never asks which suit.
    assert {f.name for f in dataclasses.fields(HandEntry)} == {
        "thrown_in",
        "bidder",
        "bid",
        "points",
        "awards",
        "made",
        # Each team's total of card points when the table counts Game (D13): no suit.
        "card_points",
    }
    assert W.always_awarded == ()
    for key in W.point_keys:
        awards = {k: (None if k == key else 0) for k in W.point_keys}
        assert new_game(W).check(HandEntry(bidder=0, bid=3, awards=awards)) == []


def test_w9_made_bid_scores_every_point_taken():
    state, result = new_game(W).play(hand(1, 2, 1, 3))

    assert (result.made, state.scores) == (True, (1, 3))
    assert describe(W, result) == "Team B bid 2 and took 3: made, +3 · Team A +1"


def test_w9_set_bid_loses_the_bid_and_the_other_team_scores():
    state, result = new_game(W).play(hand(0, 4, 3, 1))

    assert (result.made, result.changes, state.scores) == (False, (-4, 1), (-4, 1))
    assert describe(W, result) == "Team A bid 4 and took 3: set, -4 · Team B +1"


def test_w10_both_teams_past_15_in_one_hand_the_higher_score_wins():
    state = reach(W, (13, 14))
    # Team A bids 2 and makes it with 2, reaching 15; Team B takes 2 and reaches 16.
    state, _ = state.play(hand(0, 2, 2, 2))

    assert (state.scores, state.finished, state.winner) == ((15, 16), True, 1)
    assert state.reason == (
        "Team B wins: more than one team is at 15 or more, and Team B's 16 beats Team A's 15."
    )


@pytest.mark.parametrize("bidder, winner", [(0, 0), (1, 1), (2, 0), (3, 1)])
def test_w10_tie_at_15_goes_to_the_bidding_team(bidder, winner):
    state = reach(W, (13, 13))
    state, _ = state.play(hand(bidder, 2, 2, 2))

    team = "AB"[winner]
    assert (state.scores, state.finished, state.winner) == ((15, 15), True, winner)
    assert state.reason == (
        f"Team {team} wins: Team A and Team B are tied at 15, and Team {team} bid this hand."
    )


def test_w10a_a_set_hand_cannot_win_and_the_game_goes_on():
    state = reach(W, (10, 13), WIN_ON_MADE)
    # Team A bids 4 and takes 2: set; Team B takes 2 and reaches 15.
    state, _ = state.play(hand(0, 4, 2, 2))

    assert (state.scores, state.finished, state.winner) == ((6, 15), False, None)
    assert state.reason == (
        "Team B reached 15, but this hand's bid was set and the game is only won on a made "
        "bid: play on."
    )
    # A made bid by either team ends it: here Team A makes 2, Team B stays at 15 and wins.
    state, _ = state.play(hand(2, 2, 2, 0))

    assert (state.scores, state.finished, state.winner) == ((8, 15), True, 1)
    assert state.reason == (
        "Team B wins with 15 points: the only team at 15 or more in a hand whose bid was made."
    )
    assert state.reason_rule == "W10a"


def test_w10a_a_thrown_in_hand_cannot_win():
    state = reach(W, (10, 13), WIN_ON_MADE)
    state = play(state, hand(0, 4, 2, 2))

    state, _ = state.play(thrown())

    assert (state.scores, state.finished, state.winner) == ((6, 15), False, None)
    assert state.reason == (
        "Team B reached 15, but this hand was thrown in and the game is only won on a made "
        "bid: play on."
    )


def test_w10a_off_the_non_bidders_win_on_a_set_hand():
    state = reach(W, (10, 13))
    state, _ = state.play(hand(0, 4, 2, 2))

    assert (state.scores, state.finished, state.winner) == ((6, 15), True, 1)


def test_w10a_a_non_bidder_reaching_15_wins_when_the_bid_was_made():
    # W10a asks for a made bid in the winning hand, not that the bidder be the winner.
    state = reach(W, (10, 13), WIN_ON_MADE)
    state, _ = state.play(hand(0, 2, 2, 2))

    assert (state.scores, state.finished, state.winner) == ((12, 15), True, 1)
    assert state.reason == (
        "Team B wins with 15 points: the only team at 15 or more in a hand whose bid was made."
    )


def test_w10a_a_made_bid_reaching_15_wins():
    state = reach(W, (13, 10), WIN_ON_MADE)
    state, _ = state.play(hand(2, 2, 2, 2))

    assert (state.scores, state.finished, state.winner) == ((15, 12), True, 0)


def test_w10b_a_non_bidding_team_passing_15_keeps_only_15():
    state = reach(W, (10, 13), CAP)
    # Team A bids 2 and takes 1: set; Team B would end at 16 and is held at 15.
    state, result = state.play(hand(0, 2, 1, 3))

    assert (state.scores, result.changes, result.capped) == ((8, 15), (-2, 2), (False, True))
    assert (state.finished, state.winner) == (True, 1)
    assert (state.reason, state.reason_rule) == (
        "Team B wins with 15 points: held at 15 as they did not bid, they have still reached 15.",
        "W10b",
    )
    assert describe(W, result) == ("Team A bid 2 and took 1: set, -2 · Team B +2 (held at 15)")


def test_w10b_the_bidding_team_is_not_capped():
    state = reach(W, (10, 13), CAP)
    state, result = state.play(hand(1, 2, 0, 4))

    assert (state.scores, result.capped, state.winner) == ((10, 17), (False, False), 1)
    assert state.reason == "Team B wins with 17 points: the only team at 15 or more."


def test_w10b_off_a_non_bidding_team_keeps_every_point():
    state = reach(W, (10, 13))
    state, result = state.play(hand(0, 2, 1, 3))

    assert (state.scores, result.capped) == ((8, 16), (False, False))


def test_w10a_and_w10b_together_a_capped_team_on_a_set_hand_plays_on():
    state = reach(W, (10, 13), {**WIN_ON_MADE, **CAP})
    state, result = state.play(hand(0, 2, 1, 3))

    assert (state.scores, result.capped, state.finished) == ((8, 15), (False, True), False)
