"""POST /api/games/import: whole records, every hand validated, and the round trip."""

import random

import pytest

from smear_scores.models import Game
from smear_scores.rules import VARIANTS

from .helpers import FOUR, SIX


def without_id(game: dict) -> dict:
    return {k: v for k, v in game.items() if k not in ("id", "edit_token")}


def test_import_record_answers_201_with_a_new_id_and_token(api):
    record = {
        "variant": "ne-wisconsin",
        "players": FOUR,
        "first_dealer": 1,
        "options": {"kitty": 3},
        "hands": [
            {"bidder": 2, "bid": 3, "points": [3, 1]},
            {"thrown_in": True},
            {"bidder": 3, "bid": 2, "awards": {"high": 1, "jack": 0}, "made": False},
        ],
    }

    response = api.post("/api/games/import", record)

    assert response.status_code == 201
    body = response.json()
    game = Game.objects.get()
    assert (body["id"], body["edit_token"]) == (game.public_id, game.edit_token)
    assert body["options"] == {"kitty": 3, "win_only_on_made_bid": False, "cap_non_bidder": False}
    assert [(h["number"], h["dealer"], h["points"], h["scores"]) for h in body["hands"]] == [
        (1, 1, [3, 1], [3, 1]),
        (2, 2, [0, 0], [3, 1]),
        (3, 2, [1, 1], [4, -1]),
    ]
    assert (body["next_dealer"], body["finished"]) == (3, False)
    assert api.game(body["id"]) == without_id(body) | {"id": body["id"]}
    assert set(game.revisions.values_list("action", "source")) == {("import", "api")}


def test_import_with_one_bad_hand_refuses_the_whole_record_and_names_the_hand(api):
    hands = [{"bidder": 1, "bid": 3, "points": [2, 3, 1]}] * 6
    hands.append({"bidder": 1, "bid": 9, "points": [2, 3, 1], "made": False})
    hands.append({"bidder": 1, "bid": 3, "points": [2, 3, 1]})

    response = api.post(
        "/api/games/import",
        {"variant": "schmier", "players": SIX, "first_dealer": 0, "hands": hands},
    )

    assert response.status_code == 422
    assert response.json() == {
        "message": "Hand 7: Schmier bids run from 3 to 6, not 9.",
        "detail": [
            {
                "field": "hands.6.bid",
                "message": "Hand 7: Schmier bids run from 3 to 6, not 9.",
                "rule": "S6",
            }
        ],
    }
    assert Game.objects.count() == 0


def test_import_refuses_a_hand_after_the_game_was_won(api):
    win = {"bidder": 0, "bid": 6, "points": [6, 0, 0]}

    response = api.post(
        "/api/games/import",
        {"variant": "schmier", "players": SIX, "first_dealer": 0, "hands": [win] * 5},
    )

    assert response.status_code == 422
    assert response.json()["detail"] == [
        {
            "field": "hands.4.game",
            "message": "Hand 5: The game is over: Ann & Di win with 24 points: the only team at "
            "21 or more. Undo the last hand to reopen it.",
            "rule": "D8",
        }
    ]
    assert Game.objects.count() == 0


def test_import_refuses_a_bad_set_up_with_every_problem(api):
    response = api.post(
        "/api/games/import",
        {"variant": "schmier", "players": SIX[:5], "first_dealer": 6, "options": {"kitty": 1}},
    )

    assert response.status_code == 422
    assert [p["field"] for p in response.json()["detail"]] == [
        "players",
        "options.kitty",
        "first_dealer",
    ]
    assert Game.objects.count() == 0


def test_import_refuses_hands_numbered_out_of_order(api):
    hands = [{"number": 1, "thrown_in": True}, {"number": 3, "thrown_in": True}]

    response = api.post(
        "/api/games/import",
        {"variant": "schmier", "players": SIX, "first_dealer": 0, "hands": hands},
    )

    assert response.status_code == 422
    assert response.json()["detail"] == [
        {
            "field": "hands.1.number",
            "message": "Hand 2: it is numbered 3; number the hands 1, 2, 3… in the order "
            "they were played.",
            "rule": "",
        }
    ]
    assert Game.objects.count() == 0


def test_import_refuses_points_that_disagree_with_the_awards(api):
    hand = {"bidder": 2, "bid": 2, "points": [1, 3], "awards": {"high": 0, "low": 1, "jack": 1}}

    response = api.post(
        "/api/games/import",
        {"variant": "ne-wisconsin", "players": FOUR, "first_dealer": 0, "hands": [hand]},
    )

    assert response.status_code == 422
    assert response.json()["detail"] == [
        {
            "field": "hands.0.points",
            "message": "Hand 1: the points [1, 3] do not match who took each point, which "
            "gives [1, 2]; give only one of points and awards, or make them agree.",
            "rule": "W5",
        }
    ]


def test_import_refuses_a_record_missing_its_first_dealer(api):
    response = api.post("/api/games/import", {"variant": "schmier", "players": SIX})

    assert response.status_code == 422
    assert response.json()["detail"] == [
        {"field": "first_dealer", "message": "Give first_dealer: it is required.", "rule": ""}
    ]


# -- the round trip ------------------------------------------------------------------------
def random_hand(variant, rng: random.Random) -> dict:
    """A hand that keeps the rules, entered one way or another as a scorer might."""
    if rng.random() < 0.1:
        return {"thrown_in": True}
    awards = {
        p.key: rng.randrange(variant.teams) if p.always_awarded or rng.random() < 0.8 else None
        for p in variant.points
    }
    hand = {
        "bidder": rng.randrange(variant.players),
        "bid": rng.randint(variant.min_bid, variant.max_bid),
    }
    if rng.random() < 0.5:
        # Left-out categories count for nobody.
        hand["awards"] = {k: t for k, t in awards.items() if t is not None or rng.random() < 0.5}
    else:
        points = [0] * variant.teams
        for team in awards.values():
            if team is not None:
                points[team] += 1
        hand["points"] = points
    return hand


def play_out(api, variant_slug: str, seed: int) -> dict:
    rng = random.Random(seed)
    variant = VARIANTS[variant_slug]
    options = {}
    if variant.options:
        options = {
            "kitty": rng.randrange(4),
            "win_only_on_made_bid": rng.random() < 0.5,
            "cap_non_bidder": rng.random() < 0.5,
        }
    game = api.create(variant_slug, first_dealer=rng.randrange(variant.players), options=options)
    for _ in range(60):
        body = api.hand(game, random_hand(variant, rng))
        if body["finished"]:
            break
    return api.game(game["id"])


@pytest.mark.parametrize("variant", ["schmier", "ne-wisconsin"])
@pytest.mark.parametrize("seed", range(4))
def test_exported_game_imported_again_gives_the_same_game(api, variant, seed):
    exported = play_out(api, variant, seed)

    response = api.post("/api/games/import", exported)

    assert response.status_code == 201, response.json()
    imported = api.game(response.json()["id"])
    assert response.json()["id"] != exported["id"]
    assert without_id(imported) == without_id(exported)


@pytest.mark.parametrize(("variant", "seed"), [("schmier", 1), ("ne-wisconsin", 0)])
def test_round_trip_keeps_a_finished_game_its_winner_and_reason(api, variant, seed):
    exported = play_out(api, variant, seed)
    assert exported["finished"] is True
    assert any(h["thrown_in"] for h in exported["hands"])
    assert any(h["awards"] is not None for h in exported["hands"])

    imported = api.game(api.post("/api/games/import", exported).json()["id"])

    assert (imported["finished"], imported["winner"], imported["reason"]) == (
        True,
        exported["winner"],
        exported["reason"],
    )
    assert [t["score"] for t in imported["teams"]] == [t["score"] for t in exported["teams"]]
