"""House rules in the API: saved (POST /api/house-rules), read (GET /api/house-rules/{id}),
and used to start a game by their id or given inline; the presets' settings in
GET /api/variants; the settings documented with their allowed values."""

from __future__ import annotations

import pytest

from smear_scores.models import Game, HouseRules

from .helpers import FOUR

TUESDAY = {
    "name": "Tuesday Smear",
    "based_on": "ne-wisconsin",
    "target": 21,
    "set_bid": "keep_less_bid",
}
WISCONSIN_POINTS = [
    {"key": "high", "value": 1, "may_go_unawarded": True},
    {"key": "low", "value": 1, "may_go_unawarded": True},
    {"key": "jack", "value": 1, "may_go_unawarded": True},
    {"key": "game", "value": 1, "may_go_unawarded": True},
]
# The example hand of Four Point Wisconsin: Team A bids 3 and takes High and the Jack.
EXAMPLE = {"bidder": 0, "bid": 3, "awards": {"high": 0, "low": 1, "jack": 0, "game": 1}}


def tuesday_settings() -> dict:
    return {
        "name": "Tuesday Smear",
        "based_on": "ne-wisconsin",
        "players": 4,
        "teams": 2,
        "target": 21,
        "min_bid": 2,
        "max_bid": 4,
        "points": WISCONSIN_POINTS,
        "low_goes_to": "played",
        "game_goes_to": "card_points",
        "card_points_total": 80,
        "moon": None,
        "all_pass": "redeal",
        "all_pass_points": 0,
        "set_bid": "keep_less_bid",
        "non_bidders": "score",
        "win": "most_points",
        "all_points_wins": False,
        "words": {
            "deck": "32 cards: everything 6 and below removed.",
            "dealt": "Six cards each; the dealer keeps the rest.",
            "kitty": "The table agrees before the game how many undealt cards (0 to 3) the "
            "bidder may look at and take.",
            "discards": "The bidder discards down to six; the discards count for the bidder's "
            "team.",
            "trump_ranking": "A, K, Q, J, 10, 9, 8, 7 in every suit.",
            "low_card": "The 7 of trump.",
            "jokers": "None.",
        },
    }


def test_saving_house_rules_answers_every_setting_and_their_link(api):
    response = api.post("/api/house-rules", TUESDAY)

    assert response.status_code == 201
    saved = HouseRules.objects.get()
    assert response.json() == {
        "id": saved.public_id,
        "name": "Tuesday Smear",
        "based_on": "ne-wisconsin",
        "summary": "4 players, 2 partnerships, 4 points a hand, bids 2–4, game to 21.",
        "link": f"http://testserver/rules/house/{saved.public_id}/",
        "settings": tuesday_settings(),
    }
    assert api.get(f"/api/house-rules/{saved.public_id}").json() == response.json()


def test_house_rules_that_contradict_each_other_are_refused_by_field(api):
    response = api.post("/api/house-rules", {**TUESDAY, "max_bid": 5})

    assert response.status_code == 422
    assert response.json()["detail"] == [
        {
            "field": "max_bid",
            "message": "A bid of 5 is more than the 4 points in play: lower the highest bid to "
            "4, or add a moon (a top bid that needs every point).",
            "rule": "H7",
        }
    ]
    assert HouseRules.objects.count() == 0


@pytest.mark.parametrize(
    "changes, field, message",
    [
        (
            {"min_bid": 4, "max_bid": 3},
            "min_bid",
            "The lowest bid (4) is above the highest (3): lower min_bid or raise max_bid.",
        ),
        (
            {"game_goes_to": "ten_of_trump"},
            "card_points_total",
            "Game goes to the ten of trump, so there are no card points to count: set "
            "card_points_total to null, or give Game to the most card points.",
        ),
    ],
    ids=["bids", "card-points"],
)
def test_house_rules_refusals_name_the_settings_by_their_fields(api, changes, field, message):
    # The builder's form says its labels instead (tests/web/test_house_rules.py).
    response = api.post("/api/house-rules", {**TUESDAY, **changes})

    assert response.status_code == 422
    assert [(p["field"], p["message"]) for p in response.json()["detail"]] == [(field, message)]


def test_a_point_of_house_rules_is_refused_by_its_place(api):
    points = [*WISCONSIN_POINTS, {"key": "jack"}]

    response = api.post("/api/house-rules", {**TUESDAY, "points": points})

    assert response.status_code == 422
    assert [(p["field"], p["message"]) for p in response.json()["detail"]] == [
        ("points.4.key", "Jack is in play twice: put each point in once.")
    ]


def test_a_setting_outside_its_values_is_refused_with_the_values(api):
    response = api.post("/api/house-rules", {**TUESDAY, "all_pass": "shuffle", "players": 9})

    assert response.status_code == 422
    assert response.json()["detail"] == [
        {"field": "players", "message": "players must be at most 8, not 9.", "rule": ""},
        {
            "field": "all_pass",
            "message": "all_pass must be one of 'redeal', 'pass_deal', 'stick_dealer' or "
            "'dealer_set_back', not \"shuffle\".",
            "rule": "",
        },
    ]


def test_house_rules_need_a_name_and_a_preset_to_start_from(api):
    response = api.post("/api/house-rules", {"target": 21})

    assert response.status_code == 422
    assert [p["field"] for p in response.json()["detail"]] == ["name", "based_on"]


def test_reading_house_rules_that_do_not_exist_is_404(api):
    response = api.get("/api/house-rules/nosuchrules")

    assert response.status_code == 404
    assert response.json()["detail"] == [
        {
            "field": "id",
            "message": "There are no house rules 'nosuchrules': check the id in the rules' link.",
            "rule": "",
        }
    ]


def test_a_game_started_from_saved_house_rules_plays_them(api):
    saved = api.post("/api/house-rules", TUESDAY).json()

    created = api.post(
        "/api/games", {"house_rules": saved["id"], "players": FOUR, "first_dealer": 3}
    )

    assert created.status_code == 201
    body = created.json()
    # The preset the rules started from is the game's variant; the rules are the set's.
    assert (body["variant"], body["house_rules"], body["settings"]) == (
        "ne-wisconsin",
        saved["id"],
        tuesday_settings(),
    )
    after = api.hand(body, EXAMPLE)
    assert [team["score"] for team in after["teams"]] == [-1, 2]
    assert Game.objects.get().house_rules.public_id == saved["id"]


def test_a_game_started_with_its_house_rules_inline_plays_them(api):
    created = api.post("/api/games", {"settings": TUESDAY, "players": FOUR, "first_dealer": 3})

    assert created.status_code == 201
    body = created.json()
    assert "house_rules" not in body
    assert body["settings"] == tuesday_settings()
    assert [t["score"] for t in api.hand(body, EXAMPLE)["teams"]] == [-1, 2]
    assert api.game(body["id"])["settings"] == tuesday_settings()


def test_inline_house_rules_are_refused_by_their_path_in_the_request(api):
    response = api.post("/api/games", {"settings": {**TUESDAY, "min_bid": 5}, "players": FOUR})

    assert response.status_code == 422
    assert response.json()["detail"] == [
        {
            "field": "settings.min_bid",
            "message": "The lowest bid (5) is above the highest (4): lower min_bid or raise "
            "max_bid.",
            "rule": "H7",
        }
    ]
    assert Game.objects.count() == 0


def test_a_game_takes_its_rules_once(api):
    saved = api.post("/api/house-rules", TUESDAY).json()

    response = api.post(
        "/api/games", {"variant": "ne-wisconsin", "house_rules": saved["id"], "players": FOUR}
    )

    assert response.status_code == 422
    assert response.json()["detail"] == [
        {
            "field": "house_rules",
            "message": "Give the rules once: variant or house_rules, not both.",
            "rule": "",
        }
    ]


def test_a_game_of_house_rules_that_do_not_exist_is_refused_on_that_field(api):
    response = api.post("/api/games", {"house_rules": "nosuchrules", "players": FOUR})

    assert response.status_code == 422
    assert response.json()["detail"][0]["field"] == "house_rules"


def test_a_game_of_a_preset_shows_no_house_rules(api):
    body = api.create("ne-wisconsin")

    assert ("house_rules" in body, "settings" in body) == (False, False)


def test_a_game_of_house_rules_moves_by_import_with_its_rules(api):
    saved = api.post("/api/house-rules", TUESDAY).json()
    created = api.post(
        "/api/games", {"house_rules": saved["id"], "players": FOUR, "first_dealer": 3}
    )
    api.hand(created.json(), EXAMPLE)
    record = api.game(created.json()["id"])

    imported = api.post("/api/games/import", record)

    assert imported.status_code == 201
    body = imported.json()
    assert (body["variant"], body["settings"]) == ("ne-wisconsin", tuesday_settings())
    assert [t["score"] for t in body["teams"]] == [-1, 2]


def test_variants_give_every_presets_settings(api):
    variants = api.get("/api/variants").json()

    wisconsin = next(v for v in variants if v["slug"] == "ne-wisconsin")
    assert wisconsin["settings"] == {
        **tuesday_settings(),
        "name": "Four Point Northeastern Wisconsin Smear",
        "target": 15,
        "set_bid": "lose_bid",
    }
    assert [v["settings"]["name"] for v in variants] == [v["name"] for v in variants]


@pytest.mark.parametrize(
    "setting, values",
    [
        ("all_pass", ["redeal", "pass_deal", "stick_dealer", "dealer_set_back"]),
        ("set_bid", ["lose_bid", "keep_less_bid"]),
        ("non_bidders", ["score", "must_bid_to_win", "held_at_target"]),
        ("win", ["most_points", "bidder_out_first", "bidding_team_out_first", "made_bid_only"]),
        ("low_goes_to", ["played", "trick"]),
        ("game_goes_to", ["card_points", "ten_of_trump"]),
    ],
)
def test_the_document_lists_each_settings_values(api, setting, values):
    schemas = api.get("/api/openapi.json").json()["components"]["schemas"]

    assert schemas["SettingsIn"]["properties"][setting]["enum"] == values
    assert schemas["SettingsOut"]["properties"][setting]["enum"] == values


def test_the_document_lists_the_points_and_the_moons_stakes(api):
    schemas = api.get("/api/openapi.json").json()["components"]["schemas"]

    assert schemas["PointIn"]["properties"]["key"]["enum"] == [
        "high", "low", "jack", "off_jack", "right_bauer", "left_bauer", "joker", "high_joker",
        "low_joker", "ten", "trey", "pedro", "left_pedro", "game",
    ]  # fmt: skip
    assert schemas["MoonIn"]["properties"]["made"]["enum"] == ["wins", "scores", "to_target"]
    assert schemas["MoonIn"]["properties"]["failed"]["enum"] == ["loses", "set_back"]
    assert sorted(schemas["HouseRulesIn"]["required"]) == ["based_on", "name"]
