"""The settings schema and its checks: a variant's fields as one JSON object, what a
table's own house rules are saved as (house.py turns one into a variant and back).

``settings_check`` runs one check per topic, in the order of a rules page; each reports
through ``error(path, message, topic)`` and all problems are found at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeGuard

from .errors import RuleError
from .presets import PRESET_SLUGS
from .variants import (
    ALL_PASS,
    GAME,
    GAME_GOES_TO,
    HOUSE_RULE_IDS,
    LOW_GOES_TO,
    MOON_FAILED,
    MOON_KEYS,
    MOON_MADE,
    NAME_MAX,
    NON_BIDDERS,
    PLAYERS_MAX,
    PLAYERS_MIN,
    POINT_KINDS,
    POINT_VALUE_MAX,
    SET_BID,
    SETTING_TOPICS,
    STAKE_MAX,
    TARGET_MAX,
    WIN,
    WORDS,
    WORDS_MAX,
    seat_shapes,
)

# error(path, message, topic): one problem, at its setting's path, cited by its topic.
Error = Callable[[str, str, str], None]

# Settings a settings object may leave out, and what they then are (today's behaviour).
SETTING_DEFAULTS: dict[str, Any] = {
    "based_on": "",
    "low_goes_to": "played",
    "game_goes_to": "card_points",
    "card_points_total": None,
    "moon": None,
    "all_pass": "redeal",
    "all_pass_points": 0,
    "set_bid": "lose_bid",
    "non_bidders": "score",
    "win": "most_points",
    "all_points_wins": False,
    "words": {},
}
REQUIRED_SETTINGS = ("name", "players", "teams", "target", "min_bid", "max_bid", "points")
# Every key of a settings object, in the order settings_of writes them.
SETTING_KEYS = (
    "name",
    "based_on",
    "players",
    "teams",
    "target",
    "min_bid",
    "max_bid",
    "points",
    "low_goes_to",
    "game_goes_to",
    "card_points_total",
    "moon",
    "all_pass",
    "all_pass_points",
    "set_bid",
    "non_bidders",
    "win",
    "all_points_wins",
    "words",
)


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _one_of(values: tuple[str, ...]) -> str:
    quoted = [f'"{v}"' for v in values]
    return ", ".join(quoted[:-1]) + " or " + quoted[-1]


def settings_check(data: Any) -> list[RuleError]:
    """Everything wrong with a settings object, all at once: each problem with its field
    path ("points.2.value", "moon.bid", "max_bid") and a sentence saying what is wrong and
    how to fix it. An empty list: the settings make a playable variant.

    Settings left out take today's behaviour (SETTING_DEFAULTS), except the name, the seats,
    the target, the bids and the points, which must be given. A point left without a value
    takes its usual one (POINT_KINDS); without ``may_go_unawarded``, it may go unawarded."""
    if not isinstance(data, Mapping):
        return [RuleError("", "The house rules must be an object of settings.", "")]
    errors: list[RuleError] = []

    def error(path: str, message: str, topic: str) -> None:
        errors.append(RuleError(path, message, HOUSE_RULE_IDS[topic]))

    s = {**SETTING_DEFAULTS, **data}
    _check_keys(data, error)
    _check_name(data, s, error)
    shape_ok = _check_seats(data, s, error)
    _check_target(data, s, error)
    _check_goes_to(s, error)
    total, keys = _check_points(data, s, error)
    _check_card_points(s, total, keys, error)
    _check_bids(data, s, total, s.get("teams") if shape_ok else None, error)
    _check_all_pass(s, error)
    _check_scoring(s, error)
    _check_words(s, error)
    return errors


def _check_keys(data: Mapping[str, Any], error: Error) -> None:
    """No setting the schema lacks; every setting that has no default given."""
    for key in data:
        if key not in SETTING_KEYS:
            error(
                str(key),
                f"There is no setting {key!r}: remove it (the settings are "
                f"{', '.join(SETTING_KEYS)}).",
                SETTING_TOPICS.get(key, "seats"),
            )
    for key in REQUIRED_SETTINGS:
        if key not in data:
            error(key, f"Say the {key.replace('_', ' ')}: it has no default.", SETTING_TOPICS[key])


def _check_name(data: Mapping[str, Any], s: Mapping[str, Any], error: Error) -> None:
    """The name, and the preset the settings started from."""
    name = s.get("name")
    if "name" in data and (
        not isinstance(name, str) or not name.strip() or len(name.strip()) > NAME_MAX
    ):
        error("name", f"Give the house rules a name of 1 to {NAME_MAX} characters.", "seats")
    based_on = s["based_on"]
    if based_on != "" and based_on not in PRESET_SLUGS:
        error(
            "based_on",
            f"based_on must be the slug of a preset ({', '.join(PRESET_SLUGS)}) or empty, "
            f"not {based_on!r}.",
            "seats",
        )


def _check_seats(data: Mapping[str, Any], s: Mapping[str, Any], error: Error) -> bool:
    """The players and teams (S1): a shape of table the engine seats. True when they are."""
    players, teams = s.get("players"), s.get("teams")
    if "players" in data and (not _whole(players) or not PLAYERS_MIN <= players <= PLAYERS_MAX):
        error(
            "players",
            f"Players must be a whole number from {PLAYERS_MIN} to {PLAYERS_MAX}, not {players!r}.",
            "seats",
        )
    elif "teams" in data and not _whole(teams):
        error("teams", f"Teams must be a whole number, not {teams!r}.", "seats")
    elif "players" in data and "teams" in data:
        if (players, teams) in seat_shapes():
            return True
        shapes = [f"{p} players in {t} teams" for p, t in seat_shapes() if p == players]
        error(
            "teams",
            f"{players} players cannot play in {teams} teams: choose "
            f"{' or '.join(shapes)} (partners of 2, two teams of 3 for six, or each "
            "playing alone).",
            "seats",
        )
    return False


def _check_target(data: Mapping[str, Any], s: Mapping[str, Any], error: Error) -> None:
    target = s.get("target")
    if "target" in data and (not _whole(target) or not 1 <= target <= TARGET_MAX):
        error(
            "target",
            f"The target must be a whole number from 1 to {TARGET_MAX}, not {target!r}.",
            "target",
        )


def _check_goes_to(s: Mapping[str, Any], error: Error) -> None:
    """Whom Low and Game go to."""
    for key, values in (("low_goes_to", LOW_GOES_TO), ("game_goes_to", GAME_GOES_TO)):
        if s[key] not in values:
            error(key, f"{key} must be {_one_of(values)}, not {s[key]!r}.", SETTING_TOPICS[key])


def _check_points(
    data: Mapping[str, Any], s: Mapping[str, Any], error: Error
) -> tuple[int | None, list[str]]:
    """The points in play (S5, W5, D1): their total value (None when a point is not
    sound) and their keys, in order."""
    points = s.get("points")
    total: int | None = None
    keys: list[str] = []
    if "points" not in data:
        return total, keys
    if not isinstance(points, list | tuple) or not points:
        error(
            "points",
            "Put at least one point in play (for example High, Low, Jack and Game).",
            "points",
        )
        return total, keys
    total = 0
    for n, point in enumerate(points):
        key = _check_point_key(f"points.{n}", point, keys, error)
        value = None
        if key is not None:
            keys.append(key)
            value = _check_point_worth(f"points.{n}", point, key, s["game_goes_to"], error)
        total = None if value is None or total is None else total + value
    _check_same_cards(keys, error)
    return total, keys


def _check_point_key(path: str, point: Any, keys: list[str], error: Error) -> str | None:
    """One point's shape and key; its key, or None when the point names no point."""
    if not isinstance(point, Mapping):
        error(path, 'Each point must be an object such as {"key": "high"}.', "points")
        return None
    for extra in point:
        if extra not in ("key", "value", "may_go_unawarded"):
            error(
                f"{path}.{extra}",
                f"A point has no setting {extra!r}: give only key, value and may_go_unawarded.",
                "points",
            )
    key = point.get("key")
    if key not in POINT_KINDS:
        error(
            f"{path}.key",
            f"There is no point {key!r}: choose one of {', '.join(POINT_KINDS)}.",
            "points",
        )
        return None
    if key in keys:
        error(
            f"{path}.key",
            f"{POINT_KINDS[key].label} is in play twice: put each point in once.",
            "points",
        )
    return str(key)  # one of POINT_KINDS' keys


def _check_point_worth(
    path: str, point: Mapping[str, Any], key: str, game_goes_to: Any, error: Error
) -> int | None:
    """One point's value and whether it may go unawarded; its value, or None."""
    label = POINT_KINDS[key].label
    value = point.get("value", POINT_KINDS[key].value)
    worth: int | None = value
    if not _whole(value) or not 1 <= value <= POINT_VALUE_MAX:
        error(
            f"{path}.value",
            f"{label} must be worth a whole number from 1 to {POINT_VALUE_MAX}, not {value!r}.",
            "points",
        )
        worth = None
    unawarded = point.get("may_go_unawarded", True)
    if not isinstance(unawarded, bool):
        error(
            f"{path}.may_go_unawarded",
            f"Whether {label} may go unawarded must be true or false, not {unawarded!r}.",
            "points",
        )
    elif key == GAME and game_goes_to == "card_points" and not unawarded:
        error(
            f"{path}.may_go_unawarded",
            "Game goes to nobody when the card points tie (D2): let it go "
            "unawarded, or give Game to the ten of trump.",
            "game",
        )
    if key == "ten" and game_goes_to == "ten_of_trump":
        error(
            f"{path}.key",
            "Game already goes to the team that took the ten of trump: take Ten "
            "out of the points, or give Game to the most card points.",
            "game",
        )
    return worth


# Two names of one card: a table puts in one of them.
SAME_CARD = (("jack", "right_bauer"), ("off_jack", "left_bauer"))


def _check_same_cards(keys: list[str], error: Error) -> None:
    """Points that contradict the cards: one card under two names, or jokers that do not
    make a deck (one joker, or the pair of a high and a low joker)."""
    place = {key: n for n, key in reversed(list(enumerate(keys)))}
    label = {key: POINT_KINDS[key].label for key in keys}
    for first, second in SAME_CARD:
        if first in place and second in place:
            error(
                f"points.{max(place[first], place[second])}.key",
                f"{label[first]} and {label[second]} are the same card, the "
                f"{POINT_KINDS[first].description.removeprefix('wins the ')}: put one of them "
                "in the points, not both.",
                "points",
            )
    pair = [k for k in ("high_joker", "low_joker") if k in place]
    if "joker" in place and pair:
        error(
            f"points.{max(place['joker'], place[pair[0]])}.key",
            f"Joker is the one joker of a deck, and {label[pair[0]]} one of a pair: put in "
            "either Joker or the High joker and Low joker.",
            "points",
        )
    elif len(pair) == 1:
        other = "low_joker" if pair[0] == "high_joker" else "high_joker"
        error(
            f"points.{place[pair[0]]}.key",
            f"{label[pair[0]]} needs its pair: put {POINT_KINDS[other].label} in the points "
            "too, or put in Joker for a deck of one joker.",
            "points",
        )


def _check_card_points(
    s: Mapping[str, Any], total: int | None, keys: list[str], error: Error
) -> None:
    """Counting the card points for Game (D13): only where Game goes to the most of them."""
    card_total, game_goes_to = s["card_points_total"], s["game_goes_to"]
    if card_total is not None and total is not None and GAME not in keys:
        if _whole(card_total) and game_goes_to == "card_points":
            error(
                "card_points_total",
                "The card points are counted for Game (card_points_total), but Game is not "
                "among the points: put Game in the points, or set card_points_total to null.",
                "game",
            )
    if card_total is None:
        return
    if not _whole(card_total) or not 1 <= card_total <= TARGET_MAX:
        error(
            "card_points_total",
            f"The deck's card points must be a whole number from 1 to {TARGET_MAX}, or "
            f"null when the table does not count them, not {card_total!r}.",
            "game",
        )
    elif game_goes_to == "ten_of_trump":
        error(
            "card_points_total",
            "Game goes to the ten of trump, so there are no card points to count: set "
            "card_points_total to null, or give Game to the most card points.",
            "game",
        )


def _check_bids(
    data: Mapping[str, Any],
    s: Mapping[str, Any],
    total: int | None,
    teams: int | None,
    error: Error,
) -> None:
    """The bids and the moon (S6, W6). ``total``: the points in play, when they are sound;
    ``teams``: when the seats are."""
    min_bid, max_bid = s.get("min_bid"), s.get("max_bid")
    bids_ok = True
    for key, value in (("min_bid", min_bid), ("max_bid", max_bid)):
        if key in data and not _whole(value):
            error(key, f"{key} must be a whole number, not {value!r}.", "bids")
            bids_ok = False
    moon = s["moon"]
    if moon is not None:
        _check_moon(moon, max_bid if bids_ok else None, teams, error)
    if bids_ok and "min_bid" in data and "max_bid" in data:
        _check_bid_range(s["min_bid"], s["max_bid"], total, moon is not None, error)


def _check_bid_range(
    min_bid: int, max_bid: int, total: int | None, moon: bool, error: Error
) -> None:
    """The lowest and highest bid against each other and the points in play."""
    if min_bid < 1:
        error("min_bid", f"The lowest bid must be 1 or more, not {min_bid}.", "bids")
    elif min_bid > max_bid:
        error(
            "min_bid",
            f"The lowest bid ({min_bid}) is above the highest ({max_bid}): lower min_bid "
            "or raise max_bid.",
            "bids",
        )
    elif total is None:
        return
    elif not moon and max_bid > total:
        error(
            "max_bid",
            f"A bid of {max_bid} is more than the {total} points in play: lower the "
            f"highest bid to {total}, or add a moon (a top bid that needs every point).",
            "bids",
        )
    elif moon and min_bid <= max_bid - 1 and max_bid - 1 > total:
        error(
            "max_bid",
            f"Bids below the moon run up to {max_bid - 1}, more than the {total} "
            f"points in play: lower the highest bid to {total + 1} (the moon) or less.",
            "bids",
        )
    elif moon and max_bid >= total + 2:
        error(
            "moon.bid",
            f"The moon's bid ({max_bid}, max_bid) is the only bid above the {total} "
            f"points in play, and {max_bid - total} above them: set max_bid and "
            f"moon.bid to {total + 1} or less, or put more points in play.",
            "moon",
        )


def _check_moon(moon: Any, max_bid: int | None, teams: int | None, error: Error) -> None:
    """The moon's shape, bid and name; then its stakes."""
    if not isinstance(moon, Mapping):
        error(
            "moon",
            'moon must be null or an object such as {"bid": 10, "name": "Shoot the moon", '
            '"made": "wins", "failed": "loses"}.',
            "moon",
        )
        return
    for extra in moon:
        if extra not in MOON_KEYS:
            error(
                f"moon.{extra}",
                f"The moon has no setting {extra!r}: give bid, name, made, made_points, "
                "negative_to_zero, failed and failed_points.",
                "moon",
            )
    negative_to_zero = moon.get("negative_to_zero", False)
    if not isinstance(negative_to_zero, bool):
        error(
            "moon.negative_to_zero",
            f"moon.negative_to_zero must be true or false, not {negative_to_zero!r}.",
            "moon",
        )
    bid = moon.get("bid")
    if not _whole(bid):
        error("moon.bid", f"The moon's bid must be a whole number, not {bid!r}.", "moon")
    elif max_bid is not None and bid != max_bid:
        error(
            "moon.bid",
            f"The moon is the highest bid, so its bid must be max_bid ({max_bid}), not {bid}: "
            f"set moon.bid to {max_bid}, or max_bid to {bid}.",
            "moon",
        )
    name = moon.get("name", "Shoot the moon")
    if not isinstance(name, str) or not name.strip() or len(name) > NAME_MAX:
        error("moon.name", f"Give the moon a name of 1 to {NAME_MAX} characters.", "moon")
    _check_moon_stakes(moon, teams, error)


def _check_moon_stakes(moon: Mapping[str, Any], teams: int | None, error: Error) -> None:
    """What a made and a failed moon do, and the points they score or set back."""
    made, failed = moon.get("made", "wins"), moon.get("failed", "loses")
    if made not in MOON_MADE:
        error("moon.made", f"moon.made must be {_one_of(MOON_MADE)}, not {made!r}.", "moon")
    if failed not in MOON_FAILED:
        error("moon.failed", f"moon.failed must be {_one_of(MOON_FAILED)}, not {failed!r}.", "moon")
    elif failed == "loses" and teams is not None and teams > 2:
        error(
            "moon.failed",
            f"A failed moon can lose the game only with two teams, and there are {teams}: "
            'choose "set_back" with its points.',
            "moon",
        )
    for key, needed in (("made_points", made == "scores"), ("failed_points", failed == "set_back")):
        value = moon.get(key, 0)
        if not _whole(value) or not 0 <= value <= STAKE_MAX:
            error(
                f"moon.{key}",
                f"moon.{key} must be a whole number from 0 to {STAKE_MAX}, not {value!r}.",
                "moon",
            )
        elif needed and value < 1:
            what = "scores" if key == "made_points" else "is set back by"
            error(
                f"moon.{key}",
                f"A {'made' if key == 'made_points' else 'failed'} moon {what} moon.{key}, "
                f"which is 0: set it to 1 or more.",
                "moon",
            )


def _check_all_pass(s: Mapping[str, Any], error: Error) -> None:
    """Everyone passes (S6, W6, D4)."""
    if s["all_pass"] not in ALL_PASS:
        error(
            "all_pass", f"all_pass must be {_one_of(ALL_PASS)}, not {s['all_pass']!r}.", "thrown_in"
        )
    points_back = s["all_pass_points"]
    if not _whole(points_back) or not 0 <= points_back <= STAKE_MAX:
        error(
            "all_pass_points",
            f"The dealer's set-back must be a whole number from 0 to {STAKE_MAX}, "
            f"not {points_back!r}.",
            "thrown_in",
        )
    elif s["all_pass"] == "dealer_set_back" and points_back < 1:
        error(
            "all_pass_points",
            "The dealer is set back when everyone passes, but by 0 points: set "
            "all_pass_points to 1 or more, or choose something else for all_pass.",
            "thrown_in",
        )


def _check_scoring(s: Mapping[str, Any], error: Error) -> None:
    """A set bid, the non-bidders and the win."""
    for key, values in (("set_bid", SET_BID), ("non_bidders", NON_BIDDERS), ("win", WIN)):
        if s[key] not in values:
            error(key, f"{key} must be {_one_of(values)}, not {s[key]!r}.", SETTING_TOPICS[key])
    if not isinstance(s["all_points_wins"], bool):
        error(
            "all_points_wins",
            f"all_points_wins must be true or false, not {s['all_points_wins']!r}.",
            "win",
        )


def _check_words(s: Mapping[str, Any], error: Error) -> None:
    """The rules page's words: text of a known kind, not too long."""
    words = s["words"]
    if not isinstance(words, Mapping):
        error("words", f"words must be an object with the keys {', '.join(WORDS)}.", "points")
        return
    for key, text in words.items():
        if key not in WORDS:
            error(
                f"words.{key}",
                f"There are no words for {key!r}: use {', '.join(WORDS)}.",
                "points",
            )
        elif not isinstance(text, str) or len(text) > WORDS_MAX:
            error(
                f"words.{key}",
                f"The words for {key} must be text of at most {WORDS_MAX} characters.",
                "points",
            )
