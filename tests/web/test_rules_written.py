"""Rules pages written from the data: every preset without a hand-written page, and any
table's house rules through wording.rules_pages.rules_page. An anchor per rule (H1 … H12
by topic, the readings the engine cites), the source named, the worked examples shown, and
every "why?" a game of the preset shows landing on one of them."""

from __future__ import annotations

import html
import re

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from smear_scores import rules
from smear_scores.services import new_games
from smear_scores.wording.rules_pages import rules_page

from .conftest import find_all, text

SEEDS = ("schmier", "ne-wisconsin")
WRITTEN = [v for v in rules.VARIANTS.values() if v.slug not in SEEDS]
H_IDS = [f"H{n}" for n in range(1, 13)]
READINGS = ["D1", "D2", "D3", "D4", "D5", "D7", "D8", "D12", "D13"]


def _anchors(page: str) -> list[str]:
    return re.findall(r'<dt id="([^"]+)"', page)


def _plain(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


@pytest.mark.parametrize("variant", WRITTEN, ids=lambda v: v.slug)
def test_written_rules_page_anchors_every_rule_once_names_its_source_and_examples(client, variant):
    response = client.get(reverse("rules", args=[variant.slug]))
    assert response.status_code == 200
    page = text(response)
    assert _anchors(page) == H_IDS + READINGS
    assert find_all(page, "p", "source") == [f"Source: {variant.source}"]
    titles = [_plain(t) for t in re.findall(r'<h3 id="example-\d+">(.*?)</h3>', page)]
    assert titles == [f"Worked example: {e.title}" for e in variant.examples]
    results = find_all(page, "p", "example-result")
    assert len(results) == len(variant.examples)
    for example, table in zip(
        variant.examples,
        re.findall(r'<table class="example-scores">.*?</table>', page, re.S),
        strict=True,
    ):
        cells = [int(c) for c in re.findall(r'<td class="num">([+-]?\d+)</td>', table)]
        assert cells == [
            n
            for team in range(variant.teams)
            for n in (
                example.scores_before[team],
                example.changes[team],
                example.scores_after[team],
            )
        ]


def test_written_rules_page_says_what_each_setting_of_ten_point_pitch_does(client):
    page = text(client.get(reverse("rules", args=["ten-point-pitch"])))
    rule = {
        rid: _plain(dd)
        for rid, dd in re.findall(r'<dt id="(H\d+)">.*?</dt>\s*<dd>(.*?)</dd>', page, re.S)
    }
    assert rule["H4"].startswith(
        "The points of a hand, in the order the scorer taps them: High, Low, Jack, Off-jack, "
        "High joker, Low joker, Ten and Trey 3; 10 points in play."
    )
    assert rule["H8"] == (
        "Shoot the moon is a bid of 10, made only when the bidding team takes every point in "
        "play (10). Made: its score becomes 52; a team below zero comes to 0 instead. Failed: "
        "the game "
        "ends at once and the other team wins. The other teams "
        "score what they took, as for any bid."
    )
    assert rule["H9"] == (
        "Not everyone may pass: when all the others pass, the dealer is stuck with the lowest "
        "bid (4), so no hand is thrown in. Record the dealer's bid. (see D4 )"
    )


def test_written_rules_page_puts_each_option_under_the_rule_it_changes(client):
    page = text(client.get(reverse("rules", args=["auction-pitch"])))
    options = {
        rid: re.findall(r"<strong>(.*?)</strong>", dd)
        for rid, dd in re.findall(r'<dt id="(H\d+)">.*?</dt>\s*<dd>(.*?)</dd>', page, re.S)
    }
    assert {rid: found for rid, found in options.items() if found} == {
        "H8": ["Smudge"],
        "H9": ["Stick the dealer"],
    }


@pytest.mark.parametrize("variant", list(rules.VARIANTS.values()), ids=lambda v: v.slug)
def test_every_why_link_of_a_preset_game_lands_on_its_rules_page(client, db, variant):
    game = new_games.game_create(
        variant=variant.slug, players=[f"P{s}" for s in range(variant.players)], first_dealer=0
    )
    client.post(reverse("game_handover", args=[game.public_id]), {"code": game.scoring_secret})
    # A hand with nothing tapped, and one tapped but with a bid out of range.
    refused = client.post(reverse("hand_record", args=[game.public_id]), {"number": "1"})
    assert refused.status_code == 422
    bad_bid = {"number": "1", "bidder": "0", "bid": "99", "by_totals": "on"}
    bad_bid |= {f"points_{t}": "99" for t in range(variant.teams)}
    refused_too = client.post(reverse("hand_record", args=[game.public_id]), bad_bid)
    links = re.findall(r'<a class="why" href="([^"]+)"', text(refused) + text(refused_too))
    assert links
    page = text(client.get(reverse("rules", args=[variant.slug])))
    anchors = set(_anchors(page))
    for link in links:
        path, _, anchor = link.partition("#")
        assert path == reverse("rules", args=[variant.slug])
        assert anchor in anchors, link


def test_rules_page_of_house_rules_written_from_the_settings():
    settings = {
        **rules.settings_of(rules.MINNESOTA_SMEAR),
        "name": "Tuesday Smear",
        "based_on": "minnesota-smear",
        "players": 6,
        "teams": 6,
        "non_bidders": "held_at_target",
    }
    house = rules.variant_from_settings(settings, slug="house-7")
    page = rules_page(house)
    assert page.ids == H_IDS + READINGS
    rule = {r.id: r for section in page.sections for r in section.rules}
    assert rule["H1"].text == (
        "6 players, each playing alone (cutthroat): each player is a team of one and scores alone."
    )
    assert rule["H9"].text == (
        "If everyone passes, the cards are thrown in: the dealer's score is set back 2 "
        "points and the deal passes to the left. A thrown-in deal never decides the game: "
        "play on."
    )
    assert rule["H11"].text == (
        "The players who did not bid score what they took, but one that passes 21 in a hand "
        "keeps just 21; at 21 it has still reached the target and can win."
    )
    drawn = render_to_string(
        "rules/written.html", {"variant": house, "variants": [house], "page": page}
    )
    assert _anchors(drawn) == H_IDS + READINGS
    assert "<h1>Rules of Tuesday Smear</h1>" in drawn


def _set_bidder_at_25(win: str):
    """Minnesota Smear with must bid to win and ``win``: at 25 to 22, Team A bids 3 and takes
    only High: the house rules, the state after and the hand's result."""
    settings = {
        **rules.settings_of(rules.MINNESOTA_SMEAR),
        "name": "Tuesday Smear",
        "based_on": "minnesota-smear",
        "non_bidders": "must_bid_to_win",
        "win": win,
    }
    house = rules.variant_from_settings(settings)
    before = rules.GameState(
        variant=house, options={}, first_dealer=0, scores=(25, 22), dealer=0
    ).decided(made=None, bidding_team=None)
    set_bid = rules.HandEntry(
        bidder=0, bid=3, awards={"high": 0, "low": 1, "jack": 1, "off_jack": 1, "game": 1}
    )
    after, result = before.play(set_bid)
    return house, after, result


@pytest.mark.parametrize("win", ["most_points", "bidder_out_first"])
def test_must_bid_to_win_is_worded_as_the_engine_decides_a_set_bidder_at_the_target(win):
    # The engine (GameState.decided) follows play_smear's bid_won: only a made bid goes out,
    # so the set bidding team at the target plays on, and so do the others.
    house, after, result = _set_bidder_at_25(win)

    assert (result.made, after.scores, after.winner) == (False, (22, 26), None)
    rule = {r.id: r.text for section in rules_page(house).sections for r in section.rules}
    assert rule["H11"] == (
        "The teams that did not bid score what they took but cannot win in that hand: only a "
        "made bid goes out, so a set bidding team at the target plays on too."
    )
    assert rule["H12"] == (
        "Only a bidding team that made its bid can win: at 21 or more after the hand it wins, "
        "whatever the others have. After a set bid or a deal everyone passed nobody wins, "
        "whoever is at the target: play on."
    )
    readings = {r.id: r.text for r in rules_page(house).readings}
    assert readings["D5"] == (
        "Only the bidding team may win after a hand, and only on a made bid at 21 or more "
        "(H11): the most points never decide between teams, so no tie can hold the game up. "
        "Any other team at the target plays on."
    )


def test_must_bid_to_win_on_a_made_bid_only_game_is_worded_with_the_made_bid():
    house, after, _ = _set_bidder_at_25("made_bid_only")

    assert (after.scores, after.finished) == ((22, 26), False)
    rule = {r.id: r.text for section in rules_page(house).sections for r in section.rules}
    assert rule["H11"].startswith(
        "The teams that did not bid score what they took but cannot win in that hand: only a "
        "made bid goes out"
    )
    assert rule["H12"].startswith("Only a bidding team that made its bid can win: at 21 or more")
