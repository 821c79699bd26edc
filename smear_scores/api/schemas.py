"""The shapes the JSON API reads and writes (its OpenAPI document is built from these).

Seats and teams are numbered from 0; seat s belongs to team s mod the number of teams
(S1, W1). The shapes check types only; the rules of the game are checked by the rules
engine through the services, so a body of the right shape may still be refused with 422.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any, Literal

from ninja import Field, Schema
from pydantic import AfterValidator, ConfigDict, WithJsonSchema, create_model
from pydantic_core import PydanticCustomError

from smear_scores import wording
from smear_scores.rules import Refusal, RuleError
from smear_scores.selectors.games import (
    game_hand_values,
    game_house_rules,
    seat_names,
    team_names,
)
from smear_scores.selectors.house_rules import setting_limits, setting_values
from smear_scores.selectors.variants import option_fields, variant_slugs


def _known_variant(slug: str) -> str:
    """A variant slug checked against the presets as they are when the request comes,
    not as they were when this module was imported (a preset added later is accepted)."""
    slugs = [repr(s) for s in variant_slugs()]
    if slug not in variant_slugs():
        expected = f"{', '.join(slugs[:-1])} or {slugs[-1]}" if len(slugs) > 1 else slugs[0]
        # Worded by api/errors.py like any other choice that is not one of the list.
        raise PydanticCustomError(
            "literal_error", "Input should be {expected}", {"expected": expected}
        )
    return slug


VariantSlug = Annotated[
    str,
    AfterValidator(_known_variant),
    WithJsonSchema({"type": "string", "enum": list(variant_slugs())}),
]


# -- errors --------------------------------------------------------------------------------
class Problem(Schema):
    field: str = Field(
        description="Where the problem is: a body field such as 'bid', 'points.1' or "
        "'hands.6.bid', or a header such as 'Authorization'."
    )
    message: str = Field(description="What is wrong and how to fix it.")
    rule: str = Field(description="The rule id (S1–S10, W1–W10, D1–D13), or '' when none.")


class ErrorOut(Schema):
    message: str = Field(description="Every problem in one sentence or a few.")
    detail: list[Problem]

    @classmethod
    def of(cls, problems: Iterable[RuleError]) -> ErrorOut:
        detail = [Problem(field=p.field, message=p.message, rule=p.rule) for p in problems]
        return cls(message=" ".join(p.message for p in detail), detail=detail)

    @classmethod
    def refusal(cls, refusal: Refusal) -> ErrorOut:
        return cls.of(refusal.errors)


# -- the settings of a variant: a table's house rules --------------------------------------
# Every value a setting may take, as the engine lists them (documented as enums).
VALUES = setting_values()
LIMITS = setting_limits()
PointKey = Literal[VALUES["point_key"]]
LowGoesTo = Literal[VALUES["low_goes_to"]]
GameGoesTo = Literal[VALUES["game_goes_to"]]
AllPass = Literal[VALUES["all_pass"]]
SetBid = Literal[VALUES["set_bid"]]
NonBidders = Literal[VALUES["non_bidders"]]
Win = Literal[VALUES["win"]]
MoonMade = Literal[VALUES["moon_made"]]
MoonFailed = Literal[VALUES["moon_failed"]]


def _no_default(schema: dict[str, Any]) -> None:
    # A setting left out is the preset's (or the engine's default): not null, so the
    # document shows no default rather than a null the field does not take.
    schema.pop("default", None)


def _optional(description: str, **constraints: Any) -> Any:
    """A field a request may leave out; when given, it may not be null."""
    return Field(None, description=description, json_schema_extra=_no_default, **constraints)


SETTING_WORDS = {
    "name": "Shown everywhere the variant's name is.",
    "based_on": "The preset the rules start from (GET /api/variants): a setting left out "
    "is the preset's.",
    "players": "How many play: 2 to 8.",
    "teams": "How many teams: as many as players for cutthroat (each plays alone), else "
    "partnerships of two (4, 6 or 8 players) or two teams of three (6 players). Partners sit "
    "alternately round the table, never side by side.",
    "target": "The score that ends the game.",
    "min_bid": "The lowest bid.",
    "max_bid": "The highest bid; with a moon, the moon's bid. Without a moon it may not "
    "be more than the points in play.",
    "points": "The points in play, in the order of the buttons and the rules page; each key once.",
    "low_goes_to": wording.api_description("low_goes_to"),
    "game_goes_to": wording.api_description("game_goes_to"),
    "card_points_total": "The card points of the whole deck, so the table may count Game "
    f"({wording.CARD_POINTS}; D13); null where Game is only tapped. Only with game_goes_to "
    "card_points.",
    "moon": "A named top bid (shoot the moon, smudge) and its stakes; null for none.",
    "all_pass": wording.api_description("all_pass"),
    "all_pass_points": "The dealer's set-back when everyone passes (dealer_set_back).",
    "set_bid": wording.api_description("set_bid"),
    "non_bidders": wording.api_description("non_bidders"),
    "win": wording.api_description("win"),
    "all_points_wins": "A team that takes every point in play in one hand wins at once.",
    "words": "Words only, for the rules page: the deck, the cards dealt, the kitty, the "
    "discards, the trump ranking, the Low card, the jokers.",
}


class _StrictIn(Schema):
    model_config = ConfigDict(strict=True, extra="forbid")


class PointIn(_StrictIn):
    key: PointKey
    value: int = _optional(
        "What the point scores; left out, its usual value (Trey 3, Pedro and Left Pedro 5, "
        "else 1).",
        ge=1,
        le=LIMITS["point_value"],
    )
    may_go_unawarded: bool = Field(
        True,
        description="The point may go to nobody (undealt or buried, or Game on a tie); false "
        "for a point awarded in every hand.",
    )


class MoonIn(_StrictIn):
    bid: int = _optional("Always max_bid; left out, it is max_bid.", ge=1, le=LIMITS["bid"])
    name: str = Field(
        "Shoot the moon", min_length=1, max_length=LIMITS["name"], description="Its name."
    )
    made: MoonMade = Field(
        "wins",
        description=wording.api_description("moon_made"),
    )
    made_points: int = Field(0, ge=0, le=LIMITS["stake"], description="For made: scores.")
    failed: MoonFailed = Field(
        "loses",
        description=wording.api_description("moon_failed"),
    )
    failed_points: int = Field(0, ge=0, le=LIMITS["stake"], description="For failed: set_back.")


WordsIn = create_model(
    "WordsIn",
    __base__=_StrictIn,
    **{
        key: (str, _optional(f"Words on {key.replace('_', ' ')}.", max_length=LIMITS["words"]))
        for key in VALUES["words"]
    },
)


class SettingsIn(_StrictIn):
    """House rules: the preset they start from and the settings that differ from it. The
    settings are checked together (a maximum bid above the points in play without a moon is
    refused on max_bid, and so on), each problem with its field."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "name": "Tuesday Smear",
                    "based_on": "ne-wisconsin",
                    "target": 21,
                    "all_pass": "stick_dealer",
                },
            ]
        },
    )

    name: str = _optional(
        SETTING_WORDS["name"] + " Left out: the preset's.",
        min_length=1,
        max_length=LIMITS["name"],
    )
    based_on: VariantSlug = Field(description=SETTING_WORDS["based_on"])
    players: int = _optional(
        SETTING_WORDS["players"], ge=LIMITS["players_min"], le=LIMITS["players"]
    )
    teams: int = _optional(SETTING_WORDS["teams"], ge=1, le=LIMITS["players"])
    target: int = _optional(SETTING_WORDS["target"], ge=1, le=LIMITS["target"])
    min_bid: int = _optional(SETTING_WORDS["min_bid"], ge=1, le=LIMITS["bid"])
    max_bid: int = _optional(SETTING_WORDS["max_bid"], ge=1, le=LIMITS["bid"])
    points: list[PointIn] = _optional(
        SETTING_WORDS["points"], min_length=1, max_length=len(VALUES["point_key"])
    )
    low_goes_to: LowGoesTo = _optional(SETTING_WORDS["low_goes_to"])
    game_goes_to: GameGoesTo = _optional(SETTING_WORDS["game_goes_to"])
    card_points_total: int | None = Field(
        None, ge=1, le=LIMITS["target"], description=SETTING_WORDS["card_points_total"]
    )
    moon: MoonIn | None = Field(None, description=SETTING_WORDS["moon"])
    all_pass: AllPass = _optional(SETTING_WORDS["all_pass"])
    all_pass_points: int = _optional(SETTING_WORDS["all_pass_points"], ge=0, le=LIMITS["stake"])
    set_bid: SetBid = _optional(SETTING_WORDS["set_bid"])
    non_bidders: NonBidders = _optional(SETTING_WORDS["non_bidders"])
    win: Win = _optional(SETTING_WORDS["win"])
    all_points_wins: bool = _optional(SETTING_WORDS["all_points_wins"])
    words: WordsIn = _optional(SETTING_WORDS["words"])

    def given(self) -> dict[str, Any]:
        """The settings as sent: what was left out is left to the preset."""
        return self.model_dump(exclude_unset=True)


class HouseRulesIn(SettingsIn):
    """A set of house rules to save: its name, the preset it starts from, and the settings
    that differ from the preset."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "name": "Tuesday Smear",
                    "based_on": "auction-pitch",
                    "target": 21,
                    "all_pass": "dealer_set_back",
                    "all_pass_points": 2,
                },
            ]
        },
    )

    name: str = Field(min_length=1, max_length=LIMITS["name"], description=SETTING_WORDS["name"])


class PointOut(Schema):
    key: PointKey
    value: int
    may_go_unawarded: bool


class MoonOut(Schema):
    bid: int
    name: str
    made: MoonMade
    made_points: int
    failed: MoonFailed
    failed_points: int


WordsOut = create_model("WordsOut", __base__=Schema, **{key: (str, "") for key in VALUES["words"]})


class SettingsOut(Schema):
    """Every setting of a variant (the object POST /api/house-rules takes)."""

    name: str = Field(description=SETTING_WORDS["name"])
    based_on: str = Field(description="The preset the rules started from.")
    players: int = Field(description=SETTING_WORDS["players"])
    teams: int = Field(description=SETTING_WORDS["teams"])
    target: int = Field(description=SETTING_WORDS["target"])
    min_bid: int = Field(description=SETTING_WORDS["min_bid"])
    max_bid: int = Field(description=SETTING_WORDS["max_bid"])
    points: list[PointOut] = Field(description=SETTING_WORDS["points"])
    low_goes_to: LowGoesTo = Field(description=SETTING_WORDS["low_goes_to"])
    game_goes_to: GameGoesTo = Field(description=SETTING_WORDS["game_goes_to"])
    card_points_total: int | None = Field(description=SETTING_WORDS["card_points_total"])
    moon: MoonOut | None = Field(description=SETTING_WORDS["moon"])
    all_pass: AllPass = Field(description=SETTING_WORDS["all_pass"])
    all_pass_points: int = Field(description=SETTING_WORDS["all_pass_points"])
    set_bid: SetBid = Field(description=SETTING_WORDS["set_bid"])
    non_bidders: NonBidders = Field(description=SETTING_WORDS["non_bidders"])
    win: Win = Field(description=SETTING_WORDS["win"])
    all_points_wins: bool = Field(description=SETTING_WORDS["all_points_wins"])
    words: WordsOut = Field(description=SETTING_WORDS["words"])


class HouseRulesOut(Schema):
    id: str = Field(description="The set's id: POST /api/games takes it as house_rules.")
    name: str
    based_on: str = Field(description="The preset the rules started from.")
    summary: str = Field(description="The rules in one line.")
    link: str = Field(description="The set's page, to share: it offers to use the rules.")
    settings: SettingsOut


# -- variants ------------------------------------------------------------------------------
class OptionOut(Schema):
    name: str
    label: str
    type: Literal["int", "bool"]
    default: int | bool
    allowed: list[int | bool]
    rule: str


class VariantOut(Schema):
    slug: str
    name: str
    players: int
    teams: int
    target: int
    min_bid: int
    max_bid: int
    points: list[str] = Field(description="Point category keys, in the order of the rules.")
    always_awarded: list[str] = Field(description="Keys of the points awarded in every hand (D1).")
    options: list[OptionOut]
    card_points_total: int | None = Field(
        None,
        description="The card points of the whole deck (D13): the most a hand's card_points "
        "may add up to; null where Game cannot be counted.",
    )
    settings: SettingsOut = Field(
        description="Every setting of the preset: where house rules start (based_on)."
    )


# -- games ---------------------------------------------------------------------------------
# Per-game house options, built from the variant presets (each option once, whichever
# variant takes it); the rules engine checks which variant takes which, and the values.
class _StrictOptions(Schema):
    model_config = ConfigDict(strict=True, extra="forbid")


OptionsIn = create_model(
    "OptionsIn",
    __base__=_StrictOptions,
    __doc__="Per-game house options; GET /api/variants says which variant takes which.",
    **{
        name: (kind, Field(default, description=description))
        for name, kind, default, description in option_fields()
    },
)


# A real game has a few dozen hands, thrown-in deals included; a record of thousands is
# not a game, and replaying it would hold a worker for seconds.
MAX_IMPORT_HANDS = 500

SIX_NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]


class GameIn(Schema):
    model_config = ConfigDict(
        strict=True,
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"variant": "schmier", "players": SIX_NAMES, "first_dealer": 0},
                {
                    "variant": "ne-wisconsin",
                    "players": ["Ann", "Bo", "Cy", "Di"],
                    "first_dealer": 3,
                    "options": {"kitty": 2, "win_only_on_made_bid": True},
                },
                {"house_rules": "f3Xk9qPz2LmA", "players": ["Ann", "Bo", "Cy", "Di"]},
                {
                    "settings": {"based_on": "ne-wisconsin", "target": 21},
                    "players": ["Ann", "Bo", "Cy", "Di"],
                },
            ]
        },
    )

    variant: VariantSlug = _optional(
        "The preset to play (GET /api/variants). Give the rules once: variant, house_rules "
        "or settings."
    )
    house_rules: str = _optional(
        "The id of saved house rules (POST /api/house-rules), in place of variant.",
        min_length=1,
        max_length=40,
    )
    settings: SettingsIn = _optional(
        "House rules given here, in place of variant: the preset they start from and the "
        "settings that differ (problems are named settings.<field>)."
    )
    players: list[str] = Field(description="Player names in seat order, clockwise from seat 0.")
    first_dealer: int | None = Field(
        None, description="Seat of the first dealer; left out, it is drawn at random (S3, W4)."
    )
    options: OptionsIn | None = None
    team_names: list[str] | None = Field(
        None,
        description="The table's names for its teams, in team order, at most 30 characters "
        'each; "" (or leaving it out) calls a team by its partners ("Ann & Di").',
    )


class HandIn(Schema):
    """One hand: a thrown-in deal, or the bidder, the bid and the points taken, given either
    as one number per team (``points``) or as which team took each point (``awards``)."""

    model_config = ConfigDict(
        strict=True,
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"bidder": 2, "bid": 4, "points": [3, 1, 2]},
                {
                    "bidder": 1,
                    "bid": 3,
                    "awards": {"high": 0, "low": 1, "right_bauer": 1, "left_bauer": 1, "joker": 2},
                    "made": True,
                },
                {"thrown_in": True},
                {
                    "bidder": 0,
                    "bid": 3,
                    "awards": {"high": 0, "low": 1, "right_bauer": 1, "left_bauer": 2, "joker": 0},
                    "card_points": [34, 27, 20],
                },
            ]
        },
    )

    thrown_in: bool = Field(False, description="Everyone passed: no score, same dealer (D4).")
    bidder: int | None = Field(None, description="Seat of the player who won the bid.")
    bid: int | None = None
    points: list[int] | None = Field(None, description="Points taken by each team, in team order.")
    awards: dict[str, int | None] | None = Field(
        None,
        description="Point key -> team that took it; a key left out or null means nobody.",
    )
    made: bool | None = Field(
        None, description="The scorer's 'made' (true) or 'set' (false); must agree (D3)."
    )
    card_points: list[int] | None = Field(
        None,
        description="The card points each team counted, in team order (D13): whole numbers "
        "from 0 up, adding up to at most the deck's card_points_total (81 Schmier, 80 "
        "Wisconsin). Given with awards and no 'game' key, the team with the most takes "
        "Game (nobody on a tie, D2); given beside a 'game' award, they must agree (422 on "
        "card_points otherwise). Not with points.",
        examples=[[34, 27, 20]],
    )
    number: int | None = Field(
        None, description="The number this hand must get; 409 when it is not the next hand."
    )


class TeamOut(Schema):
    label: str
    name: str = Field(
        description="The team as the table calls it: the name it was given, else its partners."
    )
    players: list[int] = Field(description="Seats of the team's players.")
    score: int


class HandOut(Schema):
    number: int
    dealer: int
    thrown_in: bool
    bidder: int | None
    bid: int | None
    points: list[int] = Field(description="Points taken by each team, in team order.")
    awards: dict[str, int | None] | None
    made: bool | None
    card_points: list[int] | None = Field(
        description="The card points each team counted, in team order (D13); null where "
        "the table did not count."
    )
    scores: list[int] = Field(description="Each team's running total after this hand.")


class GameOut(Schema):
    """A game as GET shows it; ``GameOut.of(game)`` reads it from the cached standings
    (``Game.state``) and one query for the hands."""

    id: str
    variant: str
    options: dict[str, int | bool]
    first_dealer: int
    players: list[str]
    team_names: list[str] = Field(
        description='The names the table gave its teams, in team order ("" for a team called '
        "by its partners); empty when no team was named."
    )
    teams: list[TeamOut]
    hands: list[HandOut]
    next_number: int = Field(description="The number the next hand will get.")
    next_dealer: int
    first_bidder: int = Field(description="Seat that bids first in the next hand (D7).")
    finished: bool
    winner: int | None = Field(description="The winning team, or null.")
    reason: str = Field(description="Why the game ended or why it goes on; may be empty.")
    house_rules: str = _optional(
        "Only for a game started from saved house rules: their id (variant is then the "
        "preset they started from)."
    )
    settings: SettingsOut = _optional(
        "Only for a game played by house rules: the rules as the game froze them (variant "
        "is then the preset they started from). An import of this body plays them again."
    )

    @classmethod
    def of(cls, game: Any, **extra: Any) -> GameOut:
        variant, state, names = game.rules_variant, game.state(), team_names(game)
        extra = game_house_rules(game) | extra
        return cls(
            id=game.public_id,
            variant=game.variant,
            options=dict(game.options),
            first_dealer=game.first_dealer,
            players=seat_names(game),
            team_names=list(game.team_names),
            teams=[
                TeamOut(
                    label=variant.team_label(team),
                    name=names[team],
                    players=list(variant.seats_of(team)),
                    score=state.scores[team],
                )
                for team in range(variant.teams)
            ],
            hands=[HandOut(**hand) for hand in game_hand_values(game)],
            next_number=state.next_number,
            next_dealer=state.dealer,
            first_bidder=state.first_bidder,
            finished=state.finished,
            winner=state.winner,
            reason=state.reason,
            **extra,
        )


class GameCreatedOut(GameOut):
    edit_token: str = Field(
        description="Send as 'Authorization: Bearer <edit_token>' to record, edit or undo hands."
    )

    @classmethod
    def of(cls, game: Any, **extra: Any) -> GameCreatedOut:
        return super().of(game, edit_token=game.edit_token, **extra)


class ImportHandIn(Schema):
    """A hand of an imported record: the body of POST .../hands, or a hand as GET shows it
    (dealer and scores are worked out again and ignored; awards win over points)."""

    model_config = ConfigDict(strict=True, extra="ignore")

    number: int | None = Field(None, description="When given, must be the hand's place: 1, 2, …")
    thrown_in: bool = False
    bidder: int | None = None
    bid: int | None = None
    points: list[int] | None = None
    awards: dict[str, int | None] | None = None
    made: bool | None = None
    card_points: list[int] | None = None


class ImportIn(Schema):
    """A whole game. The body GET /api/games/{id} returns is accepted as it is: read-only
    fields (id, teams, next_dealer, scores, …) are ignored and worked out again."""

    model_config = ConfigDict(
        strict=True,
        extra="ignore",
        json_schema_extra={
            "examples": [
                {
                    "variant": "schmier",
                    "players": SIX_NAMES,
                    "first_dealer": 5,
                    "options": {},
                    "hands": [
                        {"bidder": 0, "bid": 3, "points": [3, 2, 1]},
                        {"thrown_in": True},
                        {"bidder": 2, "bid": 5, "points": [1, 1, 4], "made": False},
                    ],
                }
            ]
        },
    )

    variant: VariantSlug
    players: list[str]
    first_dealer: int
    options: OptionsIn | None = None
    team_names: list[str] | None = None
    settings: SettingsIn | None = Field(
        None,
        description="The house rules the game was played by, as GET shows them: played in "
        "place of the variant's preset.",
    )
    hands: list[ImportHandIn] = Field(
        default_factory=list,
        max_length=MAX_IMPORT_HANDS,
        description=f"The hands in the order they were played; at most {MAX_IMPORT_HANDS}.",
    )
