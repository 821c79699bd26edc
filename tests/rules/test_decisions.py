"""How the app reads the rules (D1–D12 in RULES.md), each with a worked example."""

from __future__ import annotations

import pytest

from smear_scores.rules import (
    NE_WISCONSIN,
    SCHMIER,
    HandEntry,
    HandRefused,
    RuleError,
    describe,
    describe_end,
    new_game,
    rematch_first_dealer,
    replay,
)

from .helpers import hand, play, reach, thrown

W = NE_WISCONSIN
SCHMIER_D1 = (
    "Schmier awards High, Low, Right bauer, Left bauer and Joker every hand: the teams' points "
    "must add up to 5 or 6, not {}."
)


# -- D1: points that must be awarded -------------------------------------------------------


@pytest.mark.parametrize("points", [(2, 1, 1), (1, 1, 1), (0, 0, 0), (3, 2, 2), (6, 1, 0)])
def test_d1_schmier_points_adding_to_other_than_5_or_6_are_refused(points):
    assert new_game(SCHMIER).check(hand(0, 3, *points)) == [
        RuleError("points", SCHMIER_D1.format(sum(points)), "D1")
    ]


@pytest.mark.parametrize("points", [(2, 2, 1), (3, 2, 1), (5, 0, 0), (6, 0, 0), (0, 3, 3)])
def test_d1_schmier_points_adding_to_5_or_6_are_accepted(points):
    state = play(new_game(SCHMIER), hand(1, 3, *points))

    assert state.hands_played == 1


def test_d1_schmier_only_the_game_point_may_go_to_nobody():
    awards = {"high": 0, "low": 0, "right_bauer": 1, "left_bauer": 2, "joker": 2, "game": None}
    state, result = new_game(SCHMIER).play(HandEntry(bidder=0, bid=3, awards=awards))

    assert (result.points, state.scores) == ((2, 1, 2), (-3, 1, 2))

    nobody_high = {**awards, "high": None, "game": 0}
    assert new_game(SCHMIER).check(HandEntry(bidder=0, bid=3, awards=nobody_high)) == [
        RuleError("awards.high", "Schmier awards High in every hand: say which team took it.", "D1")
    ]


@pytest.mark.parametrize("points", [(0, 0), (1, 0), (2, 2), (0, 4), (3, 1)])
def test_d1_wisconsin_points_adding_to_0_to_4_are_accepted(points):
    assert new_game(W).check(hand(0, 2, *points)) == []


def test_d1_wisconsin_points_adding_to_more_than_4_are_refused():
    assert new_game(W).check(hand(0, 2, 3, 2)) == [
        RuleError(
            "points",
            "Four Point Northeastern Wisconsin Smear has only 4 points a hand: the teams' "
            "points must add up to 0 to 4, not 5.",
            "D1",
        )
    ]


# -- D2: a tie for Game gives the point to nobody -------------------------------------------


def test_d2_game_point_tie_gives_game_to_nobody_in_schmier():
    # Teams A and B tie for card points: Game goes to nobody, five points are taken.
    awards = {"high": 1, "low": 2, "right_bauer": 1, "left_bauer": 1, "joker": 0}
    state, result = new_game(SCHMIER).play(HandEntry(bidder=1, bid=3, awards=awards))

    assert sum(result.points) == 5
    assert (result.points, result.made, state.scores) == ((1, 3, 1), True, (1, 3, 1))


def test_d2_game_point_tie_gives_game_to_nobody_in_wisconsin():
    awards = {"high": 0, "low": 1, "jack": 0, "game": None}
    state, result = new_game(W).play(HandEntry(bidder=0, bid=3, awards=awards))

    # Team A bid 3 but took only High and Jack: the unawarded Game point sets it.
    assert (result.points, result.made, state.scores) == ((2, 1), False, (-3, 1))


# -- D3: made or set -----------------------------------------------------------------------


def test_d3_made_or_set_is_decided_by_the_points_taken():
    state = new_game(SCHMIER)
    _, exactly = state.play(hand(0, 4, 4, 1, 1))
    _, one_short = state.play(hand(0, 4, 3, 2, 1))

    assert (exactly.made, exactly.changes) == (True, (4, 1, 1))
    assert (one_short.made, one_short.changes) == (False, (-4, 2, 1))


def test_d3_a_made_claim_on_a_set_hand_is_refused():
    errors = new_game(SCHMIER).check(hand(1, 3, 2, 2, 2, made=True))

    assert errors == [
        RuleError("made", "Team B took 2 points but bid 3: that is a set, not a make.", "D3")
    ]


def test_d3_a_set_claim_on_a_made_hand_is_refused():
    errors = new_game(W).check(hand(0, 2, 3, 1, made=False))

    assert errors == [
        RuleError("made", "Team A took 3 points and bid 2: that is a make, not a set.", "D3")
    ]


def test_d3_one_point_is_said_in_the_singular():
    errors = new_game(W).check(hand(3, 2, 3, 1, made=True))

    assert errors == [
        RuleError("made", "Team B took 1 point but bid 2: that is a set, not a make.", "D3")
    ]


def test_d3_a_claim_that_agrees_is_accepted_and_scores_as_without_it():
    state = new_game(SCHMIER)
    with_claims = [state.play(hand(0, 3, 3, 2, 1, made=True))[1].scores]
    with_claims.append(state.play(hand(0, 4, 3, 2, 1, made=False))[1].scores)
    without = [state.play(hand(0, 3, 3, 2, 1))[1].scores, state.play(hand(0, 4, 3, 2, 1))[1].scores]

    assert with_claims == without == [(3, 2, 1), (-4, 2, 1)]


def test_d3_a_claim_is_checked_against_awards_too():
    awards = {"high": 0, "low": 1, "jack": 1, "game": 1}
    errors = new_game(W).check(HandEntry(bidder=0, bid=2, awards=awards, made=True))

    assert errors == [
        RuleError("made", "Team A took 1 point but bid 2: that is a set, not a make.", "D3")
    ]


# -- D4: thrown-in deals -------------------------------------------------------------------


def test_d4_thrown_in_deal_changes_no_score_and_the_same_dealer_deals():
    state = reach(SCHMIER, (6, 5, 0), first_dealer=3)
    dealer = state.dealer
    state, result = state.play(thrown())

    assert (state.scores, state.dealer, state.hands_played) == ((6, 5, 0), dealer, 3)
    assert (result.number, result.thrown_in, result.changes) == (3, True, (0, 0, 0))
    assert describe(SCHMIER, result) == "Thrown in: no score; the same dealer deals again."


def test_d4_thrown_in_deal_with_a_bid_or_points_is_refused():
    entry = HandEntry(thrown_in=True, bidder=2, bid=4, points=(4, 1, 1), made=True)

    assert new_game(SCHMIER).check(entry) == [
        RuleError(
            "bidder", "A thrown-in deal has no bidder: everyone passed, so leave it out.", "D4"
        ),
        RuleError("bid", "A thrown-in deal has no bid: everyone passed, so leave it out.", "D4"),
        RuleError(
            "points", "A thrown-in deal has no points: everyone passed, so leave it out.", "D4"
        ),
        RuleError(
            "made",
            "A thrown-in deal has no made or set claim: everyone passed, so leave it out.",
            "D4",
        ),
    ]


def test_d4_thrown_in_deal_with_awards_is_refused():
    entry = HandEntry(thrown_in=True, awards={"high": 0})

    assert new_game(W).check(entry) == [
        RuleError(
            "awards", "A thrown-in deal has no awards: everyone passed, so leave it out.", "D4"
        )
    ]


# -- D5: who may win after a hand ----------------------------------------------------------


def test_d5_tie_between_non_bidders_plays_on():
    state = reach(SCHMIER, (18, 0, 18))
    # Team B bids 3 and is set; Teams A and C take 3 each and meet at 21.
    state, _ = state.play(hand(1, 3, 3, 0, 3))

    assert (state.scores, state.finished, state.winner) == ((21, -3, 21), False, None)
    assert state.reason == (
        "Team A and Team C are tied at 21 and did not bid this hand: nobody "
        "has won yet, play another hand."
    )


def test_d5_tie_between_non_bidders_is_judged_again_after_the_next_hand():
    state = reach(SCHMIER, (18, 0, 18))
    state = play(state, hand(1, 3, 3, 0, 3))

    # Still tied after the next hand, again between teams that did not bid: play on.
    tied_again, _ = state.play(hand(4, 3, 2, 2, 2))
    assert (tied_again.scores, tied_again.finished) == ((23, -6, 23), False)
    assert tied_again.reason == (
        "Team A and Team C are tied at 23 and did not bid this hand: nobody "
        "has won yet, play another hand."
    )

    # One pulls ahead without bidding: the higher score wins.
    ahead, _ = state.play(hand(4, 3, 1, 2, 3))
    assert (ahead.scores, ahead.finished, ahead.winner) == ((22, -6, 24), True, 2)
    assert ahead.reason == (
        "Team C wins: more than one team is at 21 or more, and Team C's 24 beats Team A's 22."
    )

    # A thrown-in deal changes nothing: still tied, still no winner.
    thrown_state, _ = state.play(thrown())
    assert (thrown_state.scores, thrown_state.finished) == ((21, -3, 21), False)
    assert thrown_state.reason == state.reason

    # One of the tied teams bids and both stay tied at the top: the bidding team wins.
    bidder_tied, _ = state.play(hand(0, 3, 3, 0, 3))
    assert (bidder_tied.scores, bidder_tied.finished, bidder_tied.winner) == (
        (24, -3, 24),
        True,
        0,
    )


def test_d5_tie_with_the_bidding_team_goes_to_the_bidder():
    state = reach(SCHMIER, (18, 0, 18))
    state, _ = state.play(hand(0, 3, 3, 0, 3))

    assert (state.scores, state.finished, state.winner) == ((21, 0, 21), True, 0)
    assert state.reason == (
        "Team A wins: Team A and Team C are tied at 21, and Team A bid this hand."
    )


def test_d5_three_teams_tied_with_the_bidder_among_them_the_bidder_wins():
    state = reach(SCHMIER, (20, 18, 20))
    # Team B bids 3 and takes 3; Teams A and C take 1 each: all three at 21.
    state, _ = state.play(hand(4, 3, 1, 3, 1))

    assert (state.scores, state.finished, state.winner) == ((21, 21, 21), True, 1)
    assert state.reason == (
        "Team B wins: Team A, Team B and Team C are tied at 21, and Team B bid this hand."
    )


def test_d5_bidder_reaching_21_below_two_tied_non_bidders_does_not_win():
    state = reach(SCHMIER, (18, 20, 18))
    state = play(state, hand(1, 3, 3, 0, 3))
    assert (state.scores, state.finished) == ((21, 17, 21), False)

    # Team B bids 4 and makes it, reaching 21, but Teams A and C are tied above it at 22.
    state, _ = state.play(hand(1, 4, 1, 4, 1))

    assert (state.scores, state.finished, state.winner) == ((22, 21, 22), False, None)
    assert state.reason == (
        "Team A and Team C are tied at 22 and did not bid this hand: nobody "
        "has won yet, play another hand."
    )


def test_d5_a_single_team_over_the_target_wins_even_when_its_bid_was_set_elsewhere():
    # Without W10a, a team that did not bid wins on a hand where the bidder was set.
    state = reach(SCHMIER, (18, 6, 0))
    state, _ = state.play(hand(1, 3, 4, 2, 0))

    assert (state.scores, state.finished, state.winner) == ((22, 3, 0), True, 0)
    assert state.reason == "Team A wins with 22 points: the only team at 21 or more."


# -- D6: W10b's cap is applied after the hand's scores are added ----------------------------


def test_d6_cap_holds_a_non_bidder_at_the_target_after_adding():
    state = reach(W, (12, 14), {"cap_non_bidder": True})
    # Team B, not bidding, takes 1 and would end at 15: exactly the target, nothing capped.
    at_target, exact = state.play(hand(0, 2, 3, 1))
    # Team B takes 2 and would end at 16: it ends at 15, its change is +1.
    over, capped = state.play(hand(0, 2, 2, 2))

    assert (at_target.scores, exact.changes, exact.capped) == ((15, 15), (3, 1), (False, False))
    # Both at 15 and Team A bid: Team A wins (D5).
    assert at_target.winner == 0
    assert (over.scores, capped.changes, capped.capped) == ((14, 15), (2, 1), (False, True))
    assert over.winner == 1


def test_d6_cap_applies_to_the_sum_not_to_the_points_taken():
    # Team B at 11 takes 4 as the non-bidding team: 15, under the cap; nothing is lost.
    state = reach(W, (10, 11), {"cap_non_bidder": True})
    state, result = state.play(hand(0, 2, 0, 4))

    assert (state.scores, result.changes, result.capped) == ((8, 15), (-2, 4), (False, False))


# -- D7: who deals and who bids first -------------------------------------------------------


def test_d7_left_of_the_dealer_bids_first_and_deals_next():
    state = new_game(SCHMIER, None, first_dealer=5)
    assert (state.dealer, state.first_bidder) == (5, 0)

    state = play(state, hand(0, 3, 3, 2, 1))
    assert (state.dealer, state.first_bidder) == (0, 1)

    # A thrown-in deal: the same dealer deals again and the same player bids first.
    state = play(state, thrown())
    assert (state.dealer, state.first_bidder) == (0, 1)

    state = play(state, hand(4, 3, 2, 2, 1))
    assert (state.dealer, state.first_bidder) == (1, 2)


def test_d7_replayed_results_record_each_hands_dealer():
    hands = [hand(1, 2, 2, 1), thrown(), thrown(), hand(0, 3, 3, 1), hand(3, 2, 0, 2)]

    state, results = replay(W, None, 3, hands)

    assert [r.dealer for r in results] == [3, 0, 0, 0, 1]
    assert [r.number for r in results] == [1, 2, 3, 4, 5]
    assert (state.dealer, state.first_bidder, state.hands_played) == (2, 3, 5)


# -- D8: a finished game accepts no more hands ----------------------------------------------


def test_d8_finished_game_refuses_another_hand():
    state = reach(SCHMIER, (18, 0, 0))
    state = play(state, hand(0, 3, 3, 2, 1))
    assert (state.finished, state.winner) == (True, 0)

    for entry in (hand(1, 3, 3, 2, 1), thrown(), hand(9, 9, 9, 9, 9)):
        with pytest.raises(HandRefused) as refused:
            state.play(entry)
        assert refused.value.errors == [
            RuleError(
                "game",
                "The game is over: Team A wins with 21 points: the only team at 21 or more. "
                "Undo the last hand to reopen it.",
                "D8",
            )
        ]


def test_d8_undoing_the_last_hand_reopens_the_game():
    hands = [hand(0, 3, 6, 0, 0)] * 3 + [hand(0, 3, 3, 2, 1)]
    finished, _ = replay(SCHMIER, None, 0, hands)
    assert finished.finished

    reopened, _ = replay(SCHMIER, None, 0, hands[:-1])

    assert (reopened.scores, reopened.finished, reopened.winner) == ((18, 0, 0), False, None)
    assert reopened.play(hand(1, 3, 1, 3, 2))[0].scores == (19, 3, 2)


def test_d8_replaying_a_hand_after_the_win_names_the_refused_hand():
    hands = [hand(0, 3, 6, 0, 0)] * 4 + [hand(1, 3, 1, 3, 2)]

    with pytest.raises(HandRefused) as refused:
        replay(SCHMIER, None, 0, hands)

    assert refused.value.hand_number == 5
    assert [e.rule for e in refused.value.errors] == ["D8"]


def test_d8_a_game_tied_between_non_bidders_still_accepts_hands():
    state = reach(SCHMIER, (18, 0, 18))
    state = play(state, hand(1, 3, 3, 0, 3))

    assert state.finished is False
    assert state.check(hand(1, 3, 2, 2, 2)) == []


# -- D9: a set team scores nothing it took ----------------------------------------------------


def test_d9_a_set_team_loses_its_bid_and_scores_nothing_it_took():
    state = new_game(SCHMIER)
    # Team A bids 4 and takes 3: set. It loses 4, not 4 - 3; the others score what they took.
    state, result = state.play(hand(0, 4, 3, 2, 1))

    assert (result.made, result.changes, state.scores) == (False, (-4, 2, 1), (-4, 2, 1))


def test_d9_wisconsin_set_team_scores_nothing_it_took_and_the_other_team_scores_its_points():
    state, result = new_game(W).play(hand(1, 3, 2, 2))

    assert (result.made, result.changes, state.scores) == (False, (2, -3), (2, -3))


# -- D10: Wisconsin's High, Low and Jack may go to any team or to nobody -----------------------


@pytest.mark.parametrize(
    "awards",
    [
        {"high": None, "low": 0, "jack": 1, "game": 0},  # the ace discarded or undealt
        {"high": 1, "low": None, "jack": None, "game": 1},  # the 7 and jack nowhere in play
        {"high": 0, "low": 1, "jack": 0, "game": None},
    ],
)
def test_d10_wisconsin_high_low_and_jack_may_go_to_either_team_or_nobody(awards):
    state, result = new_game(W).play(HandEntry(bidder=0, bid=2, awards=awards))

    taken = tuple(sum(1 for team in awards.values() if team == t) for t in (0, 1))
    assert (result.points, result.awards) == (taken, awards)


# -- D11: W10a and W10b, and who may win ------------------------------------------------------

WIN_ON_MADE = {"win_only_on_made_bid": True}
CAP = {"cap_non_bidder": True}


def test_d11_with_w10a_a_team_that_reached_15_on_a_set_hand_wins_on_the_others_made_bid():
    # Team B reaches 15 on Team A's set hand: no win (W10a). Team A then makes a bid of 2
    # while staying below 15: Team B, still the only team at 15 or more, wins, and the
    # reason says it is W10a's made bid, not "the first team to reach 15".
    state = reach(W, (10, 13), WIN_ON_MADE)
    state, _ = state.play(hand(0, 4, 2, 2))
    assert (state.scores, state.finished, state.reason_rule) == ((6, 15), False, "W10a")

    state, _ = state.play(hand(0, 2, 2, 0))

    assert (state.scores, state.finished, state.winner) == ((8, 15), True, 1)
    assert (state.reason, state.reason_rule) == (
        "Team B wins with 15 points: the only team at 15 or more in a hand whose bid was made.",
        "W10a",
    )


def test_d11_with_w10b_a_non_bidder_held_at_15_has_reached_the_target_and_wins():
    state = reach(W, (9, 14), CAP)
    state, result = state.play(hand(0, 2, 2, 2))

    assert (state.scores, result.capped, state.winner) == ((11, 15), (False, True), 1)
    assert state.reason_rule == "W10b"


def test_d11_w10a_and_w10b_together_a_held_team_wins_on_the_bidders_made_bid():
    state = reach(W, (9, 14), {**WIN_ON_MADE, **CAP})
    state, result = state.play(hand(0, 2, 2, 2))

    assert (state.scores, state.finished, state.winner) == ((11, 15), True, 1)
    assert state.reason == (
        "Team B wins with 15 points: held at 15 as they did not bid, they have still reached 15 "
        "in a hand whose bid was made."
    )


def test_d11_a_named_table_hears_its_own_names_in_the_reason():
    named = W.named(["Al & Cy", "Bo & Di"])
    state, _ = reach(named, (13, 10)).play(hand(0, 2, 2, 0))

    assert state.reason == "Al & Cy win with 15 points: the only team at 15 or more."


# -- D12: a rematch's first dealer --------------------------------------------------------------


def test_d12_a_rematch_draws_its_first_dealer_at_random():
    finished = play(reach(SCHMIER, (18, 0, 0)), hand(0, 3, 3, 1, 1))
    assert finished.finished
    draws = []

    def draw(players):
        draws.append(players)
        return 4

    assert rematch_first_dealer(finished, keep_rotation=False, draw=draw) == 4
    assert draws == [6]


def test_d12_a_rematch_that_keeps_the_rotation_gives_the_deal_to_the_next_dealer():
    finished = play(new_game(W, first_dealer=1), hand(1, 2, 2, 0), hand(2, 2, 2, 0))

    def draw(players):
        raise AssertionError("no draw when the table keeps the rotation")

    assert rematch_first_dealer(finished, keep_rotation=True, draw=draw) == 3


# -- the preview says how a hand ends the game --------------------------------------------------


def test_describe_end_names_the_winner_and_the_score_the_hand_ends_on():
    before = reach(W.named(["Al & Cy", "Bo & Di"]), (13, 10))
    after, _ = before.play(hand(0, 2, 2, 0))

    assert describe_end(before, after) == "ends the game: Al & Cy win 15–10"


def test_describe_end_says_a_tie_between_non_bidders_plays_on():
    before = reach(SCHMIER, (18, 5, 18))
    after, _ = before.play(hand(1, 3, 3, 0, 3))

    # Short, in the bar under the pad's heads (which show who is at 21); the board's note
    # says it whole once the hand is recorded.
    assert describe_end(before, after) == "no winner yet: tied at 21, play another hand"
    assert after.reason == (
        "Team A and Team C are tied at 21 and did not bid this hand: nobody has won yet, "
        "play another hand."
    )


def test_describe_end_is_silent_when_the_hand_decides_nothing():
    before = new_game(SCHMIER)
    after, _ = before.play(hand(0, 3, 3, 1, 1))

    assert describe_end(before, after) == ""
