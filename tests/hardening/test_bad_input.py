"""Malformed input is refused with a 4xx and a reason, never a server error (500), and
changes nothing. The test client re-raises a view's exception, so a 500 fails the test."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from smear_scores.models import Game

from ..web.conftest import grant, text

SIX = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]


def create(client, players):
    return client.post(
        "/api/games",
        data=json.dumps({"variant": "schmier", "players": players, "first_dealer": 0}),
        content_type="application/json",
    )


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("Ann\x00", "contains a control character (U+0000)"),
        ("An\ud800n", "contains a broken character (a lone surrogate) (U+D800)"),
        ("\u200b", "has no visible letter, digit or sign"),
        ("\u202eAnn", "contains a character that reverses the text's direction (U+202E)"),
        ("\u2067\u2069", "contains a character that reverses the text's direction (U+2067)"),
        ("\u200d\u2060\u00ad", "has no visible letter, digit or sign"),
    ],
)
def test_api_game_with_an_unshowable_name_is_refused(client, db, name, why):
    response = create(client, [name, *SIX[1:]])
    assert response.status_code == 422
    assert response.json()["detail"] == [
        {
            "field": "players.0",
            "message": f"Seat 1's name {why}: "
            + (
                "type a name people can read."
                if why.startswith("has no")
                else "type the name again in plain text."
            ),
            "rule": "S1",
        }
    ]
    assert Game.objects.count() == 0


def test_api_name_with_an_emoji_sequence_and_accents_is_kept(client, db):
    # The zero-width joiner inside a family emoji is part of a visible name.
    names = ["Zoë", "👩\u200d👩\u200d👧", "Ōta", "Đặng", "O'Neil", "李"]
    response = create(client, names)
    assert response.status_code == 201
    assert response.json()["players"] == names


def test_new_game_form_with_an_invisible_name_says_which_seat(client, db):
    data = {"variant": "schmier", "first_dealer": "0"}
    data.update({f"player_{s}": n for s, n in enumerate(["\u200b\u200b", *SIX[1:]])})
    response = client.post(reverse("game_new"), data)
    assert response.status_code == 422
    assert "Seat 1&#x27;s name has no visible letter, digit or sign" in text(response)
    assert Game.objects.count() == 0


@pytest.mark.parametrize(
    "url",
    [
        "/api/games/%00",
        "/g/%00/",
        "/g/%00/live/",
        "/g/%00/history/",
        "/g/%00/history.csv",
        "/g/a%00b/undo/",
    ],
)
def test_a_nul_in_a_game_id_is_no_game(client, db, url):
    assert client.get(url).status_code == 404


def test_an_overlong_game_id_is_no_game(client, db):
    assert client.get("/api/games/" + "a" * 500).status_code == 404


@pytest.mark.parametrize("number", ["²", "٣", "9" * 5000, "-1", "1e3", "\x00"])
def test_hand_preview_with_a_strange_number_still_answers(client, make_game, number):
    game = make_game("schmier", hands=2)
    grant(client, game)
    response = client.post(
        reverse("hand_preview", args=[game.public_id]),
        {"number": number, "bidder": "0", "bid": "3"},
    )
    assert response.status_code == 200
    assert "Still to tap" in text(response) or "not one of this game" in text(response)


@pytest.mark.parametrize("number", ["²", "9" * 5000, "99999999999999999999", "0"])
def test_hand_post_with_a_strange_number_is_refused(client, make_game, number):
    game = make_game("schmier", hands=2)
    grant(client, game)
    data = {"number": number, "thrown_in": "1"}
    response = client.post(reverse("hand_record", args=[game.public_id]), data)
    assert response.status_code == 422
    assert "This screen&#x27;s hand number is not one of this game: reload the scoreboard." in (
        text(response)
    )
    assert Game.objects.get(pk=game.pk).hands_played == 2


@pytest.mark.parametrize("day", ["9999-12-31", "0001-01-01"])
def test_a_night_at_the_end_of_the_calendar_is_no_night(client, club, day):
    response = client.get(f"/nights/{club.slug}/{day}/")
    assert response.status_code == 404


def test_import_of_too_many_hands_is_refused_with_the_limit(client, db):
    body = {
        "variant": "schmier",
        "players": SIX,
        "first_dealer": 0,
        "hands": [{"thrown_in": True}] * 20_000,
    }
    response = client.post("/api/games/import", json.dumps(body), content_type="application/json")
    assert response.status_code == 422
    assert response.json()["detail"] == [
        {
            "field": "hands",
            "message": "hands has 20000 entries; at most 500 are accepted.",
            "rule": "",
        }
    ]
    assert Game.objects.count() == 0


def test_api_body_over_the_upload_limit_is_413_not_500(client, db):
    body = {
        "variant": "schmier",
        "players": SIX,
        "first_dealer": 0,
        "hands": [{"thrown_in": True}] * 130_000,
    }
    response = client.post("/api/games/import", json.dumps(body), content_type="application/json")
    assert response.status_code == 413
    assert response.json()["detail"] == [
        {
            "field": "body",
            "message": "The body is larger than the 2,621,440 bytes a request may have: a game "
            "with its hands is a few kilobytes, so send only the game.",
            "rule": "",
        }
    ]
    assert Game.objects.count() == 0


FOUR = ["Ann", "Bo", "Cy", "Di"]


@pytest.mark.parametrize("url", ["/api/games", "/api/games/import"])
@pytest.mark.parametrize(
    ("players", "team_names", "field", "message"),
    [
        (
            FOUR,
            ["Sh\udc80rks", ""],
            "team_names.0",
            "The name for Ann & Cy contains a broken character (a lone surrogate) (U+DC80): "
            "type the name again in plain text.",
        ),
        (
            ["An\ud800n", *FOUR[1:]],
            ["Sharks", ""],
            "players.0",
            "Seat 1's name contains a broken character (a lone surrogate) (U+D800): "
            "type the name again in plain text.",
        ),
    ],
)
def test_api_lone_surrogate_in_a_team_name_or_beside_one_is_refused(
    client, db, url, players, team_names, field, message
):
    body = {"variant": "ne-wisconsin", "players": players, "team_names": team_names}
    body |= {"first_dealer": 0} | ({"hands": []} if url.endswith("import") else {})
    text_ = json.dumps(body)  # lone surrogates as \u escapes, as a client may send them
    response = client.post(url, data=text_, content_type="application/json")
    assert response.status_code == 422
    assert [(e["field"], e["message"]) for e in response.json()["detail"]] == [(field, message)]
    assert Game.objects.count() == 0
