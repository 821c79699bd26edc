"""What each house-rule setting does to the score, one test per value, on a table's own
four-point game (High, Low, Jack, Game; bids 2-4; to 11) with one setting changed."""

from __future__ import annotations

import pytest

from smear_scores.rules import (
    GameState,
    HandEntry,
    HandRefused,
    card_points_verdict,
    describe,
    describe_end,
    get_variant,
    new_game,
    variant_from_settings,
)

FOUR = [
    {"key": "high", "may_go_unawarded": False},
    {"key": "low", "may_go_unawarded": False},
    {"key": "jack"},
    {"key": "game"},
]
SHOOT = {"bid": 5, "name": "Shoot the moon", "made": "wins", "failed": "loses"}


def house(**changes):
    settings = {
        "name": "Tuesday Smear",
        "players": 4,
        "teams": 2,
        "target": 11,
        "min_bid": 2,
        "max_bid": 4,
        "points": FOUR,
        **changes,
    }
    return variant_from_settings(settings)


def at(variant, *scores, dealer=0) -> GameState:
    return GameState(
        variant=variant, options={}, first_dealer=dealer, scores=scores, dealer=dealer
    ).decided(made=None, bidding_team=None)


def taking(high=None, low=None, jack=None, game=None, **more) -> dict:
    return {"high": high, "low": low, "jack": jack, "game": game, **more}


def hand(bidder, bid, **awards) -> HandEntry:
    return HandEntry(bidder=bidder, bid=bid, awards=taking(**awards))


# -- points and their values ------------------------------------------------------------------
def test_house_points_score_their_values():
    variant = house(points=[*FOUR, {"key": "trey"}, {"key": "pedro", "value": 4}], max_bid=10)
    state, result = new_game(variant).play(
        hand(0, 5, high=0, low=1, jack=0, game=1, trey=0, pedro=1)
    )

    assert variant.max_points_per_hand == 11
    assert (result.points, result.made, state.scores) == ((5, 6), True, (5, 6))


def test_house_points_typed_totals_run_up_to_the_points_value():
    variant = house(points=[*FOUR, {"key": "trey"}], max_bid=7)
    state = new_game(variant)

    assert state.check(HandEntry(bidder=0, bid=2, points=(5, 2))) == []
    assert [
        (e.field, e.message) for e in state.check(HandEntry(bidder=0, bid=2, points=(6, 2)))
    ] == [
        (
            "points",
            "Tuesday Smear awards High and Low every hand: the teams' points must add up to 2 "
            "to 7, not 8.",
        )
    ]


def test_house_points_may_go_unawarded_or_not():
    variant = house()

    errors = new_game(variant).check(hand(0, 2, high=None, low=1, jack=0, game=0))

    assert [(e.field, e.message) for e in errors] == [
        ("awards.high", "Tuesday Smear awards High in every hand: say which team took it."),
    ]
    assert new_game(variant).check(hand(0, 2, high=0, low=1)) == []


# -- Low and Game: words for the buttons ------------------------------------------------------
@pytest.mark.parametrize(
    "low_goes_to, words",
    [("played", "plays the lowest trump"), ("trick", "wins the trick with the lowest trump")],
)
def test_house_low_goes_to_is_said_on_the_button(low_goes_to, words):
    assert house(low_goes_to=low_goes_to).category("low").description == words


def test_house_game_to_card_points_can_be_counted():
    variant = house(card_points_total=80)

    assert (variant.counts_game, variant.category("game").nobody) == (True, "Nobody (tie)")


def test_house_game_to_the_ten_of_trump_is_tapped_not_counted():
    variant = house(game_goes_to="ten_of_trump")

    assert (variant.counts_game, variant.category("game").description) == (
        False,
        "wins the ten of trump",
    )


# -- everyone passes --------------------------------------------------------------------------
def test_house_all_pass_redeal_the_same_dealer_deals_again():
    before = at(house(all_pass="redeal"), 3, 4, dealer=1)

    after, result = before.play(HandEntry.thrown())

    assert (after.scores, after.dealer) == ((3, 4), 1)
    assert describe(after.variant, result) == "Thrown in: no score; the same dealer deals again."


def test_house_all_pass_pass_deal_the_deal_passes_on():
    before = at(house(all_pass="pass_deal"), 3, 4, dealer=1)

    after, result = before.play(HandEntry.thrown())

    assert (after.scores, after.dealer) == ((3, 4), 2)
    assert describe(after.variant, result) == "Thrown in: no score; the deal passes to the left."


def test_house_all_pass_dealer_set_back_the_dealers_team_loses():
    before = at(house(all_pass="dealer_set_back", all_pass_points=2), 3, 4, dealer=3)

    after, result = before.play(HandEntry.thrown())

    assert (result.changes, after.scores, after.dealer) == ((0, -2), (3, 2), 0)
    assert describe(after.variant, result) == (
        "Thrown in: the dealer's team, Team B, is set back 2 (-2); the deal passes to the left."
    )


def test_house_all_pass_dealer_set_back_never_ends_a_tie():
    variant = house(players=3, teams=3, all_pass="dealer_set_back", all_pass_points=2)
    tied, _ = at(variant, 9, 9, 5).play(hand(2, 2, high=0, low=1, jack=0, game=1))
    assert (tied.scores, tied.finished) == ((11, 11, 3), False)

    after, _ = tied.play(HandEntry.thrown())  # seat 1 deals

    assert (after.scores, after.finished, after.winner) == ((11, 9, 3), False, None)
    assert after.reason == (
        "Team A is at 11 or more, but a thrown-in deal is not a hand played and decides "
        "nothing: play on."
    )


def test_house_all_pass_stick_dealer_refuses_a_thrown_in_hand():
    state = new_game(house(all_pass="stick_dealer"))

    with pytest.raises(HandRefused) as refused:
        state.play(HandEntry.thrown())

    assert [(e.field, e.message, e.rule) for e in refused.value.errors] == [
        (
            "thrown_in",
            "In Tuesday Smear the dealer is stuck when everyone passes and must bid 2: record "
            "the dealer's bid of 2 instead of a thrown-in deal.",
            "H9",
        )
    ]


# -- the moon ---------------------------------------------------------------------------------
def moon_game(**stakes):
    return house(max_bid=5, moon={**SHOOT, **stakes})


ALL = {"high": 1, "low": 1, "jack": 1, "game": 1}


def test_house_moon_made_wins_at_once():
    before = at(moon_game(made="wins"), 2, 3)

    after, result = before.play(HandEntry(bidder=1, bid=5, awards=ALL))

    assert (result.made, result.changes, after.finished, after.winner) == (True, (0, 4), True, 1)
    assert after.reason == ("Team B wins at once: Team B bid Shoot the moon and took every point.")
    assert describe(after.variant, result) == (
        "Team B bid Shoot the moon (5) and took 4 of 4: made, wins the game, +4 · Team A +0"
    )
    assert describe_end(before, after) == "ends the game: Shoot the moon made: Team B wins 7–2"


def test_house_moon_made_scores_its_points():
    after, result = at(moon_game(made="scores", made_points=8), 2, 3).play(
        HandEntry(bidder=1, bid=5, awards=ALL)
    )

    assert (result.changes, after.scores, after.finished) == ((0, 8), (2, 11), True)


def test_house_moon_made_jumps_to_the_target():
    after, result = at(moon_game(made="to_target"), 2, 3).play(
        HandEntry(bidder=1, bid=5, awards=ALL)
    )

    assert (result.changes, after.scores, after.winner) == ((0, 8), (2, 11), 1)
    assert describe(after.variant, result).startswith(
        "Team B bid Shoot the moon (5) and took 4 of 4: made, to 11, +8"
    )


def test_house_moon_made_to_the_target_comes_to_the_target_whatever_it_took():
    after, result = at(moon_game(made="to_target"), 2, 10).play(
        HandEntry(bidder=1, bid=5, awards=ALL)
    )

    assert after.scores == (2, 11)


def test_house_moon_is_failed_by_missing_one_point():
    before = at(moon_game(failed="loses"), 6, 3)

    after, result = before.play(HandEntry(bidder=1, bid=5, awards={**ALL, "game": 0}))

    assert (result.made, result.changes, after.finished, after.winner) == (
        False,
        (1, -5),
        True,
        0,
    )
    assert (
        describe_end(before, after) == "ends the game: Shoot the moon failed: Team A wins 7 to -2"
    )


def test_house_moon_failed_sets_back_its_points():
    after, result = at(moon_game(failed="set_back", failed_points=6), 6, 3).play(
        HandEntry(bidder=1, bid=5, awards={**ALL, "jack": None})
    )

    assert (result.made, result.changes, after.finished) == (False, (0, -6), False)
    assert describe(after.variant, result) == (
        "Team B bid Shoot the moon (5) and took 3 of 4: failed, set back 6, -6 · Team A +0"
    )


def test_house_moon_a_bid_below_it_is_an_ordinary_bid():
    after, result = at(moon_game(), 0, 0).play(HandEntry(bidder=1, bid=4, awards=ALL))

    assert (result.moon, result.made, after.scores, after.finished) == (None, True, (0, 4), False)


def test_house_moon_bids_are_checked():
    state = new_game(moon_game())

    bid_errors = state.check(HandEntry(bidder=1, bid=6, points=(0, 4)))
    claim_errors = state.check(HandEntry(bidder=1, bid=5, points=(1, 3), made=True))
    every_point = HandEntry(bidder=1, bid=5, points=(0, 4), made=True)

    assert [(e.field, e.message) for e in bid_errors] == [
        ("bid", "Tuesday Smear bids run from 2 to 5 (5 is Shoot the moon), not 6."),
    ]
    # Bid 5, took all 4 points in play: the moon is made.
    assert state.check(every_point) == []
    assert [(e.field, e.message, e.rule) for e in claim_errors] == [
        (
            "made",
            "Team B took 3 points but bid Shoot the moon, every point (4): that is a set, not "
            "a make.",
            "H8",
        )
    ]


# -- a set bid --------------------------------------------------------------------------------
def test_house_set_bid_lose_bid_scores_nothing_taken():
    after, result = at(house(set_bid="lose_bid"), 5, 5).play(
        hand(0, 4, high=0, low=0, jack=1, game=1)
    )

    assert result.changes == (-4, 2)


def test_house_set_bid_keep_less_bid_keeps_what_was_taken():
    after, result = at(house(set_bid="keep_less_bid"), 5, 5).play(
        hand(0, 4, high=0, low=0, jack=1, game=1)
    )

    assert (result.changes, after.scores) == ((-2, 2), (3, 7))
    assert describe(after.variant, result) == "Team A bid 4 and took 2: set, -2 · Team B +2"


# -- non-bidders ------------------------------------------------------------------------------
def test_house_non_bidders_score_and_can_win():
    after, _ = at(house(non_bidders="score"), 9, 9).play(hand(0, 2, high=0, low=0, jack=1, game=1))

    assert (after.scores, after.finished, after.winner) == ((11, 11), True, 0)
    after, _ = at(house(non_bidders="score"), 5, 9).play(hand(0, 2, high=0, low=0, jack=1, game=1))

    assert (after.scores, after.winner) == ((7, 11), 1)


def test_house_non_bidders_must_bid_to_win():
    variant = house(non_bidders="must_bid_to_win")
    before = at(variant, 5, 9)

    after, _ = before.play(hand(0, 2, high=0, low=0, jack=1, game=1))

    assert (after.scores, after.finished) == ((7, 11), False)
    assert describe_end(before, after) == (
        "no winner yet: Team B reached 11, but did not bid this hand and only the bidding "
        "team can win: play on."
    )
    won, _ = after.play(hand(1, 2, high=1, low=1))
    assert (won.scores, won.winner) == ((7, 13), 1)


def test_house_non_bidders_must_bid_to_win_the_bidder_wins_though_behind():
    after, _ = at(house(non_bidders="must_bid_to_win"), 9, 12).play(hand(0, 2, high=0, low=0))

    assert (after.scores, after.winner) == ((11, 12), 0)
    assert after.reason == (
        "Team A wins with 11 points: they bid this hand, and only the bidding team can win."
    )


def test_house_non_bidders_held_at_target():
    before = at(house(non_bidders="held_at_target"), 2, 9)

    after, result = before.play(hand(0, 2, high=0, low=0, jack=1, game=1))

    assert (result.changes, after.scores, result.capped) == ((2, 2), (4, 11), (False, False))
    after, result = at(house(non_bidders="held_at_target"), 2, 10).play(
        hand(0, 2, high=0, low=0, jack=1, game=1)
    )
    assert (after.scores, result.capped, after.winner) == ((4, 11), (False, True), 1)
    assert (
        describe(after.variant, result)
        == "Team A bid 2 and took 2: made, +2 · Team B +1 (held at 11)"
    )


# -- the win ----------------------------------------------------------------------------------
def test_house_win_most_points_the_higher_wins():
    after, _ = at(house(win="most_points"), 9, 10).play(hand(0, 2, high=0, low=0, jack=1, game=1))

    assert (after.scores, after.winner) == ((11, 12), 1)


def test_house_win_bidder_out_first():
    after, _ = at(house(win="bidder_out_first"), 9, 10).play(
        hand(0, 2, high=0, low=0, jack=1, game=1)
    )

    assert (after.scores, after.winner) == ((11, 12), 0)
    assert after.reason == (
        "Team A wins with 11 points: they bid, made it and reached 11, and the bidding team "
        "goes out first."
    )


def test_house_win_bidder_out_first_a_set_bidder_does_not_go_out():
    variant = house(players=3, teams=3, win="bidder_out_first")
    tied = at(variant, 15, 15, 3)  # tied, and nobody bid: play on
    assert tied.finished is False

    after, _ = tied.play(hand(0, 2, high=1, low=2))

    assert (after.scores, after.finished, after.winner) == ((13, 16, 4), True, 1)
    made, _ = tied.play(hand(0, 2, high=0, low=0, jack=1))
    assert (made.scores, made.winner) == ((17, 16, 3), 0)


def test_house_win_made_bid_only_plays_on_after_a_set():
    before = at(house(win="made_bid_only"), 5, 9)

    after, _ = before.play(hand(0, 3, high=0, low=1, jack=1, game=1))

    assert (after.scores, after.finished) == ((2, 12), False)
    assert after.reason == (
        "Team B reached 11, but this hand's bid was set and the game is only won on a made "
        "bid: play on."
    )


def test_house_win_made_bid_only_wins_on_a_made_bid():
    after, _ = at(house(win="made_bid_only"), 5, 9).play(hand(0, 2, high=0, low=0, jack=1, game=1))

    assert (after.finished, after.winner) == (True, 1)


# -- taking every point -----------------------------------------------------------------------
def test_house_all_points_wins_at_once_bid_or_not():
    before = at(house(all_points_wins=True), 0, 0)

    after, result = before.play(hand(0, 2, high=1, low=1, jack=1, game=1))

    assert (after.scores, after.finished, after.winner) == ((-2, 4), True, 1)
    assert describe(after.variant, result) == (
        "Team A bid 2 and took 0: set, -2 · Team B +4 · Team B took every point: wins the game"
    )
    assert (
        describe_end(before, after) == "ends the game: every point in one hand: Team B wins 4 to -2"
    )


def test_house_all_points_wins_off_taking_every_point_is_a_hand_like_any():
    after, _ = at(house(all_points_wins=False), 0, 0).play(
        hand(0, 2, high=1, low=1, jack=1, game=1)
    )

    assert (after.scores, after.finished) == ((-2, 4), False)


def test_house_all_points_wins_needs_every_point_in_play():
    after, _ = at(house(all_points_wins=True), 0, 0).play(hand(0, 2, high=1, low=1, jack=1))

    assert after.finished is False


# -- seats: cutthroat and two teams of three --------------------------------------------------
def test_house_cutthroat_each_player_scores_alone():
    variant = house(players=3, teams=3, max_bid=4)
    state = new_game(variant, first_dealer=2)

    state, result = state.play(hand(1, 2, high=1, low=0, jack=2, game=1))

    assert variant.cutthroat
    assert [variant.team_of(s) for s in range(3)] == [0, 1, 2]
    assert (result.changes, state.dealer) == ((1, 2, 1), 0)


def test_house_two_teams_of_three_partners_alternate():
    variant = house(players=6, teams=2)

    assert [variant.team_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    state, result = new_game(variant).play(hand(5, 2, high=1, low=1, jack=0))
    assert (result.bidding_team, state.scores, state.dealer) == (1, (1, 2), 1)


# -- options set settings ---------------------------------------------------------------------
def test_house_options_fold_into_the_variants_settings():
    minnesota = get_variant("minnesota-smear")

    assert minnesota.with_options({"must_bid_to_win": False}) is minnesota
    folded = minnesota.with_options({"must_bid_to_win": True})
    assert (folded.non_bidders, folded.with_options({"must_bid_to_win": True})) == (
        "must_bid_to_win",
        folded,
    )
    assert new_game(minnesota, {"must_bid_to_win": True}).variant == folded


def test_minnesota_must_bid_to_win_goes_out_only_on_a_made_bid():
    # Its source's "Require a winning bid to go out": a team set at the target plays on.
    minnesota = get_variant("minnesota-smear").with_options({"must_bid_to_win": True})
    five = {"high": 0, "low": 0, "jack": 0, "off_jack": 0, "game": 0}

    set_bidder, _ = at(minnesota, 27, 10).play(
        HandEntry(bidder=0, bid=5, awards={**five, "game": 1})
    )
    assert (set_bidder.scores, set_bidder.finished) == ((22, 11), False)  # set, at 22
    at_target, _ = at(minnesota, 23, 10).play(HandEntry(bidder=1, bid=2, awards=five))
    assert (at_target.scores, at_target.finished) == ((28, 8), False)  # Team A did not bid
    made, _ = at(minnesota, 19, 10).play(HandEntry(bidder=0, bid=2, awards=five))
    assert (made.scores, made.winner) == ((24, 10), 0)


def test_house_options_wisconsin_options_cite_their_own_rules():
    wisconsin = get_variant("ne-wisconsin")
    folded = wisconsin.with_options({"win_only_on_made_bid": True, "cap_non_bidder": True})

    assert (folded.win, folded.non_bidders) == ("made_bid_only", "held_at_target")
    assert (folded.rule("win"), folded.rule("non_bidders"), wisconsin.rule("win")) == (
        "W10a",
        "W10b",
        "W10",
    )


def test_a_player_alone_wins_in_the_singular():
    alone = house(players=3, teams=3).named(["Bo", "Cy", "Flo"])
    assert alone.team_wins(1) == "Cy wins"
    assert card_points_verdict(alone, [20, 30, 10]).startswith("Cy takes Game")
    pairs = house().named(["Bo & Dee", "Cy & Flo"])
    assert pairs.team_wins(1) == "Cy & Flo win"
