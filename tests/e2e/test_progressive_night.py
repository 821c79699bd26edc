"""A 12-player Schmier progressive night of 3 rounds: the director draws each round, two
phones scan a table's QR link each and score at the same time, a watcher keeps the room
view open and sees it follow every hand."""

from __future__ import annotations

import os
import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from smear_scores.models import Club, Membership, Night, Player, RoundTable
from smear_scores.selectors.nights import night_standings
from tests.league.conftest import agree_all

from .conftest import CHROMIUM_FLAGS  # noqa: F401  (the browser fixture launches with them)

pytestmark = pytest.mark.browser

PASSWORD = "a-long-test-password"
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"]
# Set to a directory to keep a 360x740 screenshot of each screen (for looking at them).
SHOTS = os.environ.get("NIGHT_SHOTS")


def _context(browser, live_server, width, height, mobile):
    context = browser.new_context(
        viewport={"width": width, "height": height},
        has_touch=mobile,
        is_mobile=mobile,
        base_url=live_server.url,
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    return context, page


def _shot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def _hand(page: Page, number: int, team: int) -> None:
    """Partnership ``team`` bids 3 from its first seat and takes high, low and the right
    bauer; the next partnership takes the left bauer and the joker, the third game."""
    nxt, third = (team + 1) % 3, (team + 2) % 3
    for label in (
        f"bidder-{team}",
        "bid-3",
        f"award_high-{team}",
        f"award_low-{team}",
        f"award_right_bauer-{team}",
        f"award_left_bauer-{nxt}",
        f"award_joker-{nxt}",
        f"award_game-{third}",
    ):
        page.locator(f"label[for={label}]").tap()
    page.get_by_role("button", name=f"Record hand {number}").tap()
    expect(page.locator(".notice")).to_contain_text(f"Hand {number}: ")
    expect(page.locator(".htmx-added, .htmx-settling, .htmx-request")).to_have_count(0)


def test_progressive_night_twelve_players_three_rounds(browser, live_server):
    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    for name in NAMES:
        Player.objects.create(club=club, name=name)
    dora = User.objects.create_user("dora", password=PASSWORD, is_staff=True)
    Membership.objects.create(user=dora, club=club, is_admin=True)

    contexts = []
    director_ctx, director = _context(browser, live_server, 360, 740, True)
    watcher_ctx, watcher = _context(browser, live_server, 1280, 720, False)
    contexts += [director_ctx, watcher_ctx]
    try:
        # The director logs in and opens the night: 3 rounds of 2 hands, a 2-point bonus.
        director.goto(f"/clubs/{club.slug}/tournaments/new/")
        director.fill("input[name=username]", "dora")
        director.fill("input[name=password]", PASSWORD)
        director.get_by_role("button", name="Log in").tap()
        expect(director.locator("h1")).to_have_text("Open a progressive night")
        director.fill("input[name=name]", "Tuesday progressive")
        director.select_option("select[name=variant]", "schmier")
        director.fill("input[name=round_hands]", "2")
        director.fill("input[name=rounds]", "3")
        director.fill("input[name=win_bonus]", "2")
        _shot(director, "night-open")
        assert director.evaluate("document.documentElement.scrollWidth") <= 360
        director.get_by_role("button", name="Open the night").tap()
        expect(director.locator("h1")).to_have_text("Tuesday progressive")
        night = Night.objects.get()

        # Everyone checks in from the roster.
        for name in NAMES:
            director.get_by_label(name, exact=True).check()
        director.get_by_role("button", name="Check in").tap()
        expect(director.get_by_role("heading", name="Checked in (12)")).to_be_visible()

        watcher.goto(f"/tournaments/{night.pk}/room/")
        expect(watcher.locator("caption")).to_have_text("Standings")

        for round_number in (1, 2, 3):
            director.get_by_role("button", name=re.compile(f"Start round {round_number}")).tap()
            cards = director.locator(".table-card")
            expect(cards).to_have_count(2)
            for card in cards.all():
                expect(card.locator(".table-line")).to_have_text(
                    re.compile(r"Table \d: \w+ & \w+ · \w+ & \w+ · \w+ & \w+, \w+ deals")
                )
                expect(card.locator("svg")).to_have_count(1)
            _shot(director, f"director-round-{round_number}")
            assert director.evaluate("document.documentElement.scrollWidth") <= 360
            links = [a.get_attribute("href") for a in director.locator(".scan-link").all()]
            expect(watcher.locator(".room-head")).to_contain_text(
                f"Round {round_number} of 3", timeout=8_000
            )

            # Two phones scan a table each and score at the same time, hand by hand.
            phones = []
            for link in links:
                ctx, page = _context(browser, live_server, 360, 740, True)
                contexts.append(ctx)
                page.goto(link)
                page.get_by_role("button", name="Yes, score from this phone").tap()
                expect(page.locator(".notice")).to_contain_text("This phone can now score")
                phones.append(page)
            for number in (1, 2):
                for table, page in enumerate(phones, start=1):
                    _hand(page, number, team=(round_number + table + number) % 3)
                    # The room view follows within a few seconds (it polls every 3 s).
                    room_table = watcher.locator(".room-table").nth(table - 1)
                    if number == 1:
                        expect(room_table).to_contain_text("Playing: 1 hand", timeout=8_000)
                    else:
                        # Won, and counting once the other teams agree (two keys).
                        expect(room_table).to_contain_text(
                            " won; counts once agreed by ", timeout=8_000
                        )
            for page in phones:
                # The round's last hand ends the game, as the engine decides.
                expect(page.locator(".banner-title")).to_contain_text(" win!")
            if round_number == 1:
                _shot(phones[0], "phone-round-over")
            director.reload()

        expect(director.locator("main")).to_contain_text("All 3 rounds are drawn and over.")
        # Every table's other teams agree (two keys: their phones' board has its own test).
        for table in RoundTable.objects.filter(round__night=night).select_related("game"):
            agree_all(table.game)
        watcher.reload()
        # The room's standings are each player's own total, as the night's rule says.
        expected = [(s.name, s.total_text) for s in night_standings(night)]
        rows = watcher.locator("table.standings tbody tr")
        expect(rows).to_have_count(12)
        shown = [
            (row.locator("th").inner_text(), row.locator("td.total").inner_text())
            for row in rows.all()
        ]
        assert shown == expected
        assert len({total for _, total in shown}) > 1
        if SHOTS:
            watcher.screenshot(path=os.path.join(SHOTS, "room.png"))
        # The room view also fits a phone held upright.
        watcher.set_viewport_size({"width": 360, "height": 740})
        _shot(watcher, "room-phone")
        assert watcher.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        for ctx in contexts:
            ctx.close()
