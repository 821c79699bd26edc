"""The house-rules screens with the phone's text at 200 %, 360 px wide: nothing scrolls
sideways. "Our rules…" from every preset, a saved set's page with a long name, and every
preset's rules page."""

from __future__ import annotations

import pytest

from smear_scores import rules
from smear_scores.selectors.house_rules import preset_settings
from smear_scores.services.house_rules import house_rules_create

PHONE = {"width": 360, "height": 740}


def _wider_than_the_phone(page) -> list[str]:
    """What reaches past the screen's right edge: the page's width, then each element, but
    for what a box of its own scrolls (a table of scores, as on the boards)."""
    return page.evaluate(
        """() => {
            const scrolled = e => e.parentElement.closest('.hands-scroll');
            const wide = [...document.querySelectorAll('body *')]
                .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
                .filter(e => !scrolled(e))
                .slice(0, 5)
                .map(e => `${e.tagName.toLowerCase()}.${e.className}: `
                          + (e.textContent || '').trim().slice(0, 40));
            const page = document.documentElement.scrollWidth;
            return page > window.innerWidth ? [`page ${page} px`, ...wide] : wide;
        }"""
    )


@pytest.mark.django_db(transaction=True)
def test_house_rules_screens_at_200_percent_text_never_scroll_sideways(browser, live_server):
    saved = house_rules_create(
        settings={
            **preset_settings("ten-point-pitch"),
            "name": "Tuesday Night Smear at Christopher's",
            "target": 21,
        }
    )
    paths = [f"/rules/house/new/?from={v.slug}" for v in rules.VARIANTS.values()]
    paths += [f"/rules/{v.slug}/" for v in rules.VARIANTS.values()]
    paths += [f"/rules/house/{saved.public_id}/", f"/new/?variant=house:{saved.public_id}"]
    # The test sets the text size with a style sheet, which the site's CSP refuses.
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, bypass_csp=True)
    page = context.new_page()
    page.add_init_script(
        """document.addEventListener('DOMContentLoaded', () => {
            const s = document.createElement('style');
            s.textContent = 'html { font-size: 200% !important; }';
            document.head.appendChild(s); });"""
    )
    found = {}
    try:
        for path in paths:
            page.goto(path)
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                if wide := _wider_than_the_phone(page):
                    found[f"{path} ({scheme})"] = wide
    finally:
        context.close()
    assert found == {}
