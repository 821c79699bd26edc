"""Validation: every broken rule of an entry is reported at once, in the table's words."""

from __future__ import annotations

import pytest

from smear_scores.rules import (
    NE_WISCONSIN,
    SCHMIER,
    HandEntry,
    HandRefused,
    RuleError,
    new_game,
    preview,
    replay,
    validate_hand,
)

from .helpers import hand

W = NE_WISCONSIN
BOTH_OR_NEITHER = (
    "Give the points either as one number per team or as who took each point, "
    "not both and not neither."
)


def test_validation_reports_every_problem_of_an_entry_together():
    entry = HandEntry(bidder=7, bid=9, points=(7, -1, "2"), made=True)

    assert validate_hand(SCHMIER, entry) == [
        RuleError("bidder", "The bidder must be one of the 6 seats (0 to 5), not 7.", "S1"),
        RuleError("bid", "Schmier bids run from 3 to 6, not 9.", "S6"),
        RuleError("points.0", "Team A can take 0 to 6 points in a hand, not 7.", "S5"),
        RuleError("points.1", "Team B can take 0 to 6 points in a hand, not -1.", "S5"),
        RuleError("points.2", "Team C can take 0 to 6 points in a hand, not '2'.", "S5"),
    ]


def test_validation_refused_hand_raises_with_every_error_by_field():
    with pytest.raises(HandRefused) as refused:
        new_game(W).play(hand(5, 1, 3, 2))

    assert refused.value.by_field() == {
        "bidder": ["The bidder must be one of the 4 seats (0 to 3), not 5."],
        "bid": ["Four Point Northeastern Wisconsin Smear bids run from 2 to 4, not 1."],
        "points": [
            "Four Point Northeastern Wisconsin Smear has only 4 points a hand: the teams' points "
            "must add up to 0 to 4, not 5."
        ],
    }
    assert str(refused.value) == "; ".join(e.message for e in refused.value.errors)


def test_validation_missing_bidder_bid_and_points_are_all_asked_for():
    assert validate_hand(SCHMIER, HandEntry()) == [
        RuleError("bidder", "Say who won the bid.", "S6"),
        RuleError("bid", "Say how much was bid.", "S6"),
        RuleError("points", BOTH_OR_NEITHER, "S5"),
    ]


def test_validation_points_and_awards_together_are_refused():
    entry = HandEntry(bidder=0, bid=2, points=(2, 2), awards={"high": 0})

    assert validate_hand(W, entry) == [RuleError("points", BOTH_OR_NEITHER, "W5")]


@pytest.mark.parametrize("points", [(3, 2), (2, 2, 1, 1), (), "321", 6])
def test_validation_points_need_one_number_per_team(points):
    entry = HandEntry(bidder=0, bid=3, points=points)

    assert validate_hand(SCHMIER, entry) == [
        RuleError(
            "points", "Give the points taken by each of the 3 teams, one number per team.", "S5"
        )
    ]


def test_validation_true_is_not_a_number_of_points_or_a_seat_or_a_bid():
    entry = HandEntry(bidder=True, bid=True, points=(True, 2, 2))

    assert validate_hand(SCHMIER, entry) == [
        RuleError("bidder", "The bidder must be one of the 6 seats (0 to 5), not True.", "S1"),
        RuleError("bid", "Schmier bids run from 3 to 6, not True.", "S6"),
        RuleError("points.0", "Team A can take 0 to 6 points in a hand, not True.", "S5"),
    ]


def test_validation_schmier_points_adding_to_4_cite_d1():
    assert validate_hand(SCHMIER, hand(0, 3, 2, 1, 1)) == [
        RuleError(
            "points",
            "Schmier awards High, Low, Right bauer, Left bauer and Joker every hand: the teams' "
            "points must add up to 5 or 6, not 4.",
            "D1",
        )
    ]


def test_validation_awards_unknown_key_out_of_range_team_and_missing_point_together():
    awards = {"high": 3, "low": -1, "right_bauer": 0, "left_bauer": "B", "jack": 0, "game": 1}

    assert validate_hand(SCHMIER, HandEntry(bidder=0, bid=3, awards=awards)) == [
        RuleError(
            "awards.high",
            "High must go to one of the 3 teams (0 to 2) or to nobody, not 3.",
            "S5",
        ),
        RuleError(
            "awards.low",
            "Low must go to one of the 3 teams (0 to 2) or to nobody, not -1.",
            "S5",
        ),
        RuleError(
            "awards.left_bauer",
            "Left bauer must go to one of the 3 teams (0 to 2) or to nobody, not 'B'.",
            "S5",
        ),
        RuleError(
            "awards.jack",
            "Schmier has no point called 'jack'; its points are high, low, right_bauer, "
            "left_bauer, joker, game.",
            "S5",
        ),
        RuleError(
            "awards.joker", "Schmier awards Joker in every hand: say which team took it.", "D1"
        ),
    ]


def test_validation_schmier_always_awarded_point_given_to_nobody_is_refused():
    awards = {"high": None, "low": 0, "right_bauer": 0, "left_bauer": None, "joker": 1}

    assert validate_hand(SCHMIER, HandEntry(bidder=0, bid=3, awards=awards)) == [
        RuleError(
            "awards.high", "Schmier awards High in every hand: say which team took it.", "D1"
        ),
        RuleError(
            "awards.left_bauer",
            "Schmier awards Left bauer in every hand: say which team took it.",
            "D1",
        ),
    ]


def test_validation_wisconsin_award_to_a_third_team_is_refused():
    awards = {"high": 2, "jack": True, "right_bauer": 0}

    assert validate_hand(W, HandEntry(bidder=0, bid=2, awards=awards)) == [
        RuleError(
            "awards.high",
            "High must go to one of the 2 teams (0 to 1) or to nobody, not 2.",
            "W5",
        ),
        RuleError(
            "awards.jack",
            "Jack must go to one of the 2 teams (0 to 1) or to nobody, not True.",
            "W5",
        ),
        RuleError(
            "awards.right_bauer",
            "Four Point Northeastern Wisconsin Smear has no point called 'right_bauer'; its "
            "points are high, low, jack, game.",
            "W5",
        ),
    ]


def test_validation_awards_that_are_not_a_mapping_are_refused():
    entry = HandEntry(bidder=0, bid=2, awards=[("high", 0)])  # type: ignore[arg-type]

    assert validate_hand(W, entry) == [
        RuleError("awards", "Say, for each point, which team took it.", "W5")
    ]


def test_validation_made_claim_must_be_true_or_false():
    assert validate_hand(W, hand(0, 2, 3, 1, made="made")) == [  # type: ignore[arg-type]
        RuleError("made", "Made must be true or false.", "D3")
    ]


def test_validation_made_claim_is_not_judged_while_other_fields_are_wrong():
    # A claim cannot be weighed against a bid that is out of range; the bid error alone
    # tells the scorer what to fix.
    assert validate_hand(W, hand(0, 5, 3, 1, made=False)) == [
        RuleError(
            "bid", "Four Point Northeastern Wisconsin Smear bids run from 2 to 4, not 5.", "W6"
        )
    ]


def test_validation_made_claim_disagreeing_with_points_cites_d3():
    assert validate_hand(SCHMIER, hand(5, 6, 2, 1, 3, made=True)) == [
        RuleError("made", "Team C took 3 points but bid 6: that is a set, not a make.", "D3")
    ]


def test_validation_thrown_in_with_every_stray_field_reports_each():
    entry = HandEntry(thrown_in=True, bidder=0, bid=3, points=(3, 3), awards={}, made=False)

    assert [(e.field, e.rule) for e in validate_hand(W, entry)] == [
        ("bidder", "D4"),
        ("bid", "D4"),
        ("points", "D4"),
        ("awards", "D4"),
        ("made", "D4"),
    ]


# -- options and the first dealer ----------------------------------------------------------


def test_options_unknown_option_is_refused_naming_the_known_ones():
    with pytest.raises(HandRefused) as refused:
        new_game(W, {"kity": 2})

    assert refused.value.errors == [
        RuleError(
            "options.kity",
            "Four Point Northeastern Wisconsin Smear has no option 'kity'; its options are "
            "kitty, win_only_on_made_bid, cap_non_bidder.",
            "",
        )
    ]


def test_options_any_option_on_schmier_is_refused():
    with pytest.raises(HandRefused) as refused:
        new_game(SCHMIER, {"cap_non_bidder": True})

    assert refused.value.errors == [
        RuleError(
            "options.cap_non_bidder",
            "Schmier has no per-game options, so 'cap_non_bidder' cannot be set.",
            "",
        )
    ]


@pytest.mark.parametrize(
    "value, message",
    [
        (4, "Undealt cards the bidder may take must be one of 0, 1, 2, 3, not 4."),
        (-1, "Undealt cards the bidder may take must be one of 0, 1, 2, 3, not -1."),
        (True, "Undealt cards the bidder may take must be a whole number, not True."),
        (2.0, "Undealt cards the bidder may take must be a whole number, not 2.0."),
        ("2", "Undealt cards the bidder may take must be a whole number, not '2'."),
    ],
)
def test_options_bad_kitty_value_is_refused(value, message):
    with pytest.raises(HandRefused) as refused:
        new_game(W, {"kitty": value})

    assert refused.value.errors == [RuleError("options.kitty", message, "W2")]


@pytest.mark.parametrize("value", [1, 0, "true", None])
def test_options_house_rules_take_true_or_false_only(value):
    with pytest.raises(HandRefused) as refused:
        new_game(W, {"win_only_on_made_bid": value, "cap_non_bidder": value})

    assert refused.value.errors == [
        RuleError(
            "options.win_only_on_made_bid",
            f"Win only on a made bid must be true or false, not {value!r}.",
            "W10a",
        ),
        RuleError(
            "options.cap_non_bidder",
            f"Non-bidders' points above 15 do not count must be true or false, not {value!r}.",
            "W10b",
        ),
    ]


def test_options_given_are_laid_over_the_defaults():
    state = new_game(W, {"win_only_on_made_bid": True})

    assert state.options == {"kitty": 0, "win_only_on_made_bid": True, "cap_non_bidder": False}
    assert new_game(SCHMIER, {}).options == {}
    assert new_game(SCHMIER, None).options == {}


@pytest.mark.parametrize("first_dealer", [-1, 6, True, "0", 1.0, None])
def test_first_dealer_out_of_range_or_not_a_seat_is_refused(first_dealer):
    with pytest.raises(HandRefused) as refused:
        new_game(SCHMIER, None, first_dealer)

    assert refused.value.errors == [
        RuleError(
            "first_dealer",
            f"The first dealer must be one of the 6 seats (0 to 5), not {first_dealer!r}.",
            "S3",
        )
    ]


def test_options_and_first_dealer_errors_are_reported_together():
    with pytest.raises(HandRefused) as refused:
        new_game(W, {"kitty": 5, "colour": "red"}, first_dealer=4)

    assert [(e.field, e.rule) for e in refused.value.errors] == [
        ("options.kitty", "W2"),
        ("options.colour", ""),
        ("first_dealer", "W4"),
    ]


# -- a refused hand changes nothing -------------------------------------------------------


def test_validation_refused_hand_leaves_the_state_as_it_was():
    good = [hand(0, 3, 3, 2, 1), hand(1, 4, 1, 4, 1)]
    state, _ = replay(SCHMIER, None, 2, good)

    with pytest.raises(HandRefused):
        state.play(hand(2, 3, 1, 1, 1))

    assert state == replay(SCHMIER, None, 2, good)[0]
    assert (state.scores, state.dealer, state.hands_played) == ((4, 6, 2), 4, 2)


def test_validation_replay_names_the_refused_hand():
    with pytest.raises(HandRefused) as refused:
        replay(SCHMIER, None, 0, [hand(0, 3, 3, 2, 1), hand(1, 3, 3, 2, 1), hand(2, 2, 3, 2, 1)])

    assert refused.value.hand_number == 3
    assert refused.value.errors == [RuleError("bid", "Schmier bids run from 3 to 6, not 2.", "S6")]


def test_preview_shows_what_a_hand_would_do_or_none_when_refused():
    state = new_game(W)

    assert preview(state, hand(0, 2, 1, 3)).changes == (-2, 3)
    assert preview(state, hand(0, 2, 4, 3)) is None
    assert state.scores == (0, 0)
