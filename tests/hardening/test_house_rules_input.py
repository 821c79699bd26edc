"""Hostile input on the house-rules routes: an id no set could have, a NUL or an
unshowable name anywhere a set's words enter, a body nested past any parser's depth. Each
is refused with what is wrong and where (404, or 422 naming the field), nothing written,
never a server error (the test client re-raises one)."""

from __future__ import annotations

import pytest

from smear_scores.models import Game, HouseRules

from ..api.helpers import FOUR, ApiClient

NUL = "\x00"
BAD_ID = "%00"


@pytest.fixture
def api(client, db) -> ApiClient:
    return ApiClient(client)


@pytest.mark.parametrize(
    ("method", "url", "status"),
    [
        ("get", f"/rules/house/{BAD_ID}/", 404),
        ("get", f"/rules/house-{BAD_ID}/", 404),
        ("get", f"/api/house-rules/{BAD_ID}", 404),
        ("get", f"/new/?variant=house:{BAD_ID}", 200),
        ("get", f"/rules/house/new/?from=house:{BAD_ID}", 200),
        ("post", f"/rules/house/{BAD_ID}/keep/", 404),
        ("post", f"/rules/house/{BAD_ID}/forget/", 404),
        ("post", f"/rules/house/{BAD_ID}/adopt/", 404),
    ],
)
def test_a_nul_in_a_house_rules_id_is_no_set(client, db, method, url, status):
    response = getattr(client, method)(url)

    assert response.status_code == status
    assert HouseRules.objects.count() == 0


def test_a_new_game_of_house_rules_with_a_nul_id_is_refused_on_that_field(api):
    response = api.post("/api/games", {"house_rules": NUL, "players": FOUR})

    assert response.status_code == 422
    assert response.json()["detail"] == [
        {
            "field": "house_rules",
            "message": "There are no house rules '\\x00': check the id in the rules' link.",
            "rule": "",
        }
    ]
    assert Game.objects.count() == 0


def _inline(**changed) -> dict:
    return {"settings": {"based_on": "ne-wisconsin", **changed}, "players": FOUR}


MOON = {"name": "Shoot the moon", "made": "wins", "failed": "loses"}
UNSHOWABLE = [
    (NUL + "Tuesday", "contains a control character (U+0000)"),
    ("\u202eTuesday", "contains a character that reverses the text's direction (U+202E)"),
    ("\u3164", "has no visible letter, digit or sign"),
    ("\u200d", "has no visible letter, digit or sign"),
]


@pytest.mark.parametrize(("name", "why"), UNSHOWABLE)
@pytest.mark.parametrize("where", ["name", "moon.name"])
@pytest.mark.parametrize("route", ["/api/house-rules", "/api/games"])
def test_an_unshowable_set_or_moon_name_is_refused_on_its_field(api, route, where, name, why):
    settings = {"name": name} if where == "name" else {"moon": {**MOON, "name": name}}
    if where == "moon.name":
        settings |= {"max_bid": 5, "name": "Tuesday Smear"}
    body = (
        _inline(**settings) if route == "/api/games" else {"based_on": "ne-wisconsin", **settings}
    )

    response = api.post(route, body)

    assert response.status_code == 422
    field = where if route == "/api/house-rules" else f"settings.{where}"
    detail = response.json()["detail"]
    assert [(d["field"], why in d["message"]) for d in detail] == [(field, True)], detail
    assert (HouseRules.objects.count(), Game.objects.count()) == (0, 0)


@pytest.mark.parametrize("route", ["/api/house-rules", "/api/games"])
def test_a_nul_in_a_sets_words_is_refused_on_that_word(api, route):
    words = {"deck": "32 cards" + NUL}
    body = (
        _inline(words=words)
        if route == "/api/games"
        else {"name": "Tuesday Smear", "based_on": "ne-wisconsin", "words": words}
    )

    response = api.post(route, body)

    assert response.status_code == 422
    field = "words.deck" if route == "/api/house-rules" else "settings.words.deck"
    detail = response.json()["detail"]
    assert [(d["field"], d["message"]) for d in detail] == [
        (
            field,
            "The words contain a control character (U+0000): type the words again in plain text.",
        )
    ]
    assert (HouseRules.objects.count(), Game.objects.count()) == (0, 0)


def test_an_import_with_an_unshowable_moon_name_is_refused(api):
    created = api.post("/api/games", _inline(max_bid=5, moon=MOON, name="Tuesday Smear")).json()
    record = api.get(f"/api/games/{created['id']}").json()
    record["settings"]["moon"]["name"] = "\u202eMoon"

    response = api.post("/api/games/import", record)

    assert response.status_code == 422
    detail = response.json()["detail"]
    assert [d["field"] for d in detail] == ["settings.moon.name"], detail
    assert Game.objects.count() == 1


def test_undo_with_a_body_nested_past_any_depth_still_answers(api):
    game = api.create("ne-wisconsin")
    api.hand(game, {"bidder": 1, "bid": 2, "points": [1, 3]})
    deep = "[" * 100_000 + "]" * 100_000

    response = api.client.delete(
        f"/api/games/{game['id']}/hands/1",
        data=deep,
        content_type="application/json",
        headers={"Authorization": f"Bearer {game['edit_token']}"},
    )

    assert response.status_code == 200
    assert response.json()["hands"] == []
