"""A club night run from the players' phones, in one Chromium against the app under ASGI
(its pushes real), reached as a phone on the club's Wi-Fi reaches it (plain http, no
secure context): 12 players check in by the link the room screen's QR holds, each card
shows its table and seat, the next round reaches every card within a second of the draw,
a late arrival is drawn into round 2, and the director's announcement reaches every card."""

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
from smear_scores.services import nights
from smear_scores.services.recording import hand_record

from .conftest import LAN_HOST

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"]
PHONE = {"width": 360, "height": 740}
# Within a second of the draw, as the players see it.
PUSHED = 1000


# ROOM_SHOTS=/work/shots/room: the screens between a round and its agreement, light and
# dark, saved there.
SHOTS = os.environ.get("ROOM_SHOTS")


def _shots(page, name: str) -> None:
    if not SHOTS:
        return
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=os.path.join(SHOTS, f"{name}-{scheme}.png"), full_page=True)
    page.emulate_media(color_scheme="light")


def _seats(night: Night, number: int) -> dict[str, tuple[int, int]]:
    """Each seated player's (table, seat) in round ``number``."""
    round_ = Round.objects.get(night=night, number=number)
    where = {}
    for table in round_.tables.select_related("game"):
        for seat in table.game.seats.all():
            where[seat.name] = (table.number, seat.position + 1)
    return where


def test_a_night_on_twelve_phones_with_the_director_and_the_room(
    asgi_server, lan_browser, settings
):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, LAN_HOST]
    url = asgi_server.url.replace("://127.0.0.1:", f"://{LAN_HOST}:")
    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    for name in [*NAMES, "Max"]:
        Player.objects.create(club=club, name=name)
    dora = User.objects.create_user("dora", is_staff=True)
    Membership.objects.create(user=dora, club=club, is_admin=True)
    night = nights.night_open(
        club=club,
        name="Tuesday phones",
        day=date(2026, 12, 1),
        variant="schmier",
        rounds=2,
        round_hands=1,
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
        # The room view opened with its key, as the director's screen links to it.
        room.goto(f"/tournaments/{night.pk}/room/?key={room_key(night.pk, night.join_code)}")
        link = room.locator(".room-join").get_attribute("data-link")
        assert link == f"{url}/join/{night.join_code}/"
        expect(
            room.get_by_role("img", name="QR code to check in to Tuesday phones")
        ).to_be_visible()
        director_ctx, director = context()
        director_ctx.add_cookies(
            [{"name": "sessionid", "value": signed_in.cookies["sessionid"].value, "url": url}]
        )
        director.goto(f"/tournaments/{night.pk}/")
        expect(director.locator("body")).to_have_attribute("data-live-mode", "stream")

        # Twelve players scan the room's code and tap their names.
        cards = {}
        for name in NAMES:
            _, phone = context()
            phone.goto(link)
            phone.get_by_role("button", name=name, exact=True).tap()
            expect(phone.locator(".guide-where")).to_have_text("Waiting for round 1")
            cards[name] = phone
        assert not cards["Ann"].evaluate("window.isSecureContext")
        # The director saw each check-in come in, unasked.
        expect(director.get_by_role("heading", name="Checked in (12)")).to_be_visible()
        for phone in cards.values():
            expect(phone.locator("body")).to_have_attribute("data-live-mode", "stream")

        # Round 1: every card shows its table and seat within a second of the draw.
        # (The draw has committed once the director's screen, redirected, shows it.)
        with director.expect_navigation():
            director.get_by_role("button", name="Start round 1").tap()
        for phone in cards.values():
            expect(phone.locator(".guide-round")).to_have_text("Round 1 of 2", timeout=PUSHED)
        for name, (table, seat) in _seats(night, 1).items():
            expect(cards[name].locator(".guide-table")).to_have_text(f"Table {table}")
            expect(cards[name].locator(".guide-seat")).to_have_text(f"Seat {seat}")
        # A notice on the screen says what changed.
        expect(cards["Ann"].locator("#guide-notice")).to_contain_text("Round 1 of 2")

        # Max arrives late: checked in after the draw, he waits for round 2.
        _, late = context()
        late.goto(link)
        late.get_by_role("button", name="Max", exact=True).tap()
        expect(late.locator(".guide-message")).to_contain_text(
            "You checked in after round 1 was drawn: you play from round 2"
        )
        cards["Max"] = late
        expect(director.locator(".dash-waiting")).to_contain_text("Max")

        # Round 1 is played out at the tables. Until the other teams agree, each card and
        # the room say the round's scores are provisional, and who must agree.
        for game in Game.objects.filter(night_table__round__night=night):
            hand_record(game=game, entry=HandEntry(bidder=0, bid=3, points=(4, 1, 1)))
        expect(cards["Ann"].locator(".guide-awaiting")).to_contain_text(
            "Provisional (*): round 1 at table", timeout=5000
        )
        expect(cards["Ann"].locator(".guide-total strong")).to_contain_text("*")
        expect(room.locator(".provisional-note")).to_be_visible(timeout=PUSHED)
        expect(room.locator(".room-table").first).to_contain_text(" won; counts once agreed by ")
        _shots(cards["Ann"], "card-awaiting")
        _shots(room, "room-awaiting")
        with director.expect_navigation():
            director.get_by_role("button", name="Start round 2").tap()
        for phone in cards.values():
            expect(phone.locator(".guide-round")).to_have_text("Round 2 of 2", timeout=PUSHED)
        seats = _seats(night, 2)
        assert "Max" in seats
        table, seat = seats["Max"]
        expect(late.locator(".guide-table")).to_have_text(f"Table {table}")
        expect(late.locator(".guide-seat")).to_have_text(f"Seat {seat}")
        out = next(n for n in cards if n not in seats)
        expect(cards[out].locator(".guide-table")).to_have_text("Sitting out")

        # An announcement typed once reaches every card and the room.
        director.get_by_label("Announcement, on every player's card and the room view").fill(
            "Pizza is here: round 2 starts in 5 minutes"
        )
        with director.expect_navigation():
            director.get_by_role("button", name="Announce").tap()
        for phone in cards.values():
            expect(phone.locator(".announcement")).to_contain_text(
                "Pizza is here: round 2 starts in 5 minutes", timeout=PUSHED
            )
        expect(room.locator(".announcement")).to_contain_text("Pizza is here")
        # Once on each card: in its own line, not again in the line at the top.
        for phone in cards.values():
            expect(phone.get_by_text("Pizza is here: round 2 starts in 5 minutes")).to_have_count(1)
    finally:
        for made in contexts:
            made.close()
