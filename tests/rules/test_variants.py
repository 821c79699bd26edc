"""Variants are data: the two presets, their plain-data form, and a third preset."""

from __future__ import annotations

import json

import pytest

from smear_scores.rules import (
    NE_WISCONSIN,
    SCHMIER,
    VARIANTS,
    HandEntry,
    PointCategory,
    Variant,
    get_variant,
    new_game,
    team_label,
    variant_from_dict,
    variant_to_dict,
)


def test_variants_presets_by_slug():
    assert list(VARIANTS) == [
        "schmier",
        "schmier-two-teams",
        "ne-wisconsin",
        "six-point-wisconsin",
        "auction-pitch",
        "ten-point-pitch",
        "ten-point-smear",
        "minnesota-smear",
        "pedro",
    ]
    assert get_variant("schmier") is SCHMIER
    assert get_variant("ne-wisconsin") is NE_WISCONSIN


def test_variants_unknown_slug_names_the_known_ones():
    with pytest.raises(KeyError) as missing:
        get_variant("cutthroat")

    assert missing.value.args == (
        "Unknown variant 'cutthroat'; known variants are schmier, schmier-two-teams, "
        "ne-wisconsin, six-point-wisconsin, auction-pitch, ten-point-pitch, ten-point-smear, "
        "minnesota-smear, pedro.",
    )


@pytest.mark.parametrize("variant", [SCHMIER, NE_WISCONSIN], ids=lambda v: v.slug)
def test_variants_survive_a_trip_through_json(variant):
    data = json.loads(json.dumps(variant_to_dict(variant)))

    assert variant_from_dict(data) == variant


def test_variants_wisconsin_options_as_data():
    data = variant_to_dict(NE_WISCONSIN)

    assert [
        (o["name"], o["type"], o["default"], o["allowed"], o["rule"]) for o in data["options"]
    ] == [
        ("kitty", "int", 0, [0, 1, 2, 3], "W2"),
        ("win_only_on_made_bid", "bool", False, [False, True], "W10a"),
        ("cap_non_bidder", "bool", False, [False, True], "W10b"),
    ]
    assert variant_to_dict(SCHMIER)["options"] == []


def test_variants_team_labels_are_letters():
    assert [team_label(t) for t in range(3)] == ["Team A", "Team B", "Team C"]
    assert [SCHMIER.team_label(t) for t in range(3)] == ["Team A", "Team B", "Team C"]


def test_variants_a_third_variant_is_a_new_preset_not_new_code():
    # Cut-throat Smear: three players, each their own team, four points, game to 11.
    cutthroat = Variant(
        slug="cutthroat",
        name="Cut-throat Smear",
        players=3,
        teams=3,
        target=11,
        min_bid=2,
        max_bid=4,
        points=(
            PointCategory("high", "High", False),
            PointCategory("low", "Low", False),
            PointCategory("jack", "Jack", False),
            PointCategory("game", "Game", False),
        ),
        rule_ids={
            "seats": "C1",
            "target": "C2",
            "dealer": "C3",
            "points": "C4",
            "bids": "C5",
            "thrown_in": "C5",
            "scoring": "C6",
            "win": "C7",
        },
    )
    state = new_game(cutthroat, None, first_dealer=2)
    state, result = state.play(HandEntry(bidder=0, bid=3, points=(2, 1, 1)))

    assert (result.made, state.scores, state.dealer) == (False, (-3, 1, 1), 0)
    errors = state.check(HandEntry(bidder=1, bid=5, points=(2, 2, 1)))

    assert [(e.field, e.message) for e in errors] == [
        ("bid", "Cut-throat Smear bids run from 2 to 4, not 5."),
        (
            "points",
            "Cut-throat Smear has only 4 points a hand: the teams' points must add up to 0 to 4, "
            "not 5.",
        ),
    ]
