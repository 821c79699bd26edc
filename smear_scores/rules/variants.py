"""A variant as data: seats, partnerships, target, bids, points, and the house rules a
table sets, each one field of ``Variant`` read in one place of the engine; the values
each field may take; the shapes of table.

A new variant is a new preset (presets/), never a new branch in the engine.
Seats are numbered from 0 clockwise; seat s belongs to team s % teams (S1, W1), so
partners alternate round the table (a cutthroat game has as many teams as players).

The same fields as one JSON object, what a table's own house rules are saved as: the
settings (settings.py checks them, house.py turns them into a variant and back).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from .entry import HandEntry
from .errors import RuleError

TEAM_LETTERS = "ABCDEFGH"
# The point that goes to the team with the most card points (S5, W5, D2, D13), or, where
# the table says so, to the team that took the ten of trump.
GAME = "game"


def team_label(team: int) -> str:
    return f"Team {TEAM_LETTERS[team]}"


def partners_label(names: list[str] | tuple[str, ...]) -> str:
    """'Cy & Flo': a partnership named by its players, as the table talks."""
    return " & ".join(names)


# -- the points a table can play --------------------------------------------------------------
@dataclass(frozen=True)
class PointKind:
    """A point a table can put in play: its name, usual value and what takes it."""

    key: str
    label: str
    value: int
    description: str


# In the order the builder offers them. Right and left bauer are Schmier's names for the
# jack and the off-jack.
POINT_KINDS: dict[str, PointKind] = {
    k.key: k
    for k in (
        PointKind("high", "High", 1, "plays the highest trump"),
        PointKind("low", "Low", 1, "plays the lowest trump"),
        PointKind("jack", "Jack", 1, "wins the jack of trump"),
        PointKind("off_jack", "Off-jack", 1, "wins the jack of the same colour"),
        PointKind("right_bauer", "Right bauer", 1, "wins the jack of trump"),
        PointKind("left_bauer", "Left bauer", 1, "wins the jack of the same colour"),
        PointKind("joker", "Joker", 1, "wins the trick with the joker"),
        PointKind("high_joker", "High joker", 1, "wins the trick with the high joker"),
        PointKind("low_joker", "Low joker", 1, "wins the trick with the low joker"),
        PointKind("ten", "Ten", 1, "wins the ten of trump"),
        PointKind("trey", "Trey", 3, "wins the three of trump"),
        PointKind("pedro", "Pedro", 5, "wins the five of trump"),
        PointKind("left_pedro", "Left Pedro", 5, "wins the five of the same colour"),
        PointKind("game", "Game", 1, "most card points; nobody on a tie"),
    )
}


@dataclass(frozen=True)
class PointCategory:
    key: str
    label: str
    # D1: a point that is awarded in every hand of this variant (the settings' words:
    # ``may_go_unawarded`` is its opposite).
    always_awarded: bool
    description: str = ""
    # The button for nobody taking this point (D1, D2): only where it may go unawarded.
    nobody: str = "Nobody"
    # What the point scores for the team that takes it (S5, W5: 1; a Trey 3, a Pedro 5).
    value: int = 1


# -- the moon ---------------------------------------------------------------------------------
MOON_MADE = ("wins", "scores", "to_target")
MOON_FAILED = ("loses", "set_back")
MOON_KEYS = ("bid", "name", "made", "made_points", "negative_to_zero", "failed", "failed_points")


@dataclass(frozen=True)
class Moon:
    """A named top bid (shoot the moon, smudge): always the highest bid (``max_bid``); made
    only when the bidding team takes every point in play (the values of all the points).

    Made: ``wins`` the bidding team wins the game at once (it scores what it took, as any
    made bid); ``scores`` its change is ``made_points`` instead of what it took;
    ``to_target`` its score becomes the target, whatever it was and whatever it took
    (``negative_to_zero``: a team below 0 before the hand comes to 0 instead, Ten-point
    Pitch's "jumps to 52, or to 0 if negative").
    Failed: ``loses`` the game ends at once and the other team wins (two teams only; the
    failing team's change is that of any set bid, ``set_bid``); ``set_back`` the set rule
    with ``failed_points`` in place of the bid: ``-failed_points`` under lose_bid, what it
    took less ``failed_points`` under keep_less_bid. The other teams score what they took,
    as for any bid."""

    bid: int
    name: str = "Shoot the moon"
    made: str = "wins"
    made_points: int = 0
    failed: str = "loses"
    failed_points: int = 0
    negative_to_zero: bool = False


# -- one worked example of a preset, from its source -----------------------------------------
@dataclass(frozen=True)
class Example:
    """A hand from the preset's source, with the scores before and after it: what the
    rules page shows and what the tests play through the engine, the web and the API.

    ``dealer``: the seat that dealt it (a thrown-in hand sets back the dealer's team when
    all_pass is dealer_set_back); ``options``: the per-game options it is played with."""

    title: str
    words: str
    scores_before: tuple[int, ...]
    entry: HandEntry
    changes: tuple[int, ...]
    scores_after: tuple[int, ...]
    finished: bool = False
    winner: int | None = None
    dealer: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)


# -- per-game options -------------------------------------------------------------------------
@dataclass(frozen=True)
class Option:
    """A per-game house option, fixed when the game starts. ``sets``: for a chosen value,
    the settings it changes (``Variant.with_options`` folds them in, so the engine reads
    only settings); a value missing from it changes nothing."""

    name: str
    label: str
    type: type  # int or bool
    default: Any
    allowed: tuple[Any, ...]
    rule: str
    help: str = ""
    sets: Mapping[Any, Mapping[str, Any]] = field(default_factory=dict)

    def check(self, value: Any) -> RuleError | None:
        field_name = f"options.{self.name}"
        # bool is a subclass of int: keep the two apart so True is never a kitty of 1.
        if self.type is bool and not isinstance(value, bool):
            return RuleError(
                field_name, f"{self.label} must be true or false, not {value!r}.", self.rule
            )
        if self.type is int and (isinstance(value, bool) or not isinstance(value, int)):
            return RuleError(
                field_name, f"{self.label} must be a whole number, not {value!r}.", self.rule
            )
        if value not in self.allowed:
            allowed = ", ".join(str(v) for v in self.allowed)
            return RuleError(
                field_name, f"{self.label} must be one of {allowed}, not {value!r}.", self.rule
            )
        return None


# -- the values each setting may take, and its limits ----------------------------------------
LOW_GOES_TO = ("played", "trick")
GAME_GOES_TO = ("card_points", "ten_of_trump")
ALL_PASS = ("redeal", "pass_deal", "stick_dealer", "dealer_set_back")
SET_BID = ("lose_bid", "keep_less_bid")
NON_BIDDERS = ("score", "must_bid_to_win", "held_at_target")
WIN = ("most_points", "bidder_out_first", "bidding_team_out_first", "made_bid_only")
WORDS = ("deck", "dealt", "kitty", "discards", "trump_ranking", "low_card", "jokers")
# Each setting that takes one of a few values, and those values (the moon's as moon_made
# and moon_failed): the builder's buttons and the API's enums.
CHOICES: dict[str, tuple[str, ...]] = {
    "low_goes_to": LOW_GOES_TO,
    "game_goes_to": GAME_GOES_TO,
    "all_pass": ALL_PASS,
    "set_bid": SET_BID,
    "non_bidders": NON_BIDDERS,
    "win": WIN,
    "moon_made": MOON_MADE,
    "moon_failed": MOON_FAILED,
}
WORDS_MAX = 300
NAME_MAX = 60
POINT_VALUE_MAX = 36
TARGET_MAX = 500
STAKE_MAX = 500

# The topics a rule id is looked up by (``Variant.rule``), in the order of a rules page.
TOPICS = (
    "seats",
    "target",
    "dealer",
    "points",
    "low",
    "game",
    "bids",
    "moon",
    "thrown_in",
    "scoring",
    "non_bidders",
    "win",
)
# The ids of a rules page written from the data: presets and saved house rules.
HOUSE_RULE_IDS: dict[str, str] = {topic: f"H{n}" for n, topic in enumerate(TOPICS, start=1)}
# A variant whose rule ids predate a topic cites the rule that covered it then.
_TOPIC_FALLBACK = {"low": "points", "game": "points", "moon": "bids", "non_bidders": "scoring"}
# The topic of each setting: an option that changes a setting cites its own rule for it.
SETTING_TOPICS = {
    "name": "seats",
    "based_on": "seats",
    "players": "seats",
    "teams": "seats",
    "target": "target",
    "points": "points",
    "low_goes_to": "low",
    "game_goes_to": "game",
    "card_points_total": "game",
    "min_bid": "bids",
    "max_bid": "bids",
    "moon": "moon",
    "all_pass": "thrown_in",
    "all_pass_points": "thrown_in",
    "set_bid": "scoring",
    "non_bidders": "non_bidders",
    "win": "win",
    "all_points_wins": "win",
    "words": "points",
}


# The fewest and the most players at one table.
PLAYERS_MIN, PLAYERS_MAX = 2, 8


def seat_shapes() -> list[tuple[int, int]]:
    """Every (players, teams) a table can play: cutthroat 2-8 (each plays alone),
    partnerships of two (2x2, 3x2, 4x2) and two teams of three (2x3)."""
    alone = {(n, n) for n in range(PLAYERS_MIN, PLAYERS_MAX + 1)}
    return sorted(alone | {(4, 2), (6, 3), (8, 4), (6, 2)})


def team_seats(players: int, teams: int, team: int) -> tuple[int, ...]:
    """The seats of ``team`` (S1): seat s is on team s % teams, so partners alternate."""
    return tuple(range(team, players, teams))


def shape_words(players: int, teams: int) -> str:
    """'4 players, 2 partnerships', '6 players, 2 teams of 3', '5 players, each playing
    alone': a variant's summary, the builder's seats and the fairness table say it so."""
    if teams == players:
        return f"{players} players, each playing alone"
    size = players // teams
    if size == 2:
        return f"{players} players, {teams} partnerships"
    return f"{players} players, {teams} teams of {size}"


def default_words() -> dict[str, str]:
    return dict.fromkeys(WORDS, "")


@dataclass(frozen=True)
class Variant:
    slug: str
    name: str
    players: int
    teams: int
    target: int
    min_bid: int
    max_bid: int
    points: tuple[PointCategory, ...]
    options: tuple[Option, ...] = ()
    # Rule ids of this variant's own texts, cited in messages.
    rule_ids: dict[str, str] = field(default_factory=dict)
    summary: str = ""
    # The names a table calls its teams by ("Cy & Flo"), in team order; never frozen into
    # a game's spec (the players' names are stored with the game). Empty: "Team A" ...
    team_names: tuple[str, ...] = ()
    # A round of a progressive night: the game ends after this many scored hands, not at
    # the target. None: an ordinary game.
    hand_limit: int | None = None
    # D13: the card points of the whole deck (S5's ten 10, ace 4, king 3, queen 2, jack 1,
    # joker 1), the most the teams' counts may add up to. None: the table cannot count
    # Game in this variant (tap who took it).
    card_points_total: int | None = None

    # -- the house rules (each read in one place of the engine; defaults: the seeds) -------
    # The preset this variant started from (words and links only).
    based_on: str = ""
    # Words for the buttons and the rules page: Low goes to the team that "played" the
    # lowest trump, or that won the "trick" it fell in. The table taps who got it.
    low_goes_to: str = "played"
    # Game goes to the most "card_points" (a tie to nobody, D2; counted as D13 says when
    # card_points_total is set) or to the team that took the "ten_of_trump" (Pedro).
    game_goes_to: str = "card_points"
    # A named top bid and its stakes (see Moon); None: no such bid.
    moon: Moon | None = None
    # Everyone passes: "redeal" no score, the same dealer deals again (D4); "pass_deal" no
    # score, the deal passes left; "dealer_set_back" the dealer's team loses
    # all_pass_points and the deal passes left; "stick_dealer" no thrown-in hand is
    # accepted: the dealer is stuck with the minimum bid.
    all_pass: str = "redeal"
    all_pass_points: int = 0
    # A set bid: "lose_bid" its change is -bid and it scores nothing it took (D9);
    # "keep_less_bid" its change is what it took less the bid.
    set_bid: str = "lose_bid"
    # "score" non-bidders score what they took (S9, W9); "must_bid_to_win" they score, but
    # only a made bid goes out: the bidding team wins when it made its bid and is at the
    # target (play_smear's ``bid_won``); a set bidding team plays on, whatever its score;
    # "held_at_target" after adding, a non-bidding team above the target ends at it (W10b,
    # D6).
    non_bidders: str = "score"
    # After a scored hand, among the teams at the target or more: "most_points" (D5);
    # "bidder_out_first" a bidding team that made its bid wins, whatever the others have
    # (a set bidding team does not: then D5 decides; Setback's "the making team");
    # "bidding_team_out_first" the bidding team wins whenever it is at the target after
    # the hand, made or set (play_smear); "made_bid_only" nobody wins in a hand whose bid
    # was set (W10a, D11). A thrown-in deal is not a hand played (D4, D7): it decides
    # nothing, whatever it set the dealer back. A night's round of a set number of hands
    # (hand_limit) ends only after its hands, whatever the moon or all_points_wins say.
    win: str = "most_points"
    # A team that takes every point in play in one hand (the values of all the points, so
    # not in a hand where a point went unawarded) wins at once, bid or not; after the moon.
    all_points_wins: bool = False
    # Free text for the rules page (deck, dealt, kitty, discards, trump_ranking, low_card,
    # jokers): words only, the engine reads none of them.
    words: dict[str, str] = field(default_factory=default_words)
    # Where the rules come from: title and address as words.
    source: str = ""
    # Worked examples from the source (not part of a game's frozen rules).
    examples: tuple[Example, ...] = field(default=(), compare=False)

    # -- seats and teams (S1, W1) ---------------------------------------------------------
    def team_of(self, seat: int) -> int:
        return seat % self.teams

    def seats_of(self, team: int) -> tuple[int, ...]:
        return team_seats(self.players, self.teams, team)

    @property
    def cutthroat(self) -> bool:
        """Each player plays alone: as many teams as players."""
        return self.teams == self.players

    def team_label(self, team: int) -> str:
        if team < len(self.team_names) and self.team_names[team]:
            return self.team_names[team]
        return team_label(team)

    def team_is_plural(self, team: int) -> bool:
        """'Cy & Flo win', but 'Team A wins' and, a player alone (cutthroat), 'Bo wins'."""
        return self.team_label(team) != team_label(team) and len(self.seats_of(team)) > 1

    def team_wins(self, team: int) -> str:
        """'Team A wins' or 'Cy & Flo win': a named partnership is plural."""
        label = self.team_label(team)
        return f"{label} win" if self.team_is_plural(team) else f"{label} wins"

    def named(self, team_names: list[str] | tuple[str, ...]) -> Variant:
        """This variant with the table's names for its teams (messages use them)."""
        return replace(self, team_names=tuple(team_names))

    def seat_team_names(self, seat_names: list[str] | tuple[str, ...]) -> tuple[str, ...]:
        """Each team named by its partners, from the players' names in seat order."""
        return tuple(
            partners_label([seat_names[s] for s in self.seats_of(team)])
            for team in range(self.teams)
        )

    # -- points (S5, W5, D1) --------------------------------------------------------------
    @property
    def point_keys(self) -> tuple[str, ...]:
        return tuple(p.key for p in self.points)

    @property
    def always_awarded(self) -> tuple[str, ...]:
        return tuple(p.key for p in self.points if p.always_awarded)

    @property
    def min_points_per_hand(self) -> int:
        """The value of the points awarded in every hand (D1)."""
        return sum(p.value for p in self.points if p.always_awarded)

    @property
    def max_points_per_hand(self) -> int:
        """The points in play: every point's value."""
        return sum(p.value for p in self.points)

    @property
    def counts_game(self) -> bool:
        """Can the table give its card points and let the app award Game (D13)?"""
        return (
            self.card_points_total is not None
            and self.game_goes_to == "card_points"
            and self.category(GAME) is not None
        )

    def category(self, key: str) -> PointCategory | None:
        return next((p for p in self.points if p.key == key), None)

    def point(self, key: str) -> PointCategory:
        """The point ``key`` of a variant that plays it (KeyError for one it does not)."""
        found = self.category(key)
        if found is None:
            raise KeyError(key)
        return found

    @property
    def bids(self) -> tuple[int, ...]:
        return tuple(range(self.min_bid, self.max_bid + 1))

    def is_moon(self, bid: int | None) -> bool:
        return self.moon is not None and bid == self.moon.bid

    def rule(self, topic: str) -> str:
        if topic not in self.rule_ids and topic in _TOPIC_FALLBACK:
            return self.rule_ids[_TOPIC_FALLBACK[topic]]
        return self.rule_ids[topic]

    # -- options --------------------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}

    def resolve_options(
        self, given: dict[str, Any] | None
    ) -> tuple[dict[str, Any], list[RuleError]]:
        """Defaults overlaid with the given options; unknown or bad options are errors."""
        given = dict(given or {})
        known = {o.name: o for o in self.options}
        errors: list[RuleError] = []
        resolved = self.default_options()
        for name, value in given.items():
            option = known.get(name)
            if option is None:
                if known:
                    offered = ", ".join(known)
                    message = f"{self.name} has no option {name!r}; its options are {offered}."
                else:
                    message = f"{self.name} has no per-game options, so {name!r} cannot be set."
                errors.append(RuleError(f"options.{name}", message, ""))
                continue
            error = option.check(value)
            if error:
                errors.append(error)
            else:
                resolved[name] = value
        return resolved, errors

    def with_options(self, options: Mapping[str, Any] | None) -> Variant:
        """This variant with the settings the chosen options set folded in (an option not
        given takes its default). Each setting an option changes cites the option's rule.
        The same variant when no option changes anything; folding twice changes nothing."""
        if not self.options:
            return self
        return self._fold(options or {})

    def _fold(self, options: Mapping[str, Any]) -> Variant:
        changes: dict[str, Any] = {}
        rule_ids = dict(self.rule_ids)
        for option in self.options:
            value = options.get(option.name, option.default)
            try:
                settings = option.sets.get(value)
            except TypeError:  # an unhashable value sets nothing
                settings = None
            if not settings:
                continue
            changes.update(fields_of_settings(settings))
            if option.rule:
                for key in settings:
                    rule_ids[SETTING_TOPICS.get(key, key)] = option.rule
        if rule_ids != self.rule_ids:
            changes["rule_ids"] = rule_ids
        if all(getattr(self, name) == value for name, value in changes.items()):
            return self
        return replace(self, **changes)


# -- a variant's fields from settings (an option's, a table's house rules) -------------------
def _point_category(
    key: str, value: int, may_go_unawarded: bool, low_goes_to: str, game_goes_to: str
) -> PointCategory:
    kind = POINT_KINDS[key]
    description = kind.description
    nobody = "Nobody"
    if key == "low" and low_goes_to == "trick":
        description = "wins the trick with the lowest trump"
    if key == GAME:
        if game_goes_to == "ten_of_trump":
            description = "wins the ten of trump"
        else:
            nobody = "Nobody (tie)"
    return PointCategory(key, kind.label, not may_go_unawarded, description, nobody, value)


def moon_of(data: Mapping[str, Any] | None) -> Moon | None:
    if data is None:
        return None
    known = {f.name for f in fields(Moon)}
    return Moon(**{k: v for k, v in data.items() if k in known})


def moon_dict(moon: Moon | None) -> dict[str, Any] | None:
    if moon is None:
        return None
    return {
        "bid": moon.bid,
        "name": moon.name,
        "made": moon.made,
        "made_points": moon.made_points,
        "failed": moon.failed,
        "failed_points": moon.failed_points,
        "negative_to_zero": moon.negative_to_zero,
    }


def fields_of_settings(
    settings: Mapping[str, Any], *, low_goes_to: str = "played", game_goes_to: str = "card_points"
) -> dict[str, Any]:
    """Variant fields from (some of) the settings: the points and the moon as the engine's
    types, the other settings as they are."""
    out: dict[str, Any] = {}
    low_goes_to = settings.get("low_goes_to", low_goes_to)
    game_goes_to = settings.get("game_goes_to", game_goes_to)
    for key, value in settings.items():
        if key == "points":
            out["points"] = tuple(
                _point_category(
                    p["key"],
                    p.get("value", POINT_KINDS[p["key"]].value),
                    p.get("may_go_unawarded", True),
                    low_goes_to,
                    game_goes_to,
                )
                for p in value
            )
        elif key == "moon":
            out["moon"] = moon_of(value)
        elif key == "words":
            out["words"] = {**default_words(), **dict(value)}
        else:
            out[key] = value
    return out
