"""Counting Game at the table (D13), in Chromium at 360x740, light and dark: "Count…" on
the Game row, three totals typed on a number pad, the row and the bar saying who takes
Game, every tap on one screen, and the hand recorded with its counts."""

from __future__ import annotations

import os
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from smear_scores.models import Hand

from .conftest import seat_players, small_tap_targets

pytestmark = pytest.mark.browser
expect.set_options(timeout=10_000)

SCREEN = {"width": 360, "height": 740}
NAMES = ["Al", "Bo", "Cy", "Di", "Ed", "Flo"]
# Set to a directory to keep a screenshot of the counting row (for looking at it).
SHOTS = os.environ.get("SMEAR_SHOTS", "")


class Table:
    """Taps that must each be on screen above the entry bar, the page never scrolled."""

    def __init__(self, page):
        self.page = page
        self.taps = 0

    def in_view(self, locator) -> None:
        page = self.page
        assert page.evaluate("window.scrollY") == 0
        box = locator.bounding_box()
        if locator.evaluate("e => !!e.closest('.entry-bar')"):
            assert box["y"] + box["height"] <= SCREEN["height"], locator
        else:
            bar = page.locator(".entry-bar").bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= bar["y"], locator

    def tap(self, locator) -> None:
        self.in_view(locator)
        locator.tap()
        self.taps += 1

    def type_count(self, locator, digits: str) -> None:
        """A tap on the field (a number pad opens), then the digits."""
        self.tap(locator)
        self.page.keyboard.type(digits)


@pytest.fixture(params=["light", "dark"])
def counting_phone(browser, live_server, request):
    context = browser.new_context(
        viewport=SCREEN,
        has_touch=True,
        is_mobile=True,
        base_url=live_server.url,
        color_scheme=request.param,
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page, request.param
    context.close()


def _start(page) -> None:
    page.goto("/new/")
    page.locator("#new-game label", has_text="Schmier").click()
    expect(page.locator("input[name^=player_]")).to_have_count(6)
    seat_players(page, NAMES, dealer=NAMES[0])
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".deal")).to_contain_text("Hand 1 · ")


def _settled(page) -> None:
    expect(page.locator(".htmx-added, .htmx-settling, .htmx-request")).to_have_count(0)


def test_count_game_by_typing_three_totals_and_record_it(counting_phone, live_server):
    page, scheme = counting_phone
    _start(page)
    me = Table(page)
    game_row = page.locator(".point", has=page.locator("[name=award_game]"))
    expect(game_row).to_be_visible()

    me.tap(page.locator(".bidder label", has_text=re.compile("^Al$")))
    me.tap(page.locator("label[for=bid-3]"))
    sweep = {"high": "Al & Di", "low": "Bo & Ed", "right_bauer": "Bo & Ed"}
    sweep |= {"left_bauer": "Cy & Flo", "joker": "Al & Di"}
    for key, team in sweep.items():
        me.tap(page.locator(f".point label[for^=award_{key}-]", has_text=team))
    me.tap(page.get_by_text("Count…"))
    # The counts stand in for the Game buttons: one field per team, named by it.
    expect(game_row).to_be_hidden()
    fields = page.locator(".card-count input[type=number]")
    expect(fields).to_have_count(3)
    assert [f.get_attribute("inputmode") for f in fields.all()] == ["numeric"] * 3
    assert page.locator(".card-count .count span").all_inner_texts() == [
        "Al & Di",
        "Bo & Ed",
        "Cy & Flo",
    ]
    for field, digits in zip(fields.all(), ["34", "27", "20"], strict=True):
        me.type_count(field, digits)

    verdict = page.locator("#card-count-verdict")
    expect(verdict).to_have_text("Al & Di take Game, 34 to 27 to 20")
    me.in_view(verdict)
    expect(page.locator("#hand-preview")).to_have_text(
        "Will score: Al & Di bid 3 and took 3: made, +3 · Bo & Ed +2 · Cy & Flo +1"
    )
    _settled(page)
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"counting-{scheme}.png"))
    me.tap(page.locator("#hand-form button.record"))
    _settled(page)

    expect(page.locator(".entry-bar .notice")).to_have_text(
        "Hand 1: Al & Di bid 3 and took 3: made, +3 · Bo & Ed +2 · Cy & Flo +1"
    )
    assert me.taps == 12  # bidder, bid, five points, Count…, three fields, Record
    assert page.locator(".team .score").all_inner_texts() == ["3", "2", "1"]
    expect(page.locator("table.hands .counted")).to_have_text(["Game 34–27–20"])
    hand = Hand.objects.get()
    assert (hand.card_points, hand.awards["game"]) == ([34, 27, 20], 0)
    # The next hand starts with the Game buttons again.
    expect(page.locator("input[name=count_game]")).not_to_be_checked()
    expect(game_row).to_be_visible()


def test_count_game_a_tie_and_a_wrong_sum_are_said_in_the_row(counting_phone, live_server):
    page, scheme = counting_phone
    _start(page)
    page.get_by_text("Count…").tap()
    fields = page.locator(".card-count input[type=number]").all()
    for field, digits in zip(fields, ["30", "30", "21"], strict=True):
        field.fill(digits)
    verdict = page.locator("#card-count-verdict")
    expect(verdict).to_have_text("Nobody: a tie at 30")

    fields[2].fill("40")
    expect(verdict).to_have_text(
        "The counts add up to 100, but Schmier has 81 card points in all: check the counts. why?"
    )
    expect(verdict.get_by_role("link", name="Why? The rule, on the rules page")).to_have_attribute(
        "href", "/rules/schmier/#D13"
    )
    _settled(page)
    page.evaluate("document.getAnimations().forEach(a => a.finish())")
    violations = Axe().run(page).response["violations"]
    assert [v["id"] for v in violations] == []
    assert small_tap_targets(page, "#hand-form") == []


def test_count_game_in_the_wisconsin_game_a_tie_in_9_taps(counting_phone, live_server):
    page, _ = counting_phone
    page.goto("/new/")
    page.locator("#new-game label", has_text="Wisconsin").click()
    expect(page.locator("input[name^=player_]")).to_have_count(4)
    seat_players(page, ["Al", "Bo", "Cy", "Di"], dealer="Al")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".deal")).to_contain_text("Hand 1 · ")
    me = Table(page)

    me.tap(page.locator(".bidder label", has_text=re.compile("^Bo$")))
    me.tap(page.locator("label[for=bid-2]"))
    me.tap(page.locator("label[for=award_high-1]"))
    me.tap(page.locator("label[for=award_low-1]"))
    me.tap(page.locator("label[for=award_jack-none]"))
    me.tap(page.get_by_text("Count…"))
    for field, digits in zip(
        page.locator(".card-count input[type=number]").all(), ["40", "40"], strict=True
    ):
        me.type_count(field, digits)
    expect(page.locator("#card-count-verdict")).to_have_text("Nobody: a tie at 40")
    # The bar names the teams the hand moves (Al & Cy take nothing).
    expect(page.locator("#hand-preview")).to_have_text(
        "Will score: Bo & Di bid 2 and took 2: made, +2"
    )
    _settled(page)
    me.tap(page.locator("#hand-form button.record"))
    _settled(page)

    expect(page.locator(".entry-bar .notice")).to_contain_text("Hand 1: Bo & Di bid 2")
    assert me.taps == 9  # bidder, bid, three points, Count…, two fields, Record
    hand = Hand.objects.get()
    assert (hand.card_points, hand.awards["game"]) == ([40, 40], None)
