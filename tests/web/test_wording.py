"""Each setting and each of its values is worded once (smear_scores.wording), and the words
say what the engine does."""

from __future__ import annotations

import ast
from pathlib import Path

from hypothesis import assume, given
from hypothesis import strategies as st

import smear_scores.wording
from smear_scores import rules, wording
from smear_scores.selectors.house_rules import setting_values
from smear_scores.selectors.rules_pages import rules_page

WORDING_DIR = Path(smear_scores.wording.__file__).parent


def test_every_value_the_engine_allows_has_its_button_and_its_sentence():
    values = setting_values()
    missing = []
    for key in wording.CHOICE_LABELS:
        for value in values[key]:
            label = wording.CHOICE_LABELS[key].get(value)
            sentence = wording.VALUE_SENTENCES[key].get(value)
            if not label or sentence is None or not sentence(wording.Table(target=21)):
                missing.append(f"{key}={value}")
    unworded = [k for k in values if k not in (*wording.CHOICE_LABELS, "point_key", "words")]
    assert (missing, unworded) == ([], [])
    assert sorted(wording.WORD_LABELS) == sorted(values["words"])


def test_the_values_worded_ahead_of_the_engine_are_only_those_named_for_it():
    values = setting_values()
    ahead = {
        f"{key}={value}"
        for key, labels in wording.CHOICE_LABELS.items()
        for value in labels
        if value not in values[key]
    }
    assert ahead <= {"win=bidding_team_out_first"}


def test_the_wording_is_pure_python():
    imported = []
    for path in sorted(WORDING_DIR.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                imported += [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                imported.append(node.module or "")
    assert [n for n in imported if n.split(".")[0] in ("django", "smear_scores")] == []


def test_card_points_count_the_joker_everywhere_they_are_listed():
    from smear_scores.api.schemas import SETTING_WORDS
    from smear_scores.selectors.house_rules import setting_sentence

    said = [
        setting_sentence("card_points_total", 81, {"players": 4, "teams": 2}),
        setting_sentence("game_goes_to", "card_points", {"players": 4, "teams": 2}),
        SETTING_WORDS["card_points_total"],
        SETTING_WORDS["game_goes_to"],
    ]
    assert [("joker 1" in s) for s in said] == [True, True, True, True]


def test_no_screen_says_a_made_moon_jumps_or_adds_what_it_took():
    from smear_scores.api.schemas import SETTING_WORDS, MoonIn

    words = [
        wording.value_sentence("moon_made", "to_target", wording.Table(target=52)),
        MoonIn.model_fields["made"].description,
        SETTING_WORDS["teams"],
    ]
    assert [("jumps" in w or "plus what" in w or "mod" in w) for w in words] == [
        False,
        False,
        False,
    ]
    assert words[0] == "Made: its score becomes 52, whatever it was."


@given(
    slug=st.sampled_from(sorted(rules.VARIANTS)),
    set_bid=st.sampled_from(rules.variants.SET_BID),
    data=st.data(),
)
def test_the_rules_page_says_what_a_set_bid_scores_as_the_engine_scores_it(slug, set_bid, data):
    settings = rules.settings_of(rules.VARIANTS[slug]) | {"set_bid": set_bid, "name": "Ours"}
    variant = rules.variant_from_settings(settings)
    smallest = min(variant.points, key=lambda p: p.value)
    bids = [
        b
        for b in range(variant.min_bid, variant.max_bid + 1)
        if b > smallest.value and not variant.is_moon(b)
    ]
    assume(bids)
    bid = data.draw(st.sampled_from(bids))
    # The bidder's team takes its smallest point and the next team everything else: a set.
    awards = {p.key: (0 if p.key == smallest.key else 1) for p in variant.points}
    state = rules.new_game(variant, {}, variant.players - 1)
    _, result = state.play(rules.HandEntry(bidder=0, bid=bid, awards=awards))

    page = rules_page(variant)
    scoring = next(
        r.text for s in page.sections for r in s.rules if r.id == variant.rule("scoring")
    )
    sentence = wording.value_sentence("set_bid", set_bid, wording.Table())
    assert sentence in scoring
    # What the sentence says the bidding team scores, in numbers.
    says = {
        "A set bid is taken off the score, and it scores nothing it took that hand.": -bid,
        "A set bid scores what it took less the bid (which may be below zero).": smallest.value
        - bid,
    }[sentence]
    assert (result.made, result.changes[0]) == (False, says)


def test_an_example_is_shown_only_under_a_heading_it_shows():
    from smear_scores.selectors.house_rules import builder, preset_settings

    # Ten-point Pitch's example hand is a made moon: it shows "A made moon", not "A failed
    # moon", nor what happens when everyone passes.
    shown = builder(preset_settings("ten-point-pitch"))
    examples = {
        key: [row.example for row in shown.choices[key]] + [shown.same.get(key, "")]
        for key in ("moon_made", "moon_failed", "all_pass")
    }
    assert examples["moon_failed"] == ["", "", ""]
    assert examples["all_pass"] == ["", "", "", "", ""]
    assert [bool(e) for e in examples["moon_made"]] == [True, True, True, False]
