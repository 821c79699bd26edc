"""The API: a game with team names, and a game its scorer removed (410 Gone)."""

from django.test import Client

from smear_scores.models import Game, Hand
from smear_scores.services import removal

from .helpers import FOUR


def test_create_game_with_team_names_names_the_team(api):
    body = api.create("ne-wisconsin", team_names=["Sharks", ""])

    assert body["team_names"] == ["Sharks", ""]
    assert [(t["label"], t["name"]) for t in body["teams"]] == [
        ("Team A", "Sharks"),
        ("Team B", "Bo & Di"),
    ]
    assert api.game(body["id"])["teams"][0]["name"] == "Sharks"
    # The finished game's reason calls the team by its name.
    for _ in range(4):
        played = api.hand(body, {"bidder": 0, "bid": 4, "points": [4, 0]})
    assert played["finished"] is True
    assert played["reason"].startswith("Sharks win with 16 points")


def test_create_game_refuses_a_bad_team_name_with_what_to_do(api):
    response = api.post(
        "/api/games",
        {"variant": "ne-wisconsin", "players": FOUR, "team_names": ["Sharks", " SHARKS"]},
    )

    assert response.status_code == 422
    assert response.json()["detail"] == [
        {
            "field": "team_names.1",
            "message": "Ann & Cy are called “Sharks” already: give Bo & Di another name, or "
            "leave it empty to call them Bo & Di.",
            "rule": "",
        }
    ]
    assert Game.objects.count() == 0


def test_create_game_refuses_team_names_that_are_not_one_per_team(api):
    response = api.post(
        "/api/games", {"variant": "ne-wisconsin", "players": FOUR, "team_names": ["Sharks"]}
    )

    assert response.status_code == 422
    assert response.json()["detail"] == [
        {
            "field": "team_names",
            "message": "Four Point Northeastern Wisconsin Smear has 2 teams: give 2 team names "
            'in team order, or "" for a team called by its partners.',
            "rule": "",
        }
    ]


def test_import_keeps_the_team_names_get_shows(api):
    body = api.create("ne-wisconsin", team_names=["", "Sharks"])
    response = api.post("/api/games/import", api.game(body["id"]))

    assert response.status_code == 201
    assert response.json()["team_names"] == ["", "Sharks"]


def test_removed_game_answers_410_to_reads_and_writes_until_restored(api):
    body = api.create("ne-wisconsin")
    game = Game.objects.get(public_id=body["id"])
    removal.game_remove(game=game)

    read = api.get(f"/api/games/{body['id']}")
    assert read.status_code == 410
    [problem] = read.json()["detail"]
    assert problem["field"] == "id"
    assert problem["message"].startswith(f"Game {body['id']}: This game was removed on ")
    assert problem["message"].endswith(
        "Its scorer can restore it on the game's page; until then it can be neither read "
        "nor scored here."
    )
    write = api.post(
        f"/api/games/{body['id']}/hands",
        {"bidder": 0, "bid": 2, "points": [2, 0]},
        token=body["edit_token"],
    )
    assert write.status_code == 410
    undo = api.delete(f"/api/games/{body['id']}/hands/1", token=body["edit_token"])
    assert undo.status_code == 410
    assert Hand.objects.count() == 0

    removal.game_restore(game=game)
    assert api.game(body["id"])["id"] == body["id"]


def test_removed_game_is_still_404_for_an_unknown_id(client: Client, db):
    response = client.get("/api/games/nosuchgame")
    assert response.status_code == 404
