"""The OpenAPI document is one a reader of it can load: no key twice in any object (Swagger
UI stops at "duplicated mapping key"), and it says what the server enforces. Bodies that
name a field twice are refused rather than read last-wins."""

from __future__ import annotations

import json

import pytest

from smear_scores.models import Game
from smear_scores.services.idempotency import MAX_KEY, MIN_NEW_GAME_KEY

SIX = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]


def strict(pairs):
    keys = [key for key, _ in pairs]
    twice = sorted({key for key in keys if keys.count(key) > 1})
    assert twice == [], f"keys given twice: {twice} in {keys}"
    return dict(pairs)


@pytest.fixture
def document(client, db):
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    return json.loads(response.content, object_pairs_hook=strict)


def test_the_document_names_no_key_twice_and_every_status_as_text(document):
    statuses = {
        (path, method): list(operation["responses"])
        for path, operations in document["paths"].items()
        for method, operation in operations.items()
    }
    assert statuses[("/api/games/{id}/hands", "post")] == [
        "201", "401", "403", "404", "409", "410", "422"
    ]  # fmt: skip
    assert statuses[("/api/games", "post")] == ["201", "422"]
    assert all(isinstance(s, str) and s.isdigit() for codes in statuses.values() for s in codes)


def idempotency_schema(document, path, method):
    (parameter,) = [
        p for p in document["paths"][path][method]["parameters"] if p["name"] == "Idempotency-Key"
    ]
    (text, _null) = parameter["schema"]["anyOf"]
    return text["minLength"], text["maxLength"]


@pytest.mark.parametrize(
    "path, method, shortest",
    [
        ("/api/games", "post", MIN_NEW_GAME_KEY),
        ("/api/games/import", "post", MIN_NEW_GAME_KEY),
        ("/api/games/{id}/hands", "post", 1),
        ("/api/games/{id}/hands/{number}", "delete", 1),
        ("/api/house-rules", "post", 1),
    ],
)
def test_the_idempotency_key_is_documented_as_the_server_takes_it(document, path, method, shortest):
    assert idempotency_schema(document, path, method) == (shortest, MAX_KEY)


def test_a_key_one_short_of_the_documented_length_is_refused(client, db):
    body = json.dumps({"variant": "schmier", "players": SIX, "first_dealer": 0})
    short = client.post(
        "/api/games", body, "application/json", headers={"Idempotency-Key": "k" * 15}
    )
    enough = client.post(
        "/api/games", body, "application/json", headers={"Idempotency-Key": "k" * 16}
    )
    assert (short.status_code, enough.status_code) == (422, 201)
    assert Game.objects.count() == 1


@pytest.mark.parametrize(
    "raw, key",
    [
        ('{"variant": "schmier", "variant": "ne-wisconsin", "players": %s}', "variant"),
        (
            '{"variant": "schmier", "players": %s, "first_dealer": 0, "first_dealer": 3}',
            "first_dealer",
        ),
        ('{"variant": "schmier", "players": %s, "options": {"kitty": 0, "kitty": 2}}', "kitty"),
    ],
)  # fmt: skip
def test_a_body_that_names_a_field_twice_is_refused(client, db, raw, key):
    response = client.post("/api/games", raw % json.dumps(SIX), "application/json")

    assert response.status_code == 422
    assert response.json()["detail"] == [
        {
            "field": "body",
            "message": f'The body gives "{key}" twice in one object: send each field once, '
            "with the value you mean.",
            "rule": "",
        }
    ]
    assert Game.objects.count() == 0


def test_a_hand_that_names_a_field_twice_is_refused(client, make_game):
    game = make_game("schmier", hands=1)

    response = client.post(
        f"/api/games/{game.public_id}/hands",
        '{"bidder": 1, "bid": 3, "bid": 6, "points": [2, 3, 1]}',
        "application/json",
        headers={"Authorization": f"Bearer {game.edit_token}"},
    )

    assert response.status_code == 422
    assert response.json()["detail"][0]["message"] == (
        'The body gives "bid" twice in one object: send each field once, with the value you mean.'
    )
    game.refresh_from_db()
    assert game.hands_played == 1
