"""Each house-rules setting and each of its values, worded once: the builder, the rules
pages, the admin and the API's descriptions read these words, so they say the same thing,
and say what the engine does. The engine's lists of allowed values are checked against
them by the tests (tests/web/test_wording.py): a new value without words fails there."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from smear_scores.rules.hands import and_join

from .words import num

# The name of each setting, as the builder labels it and the admin lists it.
SETTING_LABELS = {
    "name": "Name",
    "seats": "Players and partners",
    "target": "Game to",
    "min_bid": "Lowest bid",
    "max_bid": "Highest bid",
    "moon": "A top bid that needs every point (the moon)",
    "moon_made": "A made moon",
    "moon_failed": "A failed moon",
    "moon_negative_to_zero": "A made moon from below zero",
    "points": "Points in play",
    "low_goes_to": "Low goes to",
    "game_goes_to": "Game goes to",
    "card_points_total": "Card points in the deck",
    "all_pass": "When everyone passes",
    "all_pass_points": "The dealer's set-back",
    "set_bid": "A bid that is set",
    "non_bidders": "Teams that did not bid",
    "win": "Who wins at the target",
    "all_points_wins": "Every point in one hand",
    "words": "Words for the rules page",
}

# The button of each value of a setting that takes one of a few.
CHOICE_LABELS = {
    "low_goes_to": {"played": "The team that played it", "trick": "The team that took the trick"},
    "game_goes_to": {
        "card_points": "The most card points",
        "ten_of_trump": "The team that took the ten of trump",
    },
    "all_pass": {
        "redeal": "The same dealer deals again",
        "pass_deal": "The deal passes on",
        "stick_dealer": "The dealer is stuck",
        "dealer_set_back": "The dealer is set back",
    },
    "set_bid": {"lose_bid": "Loses its bid", "keep_less_bid": "Keeps what it took, less its bid"},
    "non_bidders": {
        "score": "Score what they took",
        "must_bid_to_win": "Must bid to win",
        "held_at_target": "Are held at the target",
    },
    "win": {
        "most_points": "The most points",
        "bidder_out_first": "A made bid goes out first",
        "bidding_team_out_first": "The bidding team goes out first",
        "made_bid_only": "Only on a made bid",
    },
    "moon_made": {
        "wins": "Wins the game",
        "scores": "Scores a set number",
        "to_target": "Its score becomes the target",
    },
    "moon_failed": {"loses": "Loses the game", "set_back": "Is set back"},
}

WORD_LABELS = {
    "deck": "The deck",
    "dealt": "Cards dealt",
    "kitty": "The kitty, or the undealt cards the bidder sees",
    "discards": "Discards",
    "trump_ranking": "Trump ranking",
    "low_card": "Which card is Low",
    "jokers": "The jokers",
}

# What Game counts, card by card (D13): the joker is a card point too.
CARD_POINTS = "ten 10, ace 4, king 3, queen 2, jack 1, joker 1"


@dataclass(frozen=True)
class Table:
    """What a sentence needs to know of the other settings. ``team`` is "team", or
    "player" where each plays alone."""

    # Numbers, or (for the API's descriptions) the name of the setting that holds one.
    target: int | str = 0
    min_bid: int | str = 0
    max_bid: int | str = 0
    points_in_play: int | str = 0
    all_pass_points: int | str = 0
    moon_name: str = "Shoot the moon"
    made_points: int | str = 0
    failed_points: int | str = 0
    negative_to_zero: bool = False
    set_bid: str = "lose_bid"
    team: str = "team"
    # What the teams that did not bid may do: the win rule reads it (must_bid_to_win).
    non_bidders: str = "score"


def _teams(t: Table) -> str:
    return "players" if t.team == "player" else "teams"


def _others(t: Table) -> str:
    """'players who', 'teams that' (the start of what the others did)."""
    return "players who" if t.team == "player" else "teams that"


def _target(t: Table) -> str:
    """The target by its number, or "the target" where no number is known."""
    return str(t.target) if isinstance(t.target, int) and t.target else "the target"


def _at_target(t: Table) -> str:
    """'at 21 or more', 'at the target or above'."""
    target = _target(t)
    return f"at {target} or {'above' if target == 'the target' else 'more'}"


# -- who wins at the target, as GameState.decided decides it --------------------------------
def _most_points(t: Table, *, bidder_among: bool = True, after: str = " after the hand") -> str:
    tie = (
        f"goes to the bidding {t.team} if it is one of them, else play another hand"
        if bidder_among
        else "means another hand"
    )
    return (
        f"a {t.team} {_at_target(t)}{after} wins; of several there, the most points wins, "
        f"and a tie for the most {tie}"
    )


def _win(value: str, t: Table) -> str:
    if t.non_bidders == "must_bid_to_win":
        # Only a made bid goes out, whatever the win rule: the bidding team is the only one.
        return (
            f"Only a bidding {t.team} that made its bid can win: {_at_target(t)} after the "
            "hand it wins, whatever the others have. After a set bid or a deal "
            "everyone passed nobody wins, whoever is at the target: play on."
        )
    if value == "bidder_out_first":
        return (
            f"A bidding {t.team} that made its bid and is {_at_target(t)} after the hand "
            f"wins, whatever the others have. Otherwise {_most_points(t, after='')}."
        )
    if value == "bidding_team_out_first":
        return (
            f"The bidding {t.team} wins whenever it is {_at_target(t)} after the hand, its "
            "bid made or set, whatever the others have. Otherwise "
            f"{_most_points(t, bidder_among=False, after='')}."
        )
    if value == "made_bid_only":
        return (
            "Nobody wins after a hand whose bid was set or thrown in: play on. After a made "
            f"bid, {_most_points(t, after='')}."
        )
    most = _most_points(t)
    return f"{most[0].upper()}{most[1:]}."


def _moon_made(value: str, t: Table) -> str:
    if value == "wins":
        return f"the bidding {t.team} wins the game at once"
    if value == "scores":
        return f"it scores {num(t.made_points, 'point')} instead of what it took"
    if t.negative_to_zero:
        return f"its score becomes {_target(t)}; a {t.team} below zero comes to 0 instead"
    return f"its score becomes {_target(t)}, whatever it was"


def _moon_failed(value: str, t: Table) -> str:
    if value == "loses":
        return f"the game ends at once and the other {t.team} wins"
    if t.set_bid == "keep_less_bid":
        return (
            f"it scores what it took less {t.failed_points}, as a set bid does with "
            f"{t.failed_points} in place of the bid"
        )
    return (
        f"it is set back {num(t.failed_points, 'point')} and scores nothing it took, as a "
        f"set bid does with {t.failed_points} in place of the bid"
    )


VALUE_SENTENCES: dict[str, dict[str, Any]] = {
    "low_goes_to": {
        "played": lambda t: (
            f"Low goes to the {t.team} that played the lowest trump, whoever takes the trick."
        ),
        "trick": lambda t: (
            f"Low goes to the {t.team} that took the trick the lowest trump fell in."
        ),
    },
    "game_goes_to": {
        "card_points": lambda t: (
            f"Game goes to the {t.team} whose tricks hold the most card "
            f"points ({CARD_POINTS}); a tie for the most gives it to nobody."
        ),
        "ten_of_trump": lambda t: f"Game goes to the {t.team} that takes the ten of trump.",
    },
    "all_pass": {
        "redeal": lambda t: (
            "If everyone passes, the cards are thrown in: no score, and the "
            "same dealer deals again."
        ),
        "pass_deal": lambda t: (
            "If everyone passes, the cards are thrown in: no score, and "
            "the deal passes to the left."
        ),
        "stick_dealer": lambda t: (
            "Not everyone may pass: when all the others pass, the "
            f"dealer is stuck with the lowest bid ({t.min_bid}), so no hand is thrown in."
        ),
        "dealer_set_back": lambda t: (
            "If everyone passes, the cards are thrown in: the "
            f"dealer's {'score' if t.team == 'player' else 'team'} is set back "
            f"{num(t.all_pass_points, 'point')} and the deal "
            "passes to the left. A thrown-in deal never decides the game: play on."
        ),
    },
    "set_bid": {
        "lose_bid": lambda t: (
            "A set bid is taken off the score, and it scores nothing it took that hand."
        ),
        "keep_less_bid": lambda t: (
            "A set bid scores what it took less the bid (which may be below zero)."
        ),
    },
    "non_bidders": {
        "score": lambda t: f"The {_others(t)} did not bid always score what they took.",
        "must_bid_to_win": lambda t: (
            f"The {_others(t)} did not bid score what they took "
            f"but cannot win in that hand: only a made bid goes out, so a set bidding {t.team} at "
            f"the target plays on too."
        ),
        "held_at_target": lambda t: (
            f"The {_others(t)} did not bid score what they took, "
            f"but one that passes {_target(t)} in a hand keeps just {_target(t)}; "
            f"{'held there' if _target(t) == 'the target' else f'at {t.target}'} it has "
            "still reached the target and can win."
        ),
    },
    "win": {v: (lambda t, v=v: _win(v, t)) for v in CHOICE_LABELS["win"]},
    "moon_made": {
        v: (lambda t, v=v: f"Made: {_moon_made(v, t)}.") for v in CHOICE_LABELS["moon_made"]
    },
    "moon_failed": {
        v: (lambda t, v=v: f"Failed: {_moon_failed(v, t)}.") for v in CHOICE_LABELS["moon_failed"]
    },
}


def value_sentence(key: str, value: Any, table: Table) -> str:
    """What ``key`` set to ``value`` does at a table with the settings ``table``."""
    sentence: str = VALUE_SENTENCES[key][value](table)
    return sentence


def may_win(table: Table, *, rule: str, ends: tuple[str, ...] | list[str] = ()) -> str:
    """Who may win after a hand (reading D5), as GameState.decided asks it: ``rule`` is the
    id of the rule that says who wins at the target; ``ends``: what ends the game at once,
    each with its rule, which is asked first."""
    t = table
    if t.non_bidders == "must_bid_to_win":
        text = (
            f"Only the bidding {t.team} may win after a hand, and only on a made bid "
            f"{_at_target(t)} ({rule}): the most points never decide between {_teams(t)}, so "
            f"no tie can hold the game up. Any other {t.team} at the target plays on."
        )
    else:
        text = (
            f"Every {t.team} {_at_target(t)} after a hand may win, as {rule} says. Where the "
            f"most points decide and the highest are level without the bidding {t.team} among "
            "them, nobody has won yet: play another hand, and the same rule is used after it."
        )
    if ends:
        text += f" What ends the game at once comes first: {and_join(list(ends))}."
    return text


def moon_made_words(value: str, table: Table) -> str:
    """A made moon's effect, as a clause (for the rules page's longer sentence)."""
    return _moon_made(value, table)


def moon_failed_words(value: str, table: Table) -> str:
    return _moon_failed(value, table)


def flag_sentence(key: str, value: bool, table: Table) -> str:
    """The sentence of a setting that is on or off."""
    if key == "all_points_wins":
        return (
            f"A {table.team} that takes every point in play in one hand wins at once, bid or not."
            if value
            else "Taking every point scores them, and no more."
        )
    if key == "moon_negative_to_zero":
        return (
            "A made moon takes a score below zero to 0, not to the target."
            if value
            else "A made moon takes any score to the target."
        )
    if key == "moon":
        return (
            f"A bid of {table.max_bid}, called “{table.moon_name}”, is made only when the "
            f"bidding {table.team} takes every point in play ({table.points_in_play})."
            if value
            else "No bid needs every point: the highest bid is an ordinary bid."
        )
    raise KeyError(key)
