"""'Our rules…': the builder's words follow what is changed, before "Check the example" is
tapped: the moon's sentence, what a made moon does at the target, the seats' words."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
PHONE = {"width": 360, "height": 740}


@pytest.mark.django_db(transaction=True)
def test_the_builder_s_words_follow_its_fields_as_they_change(browser, live_server):
    context = browser.new_context(viewport=PHONE, base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto("/rules/house/new/?from=auction-pitch")
        moon = page.locator(".hr-moon > label.switch small")
        expect(moon).to_have_text("No bid needs every point: the highest bid is an ordinary bid.")
        page.locator("summary", has_text="The moon").click()
        page.locator("input[name=moon]").check()
        expect(moon).to_contain_text("is made only when the bidding team takes every point")
        # The target: what a made moon does says the new one.
        page.locator("input[name=target]").fill("15")
        page.locator("input[name=target]").press("Tab")
        expect(page.locator(".hr-moon")).to_contain_text("becomes 15")
        expect(page.locator(".hr-moon")).not_to_contain_text("becomes 11")
        # The seats: five players each alone, said at once.
        page.locator("summary", has_text="Players and partners").click()
        page.locator("input[name=seats][value='5x5']").check()
        expect(page.locator("#hr-seats .hr-says").first).to_contain_text("5 players")
        # The folds opened stay open.
        assert page.locator("details:has(#hr-moon)").evaluate("d => d.open")
    finally:
        context.close()
