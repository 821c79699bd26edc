"""A progressive night where each plays alone (a table's house rules, cutthroat): tables of
four with no partners, a player's round score their own."""

from __future__ import annotations

import re

import pytest
from django.urls import get_resolver

from smear_scores import rules
from smear_scores.models import Night
from smear_scores.rules import HandEntry
from smear_scores.selectors.nights import night_rounds, night_standings
from smear_scores.services.recording import hand_record
from tests.league.conftest import agree_all

from .test_pages import login, run_night

CUTTHROAT = rules.variant_from_settings(
    {**rules.settings_of(rules.AUCTION_PITCH), "name": "Cutthroat Pitch", "teams": 4},
    slug="cutthroat-pitch",
)


@pytest.fixture
def cutthroat():
    # The API's schemas list the presets once, when the URLs are first loaded: loaded
    # before this made-up variant is added, so no later test's API document lists it.
    get_resolver().url_patterns  # noqa: B018
    rules.VARIANTS[CUTTHROAT.slug] = CUTTHROAT
    yield CUTTHROAT
    del rules.VARIANTS[CUTTHROAT.slug]


def test_cutthroat_night_seats_tables_of_four_each_alone(
    client, club, players, director, cutthroat
):
    login(client, director)
    # Twelve checked in: three tables of four, nobody sits out.
    night = run_night(client, club, players, variant=cutthroat.slug, round_hands="1")
    assert client.post(f"/tournaments/{night.pk}/draw/").status_code == 302
    page = client.get(f"/tournaments/{night.pk}/").content.decode()
    lines = re.findall(r'<p class="table-line"><strong>(.*?)</strong>', page)
    assert len(lines) == 3
    for number, line in enumerate(lines, start=1):
        assert re.fullmatch(rf"Table {number}: \w+ · \w+ · \w+ · \w+, \w+ deals", line), line

    night = Night.objects.get()
    (first,) = night_rounds(night)
    table = first.tables[0]
    names = [seat.name for seat in table.game.seats.order_by("position")]
    assert table.partnerships == [[name] for name in names]
    # The second seat bids 2 and takes High and Low; the fourth takes Jack and Game.
    entry = HandEntry(bidder=1, bid=2, awards={"high": 1, "low": 1, "jack": 3, "game": 3})
    game, _ = hand_record(game=table.game, entry=entry)
    agree_all(game)  # the round counts once the other players agree (two keys)
    standings = {s.name: s.rounds for s in night_standings(night)}
    assert [standings[name] for name in names] == [["0"], ["2"], ["0"], ["2"]]
