"""The presets of the Smear family: each one's worked example from its source, played
through the engine, and each preset written as settings a table could have saved."""

from __future__ import annotations

import json

import pytest

from smear_scores.rules import (
    HOUSE_RULE_IDS,
    VARIANTS,
    GameState,
    HandEntry,
    HandRefused,
    describe,
    describe_end,
    example_to_dict,
    get_variant,
    new_game,
    settings_check,
    settings_of,
    variant_from_dict,
    variant_from_settings,
    variant_to_dict,
)

EXAMPLES = [
    pytest.param(variant, example, id=f"{variant.slug}: {example.title}")
    for variant in VARIANTS.values()
    for example in variant.examples
]


def at(variant, scores, *, dealer=0, options=None) -> GameState:
    """A game standing at ``scores`` with ``dealer`` to deal, as the scoreboard reads it."""
    resolved, errors = variant.resolve_options(dict(options or {}))
    assert errors == []
    return GameState(
        variant=variant, options=resolved, first_dealer=dealer, scores=scores, dealer=dealer
    ).decided(made=None, bidding_team=None)


@pytest.mark.parametrize("variant, example", EXAMPLES)
def test_presets_worked_example_scores_as_its_source_says(variant, example):
    before = at(variant, example.scores_before, dealer=example.dealer, options=example.options)

    after, result = before.play(example.entry)

    assert result.changes == example.changes
    assert after.scores == example.scores_after
    assert (after.finished, after.winner) == (example.finished, example.winner)


def test_presets_each_have_a_source_and_a_worked_example():
    assert {slug: bool(v.source and v.examples) for slug, v in VARIANTS.items()} == dict.fromkeys(
        VARIANTS, True
    )


def test_presets_name_their_sources():
    assert get_variant("schmier-two-teams").source.startswith(
        "pagat.com Schmier (Ben Butzer, St Paul)"
    )
    assert "en.wikipedia.org Smear" in get_variant("ten-point-smear").source
    assert "mkokotovich/play_smear" in get_variant("minnesota-smear").source


@pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=lambda v: v.slug)
def test_presets_are_settings_a_table_could_save(variant):
    settings = settings_of(variant)

    assert settings_check(settings) == []
    assert json.loads(json.dumps(settings)) == settings
    rebuilt = variant_from_settings(settings, slug=variant.slug)
    assert settings_of(rebuilt) == settings


@pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=lambda v: v.slug)
def test_presets_with_any_option_still_pass_the_settings_check(variant):
    for option in variant.options:
        for value in option.allowed:
            assert settings_check(settings_of(variant.with_options({option.name: value}))) == []


@pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=lambda v: v.slug)
def test_presets_survive_a_trip_through_json_with_every_setting(variant):
    data = json.loads(json.dumps(variant_to_dict(variant)))

    assert variant_from_dict(data) == variant
    assert settings_of(variant_from_dict(data)) == settings_of(variant)


@pytest.mark.parametrize("variant, example", EXAMPLES)
def test_presets_examples_as_plain_data_for_the_web_and_the_api(variant, example):
    data = json.loads(json.dumps(example_to_dict(example)))
    entry = data["entry"]

    assert set(entry["awards"] or {}) <= set(variant.point_keys)
    assert data["scores_after"] == [
        b + c for b, c in zip(data["scores_before"], data["changes"], strict=True)
    ]
    assert HandEntry(
        thrown_in=entry["thrown_in"],
        bidder=entry["bidder"],
        bid=entry["bid"],
        awards=entry["awards"],
    ) == HandEntry(
        thrown_in=example.entry.thrown_in,
        bidder=example.entry.bidder,
        bid=example.entry.bid,
        awards=example.entry.awards,
    )


def test_presets_new_ones_cite_the_house_rule_ids():
    seeds = {"schmier", "ne-wisconsin"}

    assert {
        slug: v.rule_ids == HOUSE_RULE_IDS for slug, v in VARIANTS.items() if slug not in seeds
    } == dict.fromkeys(set(VARIANTS) - seeds, True)
    assert list(HOUSE_RULE_IDS.items()) == [
        ("seats", "H1"),
        ("target", "H2"),
        ("dealer", "H3"),
        ("points", "H4"),
        ("low", "H5"),
        ("game", "H6"),
        ("bids", "H7"),
        ("moon", "H8"),
        ("thrown_in", "H9"),
        ("scoring", "H10"),
        ("non_bidders", "H11"),
        ("win", "H12"),
    ]


def test_presets_seeds_map_the_new_topics_to_their_own_rules():
    schmier, wisconsin = get_variant("schmier"), get_variant("ne-wisconsin")

    assert [schmier.rule(t) for t in ("low", "game", "non_bidders", "moon")] == [
        "S5",
        "S5",
        "S9",
        "S6",
    ]
    assert [wisconsin.rule(t) for t in ("low", "game", "non_bidders", "moon")] == [
        "W5",
        "W5",
        "W10b",
        "W6",
    ]


def test_presets_schmier_for_two_teams_of_three_alternates_partners():
    variant = get_variant("schmier-two-teams")

    assert (variant.players, variant.teams) == (6, 2)
    assert [variant.seats_of(t) for t in range(2)] == [(0, 2, 4), (1, 3, 5)]
    state, result = new_game(variant).play(
        HandEntry(
            bidder=3,
            bid=3,
            awards={
                "high": 1,
                "low": 1,
                "right_bauer": 1,
                "left_bauer": 0,
                "joker": 0,
                "game": None,
            },
        )
    )
    assert (result.bidding_team, state.scores) == (1, (2, 3))


def test_presets_ten_point_pitch_has_no_thrown_in_hands():
    state = new_game(get_variant("ten-point-pitch"))

    with pytest.raises(HandRefused) as refused:
        state.play(HandEntry.thrown())

    assert [(e.field, e.message, e.rule) for e in refused.value.errors] == [
        (
            "thrown_in",
            "In Ten-point Pitch the dealer is stuck when everyone passes and must bid 4: "
            "record the dealer's bid of 4 instead of a thrown-in deal.",
            "H9",
        )
    ]


def test_presets_auction_pitch_smudge_is_a_bid_of_five_worth_five():
    state = new_game(get_variant("auction-pitch"), {"smudge": True})
    all_four = {"high": 1, "low": 1, "jack": 1, "game": 1}

    made_state, made = state.play(HandEntry(bidder=1, bid=5, awards=all_four))
    _, failed = state.play(HandEntry(bidder=1, bid=5, awards={**all_four, "game": 0}))

    assert (made.made, made.changes) == (True, (0, 5))
    assert (failed.made, failed.changes) == (False, (1, -5))
    assert describe(made_state.variant, made) == (
        "Team B bid Smudge (5) and took 4 of 4: made, scores 5, +5 · Team A +0"
    )
    assert describe_end(state, made_state) == ""


def test_presets_auction_pitch_without_smudge_refuses_a_bid_of_five():
    state = new_game(get_variant("auction-pitch"))

    errors = state.check(HandEntry(bidder=1, bid=5, points=(0, 4)))

    assert [(e.field, e.message) for e in errors] == [
        ("bid", "Auction Pitch bids run from 2 to 4, not 5."),
    ]


def test_presets_auction_pitch_stick_the_dealer_option_refuses_a_thrown_in_hand():
    free = new_game(get_variant("auction-pitch"))
    stuck = new_game(get_variant("auction-pitch"), {"stick_dealer": True})

    assert free.check(HandEntry.thrown()) == []
    assert [e.field for e in stuck.check(HandEntry.thrown())] == ["thrown_in"]
