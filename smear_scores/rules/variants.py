"""Variants as data: seats, partnerships, target, bids, point categories, options.

A new variant is a new preset in VARIANTS, never a new branch in the engine.
Seats are numbered from 0 clockwise; seat s belongs to team s % teams (S1, W1).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .errors import RuleError

TEAM_LETTERS = "ABCDEFGH"
# The point that goes to the team with the most card points (S5, W5, D2, D13).
GAME = "game"


def team_label(team: int) -> str:
    return f"Team {TEAM_LETTERS[team]}"


def partners_label(names: list[str] | tuple[str, ...]) -> str:
    """'Cy & Flo': a partnership named by its players, as the table talks."""
    return " & ".join(names)


@dataclass(frozen=True)
class PointCategory:
    key: str
    label: str
    # D1: a point that is awarded in every hand of this variant.
    always_awarded: bool
    description: str = ""
    # The button for nobody taking this point (D1, D2): only where it may go unawarded.
    nobody: str = "Nobody"


@dataclass(frozen=True)
class Option:
    """A per-game house option, fixed when the game starts."""

    name: str
    label: str
    type: type  # int or bool
    default: Any
    allowed: tuple
    rule: str
    help: str = ""

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

    # -- seats and teams (S1, W1) ---------------------------------------------------------
    def team_of(self, seat: int) -> int:
        return seat % self.teams

    def seats_of(self, team: int) -> tuple[int, ...]:
        return tuple(range(team, self.players, self.teams))

    def team_label(self, team: int) -> str:
        if team < len(self.team_names) and self.team_names[team]:
            return self.team_names[team]
        return team_label(team)

    def team_wins(self, team: int) -> str:
        """'Team A wins' or 'Cy & Flo win': a named partnership is plural."""
        label = self.team_label(team)
        return f"{label} wins" if label == team_label(team) else f"{label} win"

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
        return len(self.always_awarded)

    @property
    def max_points_per_hand(self) -> int:
        return len(self.points)

    @property
    def counts_game(self) -> bool:
        """Can the table give its card points and let the app award Game (D13)?"""
        return self.card_points_total is not None and self.category(GAME) is not None

    def category(self, key: str) -> PointCategory | None:
        return next((p for p in self.points if p.key == key), None)

    @property
    def bids(self) -> tuple[int, ...]:
        return tuple(range(self.min_bid, self.max_bid + 1))

    def rule(self, topic: str) -> str:
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
        "bids": "S6",
        "thrown_in": "S6",
        "scoring": "S9",
        "win": "S10",
    },
    summary="6 players, 3 partnerships, six points a hand, bids 3–6, game to 21.",
    # S2, S5, D13: four suits of A 4, K 3, Q 2, J 1, 10 ten (20 each) and the joker's 1.
    card_points_total=81,
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
        ),
    ),
    rule_ids={
        "seats": "W1",
        "target": "W3",
        "dealer": "W4",
        "points": "W5",
        "bids": "W6",
        "thrown_in": "W6",
        "scoring": "W9",
        "win": "W10",
    },
    summary="4 players, 2 partnerships, four points a hand, bids 2–4, game to 15.",
    # W3, W5, D13: the 32-card deck has the same four suits' 20 each and no joker.
    card_points_total=80,
)

VARIANTS: dict[str, Variant] = {v.slug: v for v in (SCHMIER, NE_WISCONSIN)}


def get_variant(slug: str) -> Variant:
    try:
        return VARIANTS[slug]
    except KeyError:
        known = ", ".join(VARIANTS)
        raise KeyError(f"Unknown variant {slug!r}; known variants are {known}.") from None


def variant_to_dict(variant: Variant) -> dict[str, Any]:
    """A variant as plain data, frozen into a game when it starts."""
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
            }
            for p in variant.points
        ],
        "options": [
            {
                "name": o.name,
                "label": o.label,
                "type": o.type.__name__,
                "default": o.default,
                "allowed": list(o.allowed),
                "rule": o.rule,
                "help": o.help,
            }
            for o in variant.options
        ],
        "rule_ids": dict(variant.rule_ids),
        "summary": variant.summary,
        "card_points_total": variant.card_points_total,
        # Only a night's round has a limit; other games keep the shape they always had.
        **({"hand_limit": variant.hand_limit} if variant.hand_limit is not None else {}),
    }


def variant_from_dict(data: dict[str, Any]) -> Variant:
    types = {"int": int, "bool": bool}
    return Variant(
        slug=data["slug"],
        name=data["name"],
        players=data["players"],
        teams=data["teams"],
        target=data["target"],
        min_bid=data["min_bid"],
        max_bid=data["max_bid"],
        points=tuple(PointCategory(**p) for p in data["points"]),
        options=tuple(
            Option(**{**o, "type": types[o["type"]], "allowed": tuple(o["allowed"])})
            for o in data["options"]
        ),
        rule_ids=dict(data["rule_ids"]),
        summary=data.get("summary", ""),
        hand_limit=data.get("hand_limit"),
        # A game frozen before the deck's card points were part of a variant takes them
        # from its preset (D13); the presets are the one place they are written.
        card_points_total=data.get("card_points_total", _preset_card_points(data["slug"])),
    )


def _preset_card_points(slug: str) -> int | None:
    preset = VARIANTS.get(slug)
    return preset.card_points_total if preset is not None else None
