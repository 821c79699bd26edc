"""The rules at the table: a page per variant with every rule and reading anchored by
its id, and "why?" links that land on one of them."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from smear_scores import rules

from .conftest import text

# Every id of the team's rules reference that applies to each variant: the variant's own
# rules, and the readings of ours that concern it (D6, D10 and D11 are about the
# Wisconsin house rules and discards).
SCHMIER_IDS = [f"S{n}" for n in range(1, 11)] + [f"D{n}" for n in (1, 2, 3, 4, 5, 7, 8, 9, 12, 13)]
WISCONSIN_IDS = [f"W{n}" for n in range(1, 11)] + ["W10a", "W10b"] + [f"D{n}" for n in range(1, 14)]


def _anchors(page: str) -> list[str]:
    return re.findall(r'<dt id="([^"]+)"', page)


@pytest.mark.parametrize("slug, ids", [("schmier", SCHMIER_IDS), ("ne-wisconsin", WISCONSIN_IDS)])
def test_rules_page_anchors_every_rule_of_the_variant_once(client, slug, ids):
    response = client.get(reverse("rules", args=[slug]))
    assert response.status_code == 200
    assert sorted(_anchors(text(response))) == sorted(ids)


@pytest.mark.parametrize("variant", list(rules.VARIANTS.values()), ids=lambda v: v.slug)
def test_rules_page_has_an_anchor_for_every_rule_a_message_can_cite(client, variant):
    anchors = set(_anchors(text(client.get(reverse("rules", args=[variant.slug])))))
    cited = set(variant.rule_ids.values()) | {o.rule for o in variant.options}
    # Messages and reasons also cite these readings (game.py, hands.py, services).
    cited |= {"D1", "D3", "D4", "D5", "D8", "D13"}
    assert sorted(cited - anchors) == []


def test_rules_page_for_an_unknown_variant_is_not_found(client):
    response = client.get("/rules/poker/")
    assert response.status_code == 404


def test_scoreboard_why_link_points_at_the_rule_that_decided(client, make_game):
    win = rules.HandEntry(bidder=0, bid=6, points=(6, 0, 0))
    game = make_game("schmier", entries=[win] * 4)
    page = text(client.get(reverse("game", args=[game.public_id])))
    links = re.findall(r'<a class="why" href="([^"]+)"', page)
    assert links == ["/rules/schmier/#S10"]


@pytest.mark.parametrize("variant", list(rules.VARIANTS.values()), ids=lambda v: v.slug)
def test_rules_page_rematch_links_the_variants_first_deal(client, variant):
    page = text(client.get(reverse("rules", args=[variant.slug])))
    rematch = re.search(r'<dt id="D12">.*?</dd>', page, re.S).group(0)
    dealer = variant.rule("dealer")
    assert re.findall(r'<a href="#([^"]+)">', rematch) == [dealer]
    assert f'<dt id="{dealer}">' in page
