"""card_points in the API (D13): in place of or beside the Game award, in GET, through edit
and the game record's export and import, and in the OpenAPI document."""

from __future__ import annotations

from smear_scores.models import HandRevision

from .helpers import FOUR

FIVE = {"high": 0, "low": 1, "right_bauer": 1, "left_bauer": 2, "joker": 0}


def url(game, tail="hands"):
    return f"/api/games/{game['id']}/{tail}"


def record(api, game, body):
    return api.post(url(game), body, token=game["edit_token"])


def problems(response):
    return [(p["field"], p["message"], p["rule"]) for p in response.json()["detail"]]


def test_card_points_without_a_game_award_award_game_and_get_shows_them(api):
    game = api.create()

    response = record(
        api, game, {"bidder": 0, "bid": 3, "awards": FIVE, "card_points": [34, 27, 20]}
    )

    assert response.status_code == 201
    hand = response.json()["hand"]
    assert (hand["awards"], hand["card_points"], hand["points"], hand["scores"]) == (
        {**FIVE, "game": 0},
        [34, 27, 20],
        [3, 2, 1],
        [3, 2, 1],
    )
    assert api.game(game["id"])["hands"][0]["card_points"] == [34, 27, 20]
    assert HandRevision.objects.get().new["card_points"] == [34, 27, 20]


def test_card_points_are_null_in_get_where_the_table_did_not_count(api):
    game = api.create()
    api.hand(game, {"bidder": 0, "bid": 3, "awards": {**FIVE, "game": 2}})
    api.hand(game, {"thrown_in": True})

    assert [h["card_points"] for h in api.game(game["id"])["hands"]] == [None, None]


def test_card_points_beside_an_agreeing_award_are_recorded(api):
    game = api.create("ne-wisconsin", players=FOUR)
    body = {"bidder": 1, "bid": 2, "awards": {"low": 1, "game": None}, "card_points": [40, 40]}

    response = record(api, game, body)

    assert response.status_code == 201
    assert response.json()["hand"]["card_points"] == [40, 40]


def test_card_points_that_disagree_with_the_award_answer_422_naming_the_field(api):
    game = api.create()
    body = {"bidder": 0, "bid": 3, "awards": {**FIVE, "game": 1}, "card_points": [34, 27, 20]}

    response = record(api, game, body)

    assert response.status_code == 422
    assert problems(response) == [
        (
            "card_points",
            "The counts give Game to Ann & Di (34 to 27 to 20), but Game is marked for Bo & "
            "Ed: mark Ann & Di or check the counts.",
            "D13",
        )
    ]
    assert api.game(game["id"])["hands"] == []


def test_card_points_over_the_decks_total_answer_422(api):
    game = api.create("ne-wisconsin", players=FOUR)
    body = {"bidder": 1, "bid": 2, "awards": {"low": 1}, "card_points": [41, 40]}

    response = record(api, game, body)

    assert response.status_code == 422
    assert problems(response) == [
        (
            "card_points",
            "The counts add up to 81, but Four Point Northeastern Wisconsin Smear has 80 card "
            "points in all: check the counts.",
            "D13",
        )
    ]


def test_card_points_a_negative_count_answers_422_naming_the_team(api):
    game = api.create()
    body = {"bidder": 0, "bid": 3, "awards": FIVE, "card_points": [34, -1, 20]}

    response = record(api, game, body)

    assert response.status_code == 422
    assert problems(response) == [
        (
            "card_points.1",
            "Bo & Ed's card points must be a whole number from 0 up, not -1.",
            "D13",
        )
    ]


def test_card_points_that_are_not_whole_numbers_answer_422(api):
    game = api.create()
    body = {"bidder": 0, "bid": 3, "awards": FIVE, "card_points": [34, 2.5, 20]}

    response = record(api, game, body)

    assert response.status_code == 422
    assert [p["field"] for p in response.json()["detail"]] == ["card_points.1"]


def test_card_points_edit_with_put_moves_game_to_the_new_most(api):
    game = api.create()
    api.hand(game, {"bidder": 0, "bid": 3, "awards": FIVE, "card_points": [34, 27, 20]})

    response = api.put(
        url(game, "hands/1"),
        {"bidder": 0, "bid": 3, "awards": FIVE, "card_points": [20, 27, 34]},
        token=game["edit_token"],
    )

    assert response.status_code == 200
    hand = response.json()["hands"][0]
    assert (hand["card_points"], hand["awards"]["game"], hand["scores"]) == (
        [20, 27, 34],
        2,
        [-3, 2, 2],
    )


def test_card_points_round_trip_through_export_and_import(api):
    game = api.create()
    api.hand(game, {"bidder": 0, "bid": 3, "awards": FIVE, "card_points": [34, 27, 20]})
    api.hand(game, {"bidder": 1, "bid": 3, "awards": {**FIVE, "game": 1}})
    api.hand(game, {"bidder": 2, "bid": 3, "awards": FIVE, "card_points": [30, 30, 21]})
    exported = api.game(game["id"])

    response = api.post("/api/games/import", exported)

    assert response.status_code == 201
    imported = response.json()
    assert imported["hands"] == exported["hands"]
    assert [h["card_points"] for h in imported["hands"]] == [[34, 27, 20], None, [30, 30, 21]]


def test_card_points_import_refuses_counts_that_disagree_naming_the_hand(api):
    game = api.create()
    api.hand(game, {"bidder": 0, "bid": 3, "awards": FIVE, "card_points": [34, 27, 20]})
    exported = api.game(game["id"])
    exported["hands"][0]["card_points"] = [20, 27, 34]

    response = api.post("/api/games/import", exported)

    assert response.status_code == 422
    assert [p["field"] for p in response.json()["detail"]] == ["hands.0.card_points"]


def test_card_points_are_documented_in_the_openapi_schema_with_an_example(api):
    document = api.get("/api/openapi.json").json()
    schemas = document["components"]["schemas"]

    hand_in = schemas["HandIn"]
    assert hand_in["properties"]["card_points"]["examples"] == [[34, 27, 20]]
    assert "D13" in hand_in["properties"]["card_points"]["description"]
    assert {
        "bidder": 0,
        "bid": 3,
        "awards": FIVE,
        "card_points": [34, 27, 20],
    } in hand_in["examples"]
    assert "card_points" in schemas["HandOut"]["required"]
    assert "card_points_total" in schemas["VariantOut"]["properties"]
