"""Each setting and each of its values is worded once (smear_scores.wording), and the words
say what the engine does."""

from __future__ import annotations

import dataclasses
import re

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from smear_scores import rules
from smear_scores.selectors.house_rules import setting_values
from smear_scores.wording import rules_pages
from smear_scores.wording import settings as wording
from smear_scores.wording.builder import setting_sentence
from smear_scores.wording.rules_pages import rules_page


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


def test_card_points_count_the_joker_everywhere_they_are_listed():
    from smear_scores.api.house_rules_schemas import SETTING_WORDS
    from smear_scores.wording.builder import setting_sentence

    said = [
        setting_sentence("card_points_total", 81, {"players": 4, "teams": 2}),
        setting_sentence("game_goes_to", "card_points", {"players": 4, "teams": 2}),
        SETTING_WORDS["card_points_total"],
        SETTING_WORDS["game_goes_to"],
    ]
    assert [("joker 1" in s) for s in said] == [True, True, True, True]


def test_no_screen_says_a_made_moon_jumps_or_adds_what_it_took():
    from smear_scores.api.house_rules_schemas import SETTING_WORDS, MoonIn

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
    from smear_scores.selectors.house_rules import preset_settings
    from smear_scores.wording.builder import builder

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


# -- the rules page's sentences against the engine, for any rule set -----------------------
# Each sentence the page may say, written out here with what it means in numbers: a page
# that says one of them must score as it says, and a page that says none fails. A value
# added to the engine's lists (rules.WIN, rules.NON_BIDDERS, rules.ALL_PASS,
# rules.MOON_MADE) is drawn at once, and fails here until its sentence is written below.
FORBIDDEN = re.compile(r"jumps|plus what it took|\bmod\b")


@st.composite
def rule_sets(draw, **drawn_from) -> rules.Variant:
    """A preset's settings with each of ``drawn_from`` (a setting and the engine's list of
    its values) drawn, and whatever the setting check refuses left out."""
    slug = draw(st.sampled_from(sorted(rules.VARIANTS)))
    settings = rules.settings_of(rules.VARIANTS[slug]) | {"name": "Ours"}
    for key, values in drawn_from.items():
        settings[key] = draw(st.sampled_from(values))
    settings["all_points_wins"] = False
    assume(not rules.settings_check(settings))
    return rules.variant_from_settings(settings)


def _rule_text(variant: rules.Variant, topic: str) -> str:
    page = rules_page(variant)
    text = next(r.text for s in page.sections for r in s.rules if r.id == variant.rule(topic))
    assert not FORBIDDEN.search(text), text
    return text


def _said(text: str, sentences: dict) -> object:
    """What the one sentence of ``sentences`` that ``text`` says means."""
    said = [meaning for sentence, meaning in sentences.items() if sentence in text]
    assert len(said) == 1, f"{len(said)} known sentences in: {text}"
    return said[0]


def _most(scores, candidates, tie_to):
    """Of ``candidates``, the most points; a tie to ``tie_to`` if it is among them."""
    if not candidates:
        return None
    best = max(scores[t] for t in candidates)
    leaders = [t for t in candidates if scores[t] == best]
    if len(leaders) == 1:
        return leaders[0]
    return tie_to if tie_to in leaders else None


def _win_sentences(variant: rules.Variant) -> dict:
    """Each win sentence: (made, bidding team, scores after) -> the winner, or None."""
    team, target = ("player" if variant.cutthroat else "team"), variant.target
    most = (
        f"a {team} at {target} or more wins; of several there, the most points wins, and a "
        f"tie for the most goes to the bidding {team} if it is one of them, else play another "
        "hand."
    )

    def at(scores):
        return [t for t, s in enumerate(scores) if s >= target]

    return {
        f"A {team} at {target} or more after the hand wins; of several there, the most points "
        f"wins, and a tie for the most goes to the bidding {team} if it is one of them, else "
        "play another hand.": lambda made, bidding, scores: _most(scores, at(scores), bidding),
        f"A bidding {team} that made its bid and is at {target} or more after the hand wins, "
        f"whatever the others have. Otherwise {most}": lambda made, bidding, scores: (
            bidding if made and bidding in at(scores) else _most(scores, at(scores), bidding)
        ),
        f"The bidding {team} wins whenever it is at {target} or more after the hand, its bid "
        f"made or set, whatever the others have. Otherwise a {team} at {target} or more wins; "
        "of several there, the most points wins, and a tie for the most means another hand.": (
            lambda made, bidding, scores: (
                bidding if bidding in at(scores) else _most(scores, at(scores), None)
            )
        ),
        "Nobody wins after a hand whose bid was set or thrown in: play on. After a made bid, "
        f"{most}": lambda made, bidding, scores: (
            _most(scores, at(scores), bidding) if made else None
        ),
        f"Only a bidding {team} that made its bid can win: at {target} or more after the hand "
        "it wins, whatever the others have. After a set bid or a deal everyone passed nobody "
        "wins, whoever is at the target: play on.": lambda made, bidding, scores: (
            bidding if made and bidding in at(scores) else None
        ),
    }


def _non_bidder_sentences(variant: rules.Variant) -> dict:
    """Each non-bidder sentence: (score before, what it took) -> its score after."""
    others = "players who" if variant.cutthroat else "teams that"
    team, target = ("player" if variant.cutthroat else "team"), variant.target
    return {
        f"The {others} did not bid always score what they took.": lambda before, took: (
            before + took
        ),
        f"The {others} did not bid score what they took but cannot win in that hand: only a "
        f"made bid goes out, so a set bidding {team} at the target plays on too.": (
            lambda before, took: before + took
        ),
        f"The {others} did not bid score what they took, but one that passes {target} in a "
        f"hand keeps just {target}; at {target} it has still reached the target and can "
        "win.": lambda before, took: min(before + took, target),
    }


@given(
    variant=rule_sets(win=rules.WIN, non_bidders=rules.NON_BIDDERS, moon=(None,)),
    data=st.data(),
)
def test_the_rules_page_says_who_wins_and_what_the_others_score_as_the_engine_does(variant, data):
    # Every team a hand or so short of the target, or past it (teams tied there who did
    # not bid play on); a random bid and random points.
    target, most = variant.target, variant.max_points_per_hand
    short = st.integers(max(0, target - most - 1), target - 1)
    past = st.integers(target, target + variant.max_bid + most)
    scores = tuple(
        data.draw(st.one_of(short, past), label=f"team {t}") for t in range(variant.teams)
    )
    bidder = data.draw(st.integers(0, variant.players - 1), label="bidder")
    bid = data.draw(st.integers(variant.min_bid, variant.max_bid), label="bid")
    # Half the time the bidding team takes nothing: a set bid.
    takers = list(range(variant.teams))
    if data.draw(st.booleans(), label="set"):
        takers.remove(variant.team_of(bidder))
    awards = {
        p.key: data.draw(
            st.sampled_from([*takers, *([None] * (not p.always_awarded))]), label=p.key
        )
        for p in variant.points
    }
    state = rules.GameState(variant=variant, options={}, first_dealer=0, scores=scores, dealer=0)
    after, result = state.play(rules.HandEntry(bidder=bidder, bid=bid, awards=awards))

    bidding = result.bidding_team
    score_of = _said(_rule_text(variant, "non_bidders"), _non_bidder_sentences(variant))
    assert [s for t, s in enumerate(after.scores) if t != bidding] == [
        score_of(scores[t], result.points[t]) for t in range(variant.teams) if t != bidding
    ]
    winner = _said(_rule_text(variant, "win"), _win_sentences(variant))(
        result.made, bidding, after.scores
    )
    assert (after.finished, after.winner) == (winner is not None, winner), after.reason


def _moon_sentences(variant: rules.Variant) -> dict:
    """Each made moon's sentence: (score before, what it took) -> (its score after, and
    whether the game is won by it at once)."""
    team, moon, target = ("player" if variant.cutthroat else "team"), variant.moon, variant.target
    scored = f"{moon.made_points} point{'s' * (moon.made_points != 1)}"
    return {
        f"Made: the bidding {team} wins the game at once.": lambda before, took: (
            before + took,
            True,
        ),
        f"Made: it scores {scored} instead of what it took.": lambda before, took: (
            before + moon.made_points,
            None,
        ),
        f"Made: its score becomes {target}, whatever it was.": lambda before, took: (
            target,
            None,
        ),
        f"Made: its score becomes {target}; a {team} below zero comes to 0 instead.": (
            lambda before, took: (0 if before < 0 else target, None)
        ),
    }


@st.composite
def moons(draw) -> dict:
    made = draw(st.sampled_from(rules.MOON_MADE))
    return {
        "name": "Shoot the moon",
        "made": made,
        "made_points": draw(st.integers(1, 30)),
        "failed": "set_back",
        "failed_points": 4,
        "negative_to_zero": draw(st.booleans()),
    }


@given(variant_moon=st.tuples(st.sampled_from(sorted(rules.VARIANTS)), moons()), data=st.data())
def test_the_rules_page_says_what_a_made_moon_does_as_the_engine_does(variant_moon, data):
    slug, moon = variant_moon
    settings = rules.settings_of(rules.VARIANTS[slug]) | {"name": "Ours", "all_points_wins": False}
    settings["moon"] = {**moon, "bid": settings["max_bid"]}
    assume(not rules.settings_check(settings))
    variant = rules.variant_from_settings(settings)
    before = data.draw(st.integers(-20, variant.target - 1), label="bidder's score")
    scores = (before,) + (0,) * (variant.teams - 1)
    state = rules.GameState(variant=variant, options={}, first_dealer=0, scores=scores, dealer=0)
    every = {p.key: 0 for p in variant.points}
    after, result = state.play(rules.HandEntry(bidder=0, bid=variant.max_bid, awards=every))

    score, won = _said(_rule_text(variant, "moon"), _moon_sentences(variant))(
        before, result.points[0]
    )
    assert (result.made, after.scores[0]) == (True, score)
    if won:
        assert (after.finished, after.winner) == (True, 0)


def _all_pass_sentences(variant: rules.Variant) -> dict:
    """Each all-pass sentence: the dealer -> (each team's change, the next dealer), or
    None where no deal may be thrown in."""
    n, teams, players = variant.all_pass_points, variant.teams, variant.players
    whose = "score" if variant.cutthroat else "team"
    nothing = (0,) * teams

    def set_back(dealer):
        team = variant.team_of(dealer)
        return tuple(-n if t == team else 0 for t in range(teams)), (dealer + 1) % players

    return {
        "If everyone passes, the cards are thrown in: no score, and the same dealer deals "
        "again.": lambda dealer: (nothing, dealer),
        "If everyone passes, the cards are thrown in: no score, and the deal passes to the "
        "left.": lambda dealer: (nothing, (dealer + 1) % players),
        "Not everyone may pass: when all the others pass, the dealer is stuck with the "
        f"lowest bid ({variant.min_bid}), so no hand is thrown in.": lambda dealer: None,
        f"If everyone passes, the cards are thrown in: the dealer's {whose} is set back {n} "
        f"point{'s' * (n != 1)} and the deal passes to the left. A thrown-in deal never "
        "decides the game: play on.": set_back,
    }


@given(variant=rule_sets(all_pass=rules.ALL_PASS), data=st.data())
def test_the_rules_page_says_what_everyone_passing_does_as_the_engine_does(variant, data):
    dealer = data.draw(st.integers(0, variant.players - 1), label="dealer")
    scores = tuple(
        data.draw(st.integers(0, variant.target - 1), label=f"team {t}")
        for t in range(variant.teams)
    )
    state = rules.GameState(
        variant=variant, options={}, first_dealer=0, scores=scores, dealer=dealer
    )
    says = _said(_rule_text(variant, "thrown_in"), _all_pass_sentences(variant))(dealer)
    try:
        after, result = state.play(rules.HandEntry.thrown())
    except rules.HandRefused:
        assert says is None
        return
    assert says == (result.changes, after.dealer)
    assert not after.finished


def test_the_new_game_screen_sums_each_game_up_in_the_wording(client):
    from django.urls import reverse

    from smear_scores.wording.rules_pages import summary

    page = client.get(reverse("game_new"), {"variant": "ten-point-pitch"}).content.decode()
    assert summary(rules.TEN_POINT_PITCH) == (
        "4 players, 2 partnerships, 10 points a hand, bids 4–10 (10 is Shoot the moon), game to 52."
    )
    # The game chosen, and every game under "Other games" (those not offered as buttons).
    from smear_scores.views.new_game import OFFERED_FIRST

    shown = [v for v in rules.VARIANTS.values() if v.slug not in OFFERED_FIRST]
    assert [v.slug for v in shown if summary(v) not in page] == []
    assert summary(rules.SCHMIER) == (
        "6 players, 3 partnerships, 6 points a hand, bids 3–6, game to 21."
    )


@pytest.mark.parametrize("slug", rules.PRESET_SLUGS)
def test_a_variant_s_stored_summary_is_the_wording_s_summary(slug):
    """The summary kept with a variant (the API, a house-rules page) says what the new-game
    screen and the rules page say: one sentence, from one voice."""
    variant = rules.variant_from_settings(rules.settings_of(rules.get_variant(slug)), slug)
    assert variant.summary == rules_pages.summary(variant)


def test_the_builder_s_win_sentence_reads_must_bid_to_win_as_the_rules_page_does():
    """With Must bid to win, the builder's words under the win rule are the rules page's."""
    minnesota = rules.get_variant("minnesota-smear")
    settings = dict(rules.settings_of(minnesota), non_bidders="must_bid_to_win")
    sentence = setting_sentence("win", settings["win"], settings)
    played = dataclasses.replace(minnesota, non_bidders="must_bid_to_win")
    assert sentence == wording.value_sentence("win", played.win, rules_pages.table_of(played))
    assert sentence != setting_sentence("win", settings["win"], dict(settings, non_bidders="score"))


@pytest.mark.parametrize("slug", rules.PRESET_SLUGS)
def test_the_builder_words_the_seats_as_the_rules_page_does(slug):
    """One seating sentence: what "Our rules…" says under "Players and partners" is the
    rules page's rule on seats, seat numbers and all."""
    variant = rules.get_variant(slug)
    settings = rules.settings_of(variant)
    page = rules_page(variant)
    seats = next(r for s in page.sections for r in s.rules if r.id == variant.rule("seats"))

    assert setting_sentence("seats", None, settings) == seats.text
    assert "never sit side by side" in seats.text or variant.cutthroat
