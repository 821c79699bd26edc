"""A club night at 200 % text on a 360x740 phone: the director's screen (its finished and
closed tables too), a player's guide card and the check-in page fit the width (no sideways
scroll) and break no name without a hyphen; and between a round and its agreement, the
card says what it waits for."""

from __future__ import annotations

import os
from datetime import date

import pytest
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import expect

from smear_scores.models import Club, Game, Membership, Player
from smear_scores.rules import HandEntry
from smear_scores.services import night_phones, nights
from smear_scores.services.recording import hand_record

from .test_table_conditions import BROKEN_WORDS, SIDEWAYS, WIDER

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
NAMES = [
    "Jonathan",
    "Katherine",
    "Christopher",
    "Elizabeth",
    "Alexander",
    "Gabrielle",
    "Nathaniel",
    "Jacqueline",
    "Michelle",
    "Anthony",
    "Jessica",
    "Brandon",
]
LARGE = (
    "document.addEventListener('DOMContentLoaded', () => {"
    " const s = document.createElement('style');"
    " s.textContent = 'html { font-size: 200% !important; }';"
    " document.head.appendChild(s); });"
)
SHOTS = os.environ.get("ROOM_SHOTS")


def _night():
    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    players = [Player.objects.create(club=club, name=name) for name in NAMES]
    dora = User.objects.create_user("dora", is_staff=True)
    Membership.objects.create(user=dora, club=club, is_admin=True)
    night = nights.night_open(
        club=club,
        name="Tuesday",
        day=date(2026, 12, 1),
        variant="schmier",
        rounds=2,
        round_hands=2,
    )
    for player in players:
        night_phones.night_check_in(night=night, player=player)
    round_ = nights.round_draw(night=night, seed=3)
    first, second = round_.tables.order_by("number")
    # Table 1 finished (awaiting the other teams' agreement); table 2 closed as it stood.
    game = first.game
    for _ in range(2):
        game, _ = hand_record(game=game, entry=HandEntry(bidder=0, bid=3, points=(4, 1, 1)))
    hand_record(game=second.game, entry=HandEntry(bidder=1, bid=3, points=(1, 4, 1)))
    night_phones.table_close(table=second)
    return night, dora, players


def _look(page) -> dict:
    sideways = page.evaluate(SIDEWAYS)
    return {
        "sideways": [sideways, *page.evaluate(WIDER)] if sideways else [0],
        "broken": page.evaluate(BROKEN_WORDS),
    }


def _shoot(page, name: str) -> None:
    if SHOTS:
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.screenshot(path=os.path.join(SHOTS, f"{name}-200-{scheme}.png"), full_page=True)
        page.emulate_media(color_scheme="light")


def test_the_night_at_200_percent_text_fits_a_phone(browser, live_server):
    night, dora, players = _night()
    signed_in = Client()
    signed_in.force_login(dora)
    context = browser.new_context(
        viewport=PHONE,
        has_touch=True,
        is_mobile=True,
        base_url=live_server.url,
        # The test sets the text size with a style sheet, which the site's CSP refuses.
        bypass_csp=True,
    )
    context.add_init_script(LARGE)
    try:
        director = context.new_page()
        context.add_cookies(
            [
                {
                    "name": "sessionid",
                    "value": signed_in.cookies["sessionid"].value,
                    "url": live_server.url,
                }
            ]
        )
        director.goto(f"/tournaments/{night.pk}/")
        expect(director.locator(".dash-table")).to_have_count(2)
        _shoot(director, "director")
        seen = {"director": _look(director)}
        player = browser.new_context(
            viewport=PHONE,
            has_touch=True,
            is_mobile=True,
            base_url=live_server.url,
            bypass_csp=True,
        )
        player.add_init_script(LARGE)
        card = player.new_page()
        card.goto(f"/join/{night.join_code}/")
        seen["check-in"] = _look(card)
        seated = Game.objects.filter(night_table__number=1).get().seats.get(position=1).player
        card.get_by_role("button", name=f"{seated.name} (checked in)").tap()
        expect(card.locator(".guide-awaiting")).to_contain_text("counts once your team")
        _shoot(card, "card")
        seen["card"] = _look(card)
        player.close()
    finally:
        context.close()
    fine = {"sideways": [0], "broken": []}
    assert seen == {"director": fine, "check-in": fine, "card": fine}
