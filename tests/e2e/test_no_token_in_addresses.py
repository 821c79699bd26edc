"""The CSRF token never travels in an address (a GET's query): access logs and the
address bar would show it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_new_game_screen_asks_for_partners_without_the_token_in_the_address(phone):
    asked = []
    phone.on("request", lambda request: asked.append((request.method, request.url)))
    phone.goto("/new/")
    phone.locator("input[name=player_0]").fill("Katherine")
    expect(phone.locator("#partners")).to_contain_text("Katherine")
    phone.locator("label[for=variant-ne-wisconsin]").tap()
    expect(phone.locator("input[name=player_3]")).to_be_visible()
    expect(phone.locator("input[name=player_4]")).to_have_count(0)
    # The swapped-in form is listened to once htmx has settled it (as a person types after
    # the screen has changed); typing before that is an event nobody hears.
    expect(phone.locator(".htmx-request, .htmx-settling, .htmx-swapping")).to_have_count(0)
    phone.locator("input[name=player_1]").fill("Christopher")
    expect(phone.locator("#partners")).to_contain_text("Christopher")
    refreshes = [url for method, url in asked if method == "GET" and "/new/?" in url]
    assert len(refreshes) >= 3
    assert [url for method, url in asked if "csrfmiddlewaretoken" in url] == []


def test_new_game_without_script_switches_the_game_with_the_token_out_of_the_address(
    browser, live_server
):
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, java_script_enabled=False, base_url=live_server.url
    )
    page = context.new_page()
    try:
        page.goto("/new/")
        page.locator("input[name=player_0]").fill("Katherine")
        page.locator("label[for=variant-ne-wisconsin]").click()
        page.get_by_role("button", name="Show the seats for this game").click()
        expect(page.locator("input[name=player_3]")).to_be_visible()
        expect(page.locator("input[name=player_4]")).to_have_count(0)
        expect(page.locator("input[name=player_0]")).to_have_value("Katherine")
        assert "csrfmiddlewaretoken" not in page.url
    finally:
        context.close()
