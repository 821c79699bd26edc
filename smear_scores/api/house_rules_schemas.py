"""The shapes of a variant's settings in the JSON API: house rules as a request gives them
(SettingsIn, HouseRulesIn) and as an answer shows them (SettingsOut, HouseRulesOut), with the
enums and limits the engine lists. The settings are checked together by the rules engine,
through the services: a body of the right shape may still be refused with 422."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from ninja import Field, Schema
from pydantic import AfterValidator, ConfigDict, WithJsonSchema, create_model
from pydantic_core import PydanticCustomError

from smear_scores.rules import VARIANTS
from smear_scores.selectors.house_rules import setting_limits, setting_values
from smear_scores.wording.api import SETTING_WORDS, api_description, flag_description


def _known_variant(slug: str) -> str:
    """A variant slug checked against the presets as they are when the request comes,
    not as they were when this module was imported (a preset added later is accepted)."""
    slugs = [repr(s) for s in VARIANTS]
    if slug not in VARIANTS:
        expected = f"{', '.join(slugs[:-1])} or {slugs[-1]}" if len(slugs) > 1 else slugs[0]
        # Worded by api/errors.py like any other choice that is not one of the list.
        raise PydanticCustomError(
            "literal_error", "Input should be {expected}", {"expected": expected}
        )
    return slug


VariantSlug = Annotated[
    str,
    AfterValidator(_known_variant),
    WithJsonSchema({"type": "string", "enum": list(VARIANTS)}),
]


# Every value a setting may take, as the engine lists them (documented as enums).
VALUES = setting_values()
LIMITS = setting_limits()
if TYPE_CHECKING:
    # The values are the engine's lists, read at import: mypy cannot read a Literal made of
    # them, so to it each of these is text (pydantic, below, checks and documents them).
    PointKey = str
    LowGoesTo = str
    GameGoesTo = str
    AllPass = str
    SetBid = str
    NonBidders = str
    Win = str
    MoonMade = str
    MoonFailed = str
else:
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


def optional(description: str, **constraints: Any) -> Any:
    """A field a request may leave out; when given, it may not be null."""
    return Field(None, description=description, json_schema_extra=_no_default, **constraints)


class _StrictIn(Schema):
    model_config = ConfigDict(strict=True, extra="forbid")


class PointIn(_StrictIn):
    key: PointKey
    value: int = optional(
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


NEGATIVE_TO_ZERO = flag_description("moon_negative_to_zero", "made to_target")


class MoonIn(_StrictIn):
    bid: int = optional("Always max_bid; left out, it is max_bid.", ge=1, le=LIMITS["bid"])
    name: str = Field(
        "Shoot the moon", min_length=1, max_length=LIMITS["name"], description="Its name."
    )
    made: MoonMade = Field(
        "wins",
        description=api_description("moon_made"),
    )
    made_points: int = Field(0, ge=0, le=LIMITS["stake"], description="For made: scores.")
    negative_to_zero: bool = Field(False, description=NEGATIVE_TO_ZERO)
    failed: MoonFailed = Field(
        "loses",
        description=api_description("moon_failed"),
    )
    failed_points: int = Field(0, ge=0, le=LIMITS["stake"], description="For failed: set_back.")


# A shape with one field per key of the engine's words, made when the module is imported;
# to mypy (which cannot read fields made so), the class it is made from.
if TYPE_CHECKING:
    WordsIn = _StrictIn
else:
    WordsIn = create_model(
        "WordsIn",
        __base__=_StrictIn,
        **{
            key: (str, optional(f"Words on {key.replace('_', ' ')}.", max_length=LIMITS["words"]))
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

    name: str = optional(
        SETTING_WORDS["name"] + " Left out: the preset's.",
        min_length=1,
        max_length=LIMITS["name"],
    )
    based_on: VariantSlug = Field(description=SETTING_WORDS["based_on"])
    players: int = optional(
        SETTING_WORDS["players"], ge=LIMITS["players_min"], le=LIMITS["players"]
    )
    teams: int = optional(SETTING_WORDS["teams"], ge=1, le=LIMITS["players"])
    target: int = optional(SETTING_WORDS["target"], ge=1, le=LIMITS["target"])
    min_bid: int = optional(SETTING_WORDS["min_bid"], ge=1, le=LIMITS["bid"])
    max_bid: int = optional(SETTING_WORDS["max_bid"], ge=1, le=LIMITS["bid"])
    points: list[PointIn] = optional(
        SETTING_WORDS["points"], min_length=1, max_length=len(VALUES["point_key"])
    )
    low_goes_to: LowGoesTo = optional(SETTING_WORDS["low_goes_to"])
    game_goes_to: GameGoesTo = optional(SETTING_WORDS["game_goes_to"])
    card_points_total: int | None = Field(
        None, ge=1, le=LIMITS["target"], description=SETTING_WORDS["card_points_total"]
    )
    moon: MoonIn | None = Field(None, description=SETTING_WORDS["moon"])
    all_pass: AllPass = optional(SETTING_WORDS["all_pass"])
    all_pass_points: int = optional(SETTING_WORDS["all_pass_points"], ge=0, le=LIMITS["stake"])
    set_bid: SetBid = optional(SETTING_WORDS["set_bid"])
    non_bidders: NonBidders = optional(SETTING_WORDS["non_bidders"])
    win: Win = optional(SETTING_WORDS["win"])
    all_points_wins: bool = optional(SETTING_WORDS["all_points_wins"])
    words: WordsIn = optional(SETTING_WORDS["words"])

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
    negative_to_zero: bool
    failed: MoonFailed
    failed_points: int


if TYPE_CHECKING:
    WordsOut = Schema
else:
    WordsOut = create_model(
        "WordsOut", __base__=Schema, **{key: (str, "") for key in VALUES["words"]}
    )


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
