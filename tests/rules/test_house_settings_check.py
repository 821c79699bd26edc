"""House rules a table writes: settings that contradict each other are refused, each
with the field it concerns and a sentence saying what is wrong and how to fix it."""

from __future__ import annotations

import pytest

from smear_scores.rules import Refused, settings_check, variant_from_settings


def tuesday(**changes) -> dict:
    """A table's own four-point game, with ``changes`` made to it."""
    settings = {
        "name": "Tuesday Smear",
        "based_on": "auction-pitch",
        "players": 4,
        "teams": 2,
        "target": 11,
        "min_bid": 2,
        "max_bid": 4,
        "points": [
            {"key": "high", "value": 1, "may_go_unawarded": False},
            {"key": "low", "value": 1, "may_go_unawarded": False},
            {"key": "jack", "value": 1, "may_go_unawarded": True},
            {"key": "game", "value": 1, "may_go_unawarded": True},
        ],
        "low_goes_to": "played",
        "game_goes_to": "card_points",
        "card_points_total": 80,
        "moon": None,
        "all_pass": "redeal",
        "all_pass_points": 0,
        "set_bid": "lose_bid",
        "non_bidders": "score",
        "win": "most_points",
        "all_points_wins": False,
        "words": {},
    }
    return {**settings, **changes}


def moon(**changes) -> dict:
    return {
        "bid": 5,
        "name": "Smudge",
        "made": "wins",
        "made_points": 0,
        "failed": "loses",
        "failed_points": 0,
        **changes,
    }


def refused(settings) -> list[tuple[str, str]]:
    return [(e.field, e.message) for e in settings_check(settings)]


def fields(settings) -> list[str]:
    return [e.field for e in settings_check(settings)]


def test_settings_check_accepts_a_sound_table():
    assert settings_check(tuesday()) == []
    assert variant_from_settings(tuesday()).name == "Tuesday Smear"


def test_settings_check_max_bid_above_the_points_without_a_moon():
    assert refused(tuesday(max_bid=5)) == [
        (
            "max_bid",
            "A bid of 5 is more than the 4 points in play: lower the highest bid to 4, or add "
            "a moon (a top bid that needs every point).",
        )
    ]


def test_settings_check_a_moon_may_be_above_the_points_in_play():
    assert settings_check(tuesday(max_bid=5, moon=moon())) == []


def test_settings_check_a_bid_below_the_moon_above_the_points_in_play():
    assert refused(tuesday(max_bid=6, moon=moon(bid=6))) == [
        (
            "max_bid",
            "Bids below the moon run up to 5, more than the 4 points in play: lower the highest "
            "bid to 5 (the moon) or less.",
        )
    ]


def test_settings_check_min_bid_below_one():
    assert refused(tuesday(min_bid=0)) == [
        ("min_bid", "The lowest bid must be 1 or more, not 0."),
    ]


def test_settings_check_min_bid_above_max_bid():
    assert refused(tuesday(min_bid=4, max_bid=3)) == [
        (
            "min_bid",
            "The lowest bid (4) is above the highest (3): lower min_bid or raise max_bid.",
        )
    ]


def test_settings_check_a_moon_that_is_not_the_highest_bid():
    assert refused(tuesday(moon=moon(bid=5), max_bid=4)) == [
        (
            "moon.bid",
            "The moon is the highest bid, so its bid must be max_bid (4), not 5: set moon.bid "
            "to 4, or max_bid to 5.",
        )
    ]


def test_settings_check_a_failed_moon_loses_only_with_two_teams():
    three_teams = tuesday(players=6, teams=3, max_bid=5, moon=moon())

    assert refused(three_teams) == [
        (
            "moon.failed",
            "A failed moon can lose the game only with two teams, and there are 3: choose "
            '"set_back" with its points.',
        )
    ]
    assert settings_check({**three_teams, "moon": moon(failed="set_back", failed_points=5)}) == []


def test_settings_check_a_moon_that_scores_nothing():
    assert fields(tuesday(max_bid=5, moon=moon(made="scores", made_points=0))) == [
        "moon.made_points"
    ]


def test_settings_check_a_moon_that_sets_back_nothing():
    assert refused(tuesday(max_bid=5, moon=moon(failed="set_back", failed_points=0))) == [
        (
            "moon.failed_points",
            "A failed moon is set back by moon.failed_points, which is 0: set it to 1 or more.",
        )
    ]


def test_settings_check_the_dealer_set_back_by_nothing():
    assert refused(tuesday(all_pass="dealer_set_back", all_pass_points=0)) == [
        (
            "all_pass_points",
            "The dealer is set back when everyone passes, but by 0 points: set all_pass_points "
            "to 1 or more, or choose something else for all_pass.",
        )
    ]


@pytest.mark.parametrize("players, teams", [(4, 3), (5, 2), (6, 4), (8, 2), (9, 9), (1, 1)])
def test_settings_check_a_seat_shape_not_in_the_list(players, teams):
    assert fields(tuesday(players=players, teams=teams)) == [
        "players" if players not in range(2, 9) else "teams"
    ]


@pytest.mark.parametrize(
    "players, teams", [(2, 2), (3, 3), (5, 5), (8, 8), (4, 2), (6, 3), (8, 4), (6, 2)]
)
def test_settings_check_every_seat_shape_of_the_list(players, teams):
    assert settings_check(tuesday(players=players, teams=teams)) == []


def test_settings_check_the_seat_shapes_are_named_in_the_message():
    assert refused(tuesday(players=6, teams=4)) == [
        (
            "teams",
            "6 players cannot play in 4 teams: choose 6 players in 2 teams or 6 players in 3 "
            "teams or 6 players in 6 teams (partners of 2, two teams of 3 for six, or each "
            "playing alone).",
        )
    ]


def test_settings_check_an_unknown_point():
    points = [*tuesday()["points"], {"key": "queen"}]

    assert fields(tuesday(points=points)) == ["points.4.key"]


def test_settings_check_a_point_twice():
    points = [*tuesday()["points"], {"key": "jack", "value": 1}]

    assert refused(tuesday(points=points)) == [
        ("points.4.key", "Jack is in play twice: put each point in once."),
    ]


def test_settings_check_ten_as_a_point_beside_game_to_the_ten():
    points = [*tuesday()["points"], {"key": "ten"}]

    assert refused(tuesday(points=points, game_goes_to="ten_of_trump", card_points_total=None)) == [
        (
            "points.4.key",
            "Game already goes to the team that took the ten of trump: take Ten out of the "
            "points, or give Game to the most card points.",
        )
    ]


def test_settings_check_card_points_with_game_to_the_ten():
    assert refused(tuesday(game_goes_to="ten_of_trump", card_points_total=80)) == [
        (
            "card_points_total",
            "Game goes to the ten of trump, so there are no card points to count: set "
            "card_points_total to null, or give Game to the most card points.",
        )
    ]


def test_settings_check_no_points():
    assert refused(tuesday(points=[])) == [
        ("points", "Put at least one point in play (for example High, Low, Jack and Game)."),
    ]


@pytest.mark.parametrize("value", [0, 37, -1, 2.5, "3", True])
def test_settings_check_a_point_value_outside_one_to_36(value):
    points = tuesday()["points"]
    points = [points[0], {**points[1], "value": value}, *points[2:]]

    assert fields(tuesday(points=points)) == ["points.1.value"]


def test_settings_check_a_point_worth_36_is_fine():
    points = tuesday()["points"]

    assert settings_check(tuesday(points=[{**points[0], "value": 36}, *points[1:]])) == []


def test_settings_check_game_must_go_unawarded_on_a_tie_of_card_points():
    points = tuesday()["points"]
    points = [*points[:3], {"key": "game", "may_go_unawarded": False}]

    assert fields(tuesday(points=points)) == ["points.3.may_go_unawarded"]
    assert (
        settings_check(tuesday(points=points, game_goes_to="ten_of_trump", card_points_total=None))
        == []
    )


def test_settings_check_unknown_and_missing_settings():
    settings = tuesday(all_pas="redeal")
    del settings["target"]

    assert refused(settings) == [
        (
            "all_pas",
            "There is no setting 'all_pas': remove it (the settings are name, based_on, "
            "players, teams, target, min_bid, max_bid, points, low_goes_to, game_goes_to, "
            "card_points_total, moon, all_pass, all_pass_points, set_bid, non_bidders, win, "
            "all_points_wins, words).",
        ),
        ("target", "Say the target: it has no default."),
    ]


def test_settings_check_settings_left_out_are_todays_behaviour():
    required = {
        key: tuesday()[key]
        for key in ("name", "players", "teams", "target", "min_bid", "max_bid", "points")
    }
    variant = variant_from_settings(required)

    assert (
        variant.all_pass,
        variant.set_bid,
        variant.non_bidders,
        variant.win,
        variant.moon,
        variant.all_points_wins,
    ) == ("redeal", "lose_bid", "score", "most_points", None, False)


@pytest.mark.parametrize(
    "key, value",
    [
        ("low_goes_to", "holder"),
        ("game_goes_to", "ten"),
        ("all_pass", "misdeal"),
        ("set_bid", "lose"),
        ("non_bidders", "capped"),
        ("win", "first"),
        ("all_points_wins", "yes"),
        ("target", 0),
        ("target", 501),
        ("players", 9),
        ("name", ""),
        ("name", "x" * 61),
        ("based_on", "euchre"),
        ("words", {"deck": "x" * 301}),
        ("words", {"shuffle": "riffle"}),
        ("moon", 10),
        ("card_points_total", 0),
        ("all_pass_points", -1),
    ],
)
def test_settings_check_a_value_not_allowed_names_its_field(key, value):
    problems = fields(tuesday(**{key: value}))

    assert len(problems) == 1
    assert problems[0].split(".")[0] == key


def test_settings_check_the_words_for_an_unknown_choice_list_the_choices():
    assert refused(tuesday(all_pass="misdeal")) == [
        (
            "all_pass",
            'all_pass must be "redeal", "pass_deal", "stick_dealer" or "dealer_set_back", '
            "not 'misdeal'.",
        )
    ]


def test_settings_check_tells_every_problem_at_once():
    settings = tuesday(max_bid=12, min_bid=0, all_pass="dealer_set_back", target=0)

    assert fields(settings) == ["target", "min_bid", "all_pass_points"]


def test_settings_check_not_an_object():
    assert refused(["name"]) == [("", "The house rules must be an object of settings.")]


def test_variant_from_settings_raises_refused_with_every_field():
    with pytest.raises(Refused) as refusal:
        variant_from_settings(tuesday(max_bid=5, points=[{"key": "high", "value": 0}]))

    assert refusal.value.status == 422
    assert [e.field for e in refusal.value.errors] == ["points.0.value"]
    assert {e.rule for e in refusal.value.errors} == {"H4"}


# -- settings that contradict the cards ----------------------------------------------------------
def _keys(*keys: str) -> list[dict]:
    return [{"key": key, "may_go_unawarded": True} for key in keys]


def test_settings_check_refuses_one_card_under_two_names():
    assert refused(tuesday(points=_keys("high", "jack", "game", "right_bauer"))) == [
        (
            "points.3.key",
            "Jack and Right bauer are the same card, the jack of trump: put one of them in the "
            "points, not both.",
        )
    ]


def test_settings_check_refuses_a_lone_joker_of_the_pair():
    assert refused(tuesday(points=_keys("high", "low_joker", "jack", "game"))) == [
        (
            "points.1.key",
            "Low joker needs its pair: put High joker in the points too, or put in Joker for "
            "a deck of one joker.",
        )
    ]


def test_settings_check_refuses_the_joker_beside_the_joker_pair():
    points = _keys("high", "high_joker", "low_joker", "joker", "game")
    assert refused(tuesday(points=points, max_bid=5)) == [
        (
            "points.3.key",
            "Joker is the one joker of a deck, and High joker one of a pair: put in either "
            "Joker or the High joker and Low joker.",
        )
    ]


def test_settings_check_refuses_a_moon_two_above_the_points_as_the_only_bid_above_them():
    assert refused(tuesday(min_bid=6, max_bid=6, moon=moon(bid=6))) == [
        (
            "moon.bid",
            "The moon's bid (6, max_bid) is the only bid above the 4 points in play, and 2 "
            "above them: set max_bid and moon.bid to 5 or less, or put more points in play.",
        )
    ]
    assert refused(tuesday(min_bid=5, max_bid=5, moon=moon(bid=5))) == []


def test_settings_check_refuses_counting_card_points_with_no_game():
    assert refused(tuesday(points=_keys("high", "low", "jack"), max_bid=3)) == [
        (
            "card_points_total",
            "The card points are counted for Game (card_points_total), but Game is not among "
            "the points: put Game in the points, or set card_points_total to null.",
        )
    ]
