"""The club's settings page: each setting with what it does in a sentence; what it saves is
what the club's games and a new night's form then use; its leagues made and closed."""

from __future__ import annotations

from datetime import date
from html import escape

import pytest

from smear_scores.models import Club, League, Role
from smear_scores.wording.clubs import SETTINGS

from ..web.conftest import find_all, text
from .conftest import member

URL = "/clubs/tuesday/settings/"


@pytest.fixture
def director(client, club):
    dora = member("dora", club, Role.DIRECTOR)
    client.force_login(dora)
    return dora


def test_each_setting_says_what_it_does(client, club, director):
    page = text(client.get(URL))

    for label, sentence in SETTINGS.values():
        assert escape(label) in page
        assert escape(sentence) in page


def test_saved_settings_are_the_clubs_and_a_new_nights_defaults(client, club, director):
    saved = client.post(
        URL,
        {
            "confirm_hours": "48",
            "night_walk_ins": "on",
            "night_reveal": "end",
            "night_sub_policy": "bye",
            "night_bye_points": "6",
            "game": "schmier",
        },
    )
    night_form = client.get("/clubs/tuesday/tournaments/new/").context["form"]

    assert find_all(text(saved), "p", "notice") == [
        "Saved. New nights and leagues start from these settings."
    ]
    club = Club.objects.get()
    assert (club.confirm_hours, club.night_walk_ins, club.night_reveal, club.default_game) == (
        48,
        True,
        "end",
        "schmier",
    )
    assert (club.night_sub_policy, club.night_bye_points) == ("bye", 6)
    wanted = ("walk_ins", "reveal", "sub_policy", "bye_points", "variant")
    assert {k: night_form.initial[k] for k in wanted} == {
        "walk_ins": True,
        "reveal": "end",
        "sub_policy": "bye",
        "bye_points": 6,
        "variant": "schmier",
    }


def test_bad_settings_are_refused_and_nothing_saved(client, club, director):
    response = client.post(
        URL,
        {
            "confirm_hours": "0",
            "night_reveal": "later",
            "night_sub_policy": "coin",
            "night_bye_points": "900",
            "game": "poker",
        },
    )

    assert response.status_code == 422
    assert find_all(text(response), "p", "problem") == [
        "Give at least 1 hour to agree (24 is usual).",
        "Pick live or at the end.",
        "Pick who a substitute's rounds go to: the absent player, the substitute, or a bye.",
        "Give a bye's points as a whole number from 0 to 500, such as 6.",
        "Pick one of the games offered.",
    ]
    assert Club.objects.get().confirm_hours == 24


def test_a_league_is_made_and_its_season_closed(client, club, director):
    made = client.post(
        "/clubs/tuesday/leagues/new/",
        {"name": "Spring 2027", "game": "schmier", "start_date": "2027-03-01", "ranking": "wins"},
    )
    league = League.objects.get()
    early = client.post(f"/clubs/tuesday/leagues/{league.pk}/close/", {"end_date": "2027-02-01"})
    closed = client.post(f"/clubs/tuesday/leagues/{league.pk}/close/", {"end_date": "2027-06-30"})

    assert made["Location"] == f"/leagues/{league.pk}/"
    assert (league.name, league.variant, league.start_date) == (
        "Spring 2027",
        "schmier",
        date(2027, 3, 1),
    )
    assert find_all(text(early), "p", "problem") == [
        "The season started on 2027-03-01: close it on that day or later."
    ]
    assert find_all(text(closed), "p", "notice") == ["Spring 2027 closes after 2027-06-30."]
    assert League.objects.get().end_date == date(2027, 6, 30)
