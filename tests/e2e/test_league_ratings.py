"""Ratings as a club reads them, on a phone at 360x740: a whole number beside the name,
seen without swiping the league table, "provisional" while a player has few games."""

from __future__ import annotations

from datetime import date

import pytest
from playwright.sync_api import expect

from smear_scores.models import Club, Rating
from tests.league.conftest import make_league, roster, wisconsin_win

pytestmark = pytest.mark.browser

NAMES = ["Katherine", "Christopher", "Jessica", "Brandon"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_league_rating_is_seen_beside_the_name_without_swiping(browser, live_server, scheme):
    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    league = make_league(club, start_date=date(2020, 1, 1))
    players = roster(club, *NAMES)
    wisconsin_win(league, players, winner=0)
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        is_mobile=True,
        has_touch=True,
        color_scheme=scheme,
        base_url=live_server.url,
    )
    page = context.new_page()
    try:
        page.goto(f"/leagues/{league.pk}/")
        table = page.locator("#players-table")
        header = table.locator("thead th").all_inner_texts()
        assert header[:3] == ["Rank", "Player", "Rating"]
        # Every rating cell is inside the screen as the page opens: no swipe needed.
        boxes = table.locator("td.rating").evaluate_all(
            "cells => cells.map(c => { const r = c.getBoundingClientRect();"
            " return [r.left >= 0, r.right <= 360, r.top < 740]; })"
        )
        assert boxes == [[True, True, True]] * 4
        expected = {
            p.name: round(1000 + 20 * Rating.objects.filter(player=p).latest("seq").ordinal)
            for p in players
        }
        shown = {
            row.get_attribute("data-name"): row.locator("td.rating").inner_text()
            for row in table.locator("tbody tr").all()
        }
        assert shown == {name: f"{points}\nprovisional" for name, points in expected.items()}
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        # The player's page says it in words, without mu or sigma.
        table.get_by_role("link", name="Christopher").tap()
        expect(page.locator(".summary")).to_have_text(
            "1 finished game: 0 won, 1 lost. "
            f"Rating {expected['Christopher']} (provisional: 1 of 10 rated games)"
        )
        expect(page.locator("#rating-history tbody td").first).to_have_text(
            "Katherine & Jessica v Christopher & Brandon"
        )
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        context.close()
