"""A club adopts house rules a table shared (from the set's page), and its leagues (in the
admin) and nights (the director's form) play them."""

from __future__ import annotations

import html
import re
from datetime import date

import pytest
from django.test import Client

from smear_scores.models import HouseRules, League, Night
from smear_scores.selectors.house_rules import preset_settings
from smear_scores.services.house_rules import house_rules_adopt, house_rules_create
from smear_scores.services.league_games import league_game_create
from smear_scores.services.night_phones import night_check_in
from smear_scores.services.nights import round_draw
from tests.league.conftest import PASSWORD, make_user, roster

from .conftest import find_all, notices, text

pytestmark = pytest.mark.django_db


@pytest.fixture
def shared():
    settings = {**preset_settings("auction-pitch"), "name": "Tuesday Smear", "target": 21}
    return house_rules_create(settings=settings)


@pytest.fixture
def club(db):
    from smear_scores.models import Club

    return Club.objects.create(name="Tuesday Smear Club", slug="tuesday")


@pytest.fixture
def other_club(db):
    from smear_scores.models import Club

    return Club.objects.create(name="Friday Club", slug="friday")


def signed_in(user) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


def test_a_club_named_in_other_digits_adopts_nothing(shared, club):
    """int() reads "١" (Arabic-Indic one) as club 1; the page offers ASCII ids only: no
    such club (404), and no set is adopted."""
    admin = signed_in(make_user("ada", club=club, admin=True))
    other_digits = str(club.pk).translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"))

    response = admin.post(f"/rules/house/{shared.public_id}/adopt/", {"club": other_digits})

    assert response.status_code == 404
    assert not HouseRules.objects.filter(club=club).exists()


def test_a_club_admin_adopts_shared_rules_for_the_club(shared, club, other_club):
    admin = signed_in(make_user("ada", club=club, admin=True))
    page = text(admin.get(f"/rules/house/{shared.public_id}/"))
    assert re.findall(r'<option value="(\d+)">([^<]+)</option>', page) == [
        (str(club.pk), "Tuesday Smear Club")
    ]

    response = admin.post(f"/rules/house/{shared.public_id}/adopt/", {"club": club.pk})

    adopted = HouseRules.objects.get(club=club)
    assert response["Location"] == f"/rules/house/{adopted.public_id}/"
    assert (adopted.name, adopted.settings) == (shared.name, shared.settings)
    assert notices(text(admin.get(response["Location"]))) == [
        "Tuesday Smear are Tuesday Smear Club's now: choose them for a league in the admin, "
        "or for a night when you open one."
    ]
    # The table's own set stays theirs; adopting again gives the club's copy back.
    assert HouseRules.objects.get(pk=shared.pk).club is None
    admin.post(f"/rules/house/{shared.public_id}/adopt/", {"club": club.pk})
    assert HouseRules.objects.filter(club=club).count() == 1


def test_only_a_clubs_admin_may_adopt_rules_for_it(shared, club, other_club):
    member = signed_in(make_user("bo", club=club, admin=False))
    other_admin = signed_in(make_user("cy", club=other_club, admin=True))

    assert "Adopt for the club" not in text(member.get(f"/rules/house/{shared.public_id}/"))
    refused = other_admin.post(f"/rules/house/{shared.public_id}/adopt/", {"club": club.pk})

    assert find_all(text(other_admin.get(refused["Location"])), "p", "problem") == [
        "Only admins of Tuesday Smear Club can adopt rules for it."
    ]
    assert HouseRules.objects.filter(club=club).count() == 0


def _league_post(club, **fields) -> dict:
    return {
        "club": club.pk,
        "name": "Spring",
        "variant": "schmier",
        "start_date": "2020-03-01",
        "end_date": "",
        "ranking": "wins",
        "points_first": 3,
        "points_second": 1,
        "points_third": 0,
        "min_games": 1,
        **fields,
    }


def test_a_league_plays_the_rules_its_club_adopted(shared, club, other_club):
    adopted = house_rules_adopt(house_rules=shared, club=club)
    not_ours = house_rules_adopt(house_rules=shared, club=other_club)
    admin = signed_in(make_user("ada", club=club, admin=True))

    form = admin.get("/admin/smear_scores/league/add/").context["adminform"].form
    assert list(form.fields["house_rules"].queryset) == [adopted]
    refused = admin.post(
        "/admin/smear_scores/league/add/", _league_post(club, house_rules=not_ours.pk)
    )
    assert refused.status_code == 200
    response = admin.post(
        "/admin/smear_scores/league/add/", _league_post(club, house_rules=adopted.pk)
    )

    assert response.status_code == 302
    league = League.objects.get()
    # The preset the rules started from is the league's variant; the rules are the set's.
    assert (league.variant, league.house_rules, league.options) == ("auction-pitch", adopted, {})
    game = league_game_create(
        league=league, players=roster(club, "Katherine", "Jonathan", "Chris", "Liz"), first_dealer=0
    )
    assert (game.house_rules, game.rules_variant.name, game.rules_variant.target) == (
        adopted,
        "Tuesday Smear",
        21,
    )


def test_a_night_plays_the_rules_its_club_adopted(shared, club):
    adopted = house_rules_adopt(house_rules=shared, club=club)
    director = signed_in(make_user("dora", club=club, admin=True))
    page = html.unescape(text(director.get(f"/clubs/{club.slug}/tournaments/new/")))
    assert re.findall(r'<option value="(house:[^"]+)">([^<]+)</option>', page) == [
        (f"house:{adopted.public_id}", "Tuesday Smear (the club's house rules)")
    ]

    response = director.post(
        f"/clubs/{club.slug}/tournaments/new/",
        {
            "day": "2026-11-29",
            "variant": f"house:{adopted.public_id}",
            "round_format": "game",
            "rounds": "2",
            "win_bonus": "0",
            # As a browser sends every option's list, whichever variant is chosen.
            "option_kitty": "0",
        },
    )

    night = Night.objects.get()
    assert response["Location"] == f"/tournaments/{night.pk}/"
    assert (night.variant, night.house_rules) == ("auction-pitch", adopted)
    for player in roster(club, "Katherine", "Jonathan", "Chris", "Liz"):
        night_check_in(night=night, player=player)
    (table,) = round_draw(night=night, seed=1).tables.all()
    assert (table.game.house_rules, table.game.rules_variant.name) == (adopted, "Tuesday Smear")


def test_a_night_refuses_rules_another_club_adopted(shared, club, other_club):
    from smear_scores.rules import Refused
    from smear_scores.services.nights import night_open

    theirs = house_rules_adopt(house_rules=shared, club=other_club)

    with pytest.raises(Refused) as refused:
        night_open(
            club=club, name="", day=date(2026, 11, 29), variant="", rounds=2, house_rules=theirs
        )
    assert refused.value.message == (
        "Tuesday Smear are not Tuesday Smear Club's house rules: open their link and adopt "
        "them for the club first."
    )
