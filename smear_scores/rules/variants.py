"""Variants as data: seats, partnerships, target, bids, points, and the house rules a
table sets, each one field of ``Variant`` read in one place of the engine.

A new variant is a new preset in VARIANTS, never a new branch in the engine.
Seats are numbered from 0 clockwise; seat s belongs to team s % teams (S1, W1), so
partners alternate round the table (a cutthroat game has as many teams as players).

The settings (``settings_of``, ``settings_check``, ``variant_from_settings``) are the same
fields as one JSON object: what a table's own house rules are saved as.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields, replace
from typing import Any

from .errors import Refused, RuleError

TEAM_LETTERS = "ABCDEFGH"
# The point that goes to the team with the most card points (S5, W5, D2, D13), or, where
# the table says so, to the team that took the ten of trump.
GAME = "game"


def team_label(team: int) -> str:
    return f"Team {TEAM_LETTERS[team]}"


def partners_label(names: list[str] | tuple[str, ...]) -> str:
    """'Cy & Flo': a partnership named by its players, as the table talks."""
    return " & ".join(names)


# -- the hand as the table reports it ----------------------------------------------------------
@dataclass(frozen=True)
class HandEntry:
    """What the scorer reports for one deal.

    Either a thrown-in deal (D4), or the bidder's seat, the bid and the points taken:
    one number per team (``points``) or, per point category, the team that took it
    (``awards``; None or a missing key means nobody took it). ``made`` is the scorer's
    optional "made"/"set" claim (D3). ``card_points``: when the table counted, each team's
    card points in team order (D13); Game then goes to the team with the most (nobody on a
    tie, D2), and an award of Game given beside them must agree.
    """

    thrown_in: bool = False
    bidder: int | None = None
    bid: int | None = None
    points: tuple[int, ...] | None = None
    awards: Mapping[str, int | None] | None = None
    made: bool | None = None
    card_points: tuple[int, ...] | None = None

    @classmethod
    def thrown(cls) -> HandEntry:
        return cls(thrown_in=True)


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
    allowed: tuple
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


# -- the settings' allowed values -------------------------------------------------------------
LOW_GOES_TO = ("played", "trick")
GAME_GOES_TO = ("card_points", "ten_of_trump")
ALL_PASS = ("redeal", "pass_deal", "stick_dealer", "dealer_set_back")
SET_BID = ("lose_bid", "keep_less_bid")
NON_BIDDERS = ("score", "must_bid_to_win", "held_at_target")
WIN = ("most_points", "bidder_out_first", "bidding_team_out_first", "made_bid_only")
WORDS = ("deck", "dealt", "kitty", "discards", "trump_ranking", "low_card", "jokers")
WORDS_MAX = 300
NAME_MAX = 60
POINT_VALUE_MAX = 36
TARGET_MAX = 500
STAKE_MAX = 500

# The presets' slugs, in the order VARIANTS offers them (a settings object's based_on).
PRESET_SLUGS = (
    "schmier",
    "schmier-two-teams",
    "ne-wisconsin",
    "six-point-wisconsin",
    "auction-pitch",
    "ten-point-pitch",
    "ten-point-smear",
    "minnesota-smear",
    "pedro",
)

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


def seat_shapes() -> list[tuple[int, int]]:
    """Every (players, teams) a table can play: cutthroat 2-8 (each plays alone),
    partnerships of two (2x2, 3x2, 4x2) and two teams of three (2x3)."""
    return sorted({(n, n) for n in range(2, 9)} | {(4, 2), (6, 3), (8, 4), (6, 2)})


def shape_words(players: int, teams: int) -> str:
    if teams == players:
        return f"{players} players, each playing alone"
    size = players // teams
    if size == 2:
        return f"{players} players, {teams} partnerships"
    return f"{players} players, {teams} teams of {size}"


def _default_words() -> dict[str, str]:
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
    words: dict[str, str] = field(default_factory=_default_words)
    # Where the rules come from: title and address as words.
    source: str = ""
    # Worked examples from the source (not part of a game's frozen rules).
    examples: tuple[Example, ...] = field(default=(), compare=False)

    # -- seats and teams (S1, W1) ---------------------------------------------------------
    def team_of(self, seat: int) -> int:
        return seat % self.teams

    def seats_of(self, team: int) -> tuple[int, ...]:
        return tuple(range(team, self.players, self.teams))

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
            changes.update(_fields_of_settings(settings))
            if option.rule:
                for key in settings:
                    rule_ids[SETTING_TOPICS.get(key, key)] = option.rule
        if rule_ids != self.rule_ids:
            changes["rule_ids"] = rule_ids
        if all(getattr(self, name) == value for name, value in changes.items()):
            return self
        return replace(self, **changes)


# -- settings as one JSON object --------------------------------------------------------------
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


def _moon_of(data: Mapping[str, Any] | None) -> Moon | None:
    if data is None:
        return None
    known = {f.name for f in fields(Moon)}
    return Moon(**{k: v for k, v in data.items() if k in known})


def _moon_dict(moon: Moon | None) -> dict[str, Any] | None:
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


def _fields_of_settings(
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
            out["moon"] = _moon_of(value)
        elif key == "words":
            out["words"] = {**_default_words(), **dict(value)}
        else:
            out[key] = value
    return out


def settings_of(variant: Variant) -> dict[str, Any]:
    """The settings object of any variant (a preset is the builder's starting point)."""
    return {
        "name": variant.name,
        "based_on": variant.based_on or (variant.slug if variant.slug in PRESET_SLUGS else ""),
        "players": variant.players,
        "teams": variant.teams,
        "target": variant.target,
        "min_bid": variant.min_bid,
        "max_bid": variant.max_bid,
        "points": [
            {"key": p.key, "value": p.value, "may_go_unawarded": not p.always_awarded}
            for p in variant.points
        ],
        "low_goes_to": variant.low_goes_to,
        "game_goes_to": variant.game_goes_to,
        "card_points_total": variant.card_points_total,
        "moon": _moon_dict(variant.moon),
        "all_pass": variant.all_pass,
        "all_pass_points": variant.all_pass_points,
        "set_bid": variant.set_bid,
        "non_bidders": variant.non_bidders,
        "win": variant.win,
        "all_points_wins": variant.all_points_wins,
        "words": {**_default_words(), **variant.words},
    }


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


def _whole(value: Any) -> bool:
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
    rule = HOUSE_RULE_IDS
    if not isinstance(data, Mapping):
        return [RuleError("", "The house rules must be an object of settings.", "")]
    errors: list[RuleError] = []

    def error(path: str, message: str, topic: str) -> None:
        errors.append(RuleError(path, message, rule[topic]))

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
    s = {**SETTING_DEFAULTS, **data}

    # -- name and where it started from ----------------------------------------------------
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

    # -- seats (S1) ------------------------------------------------------------------------
    players, teams = s.get("players"), s.get("teams")
    shape_ok = False
    if "players" in data and (not _whole(players) or not 2 <= players <= 8):
        error("players", f"Players must be a whole number from 2 to 8, not {players!r}.", "seats")
    elif "teams" in data and not _whole(teams):
        error("teams", f"Teams must be a whole number, not {teams!r}.", "seats")
    elif "players" in data and "teams" in data:
        if (players, teams) not in seat_shapes():
            shapes = [f"{p} players in {t} teams" for p, t in seat_shapes() if p == players]
            error(
                "teams",
                f"{players} players cannot play in {teams} teams: choose "
                f"{' or '.join(shapes)} (partners of 2, two teams of 3 for six, or each "
                "playing alone).",
                "seats",
            )
        else:
            shape_ok = True

    # -- target ----------------------------------------------------------------------------
    target = s.get("target")
    if "target" in data and (not _whole(target) or not 1 <= target <= TARGET_MAX):
        error(
            "target",
            f"The target must be a whole number from 1 to {TARGET_MAX}, not {target!r}.",
            "target",
        )

    # -- Low and Game ------------------------------------------------------------------------
    for key, values in (("low_goes_to", LOW_GOES_TO), ("game_goes_to", GAME_GOES_TO)):
        if s[key] not in values:
            error(key, f"{key} must be {_one_of(values)}, not {s[key]!r}.", SETTING_TOPICS[key])
    game_goes_to = s["game_goes_to"]

    # -- points (S5, W5, D1) ---------------------------------------------------------------
    points = s.get("points")
    total: int | None = None
    keys: list[str] = []
    if "points" in data:
        if not isinstance(points, list | tuple) or not points:
            error(
                "points",
                "Put at least one point in play (for example High, Low, Jack and Game).",
                "points",
            )
        else:
            total = 0
            for n, point in enumerate(points):
                path = f"points.{n}"
                if not isinstance(point, Mapping):
                    error(path, 'Each point must be an object such as {"key": "high"}.', "points")
                    total = None
                    continue
                for extra in point:
                    if extra not in ("key", "value", "may_go_unawarded"):
                        error(
                            f"{path}.{extra}",
                            f"A point has no setting {extra!r}: give only key, value and "
                            "may_go_unawarded.",
                            "points",
                        )
                key = point.get("key")
                if key not in POINT_KINDS:
                    error(
                        f"{path}.key",
                        f"There is no point {key!r}: choose one of {', '.join(POINT_KINDS)}.",
                        "points",
                    )
                    total = None
                    continue
                label = POINT_KINDS[key].label
                if key in keys:
                    error(
                        f"{path}.key",
                        f"{label} is in play twice: put each point in once.",
                        "points",
                    )
                keys.append(key)
                value = point.get("value", POINT_KINDS[key].value)
                if not _whole(value) or not 1 <= value <= POINT_VALUE_MAX:
                    error(
                        f"{path}.value",
                        f"{label} must be worth a whole number from 1 to {POINT_VALUE_MAX}, "
                        f"not {value!r}.",
                        "points",
                    )
                    total = None
                elif total is not None:
                    total += value
                unawarded = point.get("may_go_unawarded", True)
                if not isinstance(unawarded, bool):
                    error(
                        f"{path}.may_go_unawarded",
                        f"Whether {label} may go unawarded must be true or false, "
                        f"not {unawarded!r}.",
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

    if "points" in data and isinstance(points, list | tuple):
        _check_same_cards(keys, error)
    card_total = s["card_points_total"]
    if card_total is not None and total is not None and GAME not in keys:
        if _whole(card_total) and game_goes_to == "card_points":
            error(
                "card_points_total",
                "The card points are counted for Game (card_points_total), but Game is not "
                "among the points: put Game in the points, or set card_points_total to null.",
                "game",
            )
    if card_total is not None:
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

    # -- bids and the moon (S6, W6) --------------------------------------------------------
    min_bid, max_bid = s.get("min_bid"), s.get("max_bid")
    bids_ok = True
    for key, value in (("min_bid", min_bid), ("max_bid", max_bid)):
        if key in data and not _whole(value):
            error(key, f"{key} must be a whole number, not {value!r}.", "bids")
            bids_ok = False
    moon = s["moon"]
    if moon is not None:
        _check_moon(moon, max_bid if bids_ok else None, teams if shape_ok else None, error)
    if bids_ok and "min_bid" in data and "max_bid" in data:
        if min_bid < 1:
            error("min_bid", f"The lowest bid must be 1 or more, not {min_bid}.", "bids")
        elif min_bid > max_bid:
            error(
                "min_bid",
                f"The lowest bid ({min_bid}) is above the highest ({max_bid}): lower min_bid "
                "or raise max_bid.",
                "bids",
            )
        elif total is not None:
            highest_plain = max_bid - 1 if moon is not None else max_bid
            if moon is None and max_bid > total:
                error(
                    "max_bid",
                    f"A bid of {max_bid} is more than the {total} points in play: lower the "
                    f"highest bid to {total}, or add a moon (a top bid that needs every point).",
                    "bids",
                )
            elif moon is not None and min_bid <= highest_plain and highest_plain > total:
                error(
                    "max_bid",
                    f"Bids below the moon run up to {highest_plain}, more than the {total} "
                    f"points in play: lower the highest bid to {total + 1} (the moon) or less.",
                    "bids",
                )
            elif moon is not None and max_bid >= total + 2:
                error(
                    "moon.bid",
                    f"The moon's bid ({max_bid}, max_bid) is the only bid above the {total} "
                    f"points in play, and {max_bid - total} above them: set max_bid and "
                    f"moon.bid to {total + 1} or less, or put more points in play.",
                    "moon",
                )

    # -- everyone passes (S6, W6, D4) ------------------------------------------------------
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

    # -- scoring, non-bidders, the win -----------------------------------------------------
    for key, values in (("set_bid", SET_BID), ("non_bidders", NON_BIDDERS), ("win", WIN)):
        if s[key] not in values:
            error(key, f"{key} must be {_one_of(values)}, not {s[key]!r}.", SETTING_TOPICS[key])
    if not isinstance(s["all_points_wins"], bool):
        error(
            "all_points_wins",
            f"all_points_wins must be true or false, not {s['all_points_wins']!r}.",
            "win",
        )

    # -- words -----------------------------------------------------------------------------
    words = s["words"]
    if not isinstance(words, Mapping):
        error("words", f"words must be an object with the keys {', '.join(WORDS)}.", "points")
    else:
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
    return errors


# Two names of one card: a table puts in one of them.
SAME_CARD = (("jack", "right_bauer"), ("off_jack", "left_bauer"))


def _check_same_cards(keys: list[str], error) -> None:
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


def _check_moon(moon: Any, max_bid: int | None, teams: int | None, error) -> None:
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


def summary_of(variant: Variant) -> str:
    """'4 players in 2 partnerships of 2, 10 points a hand, bids 4–10, game to 52.'"""
    moon = f" ({variant.max_bid} is {variant.moon.name})" if variant.moon else ""
    return (
        f"{shape_words(variant.players, variant.teams)}, {variant.max_points_per_hand} points "
        f"a hand, bids {variant.min_bid}–{variant.max_bid}{moon}, game to {variant.target}."
    )


def variant_from_settings(data: Any, slug: str = "house") -> Variant:
    """The variant a settings object describes, with the rule ids of a rules page written
    from the data (HOUSE_RULE_IDS); raises Refused with every problem when
    ``settings_check`` finds any. House rules have no per-game options: every choice is a
    setting."""
    errors = settings_check(data)
    if errors:
        raise Refused(errors)
    s = {**SETTING_DEFAULTS, **data}
    s["name"] = s["name"].strip()
    variant = Variant(
        slug=slug,
        players=s["players"],
        teams=s["teams"],
        target=s["target"],
        min_bid=s["min_bid"],
        max_bid=s["max_bid"],
        points=(),
        rule_ids=dict(HOUSE_RULE_IDS),
        name=s["name"],
    )
    variant = replace(
        variant,
        **_fields_of_settings(
            {k: v for k, v in s.items() if k in SETTING_DEFAULTS or k == "points"}
        ),
    )
    return replace(variant, summary=summary_of(variant))


# -- the presets ------------------------------------------------------------------------------
def _awards(**teams: int | None) -> dict[str, int | None]:
    return dict(teams)


SCHMIER = Variant(
    slug="schmier",
    name="Schmier",
    players=6,
    teams=3,
    target=21,
    min_bid=3,
    max_bid=6,
    points=(
        PointCategory("high", "High", True, "plays the ace of trump"),
        PointCategory("low", "Low", True, "plays the 2 of trump"),
        PointCategory("right_bauer", "Right bauer", True, "wins the jack of trump"),
        PointCategory("left_bauer", "Left bauer", True, "wins the jack of the same colour"),
        PointCategory("joker", "Joker", True, "wins the trick with the joker"),
        PointCategory("game", "Game", False, "most card points; nobody on a tie", "Nobody (tie)"),
    ),
    options=(),
    rule_ids={
        "seats": "S1",
        "target": "S2",
        "dealer": "S3",
        "points": "S5",
        "low": "S5",
        "game": "S5",
        "bids": "S6",
        "moon": "S6",
        "thrown_in": "S6",
        "scoring": "S9",
        "non_bidders": "S9",
        "win": "S10",
    },
    summary="6 players, 3 partnerships, six points a hand, bids 3–6, game to 21.",
    # S2, S5, D13: four suits of A 4, K 3, Q 2, J 1, 10 ten (20 each) and the joker's 1.
    card_points_total=81,
    words={
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
    source="ultrafoodmess.com Schmier game rules (the gamerules.com text, three teams of two)",
    examples=(
        Example(
            title="A made bid scores everything taken",
            words="Team B bids 3 and takes High, Low, the left bauer and Game: 4 points, more "
            "than its bid, and it scores all 4; Team A took the right bauer and Team C the "
            "joker, 1 point each.",
            scores_before=(10, 14, 8),
            entry=HandEntry(
                bidder=1,
                bid=3,
                awards=_awards(high=1, low=1, right_bauer=0, left_bauer=1, joker=2, game=1),
            ),
            changes=(1, 4, 1),
            scores_after=(11, 18, 9),
        ),
    ),
)

NE_WISCONSIN = Variant(
    slug="ne-wisconsin",
    name="Four Point Northeastern Wisconsin Smear",
    players=4,
    teams=2,
    target=15,
    min_bid=2,
    max_bid=4,
    points=(
        PointCategory("high", "High", False, "plays the ace of trump", "Nobody"),
        PointCategory("low", "Low", False, "plays the 7 of trump", "Nobody"),
        PointCategory("jack", "Jack", False, "wins the jack of trump", "Nobody"),
        PointCategory("game", "Game", False, "most card points; nobody on a tie", "Nobody (tie)"),
    ),
    options=(
        Option(
            "kitty",
            "Undealt cards the bidder may take",
            int,
            0,
            (0, 1, 2, 3),
            "W2",
            "How many of the undealt cards the bidder may look at and take.",
        ),
        Option(
            "win_only_on_made_bid",
            "Win only on a made bid",
            bool,
            False,
            (False, True),
            "W10a",
            "The game can only be won in a hand whose bid was made.",
            sets={True: {"win": "made_bid_only"}},
        ),
        Option(
            "cap_non_bidder",
            "Non-bidders' points above 15 do not count",
            bool,
            False,
            (False, True),
            "W10b",
            "A team that did not bid and passes 15 in a hand keeps 15; at 15 it has still "
            "reached the target and can win.",
            sets={True: {"non_bidders": "held_at_target"}},
        ),
    ),
    rule_ids={
        "seats": "W1",
        "target": "W3",
        "dealer": "W4",
        "points": "W5",
        "low": "W5",
        "game": "W5",
        "bids": "W6",
        "moon": "W6",
        "thrown_in": "W6",
        "scoring": "W9",
        "non_bidders": "W10b",
        "win": "W10",
    },
    summary="4 players, 2 partnerships, four points a hand, bids 2–4, game to 15.",
    # W3, W5, D13: the 32-card deck has the same four suits' 20 each and no joker.
    card_points_total=80,
    words={
        "deck": "32 cards: everything 6 and below removed.",
        "dealt": "Six cards each; the dealer keeps the rest.",
        "kitty": "The table agrees before the game how many undealt cards (0 to 3) the "
        "bidder may look at and take.",
        "discards": "The bidder discards down to six; the discards count for the bidder's team.",
        "trump_ranking": "A, K, Q, J, 10, 9, 8, 7 in every suit.",
        "low_card": "The 7 of trump.",
        "jokers": "None.",
    },
    source="ultrafoodmess.com Four Point Northeastern Wisconsin Smear (the gamerules.com text)",
    examples=(
        Example(
            title="A set bid loses the bid",
            words="Team A bids 3 and takes only High and the Jack: set, it loses 3 and scores "
            "nothing it took; Team B scores its Low and Game.",
            scores_before=(12, 9),
            entry=HandEntry(bidder=0, bid=3, awards=_awards(high=0, low=1, jack=0, game=1)),
            changes=(-3, 2),
            scores_after=(9, 11),
        ),
    ),
)


def _points(*keys: str, always: tuple[str, ...] = (), **values: int) -> list[dict[str, Any]]:
    """A preset's points: every key in order, the ``always`` ones awarded in every hand."""
    return [
        {
            "key": key,
            "value": values.get(key, POINT_KINDS[key].value),
            "may_go_unawarded": key not in always,
        }
        for key in keys
    ]


def _preset(
    slug: str,
    settings: dict[str, Any],
    *,
    source: str,
    examples: tuple[Example, ...],
    options: tuple[Option, ...] = (),
) -> Variant:
    """A preset written as settings (so it passes the same check as a table's own)."""
    return replace(
        variant_from_settings(settings, slug=slug),
        source=source,
        examples=examples,
        options=options,
    )


SCHMIER_TWO_TEAMS = _preset(
    "schmier-two-teams",
    {
        "name": "Schmier (two teams of three)",
        "based_on": "schmier",
        "players": 6,
        "teams": 2,
        "target": 21,
        "min_bid": 3,
        "max_bid": 6,
        "points": _points(
            "high",
            "low",
            "right_bauer",
            "left_bauer",
            "joker",
            "game",
            always=("high", "low", "right_bauer", "left_bauer", "joker"),
        ),
        "card_points_total": 81,
        "words": {
            "deck": "52 cards and one joker.",
            "dealt": "Six cards each; the 17 left go to the dealer.",
            "discards": "The dealer discards down to six.",
            "trump_ranking": "A, K, Q, right bauer, left bauer, 10 … 2, joker.",
            "low_card": "The 2 of trump.",
            "jokers": "One joker, the lowest trump.",
        },
    },
    source="pagat.com Schmier (Ben Butzer, St Paul), as mirrored at "
    "gambiter.com/cards/all-fours/schmier.html",
    examples=(
        Example(
            title="Both teams pass 21: the more points wins",
            words="At 19 to 20, Team A bids 3 and takes High, the right and left bauers and "
            "Game; Team B takes Low and the joker. Both are over 21; Team A's 23 beats 22.",
            scores_before=(19, 20),
            entry=HandEntry(
                bidder=0,
                bid=3,
                awards=_awards(high=0, low=1, right_bauer=0, left_bauer=0, joker=1, game=0),
            ),
            changes=(4, 2),
            scores_after=(23, 22),
            finished=True,
            winner=0,
        ),
    ),
)

SIX_POINT_WISCONSIN = _preset(
    "six-point-wisconsin",
    {
        "name": "Six Point Northeastern Wisconsin Smear",
        "based_on": "ne-wisconsin",
        "players": 4,
        "teams": 2,
        "target": 21,
        "min_bid": 2,
        "max_bid": 6,
        "points": _points("high", "low", "jack", "high_joker", "low_joker", "game"),
        "words": {
            "deck": "34 cards: the 32 of the four-point game and two jokers below the 7.",
            "dealt": "Six cards each; the dealer keeps the rest.",
            "kitty": "The table agrees how many undealt cards (0 to 3) the bidder may take.",
            "trump_ranking": "A, K, Q, J, 10, 9, 8, 7, then the jokers.",
            "low_card": "The 7 of trump.",
            "jokers": "Two, below the 7; a house rule decides which outranks the other.",
        },
    },
    source="ultrafoodmess.com Six Point Northeastern Wisconsin Smear (the gamerules.com text)",
    options=(
        Option(
            "kitty",
            "Undealt cards the bidder may take",
            int,
            0,
            (0, 1, 2, 3),
            HOUSE_RULE_IDS["bids"],
            "How many of the undealt cards the bidder may look at and take.",
        ),
    ),
    examples=(
        Example(
            title="The other team goes out on a set",
            words="At 17 to 19, Team A bids 5 and takes High, Jack, the high joker and Game: "
            "4, so it is set and loses 5; Team B's Low and low joker bring it to 21.",
            scores_before=(17, 19),
            entry=HandEntry(
                bidder=2,
                bid=5,
                awards=_awards(high=0, low=1, jack=0, high_joker=0, low_joker=1, game=0),
            ),
            changes=(-5, 2),
            scores_after=(12, 21),
            finished=True,
            winner=1,
        ),
    ),
)

AUCTION_PITCH = _preset(
    "auction-pitch",
    {
        "name": "Auction Pitch",
        "players": 4,
        "teams": 2,
        "target": 11,
        "min_bid": 2,
        "max_bid": 4,
        "points": _points("high", "low", "jack", "game", always=("high", "low")),
        "low_goes_to": "trick",
        "card_points_total": 80,
        "win": "bidder_out_first",
        "words": {
            "deck": "52 cards.",
            "dealt": "Six cards each.",
            "trump_ranking": "A, K, Q, J, 10 … 2.",
            "low_card": "The lowest trump in play.",
            "jokers": "None.",
        },
    },
    source="en.wikipedia.org Pitch (card game); leaguelineup.com Pitch Perfect rules "
    "(the making team at 11 wins regardless of the other's score); ourpastimes.com "
    "High-Low-Jack (smudge: plus or minus 5)",
    options=(
        Option(
            "smudge",
            "Smudge",
            bool,
            False,
            (False, True),
            HOUSE_RULE_IDS["moon"],
            "A bid of 5, Smudge: take all four points; made it scores 5, failed it is set back 5.",
            sets={
                True: {
                    "max_bid": 5,
                    "moon": {
                        "bid": 5,
                        "name": "Smudge",
                        "made": "scores",
                        "made_points": 5,
                        "failed": "set_back",
                        "failed_points": 5,
                    },
                }
            },
        ),
        Option(
            "stick_dealer",
            "Stick the dealer",
            bool,
            False,
            (False, True),
            HOUSE_RULE_IDS["thrown_in"],
            "When everyone passes the dealer must bid 2: no hand is thrown in.",
            sets={True: {"all_pass": "stick_dealer"}},
        ),
    ),
    examples=(
        Example(
            title="The bidder goes out first",
            words="At 9 to 10, Team A bids 2 and takes High and Game; Team B takes Low and "
            "the Jack and reaches 12. Team A made its bid at 11 and wins, whatever Team B has.",
            scores_before=(9, 10),
            entry=HandEntry(bidder=2, bid=2, awards=_awards(high=0, low=1, jack=1, game=0)),
            changes=(2, 2),
            scores_after=(11, 12),
            finished=True,
            winner=0,
        ),
    ),
)

TEN_POINT_PITCH = _preset(
    "ten-point-pitch",
    {
        "name": "Ten-point Pitch",
        "players": 4,
        "teams": 2,
        "target": 52,
        "min_bid": 4,
        "max_bid": 10,
        "points": _points(
            "high",
            "low",
            "jack",
            "off_jack",
            "high_joker",
            "low_joker",
            "ten",
            "trey",
            always=("high", "low"),
        ),
        "moon": {
            "bid": 10,
            "name": "Shoot the moon",
            "made": "to_target",
            "made_points": 0,
            "negative_to_zero": True,
            "failed": "loses",
            "failed_points": 0,
        },
        "all_pass": "stick_dealer",
        "words": {
            "deck": "54 cards: 52 and two jokers.",
            "dealt": "Nine each, then every player discards down to six.",
            "trump_ranking": "A, K, Q, J, off-jack, high joker, low joker, 10 … 2.",
            "low_card": "The lowest trump in play, to the team that played it.",
            "jokers": "Two, a high and a low joker, each a point.",
        },
    },
    source="larrycharbonneau.com 10-point pitch (points, bids from 4, the dealer takes 4); "
    "sage-answers.com (a made moon jumps to 52, or to 0 if negative; a failed moon loses "
    "the game)",
    examples=(
        Example(
            title="A made moon jumps to 52",
            words="At 30 to 41, Team B shoots the moon and takes all ten points: its score "
            "jumps to 52 and it wins.",
            scores_before=(30, 41),
            entry=HandEntry(
                bidder=1,
                bid=10,
                awards=_awards(
                    high=1, low=1, jack=1, off_jack=1, high_joker=1, low_joker=1, ten=1, trey=1
                ),
            ),
            changes=(0, 11),
            scores_after=(30, 52),
            finished=True,
            winner=1,
        ),
        Example(
            title="A failed moon loses the game",
            words="At 40 to 45, Team A shoots the moon and takes nine points, but Team B "
            "takes the low joker: the moon fails, Team A is set back 10 and loses the game.",
            scores_before=(40, 45),
            entry=HandEntry(
                bidder=0,
                bid=10,
                awards=_awards(
                    high=0, low=0, jack=0, off_jack=0, high_joker=0, low_joker=1, ten=0, trey=0
                ),
            ),
            changes=(-10, 1),
            scores_after=(30, 46),
            finished=True,
            winner=1,
        ),
    ),
)

TEN_POINT_SMEAR = _preset(
    "ten-point-smear",
    {
        "name": "Ten-point Smear",
        "players": 4,
        "teams": 2,
        "target": 52,
        "min_bid": 2,
        "max_bid": 10,
        "points": _points(
            "high",
            "low",
            "jack",
            "off_jack",
            "high_joker",
            "low_joker",
            "game",
            "trey",
            always=("high", "low"),
        ),
        "words": {
            "deck": "54 cards: 52 and two jokers.",
            "dealt": "Ten each (eight with six players).",
            "trump_ranking": "A, K, Q, J, jick, jokers, 10 … 2.",
            "low_card": "The lowest trump in play.",
            "jokers": "Two, each a point.",
        },
    },
    source="en.wikipedia.org Smear (card game), ten-point partnership Smear (a tie over the "
    "target to the pitching side); ultrafoodmess.com Ten Point Smear (to 52); "
    "cardrulesplus.com Smear (bids 2 to 10)",
    examples=(
        Example(
            title="A tie over the target goes to the bidding side",
            words="At 47 all, Team B bids 5 and takes High, Low, Jack, Jick and Game; Team A "
            "takes both jokers and the Trey. Both reach 52, and Team B bid: it wins.",
            scores_before=(47, 47),
            entry=HandEntry(
                bidder=1,
                bid=5,
                awards=_awards(
                    high=1, low=1, jack=1, off_jack=1, high_joker=0, low_joker=0, game=1, trey=0
                ),
            ),
            changes=(5, 5),
            scores_after=(52, 52),
            finished=True,
            winner=1,
        ),
    ),
)

MINNESOTA_SMEAR = _preset(
    "minnesota-smear",
    {
        "name": "Minnesota Smear",
        "players": 4,
        "teams": 2,
        "target": 21,
        "min_bid": 2,
        "max_bid": 5,
        "points": _points("high", "low", "jack", "off_jack", "game", always=("high", "low")),
        "all_pass": "dealer_set_back",
        "all_pass_points": 2,
        "win": "bidding_team_out_first",
        "words": {
            "deck": "52 cards.",
            "dealt": "Six cards each.",
            "trump_ranking": "A, K, Q, J, jick, 10 … 2.",
            "low_card": "The lowest trump played, to the team that played it.",
            "jokers": "None.",
        },
    },
    source="mkokotovich/play_smear on github.com (backend/apps/smear/models.py: the dealer "
    "is set 2 when all pass, the bidder always goes out, must_bid_to_win); ourpastimes.com "
    "rules of Smear",
    options=(
        Option(
            "must_bid_to_win",
            "Must bid to win",
            bool,
            False,
            (False, True),
            HOUSE_RULE_IDS["non_bidders"],
            # play_smear's "Require a winning bid to go out": a team goes out only on a bid
            # it made, so the option sets both settings.
            "Only a team that makes its bid can win: it wins when it is at the target after "
            "the hand it bid and made; a team that was set, or did not bid, plays on, "
            "whatever its score.",
            sets={True: {"non_bidders": "must_bid_to_win", "win": "made_bid_only"}},
        ),
    ),
    examples=(
        Example(
            title="Everyone passes: the dealer is set back 2",
            words="At 10 to 7, everyone passes; the dealer sits in Team B, which is set "
            "back 2, and the deal passes on.",
            scores_before=(10, 7),
            entry=HandEntry.thrown(),
            changes=(0, -2),
            scores_after=(10, 5),
            dealer=1,
        ),
        Example(
            title="Must bid to win: no win on the other team's bid",
            words="With must bid to win on, at 19 to 18 Team B bids 2 and makes it with High "
            "and Low; Team A takes Jack, Jick and Game and reaches 22, but it did not bid: "
            "play on.",
            scores_before=(19, 18),
            entry=HandEntry(
                bidder=1, bid=2, awards=_awards(high=1, low=1, jack=0, off_jack=0, game=0)
            ),
            changes=(3, 2),
            scores_after=(22, 20),
            options={"must_bid_to_win": True},
        ),
    ),
)

PEDRO = _preset(
    "pedro",
    {
        "name": "Pedro (Cinch)",
        "players": 4,
        "teams": 2,
        "target": 62,
        "min_bid": 7,
        "max_bid": 14,
        "points": _points("high", "low", "jack", "game", "pedro", "left_pedro"),
        "low_goes_to": "trick",
        "game_goes_to": "ten_of_trump",
        "all_pass": "stick_dealer",
        "win": "bidder_out_first",
        "words": {
            "deck": "52 cards.",
            "dealt": "Nine each; each discards and the dealer robs the pack to six.",
            "trump_ranking": "A, K, Q, J, 10, 9, 8, 7, 6, Pedro, Left Pedro, 4, 3, 2.",
            "low_card": "The 2 of trump, to the team that takes it.",
            "jokers": "None.",
        },
    },
    source="en.wikipedia.org Pedro (card game); Foster's Complete Hoyle, Pedro and Cinch "
    "(bids 7 to 14 with the dealer forced to 7, the bidder goes out)",
    examples=(
        Example(
            title="The bidder goes out",
            words="At 55 to 58, Team A bids 7 and takes High, Low, Jack and the Pedro: 8, to "
            "63; Team B takes Game and the Left Pedro, to 64. Team A bid and made it, so it "
            "goes out first and wins.",
            scores_before=(55, 58),
            entry=HandEntry(
                bidder=0,
                bid=7,
                awards=_awards(high=0, low=0, jack=0, game=1, pedro=0, left_pedro=1),
            ),
            changes=(8, 6),
            scores_after=(63, 64),
            finished=True,
            winner=0,
        ),
    ),
)

VARIANTS: dict[str, Variant] = {
    v.slug: v
    for v in (
        SCHMIER,
        SCHMIER_TWO_TEAMS,
        NE_WISCONSIN,
        SIX_POINT_WISCONSIN,
        AUCTION_PITCH,
        TEN_POINT_PITCH,
        TEN_POINT_SMEAR,
        MINNESOTA_SMEAR,
        PEDRO,
    )
}
assert tuple(VARIANTS) == PRESET_SLUGS


def get_variant(slug: str) -> Variant:
    try:
        return VARIANTS[slug]
    except KeyError:
        known = ", ".join(VARIANTS)
        raise KeyError(f"Unknown variant {slug!r}; known variants are {known}.") from None


# -- a variant frozen into a game -------------------------------------------------------------
def _option_dict(o: Option) -> dict[str, Any]:
    data = {
        "name": o.name,
        "label": o.label,
        "type": o.type.__name__,
        "default": o.default,
        "allowed": list(o.allowed),
        "rule": o.rule,
        "help": o.help,
    }
    if o.sets:
        # A list of pairs: JSON would turn the values (true, 2) into strings as keys.
        data["sets"] = [
            {"value": value, "settings": _plain(settings)} for value, settings in o.sets.items()
        ]
    return data


def _plain(value: Any) -> Any:
    """Settings as JSON data (tuples as lists)."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def variant_to_dict(variant: Variant) -> dict[str, Any]:
    """A variant as plain data, frozen into a game when it starts: every setting."""
    return {
        "slug": variant.slug,
        "name": variant.name,
        "players": variant.players,
        "teams": variant.teams,
        "target": variant.target,
        "min_bid": variant.min_bid,
        "max_bid": variant.max_bid,
        "points": [
            {
                "key": p.key,
                "label": p.label,
                "always_awarded": p.always_awarded,
                "description": p.description,
                "nobody": p.nobody,
                "value": p.value,
            }
            for p in variant.points
        ],
        "options": [_option_dict(o) for o in variant.options],
        "rule_ids": dict(variant.rule_ids),
        "summary": variant.summary,
        "card_points_total": variant.card_points_total,
        # Only a night's round has a limit; other games keep the shape they always had.
        **({"hand_limit": variant.hand_limit} if variant.hand_limit is not None else {}),
        "based_on": variant.based_on,
        "low_goes_to": variant.low_goes_to,
        "game_goes_to": variant.game_goes_to,
        "moon": _moon_dict(variant.moon),
        "all_pass": variant.all_pass,
        "all_pass_points": variant.all_pass_points,
        "set_bid": variant.set_bid,
        "non_bidders": variant.non_bidders,
        "win": variant.win,
        "all_points_wins": variant.all_points_wins,
        "words": dict(variant.words),
        "source": variant.source,
    }


def example_to_dict(example: Example) -> dict[str, Any]:
    """A preset's worked example as plain data (for the API and the rules page)."""
    entry = example.entry
    return {
        "title": example.title,
        "words": example.words,
        "dealer": example.dealer,
        "options": dict(example.options),
        "scores_before": list(example.scores_before),
        "entry": {
            "thrown_in": entry.thrown_in,
            "bidder": entry.bidder,
            "bid": entry.bid,
            "awards": dict(entry.awards) if entry.awards is not None else None,
        },
        "changes": list(example.changes),
        "scores_after": list(example.scores_after),
        "finished": example.finished,
        "winner": example.winner,
    }


def _frozen_moon(data: Mapping[str, Any] | None, preset: Variant | None) -> Moon | None:
    """A frozen moon; one frozen before ``negative_to_zero`` existed takes its preset's."""
    moon = _moon_of(data)
    if moon is None or "negative_to_zero" in data or preset is None or preset.moon is None:
        return moon
    return replace(moon, negative_to_zero=preset.moon.negative_to_zero)


def variant_from_dict(data: dict[str, Any]) -> Variant:
    """The variant frozen in ``data``. A game frozen before a setting existed reads it as
    today's behaviour; what its preset adds since (an option's settings, the rule ids of
    new topics) comes from the preset of the same slug."""
    types = {"int": int, "bool": bool}
    preset = VARIANTS.get(data["slug"])
    preset_options = {o.name: o for o in preset.options} if preset is not None else {}

    def option(o: dict[str, Any]) -> Option:
        kind = types[o["type"]]
        if "sets" in o:
            sets = {p["value"]: p["settings"] for p in o["sets"]}
        else:
            known = preset_options.get(o["name"])
            sets = dict(known.sets) if known is not None else {}
        plain = {k: v for k, v in o.items() if k != "sets"}
        return Option(**{**plain, "type": kind, "allowed": tuple(o["allowed"]), "sets": sets})

    def get(name: str) -> Any:
        """A setting as frozen; missing (frozen before it existed): the preset's, which
        for the seeds is today's behaviour, or the default."""
        if name in data:
            return data[name]
        if preset is not None:
            return getattr(preset, name)
        default = next(f for f in fields(Variant) if f.name == name)
        return (
            default.default_factory() if default.default_factory is not MISSING else default.default
        )

    rule_ids = dict(data["rule_ids"])
    if preset is not None:
        rule_ids = {**{k: v for k, v in preset.rule_ids.items() if k not in rule_ids}, **rule_ids}
    return Variant(
        slug=data["slug"],
        name=data["name"],
        players=data["players"],
        teams=data["teams"],
        target=data["target"],
        min_bid=data["min_bid"],
        max_bid=data["max_bid"],
        points=tuple(PointCategory(**p) for p in data["points"]),
        options=tuple(option(o) for o in data["options"]),
        rule_ids=rule_ids,
        summary=data.get("summary", ""),
        hand_limit=data.get("hand_limit"),
        # A game frozen before the deck's card points were part of a variant takes them
        # from its preset (D13); the presets are the one place they are written.
        card_points_total=data.get(
            "card_points_total", preset.card_points_total if preset is not None else None
        ),
        based_on=get("based_on"),
        low_goes_to=get("low_goes_to"),
        game_goes_to=get("game_goes_to"),
        moon=_frozen_moon(data["moon"], preset) if "moon" in data else get("moon"),
        all_pass=get("all_pass"),
        all_pass_points=get("all_pass_points"),
        set_bid=get("set_bid"),
        non_bidders=get("non_bidders"),
        win=get("win"),
        all_points_wins=get("all_points_wins"),
        words={**_default_words(), **get("words")},
        source=get("source"),
        examples=preset.examples if preset is not None else (),
    )
