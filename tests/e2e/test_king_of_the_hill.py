"""A king-of-the-hill night on twelve phones, in one Chromium against the app under ASGI
(its pushes real), as tests/e2e/test_night_phones.py drives one: three tables of four
(Wisconsin), three rounds of one hand. After each round the winners move up a table and
partners split; every card shows its new table and seat within a second of the draw. In
round 2 a player leaves and the director seats a substitute from the roster, who checked
in on a phone of his own: his card shows the seat he took and says whom he sits in for,
the room view says it on the absent player's line, and round 3 seats him in the absent
player's place on the ladder."""

from __future__ import annotations

import os
from datetime import date

import pytest
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import expect

from smear_scores.models import Club, Game, Membership, Night, Player, Round
from smear_scores.permissions import room_key
from smear_scores.rules import HandEntry
from smear_scores.services.night_substitutes import night_open_with_subs
from smear_scores.services.recording import hand_record

from .conftest import LAN_HOST
from .test_night_phones import NAMES, PHONE, PUSHED

pytestmark = pytest.mark.browser

# The bidder's partnership (seats 1 & 3 of the table) takes all four points and the round.
SWEEP = HandEntry(bidder=0, bid=4, awards={"high": 0, "low": 0, "jack": 0, "game": 0})
# SUB_SHOTS=/work/shots/subs: the director's substitute form and the sub's card and the
# room view, light and dark, saved there.
SHOTS = os.environ.get("SUB_SHOTS")


def _shots(page, name: str, selector: str | None = None) -> None:
    if not SHOTS:
        return
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        path = os.path.join(SHOTS, f"{name}-{scheme}.png")
        if selector:
            page.locator(selector).scroll_into_view_if_needed()
            page.screenshot(path=path)
        else:
            page.screenshot(path=path, full_page=True)
    page.emulate_media(color_scheme="light")


def _seats(night: Night, number: int) -> dict[str, tuple[int, int]]:
    """Each seated player's (table, seat) in round ``number``, by the name at the seat."""
    round_ = Round.objects.get(night=night, number=number)
    return {
        seat.name: (table.number, seat.position + 1)
        for table in round_.tables.select_related("game")
        for seat in table.game.seats.all()
    }


def _play_round(night: Night, number: int) -> None:
    for game in Game.objects.filter(
        night_table__round__night=night, night_table__round__number=number
    ):
        hand_record(game=game, entry=SWEEP)


def _start(director, cards, number: int) -> None:
    """The director starts round ``number``; every card shows it within a second."""
    with director.expect_navigation():
        director.get_by_role("button", name=f"Start round {number}").tap()
    for phone in cards.values():
        expect(phone.locator(".guide-round")).to_have_text(f"Round {number} of 3", timeout=PUSHED)


def _cards_show(night: Night, cards, number: int) -> dict[str, tuple[int, int]]:
    seats = _seats(night, number)
    for name, (table, seat) in seats.items():
        expect(cards[name].locator(".guide-table")).to_have_text(f"Table {table}")
        expect(cards[name].locator(".guide-seat")).to_have_text(f"Seat {seat}")
    return seats


def test_a_king_of_the_hill_night_on_twelve_phones_with_a_substitute(
    asgi_server, lan_browser, settings
):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, LAN_HOST]
    url = asgi_server.url.replace("://127.0.0.1:", f"://{LAN_HOST}:")
    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    for name in [*NAMES, "Max"]:
        Player.objects.create(club=club, name=name)
    dora = User.objects.create_user("dora", is_staff=True)
    Membership.objects.create(user=dora, club=club, is_admin=True)
    night = night_open_with_subs(
        club=club,
        name="King night",
        day=date(2026, 12, 1),
        variant="ne-wisconsin",
        rounds=3,
        round_hands=1,
        movement="king",
    )
    signed_in = Client()
    signed_in.force_login(dora)
    contexts = []

    def context(viewport=PHONE, mobile=True):
        made = lan_browser.new_context(
            viewport=viewport, has_touch=mobile, is_mobile=mobile, base_url=url
        )
        contexts.append(made)
        page = made.new_page()
        page.set_default_timeout(10_000)
        return made, page

    try:
        _, room = context({"width": 1280, "height": 720}, mobile=False)
        room.goto(f"/tournaments/{night.pk}/room/?key={room_key(night.pk, night.join_code)}")
        link = room.locator(".room-join").get_attribute("data-link")
        director_ctx, director = context()
        director_ctx.add_cookies(
            [{"name": "sessionid", "value": signed_in.cookies["sessionid"].value, "url": url}]
        )
        director.goto(f"/tournaments/{night.pk}/")
        cards = {}
        for name in NAMES:
            _, phone = context()
            phone.goto(link)
            phone.get_by_role("button", name=name, exact=True).tap()
            expect(phone.locator(".guide-where")).to_have_text("Waiting for round 1")
            cards[name] = phone
        expect(director.get_by_role("heading", name="Checked in (12)")).to_be_visible()

        _start(director, cards, 1)
        first = _cards_show(night, cards, 1)
        _play_round(night, 1)
        _start(director, cards, 2)
        second = _cards_show(night, cards, 2)
        # The head table's winners (seats 1 & 3) stay; table 2's winners move up.
        by_seat = {where: name for name, where in first.items()}
        assert second[by_seat[1, 1]][0] == 1 and second[by_seat[2, 1]][0] == 1
        assert second[by_seat[1, 2]][0] == 3  # the head table's losers go to the foot

        # Round 2: the player in seat 1 of table 2 leaves; Max checks in on his phone and
        # the director seats him in that seat, for rounds 2 to 3.
        gone = next(n for n, where in second.items() if where == (2, 1))
        _, max_phone = context()
        max_phone.goto(link)
        max_phone.get_by_role("button", name="Max", exact=True).tap()
        cards["Max"] = max_phone
        expect(max_phone.locator(".guide-message")).to_contain_text("you play from round 3")
        director.reload()
        director.locator(f".entrants li:has-text('{gone}') button:has-text('Gone')").tap()
        director.wait_for_load_state()
        director.get_by_label("Sit in for (who left or never came)").select_option(label=gone)
        director.get_by_label("Substitute from the roster").select_option(label="Max")
        _shots(director, "director-substitute-form", "#substitute")
        with director.expect_navigation():
            director.get_by_role("button", name="Seat the substitute").tap()
        expect(director.locator(".sat-in-list")).to_contain_text(
            f"Max sat in for {gone}, rounds 2\u20133"
        )
        # Round 3 is not drawn: the director could say the absent player is back for it.
        expect(director.get_by_role("button", name=f"{gone} is back")).to_be_visible()
        _shots(director, "director-sat-in", ".sat-in-list")
        expect(max_phone.locator(".guide-table")).to_have_text("Table 2", timeout=PUSHED)
        expect(max_phone.locator(".guide-seat")).to_have_text("Seat 1")
        expect(max_phone.locator(".guide-sat-in")).to_have_text(
            f"You sit in for {gone}, rounds 2\u20133."
        )
        expect(
            room.locator(f"tr.has-sat-in:has(th:text-is('{gone}')) + tr.sat-in-row")
        ).to_have_text("Max sat in, rounds 2\u20133", timeout=PUSHED)
        _shots(max_phone, "card-sat-in")

        _play_round(night, 2)
        del cards[gone]  # gone: his card says so, and no round reaches it
        _start(director, cards, 3)
        third = _cards_show(night, cards, 3)
        # Max holds the absent player's place: table 2's winners of round 2 move up.
        assert gone not in third and third["Max"][0] == 1
        _play_round(night, 3)
        # On a line of its own under the absent player's row.
        expect(
            room.locator(f"tr.has-sat-in:has(th:text-is('{gone}')) + tr.sat-in-row")
        ).to_have_text("Max sat in, rounds 2\u20133")
        assert "Max" not in room.locator("table.standings tbody th").all_inner_texts()
        _shots(room, "room-sat-in")
        max_phone.goto(f"/tournaments/{night.pk}/room/")
        _shots(max_phone, "room-phone-sat-in", "tr.sat-in-row")
    finally:
        for made in contexts:
            made.close()
