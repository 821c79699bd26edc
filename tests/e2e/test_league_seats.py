"""The league seat picker on a phone: big targets, each seat's team in view, a player
picked for one seat unavailable for the others; without JavaScript the server refuses
a player picked twice and says which seat to change."""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from smear_scores.models import Club, Game, League, Membership, Player

from .conftest import small_tap_targets

pytestmark = pytest.mark.browser

PASSWORD = "a-long-test-password"
SCREEN = {"width": 360, "height": 740}


@pytest.fixture
def league(db):
    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    league = League.objects.create(
        club=club, name="Winter", variant="ne-wisconsin", start_date=date(2020, 1, 1)
    )
    for name in ["Ann", "Bob", "Cat", "Dan", "Eve"]:
        Player.objects.create(club=club, name=name)
    user = User.objects.create_user("mia", password=PASSWORD)
    Membership.objects.create(user=user, club=club)
    return league


def _picker(browser, live_server, league, *, javascript: bool):
    context = browser.new_context(
        viewport=SCREEN,
        has_touch=True,
        is_mobile=True,
        base_url=live_server.url,
        java_script_enabled=javascript,
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"/clubs/login/?next=/leagues/{league.pk}/new/")
    page.fill("input[name=username]", "mia")
    page.fill("input[name=password]", PASSWORD)
    page.get_by_role("button", name="Log in").tap()
    expect(page.locator("h1")).to_have_text("New league game")
    return context, page


def _seat_labels(page) -> list[str]:
    return [" ".join(t.split()) for t in page.locator(".seat-field label").all_inner_texts()]


def test_seat_picker_on_a_phone_shows_teams_and_takes_a_player_once(browser, live_server, league):
    context, page = _picker(browser, live_server, league, javascript=True)
    try:
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert small_tap_targets(page, "main") == []
        assert _seat_labels(page) == [
            "Seat 1 Team A with seat 3",
            "Seat 2 Team B with seat 4",
            "Seat 3 Team A with seat 1",
            "Seat 4 Team B with seat 2",
            "First dealer",
        ]
        # Each seat is drawn in its team's colour: partners share one, opponents differ.
        colours = [
            e.evaluate("e => getComputedStyle(e).borderLeftColor")
            for e in page.locator(".seat-field:not(.dealer-field)").all()
        ]
        assert colours[0] == colours[2] != colours[1] == colours[3]

        page.select_option("select[name=seat_0]", label="Ann")
        page.select_option("select[name=seat_1]", label="Bob")
        # Ann and Bob are shown as taken, and cannot be picked, for the other seats.
        ann_elsewhere = page.locator("select[name=seat_2] option", has_text="Ann")
        expect(ann_elsewhere).to_have_text("Ann · seat 1")
        expect(ann_elsewhere).to_be_disabled()
        expect(page.locator("select[name=seat_3] option", has_text="Bob")).to_be_disabled()
        expect(page.locator("select[name=seat_0] option", has_text="Ann")).to_be_enabled()
        with pytest.raises(PlaywrightError, match="option being selected is not enabled"):
            page.select_option("select[name=seat_2]", label="Ann · seat 1", timeout=1_000)

        # Ann changes her mind about seat 1: she is free again for the others.
        page.select_option("select[name=seat_0]", label="Eve")
        expect(page.locator("select[name=seat_2] option", has_text="Ann")).to_be_enabled()
        page.select_option("select[name=seat_2]", label="Ann")
        page.select_option("select[name=seat_3]", label="Dan")
        # The first dealer is picked by name.
        page.select_option("select[name=first_dealer]", label="Seat 2 · Bob")
        page.get_by_role("button", name="Start the game").tap()
        expect(page).to_have_url(re.compile(r"/g/[\w-]+/$"))
        game = Game.objects.get()
        assert [s.name for s in game.seats.order_by("position")] == ["Eve", "Bob", "Ann", "Dan"]
        assert game.first_dealer == 1
    finally:
        context.close()


def test_seat_picker_without_javascript_refuses_a_player_twice(browser, live_server, league):
    context, page = _picker(browser, live_server, league, javascript=False)
    try:
        for seat, name in enumerate(["Ann", "Bob", "Ann", "Dan"]):
            page.select_option(f"select[name=seat_{seat}]", label=name)
        page.get_by_role("button", name="Start the game").tap()
        expect(page.get_by_role("alert")).to_have_text(
            "The game has not started: one seat needs a change, said below."
        )
        seat_3 = page.get_by_label("Seat 3 Team A with seat 1", exact=True)
        # The refusal, then its "why?" link to the rule on the rules page.
        expect(seat_3).to_have_accessible_description(
            "Ann is already in seat 1: pick someone else for seat 3. "
            "Why? The rule, on the rules page"
        )
        expect(seat_3).to_have_attribute("aria-invalid", "true")
        # The other picks are kept; only seat 3 needs another player.
        assert [page.locator(f"select[name=seat_{s}]").input_value() for s in range(4)] == [
            str(Player.objects.get(name=n).pk) for n in ["Ann", "Bob", "Ann", "Dan"]
        ]
        assert small_tap_targets(page, "main") == []
        assert Game.objects.count() == 0
        page.select_option("select[name=seat_2]", label="Cat")
        page.get_by_role("button", name="Start the game").tap()
        expect(page).to_have_url(re.compile(r"/g/[\w-]+/$"))
        assert [s.name for s in Game.objects.get().seats.order_by("position")] == [
            "Ann",
            "Bob",
            "Cat",
            "Dan",
        ]
    finally:
        context.close()


def test_seat_picker_start_is_on_the_screen_with_six_seats(browser, live_server, league):
    """Schmier's six seats and the first dealer, each on one line: Start the game is on
    the 360x740 screen without scrolling."""
    league.variant = "schmier"
    league.save()
    for name in ["Katherine", "Christopher"]:
        Player.objects.create(club=league.club, name=name)
    context, page = _picker(browser, live_server, league, javascript=True)
    try:
        expect(page.locator("select[name^=seat_]")).to_have_count(6)
        box = page.get_by_role("button", name="Start the game").bounding_box()
        assert page.evaluate("window.scrollY") == 0
        assert box["y"] + box["height"] <= SCREEN["height"]
        assert page.evaluate("document.documentElement.scrollWidth") == SCREEN["width"]
        # Each select says its choice whole ("Pick a player", not "Pick a play").
        assert page.evaluate(SELECTS_CUT) == []
    finally:
        context.close()


# The selects whose shown choice is wider than the room for it (the text box less its
# padding and the arrow's room).
SELECTS_CUT = """() => [...document.querySelectorAll('select')].filter(select => {
  const style = getComputedStyle(select);
  const canvas = document.createElement('canvas').getContext('2d');
  canvas.font = style.font;
  const text = select.options[select.selectedIndex].text;
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return canvas.measureText(text).width > room;
}).map(select => select.name + ': ' + select.options[select.selectedIndex].text)"""
