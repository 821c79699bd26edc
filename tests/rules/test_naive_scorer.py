"""The engine against a naive second scorer written from the rules page's words.

Random house rules (every setting, every seat shape), random games of hands under them,
and after every hand the engine and tests/rules/naive_scorer.py must agree: whether the
hand is accepted, each team's change, the scores, who deals next, whether the game is
over and who won. Each example plays several whole games, each under its own settings.
"""

from __future__ import annotations

import pprint
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from smear_scores.rules import (
    PRESET_SLUGS,
    HandEntry,
    HandRefused,
    get_variant,
    new_game,
    seat_shapes,
    settings_of,
    variant_from_settings,
)

from .naive_scorer import DEFAULT_VALUES, NaiveGame

WIN = ("most_points", "bidder_out_first", "bidding_team_out_first", "made_bid_only")

# Examples from the profile (tests/conftest.py); a whole game per draw is a big example.
SETTINGS = settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
GAMES_MAX = 20
HANDS_PER_GAME = 60

# What was played, for a look at the spread (tests never assert on it): printed at the end
# of the module (seen with -s).
PLAYED: Counter = Counter()
# The presets played: as the start of random house rules, and as themselves.
BASED_ON: set = set()
AS_THEMSELVES: set = set()


@pytest.fixture(scope="module", autouse=True)
def say_what_was_played():
    yield
    print(
        f"\nnaive scorer: {PLAYED['rule sets']} random rule sets (started from "
        f"{len(BASED_ON)} of {len(PRESETS)} presets); {len(AS_THEMSELVES)} of {len(PRESETS)} "
        f"presets as themselves in {PLAYED['preset games']} games; {PLAYED['games']} games, "
        f"{PLAYED['hands']} hands ({PLAYED['refused']} refused), {PLAYED['finished']} "
        "finished"
    )


POINT_KINDS = (
    "high",
    "low",
    "jack",
    "off_jack",
    "right_bauer",
    "left_bauer",
    "joker",
    "high_joker",
    "low_joker",
    "ten",
    "trey",
    "pedro",
    "left_pedro",
    "game",
)
# Every seat shape and preset, from the engine's lists: a new one is drawn without a test edit.
SHAPES = tuple(seat_shapes())
PRESETS = PRESET_SLUGS


# -- random house rules -------------------------------------------------------------------
@st.composite
def house_rules(draw) -> dict:
    players, teams = draw(st.sampled_from(SHAPES))
    game_goes_to = draw(st.sampled_from(("card_points", "ten_of_trump")))
    kinds = [k for k in POINT_KINDS if not (k == "ten" and game_goes_to == "ten_of_trump")]
    size = draw(st.sampled_from((1, 2, 3, 4, 4, 4, 5, 6, 6, 7, 8, 10, 13)))
    keys = draw(st.permutations(kinds))[:size]
    # Points that make a deck: one name a card, the jokers one or a pair.
    for first, second in (("jack", "right_bauer"), ("off_jack", "left_bauer")):
        if first in keys and second in keys:
            keys.remove(second)
    pair = [k for k in ("high_joker", "low_joker") if k in keys]
    if "joker" in keys or len(pair) == 1:
        keys = [k for k in keys if k not in pair] or ["high"]
    points = []
    for key in keys:
        point = {"key": key, "may_go_unawarded": draw(st.booleans())}
        if key == "game" and game_goes_to == "card_points":
            point["may_go_unawarded"] = True  # a tie for the most card points (D2)
        kind = draw(st.integers(0, 9))
        if kind < 5:
            point["value"] = DEFAULT_VALUES.get(key, 1)
        elif kind < 8:
            point["value"] = draw(st.integers(1, 6))
        elif kind < 9:
            point["value"] = draw(st.integers(1, 36))
        # else: the value left out (its default)
        points.append(point)
    total = sum(p.get("value", DEFAULT_VALUES.get(p["key"], 1)) for p in points)

    moon = None
    if draw(st.integers(0, 2)) == 0:
        max_bid = draw(st.integers(1, total + 1))
        made = draw(st.sampled_from(("wins", "scores", "to_target")))
        failed = draw(st.sampled_from(("loses", "set_back") if teams == 2 else ("set_back",)))
        moon = {
            "bid": max_bid,
            "name": draw(st.sampled_from(("Shoot the moon", "Smudge", "Moon"))),
            "made": made,
            # Stakes the other outcome reads are drawn too: they must change nothing.
            "made_points": draw(st.integers(1 if made == "scores" else 0, 40)),
            "failed": failed,
            "failed_points": draw(st.integers(1 if failed == "set_back" else 0, 40)),
            "negative_to_zero": draw(st.booleans()),
        }
    else:
        max_bid = draw(st.integers(1, total))
    min_bid = draw(st.integers(max(1, max_bid - 6), max_bid))

    all_pass = draw(st.sampled_from(("redeal", "pass_deal", "stick_dealer", "dealer_set_back")))
    counting = game_goes_to == "card_points" and "game" in keys
    # Mostly a target some hands away (games of many hands), now and then any target.
    reach = draw(st.integers(0, 9))
    if reach < 8:
        target = min(500, draw(st.integers(total, 4 * total + 10)))
    else:
        target = draw(st.integers(1, 500 if reach == 9 else 30))
    return {
        "name": "Tuesday Smear",
        "based_on": draw(st.sampled_from(PRESETS)),
        "players": players,
        "teams": teams,
        "target": target,
        "min_bid": min_bid,
        "max_bid": max_bid,
        "points": points,
        "low_goes_to": draw(st.sampled_from(("played", "trick"))),
        "game_goes_to": game_goes_to,
        "card_points_total": draw(st.sampled_from((None, 80, 81))) if counting else None,
        "moon": moon,
        "all_pass": all_pass,
        "all_pass_points": draw(st.integers(1 if all_pass == "dealer_set_back" else 0, 10)),
        "set_bid": draw(st.sampled_from(("lose_bid", "keep_less_bid"))),
        "non_bidders": draw(st.sampled_from(("score", "must_bid_to_win", "held_at_target"))),
        "win": draw(st.sampled_from(WIN)),
        "all_points_wins": draw(st.booleans()),
        "words": {
            "deck": draw(st.sampled_from(("", "52 cards and a joker"))),
            "dealt": "",
            "kitty": "",
            "discards": "",
            "trump_ranking": "",
            "low_card": "",
            "jokers": "",
        },
    }


# -- random hands under them --------------------------------------------------------------
def _value(point: dict) -> int:
    return point.get("value", DEFAULT_VALUES.get(point["key"], 1))


@st.composite
def hands(draw, rules: dict) -> dict:
    """A hand as the table reports it, mostly one the words accept: thrown in, a sweep
    (one team takes every point, often on the top bid), or points spread over the teams;
    now and then one with a mistake the words refuse."""
    players, teams = rules["players"], rules["teams"]
    points = rules["points"]
    # Hypothesis favours small numbers: 0 is the plain hand, the rarer kinds sit higher.
    kind = draw(st.integers(0, 99))
    sweep = 75 <= kind < 87
    if 87 <= kind < 95:
        return {"thrown_in": True}

    # Who took each point comes from one drawn number: a draw per point would make a
    # game of many hands too big an example for hypothesis.
    spread = random.Random(draw(st.integers(0, 2**32 - 1)))
    awards: dict = {}
    if sweep:
        sweeper = spread.randrange(teams)
        awards = {p["key"]: sweeper for p in points}
    else:
        for point in points:
            choice = spread.randrange(teams + (2 if point["may_go_unawarded"] else 0))
            if choice < teams:
                awards[point["key"]] = choice
            elif choice == teams:
                awards[point["key"]] = None
            # teams + 1: left out, which is nobody too
    took = [0] * teams
    for point in points:
        if awards.get(point["key"]) is not None:
            took[awards[point["key"]]] += _value(point)

    if draw(st.booleans()):
        team = took.index(max(took))
        bidder = team + teams * draw(st.integers(0, players // teams - 1))
        bid = draw(st.integers(rules["min_bid"], rules["max_bid"]))
        if sweep and draw(st.booleans()):
            bid = rules["max_bid"]  # the moon, when there is one
        elif draw(st.integers(0, 3)):
            bid = max(rules["min_bid"], min(bid, took[team]))
    else:
        bidder = draw(st.integers(0, players - 1))
        bid = draw(st.integers(rules["min_bid"], rules["max_bid"]))

    hand: dict = {"bidder": bidder, "bid": bid}
    if draw(st.integers(0, 2)) == 0:
        hand["points"] = took
    else:
        hand["awards"] = awards
        if rules["card_points_total"] is not None and draw(st.integers(0, 3)) == 3:
            most = rules["card_points_total"] // teams + 3
            hand["card_points"] = [spread.randint(0, most) for _ in range(teams)]
            if draw(st.integers(0, 3)):
                awards.pop("game", None)  # the counts say who took Game
    if draw(st.integers(0, 4)) == 4:
        hand["made"] = draw(st.booleans())

    if kind >= 95:  # a mistake
        mistake = draw(st.integers(0, 6))
        if mistake == 0:
            hand["bid"] = draw(st.sampled_from((rules["min_bid"] - 1, rules["max_bid"] + 1)))
        elif mistake == 1:
            hand["bidder"] = players
        elif mistake == 2:
            total = sum(_value(p) for p in points)
            hand.pop("awards", None)
            hand.pop("card_points", None)
            hand["points"] = [spread.randint(0, total + 1) for _ in range(teams)]
        elif mistake == 3:
            hand.pop("points", None)
            hand["awards"] = {**awards, points[0]["key"]: None}
        elif mistake == 4:
            hand["card_points"] = [spread.randint(0, 50) for _ in range(teams)]
        elif mistake == 5:
            hand["awards"] = {**awards, draw(st.sampled_from(points))["key"]: teams}
            hand.pop("points", None)
        else:  # a point that is not in play
            keys = [p["key"] for p in points]
            hand["awards"] = {**awards, spread.choice([k for k in POINT_KINDS if k not in keys]): 0}
            hand.pop("points", None)
    return hand


def entry_of(hand: dict) -> HandEntry:
    if hand.get("thrown_in"):
        return HandEntry.thrown()
    return HandEntry(
        bidder=hand["bidder"],
        bid=hand["bid"],
        points=tuple(hand["points"]) if "points" in hand else None,
        awards=dict(hand["awards"]) if "awards" in hand else None,
        made=hand.get("made"),
        card_points=tuple(hand["card_points"]) if "card_points" in hand else None,
    )


# -- whole games ------------------------------------------------------------------------------
@st.composite
def games(draw, setups) -> dict:
    """A whole game: its setup (``settings``, and for a seed its ``variant`` and
    ``options``), the first dealer and its hands, drawn until the words end the game
    (or HANDS_PER_GAME)."""
    game = dict(draw(setups))
    rules = game["settings"]
    game["first_dealer"] = draw(st.integers(0, rules["players"] - 1))
    words = NaiveGame(rules, game["first_dealer"])
    of = hands(rules)
    game["hands"] = []
    while not words.finished and len(game["hands"]) < HANDS_PER_GAME:
        hand = draw(of)
        words.play(hand)
        game["hands"].append(hand)
    return game


@st.composite
def several(draw, game_strategy) -> list[dict]:
    """A dozen or so games (a list strategy keeps a list of big examples short)."""
    return [draw(game_strategy) for _ in range(draw(st.integers(1, GAMES_MAX)))]


def disagree(number: int, game: dict, upto: int, what: str) -> None:
    """Fails with the game as far as the hand the two disagree on, ready to replay."""
    shown = {**game, "hands": game["hands"][:upto]}
    raise AssertionError(
        f"game {number} hand {upto}: {what}\n"
        f"the game up to that hand:\n{pprint.pformat(shown, sort_dicts=False, width=96)}"
    )


def agree(number: int, game: dict, state) -> None:
    """Plays the game's hands through the engine (from ``state``) and the naive scorer,
    and holds them equal after every hand."""
    rules = game["settings"]
    words = NaiveGame(rules, game["first_dealer"])
    for upto, hand in enumerate(game["hands"], 1):
        try:
            after, result = state.play(entry_of(hand))
        except HandRefused as refused:
            after, result, why = None, None, refused
        changes = words.play(hand)
        PLAYED["hands"] += 1
        if result is None:
            if changes is not None:
                disagree(number, game, upto, f"the engine refused a hand the words accept: {why}")
            PLAYED["refused"] += 1
            continue
        if changes is None:
            disagree(number, game, upto, "the engine accepted a hand the words refuse")
        state, accepted = after, hand
        engine = {
            "changes": list(result.changes),
            "scores": list(state.scores),
            "dealer": state.dealer,
            "finished": state.finished,
            "winner": state.winner,
        }
        expected = {
            "changes": changes,
            "scores": words.scores,
            "dealer": words.dealer,
            "finished": words.finished,
            "winner": words.winner,
        }
        if engine != expected:
            differ = [key for key in engine if engine[key] != expected[key]]
            disagree(
                number,
                game,
                upto,
                "; ".join(f"{k}: engine {engine[k]}, words {expected[k]}" for k in differ)
                + f" (engine: {state.reason or 'no reason given'})",
            )
    PLAYED["games"] += 1
    if state.finished:
        PLAYED["finished"] += 1
        event("finished")
        # D8: a finished game takes no more hands, not even one it took before.
        try:
            state.play(entry_of(accepted))
        except HandRefused:
            pass
        else:
            disagree(number, game, len(game["hands"]), "a finished game accepted another hand")


# Twice the profile's examples: under the thorough profile, some 4,000 random rule sets.
RULE_SETS = settings(SETTINGS, max_examples=2 * settings.default.max_examples)


@RULE_SETS
@given(several(games(house_rules().map(lambda rules: {"settings": rules}))))
def test_the_engine_scores_random_house_rules_as_the_words_say(played):
    for number, game in enumerate(played, 1):
        variant = variant_from_settings(game["settings"], slug="tuesday-smear")
        agree(number, game, new_game(variant, {}, game["first_dealer"]))
        PLAYED["rule sets"] += 1
        BASED_ON.add(game["settings"]["based_on"])


# -- every preset as itself, its options drawn, against the words of its settings ----------
@st.composite
def preset_setups(draw) -> dict:
    slug = draw(st.sampled_from(PRESETS))
    preset = get_variant(slug)
    options = {o.name: draw(st.sampled_from(o.allowed)) for o in preset.options}
    settings = settings_of(preset.with_options(options))
    return {"variant": slug, "options": options, "settings": settings}


def agree_as_presets(played: list[dict]) -> None:
    """Each game under its preset (``variant``) and ``options``, held to its settings."""
    for number, game in enumerate(played, 1):
        variant = get_variant(game["variant"])
        agree(number, game, new_game(variant, game["options"], game["first_dealer"]))


@SETTINGS
@given(st.lists(games(preset_setups()), min_size=1, max_size=GAMES_MAX))
def test_every_preset_scores_as_its_settings_say(played):
    agree_as_presets(played)
    PLAYED["preset games"] += len(played)
    AS_THEMSELVES.update(game["variant"] for game in played)


# -- the two seeds, written here from RULES.md ------------------------------------------------
def _seed_settings(**given) -> dict:
    plain = {
        "name": "",
        "based_on": "",
        "low_goes_to": "played",
        "game_goes_to": "card_points",
        "moon": None,
        "all_pass": "redeal",
        "all_pass_points": 0,
        "set_bid": "lose_bid",
        "non_bidders": "score",
        "win": "most_points",
        "all_points_wins": False,
    }
    return {**plain, **given}


# S1, S2, S5, S6, S9, S10, D1, D13: six points, all but Game awarded in every hand.
SCHMIER_WORDS = _seed_settings(
    players=6,
    teams=3,
    target=21,
    min_bid=3,
    max_bid=6,
    card_points_total=81,
    points=[
        {"key": "high", "value": 1, "may_go_unawarded": False},
        {"key": "low", "value": 1, "may_go_unawarded": False},
        {"key": "right_bauer", "value": 1, "may_go_unawarded": False},
        {"key": "left_bauer", "value": 1, "may_go_unawarded": False},
        {"key": "joker", "value": 1, "may_go_unawarded": False},
        {"key": "game", "value": 1, "may_go_unawarded": True},
    ],
)
# W1, W3, W5, W6, W9, W10, D1, D13: four points, each may go unawarded.
NE_WISCONSIN_WORDS = _seed_settings(
    players=4,
    teams=2,
    target=15,
    min_bid=2,
    max_bid=4,
    card_points_total=80,
    points=[
        {"key": key, "value": 1, "may_go_unawarded": True}
        for key in ("high", "low", "jack", "game")
    ],
)


@st.composite
def seed_setups(draw) -> dict:
    slug = draw(st.sampled_from(("schmier", "ne-wisconsin")))
    if slug == "schmier":
        return {"variant": slug, "options": {}, "settings": SCHMIER_WORDS}
    options = {
        "kitty": draw(st.sampled_from((0, 1, 2, 3))),
        "win_only_on_made_bid": draw(st.booleans()),
        "cap_non_bidder": draw(st.booleans()),
    }
    rules = dict(NE_WISCONSIN_WORDS)
    if options["win_only_on_made_bid"]:
        rules["win"] = "made_bid_only"  # W10a
    if options["cap_non_bidder"]:
        rules["non_bidders"] = "held_at_target"  # W10b
    return {"variant": slug, "options": options, "settings": rules}


@SETTINGS
@given(st.lists(games(seed_setups()), min_size=1, max_size=GAMES_MAX))
def test_the_seeds_score_as_their_rules_say(played):
    agree_as_presets(played)
