"""'Our rules…' on a phone: at 360×740, from every preset, the page opens on what tables
change most and is at most three screens long before anything is unfolded."""

from __future__ import annotations

import os

import pytest

from smear_scores import rules

PHONE = {"width": 360, "height": 740}
SCREENS = 3


@pytest.mark.django_db(transaction=True)
def test_builder_is_at_most_three_screens_from_every_preset(browser, live_server):
    context = browser.new_context(viewport=PHONE, base_url=live_server.url)
    page = context.new_page()
    shots = os.environ.get("BUILDER_SHOTS")
    found = {}
    try:
        for slug in rules.VARIANTS:
            page.goto(f"/rules/house/new/?from={slug}")
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                height = page.evaluate("document.documentElement.scrollHeight")
                open_now = page.evaluate(
                    "[...document.querySelectorAll('#house-rules-form details')]"
                    ".filter(d => d.open).length"
                )
                found[(slug, scheme)] = (height, open_now)
                if shots:
                    page.screenshot(path=f"{shots}/builder-{slug}-{scheme}.png", full_page=True)
            # What tables change most is open: the target, the bids, the points in play
            # (those in play only) and what happens when all pass.
            shown = page.evaluate(
                """() => [...document.querySelectorAll('#house-rules-form legend')]
                    .filter(l => l.checkVisibility()).map(l => l.textContent.trim())"""
            )
            assert shown == [
                "Target and bids",
                "Points in play in the scorer’s order",
                "When everyone passes",
            ], slug
            listed = page.locator(".hr-points > .hr-point").count()
            assert listed == len(rules.VARIANTS[slug].points), slug
    finally:
        context.close()
    assert {k: v for k, v in found.items() if v[0] > SCREENS * PHONE["height"] or v[1]} == {}
