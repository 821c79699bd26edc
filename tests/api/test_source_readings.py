"""The six scoring readings of the sources, each played through the JSON API as a table
would: totals no deal gives, a made moon to the target, must bid to win, a thrown-in
deal, a failed moon under keep_less_bid, and the bidding team going out first."""

from __future__ import annotations

from .helpers import FOUR

THREE = ["Ann", "Bo", "Cy"]
POINTS = [
    {"key": "high", "may_go_unawarded": False},
    {"key": "low", "may_go_unawarded": False},
    {"key": "jack"},
    {"key": "game"},
]


def tuesday(**changes) -> dict:
    return {
        "name": "Tuesday Smear",
        "based_on": "ne-wisconsin",
        "players": 4,
        "teams": 2,
        "target": 11,
        "min_bid": 2,
        "max_bid": 4,
        "points": POINTS,
        **changes,
    }


def start(api, settings: dict, players=FOUR, first_dealer: int = 0) -> dict:
    body = {"settings": settings, "players": players, "first_dealer": first_dealer}
    response = api.post("/api/games", body)
    assert response.status_code == 201, response.json()
    return response.json()


def play(api, game: dict, *hands: dict) -> dict:
    for hand in hands:
        game = {**api.hand(game, hand), "edit_token": game["edit_token"]}
    return game


def standing(game: dict) -> tuple:
    return ([t["score"] for t in game["teams"]], game["finished"], game["winner"])


def test_api_refuses_pedro_totals_no_deal_gives(api):
    game = api.create("pedro")

    response = api.post(
        f"/api/games/{game['id']}/hands",
        {"bidder": 0, "bid": 7, "points": [6, 4]},
        token=game["edit_token"],
    )

    assert response.status_code == 422
    assert [(p["field"], p["rule"]) for p in response.json()["detail"]] == [("points", "D1")]
    assert response.json()["detail"][0]["message"].startswith(
        "No deal gives Ann & Cy 6 and Bo & Di 4: Pedro (Cinch)'s points are High 1, Low 1,"
    )


def test_api_refuses_high_and_trey_totals_of_two(api):
    game = start(api, tuesday(points=[{"key": "high"}, {"key": "trey"}], card_points_total=None))

    response = api.post(
        f"/api/games/{game['id']}/hands",
        {"bidder": 0, "bid": 2, "points": [2, 0]},
        token=game["edit_token"],
    )

    assert response.status_code == 422
    assert response.json()["detail"][0]["message"].endswith(
        "the teams' points can add up to 0, 1, 3 or 4, not 2. Check the points, or say who "
        "took each point."
    )


def test_api_a_made_moon_to_the_target_becomes_the_target(api):
    moon = {"bid": 5, "made": "to_target", "failed": "set_back", "failed_points": 1}
    game = start(api, tuesday(target=6, max_bid=5, moon=moon))
    game = play(api, game, {"bidder": 1, "bid": 2, "points": [0, 3]})

    game = play(api, game, {"bidder": 1, "bid": 5, "points": [0, 4]})

    assert standing(game) == ([0, 6], True, 1)


def test_api_ten_point_pitch_brings_a_negative_moon_to_zero(api):
    game = api.create("ten-point-pitch")
    every = dict.fromkeys(
        ["high", "low", "jack", "off_jack", "high_joker", "low_joker", "ten", "trey"], 1
    )
    game = play(api, game, {"bidder": 1, "bid": 4, "awards": {"high": 0, "low": 0}})

    game = play(api, game, {"bidder": 1, "bid": 10, "awards": every})

    assert standing(game) == ([2, 0], False, None)


# Three alone to 4: C bids 2 three times and is set each time while A and B take 2 each, so
# A and B are tied at 6 with nobody bidding (play on); then A bids 3 and takes 2: set, and
# under keep_less_bid still at the target with 5; B takes 2, to 8.
TIED_AT_SIX = ({"bidder": 2, "bid": 2, "points": [2, 2, 0]},) * 3
A_SET_AT_FIVE = {"bidder": 0, "bid": 3, "points": [2, 2, 0]}


def three_to_four(api, **changes) -> dict:
    rules = tuesday(players=3, teams=3, target=4, set_bid="keep_less_bid", **changes)
    game = play(api, start(api, rules, THREE), *TIED_AT_SIX)
    assert standing(game) == ([6, 6, -6], False, None)
    return game


def test_api_must_bid_to_win_a_set_bidder_at_the_target_plays_on(api):
    game = three_to_four(api, non_bidders="must_bid_to_win")

    game = play(api, game, A_SET_AT_FIVE)

    assert standing(game) == ([5, 8, -6], False, None)


def test_api_a_thrown_in_deal_does_not_decide_the_game(api):
    settings = tuesday(players=3, teams=3, target=4, all_pass="dealer_set_back", all_pass_points=1)
    game = start(api, settings, THREE, first_dealer=0)
    # B and C tie at 4 on A's set bids, nobody bidding: play on.
    game = play(
        api,
        game,
        {"bidder": 0, "bid": 4, "points": [0, 2, 2]},
        {"bidder": 0, "bid": 4, "points": [0, 2, 2]},
    )
    assert standing(game) == ([-8, 4, 4], False, None)

    game = play(api, game, {"thrown_in": True})  # seat 2 deals: Team C set back

    assert standing(game) == ([-8, 4, 3], False, None)


def test_api_a_failed_moon_set_back_keeps_what_it_took_less_n(api):
    moon = {"bid": 5, "made": "wins", "failed": "set_back", "failed_points": 6}
    game = start(api, tuesday(max_bid=5, moon=moon, set_bid="keep_less_bid"))

    game = play(api, game, {"bidder": 1, "bid": 5, "points": [0, 3]})

    assert standing(game) == ([0, -3], False, None)


def test_api_the_bidding_team_goes_out_first_set_or_not(api):
    out_first = play(api, three_to_four(api, win="bidding_team_out_first"), A_SET_AT_FIVE)
    made_first = play(api, three_to_four(api, win="bidder_out_first"), A_SET_AT_FIVE)

    assert standing(out_first) == ([5, 8, -6], True, 0)
    assert standing(made_first) == ([5, 8, -6], True, 1)


def test_api_refuses_settings_that_contradict_the_cards_by_field(api):
    points = [{"key": k} for k in ("high", "jack", "right_bauer", "game")]
    response = api.post("/api/house-rules", tuesday(points=points, card_points_total=80))

    assert response.status_code == 422
    assert [(p["field"], p["rule"]) for p in response.json()["detail"]] == [("points.2.key", "H4")]


def test_api_client_seats_every_preset_by_the_engines_list(api):
    from smear_scores.rules import VARIANTS

    created = {slug: len(api.create(slug)["players"]) for slug in VARIANTS}

    assert created == {slug: v.players for slug, v in VARIANTS.items()}
