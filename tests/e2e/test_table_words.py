"""Entry by names on one 360x740 screen: every tap of a hand in view without scrolling,
Record and the preview in a bar at the bottom, "All passed" away from Record and never
dropping a half-entered hand, typed totals staying on for the game on that phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from smear_scores.models import Game, Hand

from .conftest import seat_players

pytestmark = pytest.mark.browser
expect.set_options(timeout=10_000)

SCREEN = {"width": 360, "height": 740}


@pytest.fixture
def table_phone(browser, live_server):
    context = browser.new_context(
        viewport=SCREEN, has_touch=True, is_mobile=True, base_url=live_server.url
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


class OneScreen:
    """Taps that each must be on screen, above the bar, with the page never scrolled."""

    def __init__(self, page: Page):
        self.page = page
        self.taps = 0

    def settled(self) -> None:
        expect(self.page.locator(".htmx-added, .htmx-settling, .htmx-request")).to_have_count(0)

    def in_view(self, locator) -> None:
        box = locator.bounding_box()
        bar = self.page.locator(".entry-bar").bounding_box()
        scrolled = self.page.evaluate("window.scrollY")
        assert scrolled == 0, f"the page scrolled by {scrolled} px"
        if locator.evaluate("e => !!e.closest('.entry-bar')"):
            assert box["y"] + box["height"] <= SCREEN["height"], locator
        else:
            # Above the bar, which covers the bottom of the screen.
            assert box["y"] >= 0 and box["y"] + box["height"] <= bar["y"], locator

    def tap(self, locator) -> None:
        self.in_view(locator)
        locator.tap()
        self.taps += 1

    def start(self, variant: str, names: list[str]) -> None:
        page = self.page
        page.goto("/new/")
        page.locator("#new-game label", has_text=variant).click()
        expect(page.locator("input[name^=player_]")).to_have_count(len(names))
        seat_players(page, names, dealer=names[0])
        page.get_by_role("button", name="Start the game").click()
        expect(page.locator(".deal")).to_contain_text("Hand 1 · ")
        self.settled()

    def hand(self, bidder: str, bid: int, awards: dict[str, str], will_score: str) -> int:
        """Tap one hand by names and record it; returns the taps it took. ``will_score``
        is the bar's line, which leaves out the teams the hand leaves at +0."""
        page = self.page
        self.taps = 0
        self.tap(page.locator(".bidder label", has_text=re.compile(f"^{bidder}$")))
        self.tap(page.locator(f"label[for=bid-{bid}]"))
        for key, team in awards.items():
            self.tap(page.locator(f".point label[for^=award_{key}-]", has_text=team))
        expect(page.locator("#hand-preview")).to_have_text(f"Will score: {will_score}")
        self.tap(page.locator("#hand-form button.record"))
        self.settled()
        expect(page.locator(".notice")).to_contain_text(will_score.split(" · ends")[0])
        assert page.evaluate("window.scrollY") == 0
        return self.taps


def test_entry_schmier_hand_by_names_on_one_screen_in_9_taps(table_phone, live_server):
    me = OneScreen(table_phone)
    me.start("Schmier", ["Al", "Bo", "Cy", "Di", "Ed", "Flo"])

    # Each point button says the point and the partners (on the score pad the column's
    # head shows the team; the button's words are for a screen reader), in the team's colour.
    def words(locator) -> list[str]:
        return [" ".join(text.split()) for text in locator.all_text_contents()]

    assert words(table_phone.locator(".point label[for^=award_high-]")) == [
        "High: Al & Di",
        "High: Bo & Ed",
        "High: Cy & Flo",
    ]
    assert words(table_phone.locator("label[for=award_game-none]")) == ["Game: Nobody (tie)"]
    sweep = {k: "Cy & Flo" for k in ("high", "low", "right_bauer", "left_bauer", "joker")}
    taps = [
        me.hand(
            "Cy",
            6,
            {**sweep, "game": "Cy & Flo"},
            "Cy & Flo bid 6 and took 6: made, +6",
        )
        for _ in range(3)
    ]
    # The fourth sweep ends the game, and the preview says so before Record.
    taps.append(
        me.hand(
            "Flo",
            6,
            {**sweep, "game": "Nobody (tie)"},
            "Cy & Flo bid 6 and took 5: set, -6",
        )
    )
    assert taps == [9, 9, 9, 9]
    assert table_phone.locator(".team .score").all_inner_texts() == ["0", "0", "12"]


def test_entry_preview_says_the_hand_ends_the_game(table_phone, live_server):
    me = OneScreen(table_phone)
    me.start("Wisconsin", ["Al", "Bo", "Cy", "Di"])
    all_al = {k: "Al & Cy" for k in ("high", "low", "jack", "game")}
    taps = [me.hand("Al", 4, all_al, "Al & Cy bid 4 and took 4: made, +4") for _ in range(3)]
    taps.append(
        me.hand(
            "Cy",
            4,
            all_al,
            "Al & Cy bid 4 and took 4: made, +4 · ends the game: Al & Cy win 16–0",
        )
    )
    assert taps == [7, 7, 7, 7]
    expect(table_phone.locator(".banner-title")).to_have_text("Al & Cy win!")


def test_entry_all_passed_asks_before_dropping_a_tapped_hand(table_phone, live_server):
    page = table_phone
    me = OneScreen(page)
    me.start("Wisconsin", ["Al", "Bo", "Cy", "Di"])
    game = Game.objects.get()
    page.locator(".bidder label", has_text="Bo").tap()
    page.locator("label[for=bid-3]").tap()
    page.get_by_role("button", name="All passed").tap()
    expect(page.locator("#hand-form .error")).to_have_text(
        "Everyone passed? Tap “Yes, thrown in” to drop what is entered, or finish the hand."
    )
    me.settled()
    # Nothing recorded, the taps kept.
    assert Hand.objects.filter(game=game).count() == 0
    expect(page.locator("input[name=bidder]:checked")).to_have_value("1")
    page.get_by_role("button", name="Yes, thrown in").tap()
    expect(page.locator(".entry-bar .notice")).to_have_text(
        "Hand 1: Thrown in: no score; the same dealer deals again."
    )
    me.settled()
    assert list(Hand.objects.filter(game=game).values_list("thrown_in", flat=True)) == [True]
    # All passed is far from Record: beside the bids, every row of points between them.
    passed = page.get_by_role("button", name="All passed").bounding_box()
    record = page.locator("#hand-form button.record").bounding_box()
    rows = [r.bounding_box() for r in page.locator(".awards .point").all()]
    assert len(rows) == 4
    assert passed["y"] + passed["height"] <= rows[0]["y"]
    assert rows[-1]["y"] + rows[-1]["height"] <= record["y"]
    assert record["y"] - (passed["y"] + passed["height"]) > 180
    # And the thrown-in deal is within an undo's reach.
    page.get_by_role("link", name="Undo hand 1").tap()
    page.get_by_role("button", name="Yes, undo hand 1").tap()
    expect(page.locator(".notice")).to_contain_text("Hand 1 was undone.")
    assert Hand.objects.filter(game=game).count() == 0


def test_entry_typed_totals_stay_on_for_the_game_on_this_phone(table_phone, live_server):
    page = table_phone
    me = OneScreen(page)
    me.start("Wisconsin", ["Al", "Bo", "Cy", "Di"])
    page.locator(".bidder label", has_text="Al").tap()
    page.locator("label[for=bid-2]").tap()
    page.get_by_text("Type totals").tap()
    page.fill("input[name=points_0]", "3")
    page.fill("input[name=points_1]", "1")
    expect(page.locator("#hand-preview")).to_have_text(
        "Will score: Al & Cy bid 2 and took 3: made, +3 · Bo & Di +1"
    )
    page.locator("#hand-form button.record").tap()
    expect(page.locator(".entry-bar .notice")).to_contain_text("Hand 1:")
    me.settled()
    # The next hand's form, and the page opened again, still take typed totals.
    expect(page.locator("input[name=by_totals]")).to_be_checked()
    expect(page.locator("input[name=points_0]")).to_be_visible()
    page.reload()
    expect(page.locator("input[name=by_totals]")).to_be_checked()
    # Switched off, it stays off.
    page.get_by_text("Type totals").tap()
    expect(page.locator("#hand-preview")).to_contain_text("Still to tap")
    me.settled()
    page.reload()
    expect(page.locator("input[name=by_totals]")).not_to_be_checked()


@pytest.mark.parametrize("size", [(740, 360), (360, 740)], ids=["landscape", "portrait"])
def test_table_view_scores_fit_the_screen_and_keep_it_awake(browser, live_server, size):
    from smear_scores.services.new_games import game_create

    game = game_create(variant="schmier", players=["Al", "Bo", "Cy", "Di", "Ed", "Flo"])
    width, height = size
    context = browser.new_context(
        viewport={"width": width, "height": height}, base_url=live_server.url
    )
    page = context.new_page()
    try:
        page.goto(f"/g/{game.public_id}/table/")
        expect(page.locator("[data-wake-lock]")).to_have_attribute("data-wake-lock", "on")
        sizes = page.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
        )
        assert sizes == [width, height]
        for score in page.locator(".table-score").all():
            box = score.bounding_box()
            # Readable across a table: at least 60 px tall, and all of it on screen.
            assert box["height"] >= 60 and box["y"] + box["height"] <= height
    finally:
        context.close()


def test_dark_mode_follows_the_phone(browser, live_server):
    from smear_scores.services.new_games import game_create

    game = game_create(variant="schmier", players=["Al", "Bo", "Cy", "Di", "Ed", "Flo"])
    colours = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(color_scheme=scheme, base_url=live_server.url)
        page = context.new_page()
        page.goto(f"/g/{game.public_id}/")
        colours[scheme] = page.evaluate(
            "getComputedStyle(document.documentElement).backgroundColor"
        )
        context.close()
    assert colours["light"] == "rgb(255, 255, 255)"
    assert colours["dark"] != colours["light"]


def test_text_at_200_percent_never_scrolls_sideways_nor_overlaps_the_scores(browser, live_server):
    from smear_scores.services.new_games import game_create

    game = game_create(variant="schmier", players=["Al", "Bo", "Cy", "Di", "Ed", "Flo"])
    # The test sets the text size with a style tag, which the site's CSP would refuse.
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        is_mobile=True,
        base_url=live_server.url,
        bypass_csp=True,
    )
    page = context.new_page()
    try:
        for path in (
            f"/g/{game.public_id}/",
            f"/g/{game.public_id}/table/",
            f"/g/{game.public_id}/history/",
            f"/g/{game.public_id}/rules/",
            "/rules/schmier/",
            "/new/",
            "/",
        ):
            page.goto(path)
            # The phone's text size at 200 %: every rem and em doubles.
            page.add_style_tag(content="html { font-size: 200% !important; }")
            assert page.evaluate("document.documentElement.scrollWidth") == 360, path
            boxes = [s.bounding_box() for s in page.locator(".score, .table-score").all()]
            for one, other in zip(boxes, boxes[1:], strict=False):
                apart = (
                    one["x"] + one["width"] <= other["x"] or one["y"] + one["height"] <= other["y"]
                )
                assert apart, path
    finally:
        context.close()
