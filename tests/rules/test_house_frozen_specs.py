"""A game keeps the rules it started with: specs frozen before the house-rule settings
existed read as today's behaviour, and a spec frozen now carries every setting."""

from __future__ import annotations

import json

from smear_scores.rules import (
    NE_WISCONSIN,
    HandEntry,
    replay,
    settings_of,
    variant_from_dict,
    variant_from_settings,
    variant_to_dict,
)

# Exactly what a Wisconsin game stored as its spec before the settings were added.
OLD_WISCONSIN_SPEC = {
    "slug": "ne-wisconsin",
    "name": "Four Point Northeastern Wisconsin Smear",
    "players": 4,
    "teams": 2,
    "target": 15,
    "min_bid": 2,
    "max_bid": 4,
    "points": [
        {
            "key": "high",
            "label": "High",
            "always_awarded": False,
            "description": "plays the ace of trump",
            "nobody": "Nobody",
        },
        {
            "key": "low",
            "label": "Low",
            "always_awarded": False,
            "description": "plays the 7 of trump",
            "nobody": "Nobody",
        },
        {
            "key": "jack",
            "label": "Jack",
            "always_awarded": False,
            "description": "wins the jack of trump",
            "nobody": "Nobody",
        },
        {
            "key": "game",
            "label": "Game",
            "always_awarded": False,
            "description": "most card points; nobody on a tie",
            "nobody": "Nobody (tie)",
        },
    ],
    "options": [
        {
            "name": "kitty",
            "label": "Undealt cards the bidder may take",
            "type": "int",
            "default": 0,
            "allowed": [0, 1, 2, 3],
            "rule": "W2",
            "help": "How many of the undealt cards the bidder may look at and take.",
        },
        {
            "name": "win_only_on_made_bid",
            "label": "Win only on a made bid",
            "type": "bool",
            "default": False,
            "allowed": [False, True],
            "rule": "W10a",
            "help": "The game can only be won in a hand whose bid was made.",
        },
        {
            "name": "cap_non_bidder",
            "label": "Non-bidders' points above 15 do not count",
            "type": "bool",
            "default": False,
            "allowed": [False, True],
            "rule": "W10b",
            "help": "A team that did not bid and passes 15 in a hand keeps 15; at 15 it has "
            "still reached the target and can win.",
        },
    ],
    "rule_ids": {
        "seats": "W1",
        "target": "W3",
        "dealer": "W4",
        "points": "W5",
        "bids": "W6",
        "thrown_in": "W6",
        "scoring": "W9",
        "win": "W10",
    },
    "summary": "4 players, 2 partnerships, four points a hand, bids 2–4, game to 15.",
    "card_points_total": 80,
}

# A variant that is no preset, frozen before the settings (a test table of three).
OLD_CUTTHROAT_SPEC = {
    "slug": "cutthroat",
    "name": "Cut-throat Smear",
    "players": 3,
    "teams": 3,
    "target": 11,
    "min_bid": 2,
    "max_bid": 4,
    "points": [
        {"key": k, "label": k.title(), "always_awarded": False, "description": "", "nobody": "-"}
        for k in ("high", "low", "jack", "game")
    ],
    "options": [],
    "rule_ids": {
        "seats": "C1",
        "target": "C2",
        "dealer": "C3",
        "points": "C4",
        "bids": "C5",
        "thrown_in": "C5",
        "scoring": "C6",
        "win": "C7",
    },
}


def test_frozen_specs_an_old_wisconsin_spec_reads_as_the_preset():
    variant = variant_from_dict(OLD_WISCONSIN_SPEC)

    assert variant == NE_WISCONSIN
    assert [p.value for p in variant.points] == [1, 1, 1, 1]


def test_frozen_specs_an_old_wisconsin_games_options_still_play():
    entries = [
        HandEntry(bidder=0, bid=2, points=(2, 2)),
        HandEntry(bidder=0, bid=2, points=(2, 2)),
        HandEntry(bidder=0, bid=2, points=(2, 2)),
        HandEntry(bidder=0, bid=4, points=(0, 4)),
        HandEntry(bidder=0, bid=4, points=(0, 4)),
        HandEntry(bidder=2, bid=2, points=(2, 2)),
    ]

    state, results = replay(
        variant_from_dict(OLD_WISCONSIN_SPEC), {"cap_non_bidder": True}, 0, entries
    )

    assert (state.scores, results[-1].capped, state.winner, state.reason_rule) == (
        (0, 15),
        (False, True),
        1,
        "W10b",
    )


def test_frozen_specs_an_old_spec_of_no_preset_reads_as_todays_rules():
    variant = variant_from_dict(OLD_CUTTHROAT_SPEC)

    assert settings_of(variant) | {"words": {}} == {
        "name": "Cut-throat Smear",
        "based_on": "",
        "players": 3,
        "teams": 3,
        "target": 11,
        "min_bid": 2,
        "max_bid": 4,
        "points": [
            {"key": k, "value": 1, "may_go_unawarded": True}
            for k in ("high", "low", "jack", "game")
        ],
        "low_goes_to": "played",
        "game_goes_to": "card_points",
        "card_points_total": None,
        "moon": None,
        "all_pass": "redeal",
        "all_pass_points": 0,
        "set_bid": "lose_bid",
        "non_bidders": "score",
        "win": "most_points",
        "all_points_wins": False,
        "words": {},
    }
    assert [variant.rule(t) for t in ("low", "game", "moon", "non_bidders")] == [
        "C4",
        "C4",
        "C5",
        "C6",
    ]


def test_frozen_specs_house_rules_frozen_now_keep_every_setting():
    variant = variant_from_settings(
        {
            "name": "Tuesday Smear",
            "based_on": "ten-point-pitch",
            "players": 6,
            "teams": 2,
            "target": 31,
            "min_bid": 3,
            "max_bid": 8,
            "points": [
                {"key": "high", "may_go_unawarded": False},
                {"key": "low", "value": 2},
                {"key": "trey"},
                {"key": "game"},
            ],
            "low_goes_to": "trick",
            "card_points_total": 81,
            "moon": {
                "bid": 8,
                "name": "Moon",
                "made": "scores",
                "made_points": 12,
                "failed": "set_back",
                "failed_points": 9,
            },
            "all_pass": "dealer_set_back",
            "all_pass_points": 3,
            "set_bid": "keep_less_bid",
            "non_bidders": "held_at_target",
            "win": "bidder_out_first",
            "all_points_wins": True,
            "words": {"deck": "53 cards", "jokers": "One."},
        },
        slug="house-7",
    )

    data = json.loads(json.dumps(variant_to_dict(variant)))

    assert variant_from_dict(data) == variant
    assert data["moon"]["made_points"] == 12
    assert data["rule_ids"]["moon"] == "H8"
