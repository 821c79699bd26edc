"""The notice-board sheets print forty players on one A4 page: a season's standings and a
night's results."""

from __future__ import annotations

import re
from datetime import date

import pytest

from smear_scores.models import Club, Player
from smear_scores.rules import HandEntry
from smear_scores.services import night_phones, nights
from smear_scores.services.recording import hand_record
from smear_scores.services.seasons import season_save
from tests.league.conftest import agree_all

pytestmark = pytest.mark.browser

NAMES = [f"{first} {last}" for first in ("Ann", "Bo", "Cy", "Di", "Ed") for last in "ABCDEFGH"]


def pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


def test_forty_players_print_on_one_a4_page(browser, live_server):
    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    players = [Player.objects.create(club=club, name=n) for n in NAMES]
    night = nights.night_open(
        club=club,
        name="Spring night",
        day=date(2026, 3, 3),
        variant="schmier",
        rounds=3,
        round_hands=1,
    )
    for player in players:
        night_phones.night_check_in(night=night, player=player)
    for seed in (1, 2, 3):
        for table in nights.round_draw(night=night, seed=seed).tables.all():
            game, _ = hand_record(
                game=table.game, entry=HandEntry(bidder=0, bid=3, points=(3, 2, 1))
            )
            agree_all(game)
    season = season_save(
        club=club,
        name="Spring 2026",
        start=date(2026, 1, 1),
        end=date(2026, 12, 31),
        nights_planned=40,
        minimum=1,
        tie_breaks=["nights_won", "rounds_won"],
    )
    context = browser.new_context(base_url=live_server.url)
    page = context.new_page()
    try:
        for path in (
            f"/clubs/tuesday/seasons/{season.pk}/print/",
            f"/tournaments/{night.pk}/results/print/",
        ):
            page.goto(path)
            assert page.locator("tbody tr").count() == 40
            page.emulate_media(media="print")
            assert pages(page.pdf(format="A4", print_background=True)) == 1, path
    finally:
        context.close()
