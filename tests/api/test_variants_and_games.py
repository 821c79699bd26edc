"""GET /api/variants, POST /api/games, GET /api/games/{id}, and the OpenAPI document."""

from smear_scores import rules
from smear_scores.models import Game

from .helpers import FOUR, SIX

SCHMIER_SETTINGS = {
    "name": "Schmier",
    "based_on": "schmier",
    "players": 6,
    "teams": 3,
    "target": 21,
    "min_bid": 3,
    "max_bid": 6,
    "points": [
        {"key": "high", "value": 1, "may_go_unawarded": False},
        {"key": "low", "value": 1, "may_go_unawarded": False},
        {"key": "right_bauer", "value": 1, "may_go_unawarded": False},
        {"key": "left_bauer", "value": 1, "may_go_unawarded": False},
        {"key": "joker", "value": 1, "may_go_unawarded": False},
        {"key": "game", "value": 1, "may_go_unawarded": True},
    ],
    "low_goes_to": "played",
    "game_goes_to": "card_points",
    "card_points_total": 81,
    "moon": None,
    "all_pass": "redeal",
    "all_pass_points": 0,
    "set_bid": "lose_bid",
    "non_bidders": "score",
    "win": "most_points",
    "all_points_wins": False,
    "words": {
        "deck": "52 cards and one joker.",
        "dealt": "Six cards each; the dealer keeps the rest of the pack.",
        "kitty": "",
        "discards": "Every player but the dealer may discard up to 3 non-trumps and is given "
        "replacements; the dealer then discards down to six, never the ace, a bauer, the 2 "
        "or the joker.",
        "trump_ranking": "A, K, Q, right bauer, left bauer, 10 … 2, joker.",
        "low_card": "The 2 of trump.",
        "jokers": "One joker, the lowest trump.",
    },
}
WISCONSIN_SETTINGS = {
    **SCHMIER_SETTINGS,
    "name": "Four Point Northeastern Wisconsin Smear",
    "based_on": "ne-wisconsin",
    "players": 4,
    "teams": 2,
    "target": 15,
    "min_bid": 2,
    "max_bid": 4,
    "points": [
        {"key": key, "value": 1, "may_go_unawarded": True}
        for key in ("high", "low", "jack", "game")
    ],
    "card_points_total": 80,
    "words": {
        "deck": "32 cards: everything 6 and below removed.",
        "dealt": "Six cards each; the dealer keeps the rest.",
        "kitty": "The table agrees before the game how many undealt cards (0 to 3) the "
        "bidder may look at and take.",
        "discards": "The bidder discards down to six; the discards count for the bidder's team.",
        "trump_ranking": "A, K, Q, J, 10, 9, 8, 7 in every suit.",
        "low_card": "The 7 of trump.",
        "jokers": "None.",
    },
}


def test_variants_list_both_variants_with_their_rules(api):
    response = api.get("/api/variants")

    assert response.status_code == 200
    variants = response.json()
    # Every preset, in the order the screens offer them; the two seeds as they always were,
    # now with their settings (where a table's own house rules start).
    assert [v["slug"] for v in variants] == list(rules.VARIANTS)
    seeds = [v for v in variants if v["slug"] in ("schmier", "ne-wisconsin")]
    assert seeds == [
        {
            "slug": "schmier",
            "name": "Schmier",
            "players": 6,
            "teams": 3,
            "target": 21,
            "min_bid": 3,
            "max_bid": 6,
            "points": ["high", "low", "right_bauer", "left_bauer", "joker", "game"],
            "always_awarded": ["high", "low", "right_bauer", "left_bauer", "joker"],
            "options": [],
            "card_points_total": 81,
            "settings": SCHMIER_SETTINGS,
        },
        {
            "slug": "ne-wisconsin",
            "name": "Four Point Northeastern Wisconsin Smear",
            "players": 4,
            "teams": 2,
            "target": 15,
            "min_bid": 2,
            "max_bid": 4,
            "points": ["high", "low", "jack", "game"],
            "always_awarded": [],
            "options": [
                {
                    "name": "kitty",
                    "label": "Undealt cards the bidder may take",
                    "type": "int",
                    "default": 0,
                    "allowed": [0, 1, 2, 3],
                    "rule": "W2",
                },
                {
                    "name": "win_only_on_made_bid",
                    "label": "Win only on a made bid",
                    "type": "bool",
                    "default": False,
                    "allowed": [False, True],
                    "rule": "W10a",
                },
                {
                    "name": "cap_non_bidder",
                    "label": "Non-bidders' points above 15 do not count",
                    "type": "bool",
                    "default": False,
                    "allowed": [False, True],
                    "rule": "W10b",
                },
            ],
            "card_points_total": 80,
            "settings": WISCONSIN_SETTINGS,
        },
    ]


def test_create_game_answers_201_with_the_game_and_its_edit_token(api):
    response = api.post("/api/games", {"variant": "schmier", "players": SIX, "first_dealer": 4})

    assert response.status_code == 201
    body = response.json()
    game = Game.objects.get()
    assert body == {
        "id": game.public_id,
        "variant": "schmier",
        "options": {},
        "first_dealer": 4,
        "players": SIX,
        "team_names": [],
        "teams": [
            {"label": "Team A", "name": "Ann & Di", "players": [0, 3], "score": 0},
            {"label": "Team B", "name": "Bo & Ed", "players": [1, 4], "score": 0},
            {"label": "Team C", "name": "Cy & Flo", "players": [2, 5], "score": 0},
        ],
        "hands": [],
        "next_number": 1,
        "next_dealer": 4,
        "first_bidder": 5,
        "finished": False,
        "winner": None,
        "reason": "",
        "edit_token": game.edit_token,
    }


def test_create_game_keeps_wisconsin_options_and_fills_in_the_defaults(api):
    body = api.create("ne-wisconsin", first_dealer=3, options={"kitty": 2, "cap_non_bidder": True})

    assert body["options"] == {"kitty": 2, "win_only_on_made_bid": False, "cap_non_bidder": True}
    assert body["teams"] == [
        {"label": "Team A", "name": "Ann & Cy", "players": [0, 2], "score": 0},
        {"label": "Team B", "name": "Bo & Di", "players": [1, 3], "score": 0},
    ]
    assert (body["next_dealer"], body["first_bidder"]) == (3, 0)


def test_create_game_without_a_first_dealer_draws_one_of_the_seats(api):
    response = api.post("/api/games", {"variant": "ne-wisconsin", "players": FOUR})

    assert response.status_code == 201
    assert response.json()["first_dealer"] in {0, 1, 2, 3}


def test_create_game_refuses_every_problem_of_the_set_up_at_once(api):
    response = api.post(
        "/api/games",
        {
            "variant": "ne-wisconsin",
            "players": ["Ann", " ", "Cy"],
            "first_dealer": 7,
            "options": {"kitty": 5},
        },
    )

    assert response.status_code == 422
    assert response.json()["detail"] == [
        {
            "field": "players",
            "message": "Four Point Northeastern Wisconsin Smear is played by 4 players: give "
            "4 names in seat order, clockwise.",
            "rule": "W1",
        },
        {
            "field": "options.kitty",
            "message": "Undealt cards the bidder may take must be one of 0, 1, 2, 3, not 5.",
            "rule": "W2",
        },
        {
            "field": "first_dealer",
            "message": "The first dealer must be one of the 4 seats (0 to 3), not 7.",
            "rule": "W4",
        },
    ]
    assert Game.objects.count() == 0


def test_create_game_refuses_an_option_of_the_other_variant(api):
    response = api.post(
        "/api/games",
        {"variant": "schmier", "players": SIX, "options": {"cap_non_bidder": True}},
    )

    assert response.status_code == 422
    assert response.json() == {
        "message": "Schmier has no per-game options, so 'cap_non_bidder' cannot be set.",
        "detail": [
            {
                "field": "options.cap_non_bidder",
                "message": "Schmier has no per-game options, so 'cap_non_bidder' cannot be set.",
                "rule": "",
            }
        ],
    }


def test_create_game_refuses_malformed_fields_together_with_plain_messages(api):
    response = api.post(
        "/api/games",
        {"variant": "euchre", "players": "Ann", "first_dealer": "0", "options": {"pot": 1}},
    )

    assert response.status_code == 422
    assert response.json()["detail"] == [
        {
            "field": "variant",
            "message": "Unknown variant \"euchre\": choose one of 'schmier', 'schmier-two-teams', "
            "'ne-wisconsin', 'six-point-wisconsin', 'auction-pitch', 'ten-point-pitch', "
            "'ten-point-smear', 'minnesota-smear' or 'pedro'.",
            "rule": "",
        },
        {
            "field": "players",
            "message": 'players must be a list such as [3, 1, 2], not "Ann".',
            "rule": "",
        },
        {
            "field": "first_dealer",
            "message": 'first_dealer must be a whole number, not "0".',
            "rule": "",
        },
        {
            "field": "options.pot",
            "message": "There is no option 'pot'; the options are cap_non_bidder, kitty, "
            "must_bid_to_win, smudge, stick_dealer, win_only_on_made_bid "
            "(GET /api/variants says which variant takes which).",
            "rule": "",
        },
    ]


def test_create_game_refuses_a_body_that_is_not_json(api):
    response = api.post("/api/games", raw="variant=schmier")

    assert response.status_code == 422
    assert response.json()["detail"][0]["field"] == "body"
    assert response.json()["detail"][0]["message"].startswith("The body is not valid JSON (")


def test_get_game_answers_404_for_an_unknown_id(api):
    response = api.get("/api/games/nosuchgame")

    assert response.status_code == 404
    assert response.json() == {
        "message": "There is no game 'nosuchgame': check the id in the game's link.",
        "detail": [
            {
                "field": "id",
                "message": "There is no game 'nosuchgame': check the id in the game's link.",
                "rule": "",
            }
        ],
    }


def test_get_game_shows_the_game_without_its_edit_token(api):
    created = api.create()
    api.hand(created, {"bidder": 2, "bid": 4, "points": [1, 1, 4]})

    body = api.game(created["id"])

    assert "edit_token" not in body
    assert body["hands"] == [
        {
            "number": 1,
            "dealer": 0,
            "thrown_in": False,
            "bidder": 2,
            "bid": 4,
            "points": [1, 1, 4],
            "awards": None,
            "made": True,
            "card_points": None,
            "scores": [1, 1, 4],
        }
    ]
    assert [t["score"] for t in body["teams"]] == [1, 1, 4]


def test_get_game_reads_the_game_in_two_queries(api, django_assert_num_queries):
    created = api.create()
    for _ in range(3):
        api.hand(created, {"bidder": 1, "bid": 3, "points": [2, 3, 1]})

    with django_assert_num_queries(2):  # the game with its players' names, its hands
        response = api.get(f"/api/games/{created['id']}")

    assert len(response.json()["hands"]) == 3


def test_openapi_document_is_served_with_every_route(api):
    response = api.get("/api/openapi.json")

    assert response.status_code == 200
    paths = response.json()["paths"]
    games = {
        path: sorted(methods)
        for path, methods in paths.items()
        if not path.startswith("/api/leagues")
    }
    assert games == {
        "/api/variants": ["get"],
        "/api/games": ["post"],
        "/api/games/import": ["post"],
        "/api/games/{id}": ["get"],
        "/api/games/{id}/agreements": ["post"],
        "/api/games/{id}/disputes": ["post"],
        "/api/games/{id}/hands": ["post"],
        "/api/games/{id}/hands/{number}": ["delete", "put"],
        "/api/house-rules": ["post"],
        "/api/house-rules/{id}": ["get"],
        "/api/clubs/{slug}/seasons/{id}/standings": ["get"],
    }
    assert sorted(paths["/api/games/{id}/hands"]["post"]["responses"]) == [
        "201",
        "401",
        "403",
        "404",
        "409",
        "410",
        "422",
    ]


def test_docs_page_is_served_and_points_at_the_openapi_document(api):
    response = api.get("/api/docs")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    assert b"/api/openapi.json" in response.content


def test_create_game_quotes_a_long_wrong_value_back_shortened(api):
    response = api.post("/api/games", {"variant": "schmier", "players": "x" * 100})

    assert response.status_code == 422
    assert response.json()["detail"] == [
        {
            "field": "players",
            "message": 'players must be a list such as [3, 1, 2], not "' + "x" * 58 + "….",
            "rule": "",
        }
    ]


def test_openapi_options_are_the_presets_options(client):
    # The API's options schema is read from the variant presets, not written again.
    schema = client.get("/api/openapi.json").json()["components"]["schemas"]["OptionsIn"]
    presets = {o.name: o for v in rules.VARIANTS.values() for o in v.options}

    assert {name: prop["default"] for name, prop in schema["properties"].items()} == {
        name: o.default for name, o in presets.items()
    }
    assert {name: prop["type"] for name, prop in schema["properties"].items()} == {
        name: "boolean" if o.type is bool else "integer" for name, o in presets.items()
    }
    assert schema["additionalProperties"] is False
