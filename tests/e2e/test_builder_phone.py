"""'Our rules…' on a phone: at 360×740, from every preset, the page opens on what tables
change most and is at most three screens long before anything is unfolded; unfolded
whole, in light and dark, axe-core finds nothing and every field's words are readable."""

from __future__ import annotations

import os

import pytest
from axe_playwright_python.sync_playwright import Axe

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
                # Colours as they end up, not halfway through Pico's transition to them.
                page.evaluate(FINISH_TRANSITIONS)
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


FINISH_TRANSITIONS = "document.getAnimations().forEach(a => a.finish())"
# Fields (numbers, names, lists) whose words have a contrast under 4.5:1 with the field:
# [name, value, ratio], whatever axe makes of a field (it names the field, not its value).
FIELDS_LOW_CONTRAST = """() => {
  const parse = c => c.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => {
    const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  return [...document.querySelectorAll(
      '#house-rules-form input:not([type=checkbox]):not([type=radio]):not([type=hidden]), '
      + '#house-rules-form select, #house-rules-form textarea, .hr-start select')]
    .filter(e => e.getClientRects().length && e.value)
    .map(e => { const s = getComputedStyle(e);
      const [a, b] = [lum(parse(s.color)), lum(parse(s.backgroundColor))].sort((x, y) => y - x);
      const ratio = (a + 0.05) / (b + 0.05) * Number(s.opacity);
      return [e.name, e.value, Math.round(ratio * 100) / 100]; })
    .filter(([, , ratio]) => ratio < 4.5);
}"""


@pytest.mark.django_db(transaction=True)
def test_builder_unfolded_has_no_axe_violation_and_readable_fields(browser, live_server):
    context = browser.new_context(viewport=PHONE, base_url=live_server.url)
    page = context.new_page()
    shots = os.environ.get("BUILDER_SHOTS")
    axe = Axe()
    found = {}
    try:
        for slug in rules.VARIANTS:
            page.goto(f"/rules/house/new/?from={slug}")
            # Every fold open: the whole builder, each setting's field and words.
            page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                page.evaluate(FINISH_TRANSITIONS)
                if shots:
                    page.screenshot(
                        path=f"{shots}/builder-{slug}-open-{scheme}.png", full_page=True
                    )
                violations = axe.run(page).response["violations"]
                found[(slug, scheme)] = sorted(
                    f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
                    for v in violations
                ) + page.evaluate(FIELDS_LOW_CONTRAST)
    finally:
        context.close()
    assert {k: v for k, v in found.items() if v} == {}
