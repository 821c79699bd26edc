"""A league night: two members score two tables on their phones; the night view shows
which table is still playing and the league table follows the finished games."""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from smear_scores.models import Club, Game, League, Membership, Player
from tests.league.conftest import agree_all

pytestmark = pytest.mark.browser

PASSWORD = "a-long-test-password"


def _no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def _log_in(page: Page, username: str, next_url: str) -> None:
    page.goto(next_url)
    expect(page.locator("h1")).to_have_text("Log in")
    _no_sideways_scroll(page)
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.get_by_role("button", name="Log in").tap()


def _start_game(page: Page, players: list[str]) -> None:
    expect(page.locator("h1")).to_have_text("New league game")
    _no_sideways_scroll(page)
    for seat, name in enumerate(players):
        page.select_option(f"select[name=seat_{seat}]", label=name)
    page.select_option("select[name=first_dealer]", label=f"Seat 4 · {players[3]}")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".deal")).to_contain_text("Hand 1 · ")
    expect(page).to_have_url(re.compile(r"/g/[\w-]+/$"))


def _sweep(page: Page, number: int, bidder_seat: int, team: int) -> None:
    """The bidder's team bids 4 and takes all four points."""
    for label in (
        f"bidder-{bidder_seat}",
        "bid-4",
        f"award_high-{team}",
        f"award_low-{team}",
        f"award_jack-{team}",
        f"award_game-{team}",
    ):
        page.locator(f"label[for={label}]").tap()
    page.get_by_role("button", name=f"Record hand {number}").tap()
    expect(page.locator(".notice")).to_contain_text(f"Hand {number}: ")
    expect(page.locator(".htmx-added, .htmx-settling, .htmx-request")).to_have_count(0)


def _table(page: Page) -> list[tuple[str, str, str]]:
    """(rank, name, wins) of each row of the players' table."""
    rows = page.locator("#players-table tbody tr")
    return [
        (
            row.locator("td.rank").inner_text(),
            row.locator("th").inner_text(),
            # td: rank, then (past the rating beside the name) played, won.
            row.locator("td:not(.rating)").nth(2).inner_text(),
        )
        for row in rows.all()
    ]


def _agree_finished(league: League) -> None:
    for game in Game.objects.filter(league=league, finished=True, agreed_at__isnull=True):
        agree_all(game)


def test_league_night_two_tables_two_phones(phone: Page, second_phone: Page):
    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    league = League.objects.create(
        club=club, name="Winter", variant="ne-wisconsin", start_date=date(2020, 1, 1)
    )
    for name in ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]:
        Player.objects.create(club=club, name=name)
    for username in ["mia", "max"]:
        user = User.objects.create_user(username, password=PASSWORD)
        Membership.objects.create(user=user, club=club)

    # Both members log in on their phones and start a table each.
    _log_in(phone, "mia", f"/leagues/{league.pk}/new/")
    _start_game(phone, ["Ann", "Bob", "Cat", "Dan"])
    _log_in(second_phone, "max", f"/leagues/{league.pk}/new/")
    _start_game(second_phone, ["Eve", "Fay", "Gus", "Hal"])

    # Table 1: Ann & Cat (Team A) sweep four hands and win 16-0.
    for number in range(1, 5):
        _sweep(phone, number, bidder_seat=0, team=0)
    expect(phone.locator(".banner-title")).to_have_text("Ann & Cat win!")

    # Table 2 has played one hand: Fay & Hal (Team B) lead 4-0.
    _sweep(second_phone, 1, bidder_seat=1, team=1)

    # The organiser's view of the night: one table still playing.
    phone.goto(f"/nights/{club.slug}/")
    expect(phone.locator(".night-summary")).to_contain_text("2 games: 1 still playing.")
    _no_sideways_scroll(phone)

    # Bob & Dan agree to it (two keys; their phone's board has its own test).
    _agree_finished(league)

    # The league table counts the finished game only.
    table_two = second_phone.url
    second_phone.goto(f"/leagues/{league.pk}/")
    _no_sideways_scroll(second_phone)
    assert _table(second_phone) == [
        ("=1", "Ann", "1"),
        ("=1", "Cat", "1"),
        ("=3", "Bob", "0"),
        ("=3", "Dan", "0"),
    ]
    expect(second_phone.locator("#ranking-rule")).to_contain_text(
        "Ranked by wins, then win %, then point difference."
    )

    # Table 2 finishes: Fay & Hal win 16-0.
    second_phone.goto(table_two)
    expect(second_phone.locator("#hand-form button.record")).to_have_text("Record hand 2")
    for number in range(2, 5):
        _sweep(second_phone, number, bidder_seat=1, team=1)
    expect(second_phone.locator(".banner-title")).to_have_text("Fay & Hal win!")

    # The night view updates by itself (every 10 s): every table has finished.
    expect(phone.locator(".night-summary")).to_contain_text(
        "2 games: all finished.", timeout=25_000
    )

    # The league table now has both games once agreed; a member of the club sees it update.
    _agree_finished(league)
    phone.goto(f"/leagues/{league.pk}/")
    assert _table(phone) == [
        ("=1", "Ann", "1"),
        ("=1", "Cat", "1"),
        ("=1", "Fay", "1"),
        ("=1", "Hal", "1"),
        ("=5", "Bob", "0"),
        ("=5", "Dan", "0"),
        ("=5", "Eve", "0"),
        ("=5", "Gus", "0"),
    ]
    _no_sideways_scroll(phone)
    phone.get_by_role("link", name="Fay").first.tap()
    expect(phone.locator("h1")).to_have_text("Fay")
    expect(phone.locator(".summary")).to_contain_text("1 finished game: 1 won, 0 lost.")
    _no_sideways_scroll(phone)
