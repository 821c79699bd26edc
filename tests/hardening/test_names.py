"""Names are compared as people see them (smear_scores.names.name_key), in one place used
by the API, the new-game form, the roster (one at a time, pasted, walk-ins) and a game's
team names: a name that draws no glyph is refused, and a look-alike of a name already
there (an invisible joiner, a Cyrillic letter, another case) is that name."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from smear_scores.models import Game, Player
from smear_scores.names import name_key, name_problem
from smear_scores.services.clubs import MergeRefused, RosterRefused, player_create, players_create

from ..league.conftest import make_user
from ..web.conftest import text

SIX = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
NO_GLYPH = "has no visible letter, digit or sign: type a name people can read"
BLANKS = ["\u3164", "\u115f", "\uffa0", "\u2800", "\u3164\u3164 \u2800", "\u115f\u1160"]
# Each looks like "Ann" on a seat.
ANN_ALIKES = ["A\u200dnn", "\u0410nn", "ANN", "ann", "A\u00adnn", "Ａnn", "An\u0578"]


@pytest.mark.parametrize("name", BLANKS)
def test_a_name_that_draws_no_glyph_has_a_problem(name):
    assert name_problem(name) == NO_GLYPH


def test_a_direction_mark_inside_a_name_is_a_problem():
    assert name_problem("A\u061cnn") == (
        "contains a character that reverses the text's direction (U+061C): type the name "
        "again in plain text"
    )


@pytest.mark.parametrize("alike", ANN_ALIKES)
def test_look_alikes_share_the_key_of_the_name_they_look_like(alike):
    assert name_key(alike) == name_key("Ann") == "ann"


def test_the_key_folds_case_as_the_roster_index_does_on_every_database():
    assert [name_key(n) for n in ("İVY", "Ivy", "  Ann   Lee ")] == ["ivy", "ivy", "ann lee"]


def test_names_that_look_different_keep_different_keys():
    names = ["Ann", "Anna", "Dan", "Bo", "Bob", "李", "Zoë", "Ōta", "O'Neil", "Ann Lee"]
    assert len({name_key(n) for n in names}) == len(names)


def create(client, players, team_names=None):
    body = {"variant": "schmier", "players": players, "first_dealer": 0}
    if team_names is not None:
        body["team_names"] = team_names
    return client.post("/api/games", data=json.dumps(body), content_type="application/json")


@pytest.mark.parametrize("name", BLANKS)
def test_api_game_with_a_blank_name_is_refused(client, db, name):
    response = create(client, [*SIX[:2], name, *SIX[3:]])

    assert response.status_code == 422
    assert response.json()["detail"] == [
        {"field": "players.2", "message": f"Seat 3's name {NO_GLYPH}.", "rule": "S1"}
    ]
    assert Game.objects.count() == 0


@pytest.mark.parametrize("name", BLANKS)
def test_new_game_form_with_a_blank_name_is_refused(client, db, name):
    data = {"variant": "schmier", "first_dealer": "0"}
    data.update({f"player_{s}": n for s, n in enumerate([name, *SIX[1:]])})

    response = client.post(reverse("game_new"), data)

    assert response.status_code == 422
    assert "Seat 1&#x27;s name has no visible letter, digit or sign" in text(response)
    assert Game.objects.count() == 0


def test_api_game_with_six_identical_names_is_refused_seat_by_seat(client, db):
    response = create(client, ["Ann"] * 6)

    assert response.status_code == 422
    assert [d["field"] for d in response.json()["detail"]] == [f"players.{s}" for s in range(1, 6)]
    assert response.json()["detail"][0]["message"] == (
        "Seat 2's name looks the same as seat 1's (Ann): give each player a name the table "
        "can tell apart (e.g. add an initial)."
    )
    assert Game.objects.count() == 0


@pytest.mark.parametrize("alike", ANN_ALIKES)
def test_api_game_with_a_look_alike_of_another_seat_is_refused(client, db, alike):
    response = create(client, ["Ann", "Bo", "Cy", alike, "Ed", "Flo"])

    assert response.status_code == 422
    assert response.json()["detail"] == [
        {
            "field": "players.3",
            "message": "Seat 4's name looks the same as seat 1's (Ann): give each player a "
            "name the table can tell apart (e.g. add an initial).",
            "rule": "S1",
        }
    ]


@pytest.mark.parametrize("alike", ["A\u200dnn", "\u0410nn", "ANN"])
def test_a_team_named_like_a_player_is_refused(client, db, alike):
    response = create(client, SIX, team_names=[alike, "", ""])

    assert response.status_code == 422
    assert response.json()["detail"][0]["message"] == (
        f"“{alike}” is a player's name: give Ann & Di a name no player has, or leave it empty "
        "to call them Ann & Di."
    )


@pytest.mark.parametrize("alike", ["Sh\u0430rks", "SHARKS", "Sha\u200brks"])
def test_two_teams_named_alike_are_refused(client, db, alike):
    response = create(client, SIX, team_names=["Sharks", alike, ""])

    assert response.status_code == 422
    assert response.json()["detail"][0]["message"] == (
        "Ann & Di are called “Sharks” already: give Bo & Ed another name, or leave it empty "
        "to call them Bo & Ed."
    )


@pytest.mark.parametrize("alike", ANN_ALIKES)
def test_roster_refuses_a_look_alike_one_at_a_time(club, alike):
    player_create(club=club, name="Ann")

    with pytest.raises(MergeRefused) as refused:
        player_create(club=club, name=alike)

    assert refused.value.message == (
        "Tuesday Smear Club already has a player called Ann: pick that player, or tell the "
        "two apart (e.g. add an initial)."
    )
    assert list(Player.objects.values_list("name", flat=True)) == ["Ann"]


@pytest.mark.parametrize("name", BLANKS)
def test_roster_refuses_a_blank_name(club, name):
    with pytest.raises(MergeRefused) as refused:
        player_create(club=club, name=name)
    assert refused.value.message == f"The name {NO_GLYPH}."


def test_roster_paste_names_each_look_alike_and_blank_line(club):
    player_create(club=club, name="Ann")
    player_create(club=club, name="Ivy")

    with pytest.raises(RosterRefused) as refused:
        players_create(club=club, text="Bob\nA\u200dnn\n\u0410nn\nİVY\n\u3164\nB\u043eb")

    roster = (
        "Tuesday Smear Club already has a player called {}: pick that player, or tell "
        "the two apart (e.g. add an initial). Remove the line."
    )
    assert refused.value.problems == [
        (2, roster.format("Ann")),
        (3, roster.format("Ann")),
        (4, roster.format("Ivy")),
        (5, f"The name {NO_GLYPH}."),
        (
            6,
            "B\u043eb looks the same as Bob on line 1: keep one of them, or tell the two apart "
            "(e.g. add an initial).",
        ),
    ]
    assert sorted(Player.objects.values_list("name", flat=True)) == ["Ann", "Ivy"]


def test_the_roster_index_holds_a_name_once_as_people_see_it(club):
    # Whatever path writes a player, the database itself keeps look-alikes out.
    from django.db import IntegrityError, transaction

    Player.objects.create(club=club, name="Ivy")
    for alike in ("İVY", "\u0399vy", "I\u200dvy"):
        with pytest.raises(IntegrityError), transaction.atomic():
            Player.objects.create(club=club, name=alike)
    assert Player.objects.filter(club=club).count() == 1


@pytest.fixture
def club_admin(client, club):
    client.force_login(make_user("ada", club=club, admin=True))
    return client


@pytest.mark.parametrize("alike", ["A\u200dnn", "\u0410nn", "ANN"])
def test_admin_add_player_refuses_a_look_alike(club_admin, club, alike):
    player_create(club=club, name="Ann")

    response = club_admin.post("/admin/smear_scores/player/add/", {"club": club.pk, "name": alike})

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["name"] == [
        "Tuesday Smear Club already has a player called Ann: pick that player, or tell the "
        "two apart (e.g. add an initial)."
    ]
    assert Player.objects.count() == 1


def test_admin_rename_to_a_look_alike_is_refused_and_own_respelling_kept(club_admin, club):
    ann = player_create(club=club, name="Ann")
    bob = player_create(club=club, name="Bob")
    url = f"/admin/smear_scores/player/{bob.pk}/change/"

    response = club_admin.post(url, {"club": club.pk, "name": "\u0410nn"})
    assert response.status_code == 200
    assert response.context["adminform"].form.errors["name"] == [
        "Tuesday Smear Club already has a player called Ann: pick that player, or tell the "
        "two apart (e.g. add an initial)."
    ]
    # Ann's own name in another case is a corrected spelling, not a clash.
    ann_url = f"/admin/smear_scores/player/{ann.pk}/change/"
    assert club_admin.post(ann_url, {"club": club.pk, "name": "ANN"}).status_code == 302
    assert list(Player.objects.order_by("pk").values_list("name", "name_key")) == [
        ("ANN", "ann"),
        ("Bob", "bob"),
    ]


def test_admin_paste_of_a_look_alike_gives_the_true_reason(club_admin, club):
    player_create(club=club, name="Ivy")

    response = club_admin.post(
        "/admin/smear_scores/player/paste/", {"club": club.pk, "names": "Bob\nİVY"}
    )

    assert response.status_code == 422
    assert response.context["form"].errors["names"] == [
        "Line 2: Tuesday Smear Club already has a player called Ivy: pick that player, or tell "
        "the two apart (e.g. add an initial). Remove the line."
    ]
    assert list(Player.objects.values_list("name", flat=True)) == ["Ivy"]
