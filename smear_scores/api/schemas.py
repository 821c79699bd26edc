"""The shapes the JSON API reads and writes (its OpenAPI document is built from these):
errors, variants, games and their hands; the settings of house rules are in
``house_rules_schemas``.

Seats and teams are numbered from 0; seat s belongs to team s mod the number of teams
(S1, W1). The shapes check types only; the rules of the game are checked by the rules
engine through the services, so a body of the right shape may still be refused with 422.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import MISSING
from typing import TYPE_CHECKING, Any, Literal, Self, get_type_hints

from ninja import Field, Schema
from pydantic import ConfigDict, JsonValue, create_model

from smear_scores.rules import Refusal, RuleError, Variant
from smear_scores.selectors import agreements
from smear_scores.selectors.games import (
    game_hand_values,
    game_house_rules,
    seat_names,
    team_names,
)
from smear_scores.wording.api import option_fields

from .house_rules_schemas import SettingsIn, SettingsOut, VariantSlug, optional


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


# -- variants ------------------------------------------------------------------------------
class OptionOut(Schema):
    name: str
    label: str
    type: Literal["int", "bool"]
    default: int | bool
    allowed: list[int | bool]
    rule: str


def as_the_engine_holds(name: str, description: str | None = None) -> tuple[Any, Any]:
    """A field of a variant as rules.Variant declares it: its type, and its default (none:
    required). The API shows the engine's own fields, never a copy of them."""
    default = Variant.__dataclass_fields__[name].default
    field = Field(... if default is MISSING else default, description=description)
    return get_type_hints(Variant)[name], field


# A variant as GET /api/variants shows it: the engine's own fields (rules.Variant), with its
# points by their keys, its options and every setting. Made from the engine's declaration,
# which mypy cannot read fields from: to it, a Schema.
if TYPE_CHECKING:
    VariantOut = Schema
else:
    VariantOut = create_model(
        "VariantOut",
        __base__=Schema,
        **{
            name: as_the_engine_holds(name)
            for name in ("slug", "name", "players", "teams", "target", "min_bid", "max_bid")
        },
        points=(list[str], Field(description="Point category keys, in the order of the rules.")),
        always_awarded=(
            list[str],
            Field(description="Keys of the points awarded in every hand (D1)."),
        ),
        options=(list[OptionOut], ...),
        card_points_total=as_the_engine_holds(
            "card_points_total",
            "The card points of the whole deck (D13): the most a hand's card_points may add "
            "up to; null where Game cannot be counted.",
        ),
        settings=(
            SettingsOut,
            Field(description="Every setting of the preset: where house rules start (based_on)."),
        ),
    )


# -- games ---------------------------------------------------------------------------------
# Per-game house options, built from the variant presets (each option once, whichever
# variant takes it); the rules engine checks which variant takes which, and the values.
class _StrictOptions(Schema):
    model_config = ConfigDict(strict=True, extra="forbid")


# Made from the presets when the module is imported; to mypy, the class it is made from.
if TYPE_CHECKING:
    OptionsIn = _StrictOptions
else:
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

SIX_NAMES: list[JsonValue] = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]


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

    variant: VariantSlug = optional(
        "The preset to play (GET /api/variants). Give the rules once: variant, house_rules "
        "or settings."
    )
    house_rules: str = optional(
        "The id of saved house rules (POST /api/house-rules), in place of variant.",
        min_length=1,
        max_length=40,
    )
    settings: SettingsIn = optional(
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


class DisputeOut(Schema):
    team: int
    words: str = Field(description="What the team said is not right, in a few words.")


class HandAgreementOut(Schema):
    number: int
    version: str = Field(
        description="What a team agrees to: hands 1 to this one as they stand now. Send it "
        "back with an agreement or a dispute; if the hands changed meanwhile, it is refused."
    )
    agreed_by: list[int] = Field(description="The teams that agreed to this hand.")
    awaiting: list[int] = Field(description="The teams whose agreement it still waits for.")
    disputed: bool


class AgreementOut(Schema):
    """Two keys: whether the other teams agreed to the scorer's hands (docs/clubs.md)."""

    scored_by: list[int | None] = Field(
        description="Per hand, the team of the seated player who recorded it (that team "
        "need not agree to it), or null when no seated player did (every team is asked)."
    )
    agreed: bool = Field(
        description="Every other team agreed to every hand of the finished game, or the "
        "club's director settled it."
    )
    agreed_at: str | None
    disputed: bool = Field(description="A dispute of a hand is open.")
    awaiting: list[int] = Field(description="The teams the game still waits for.")
    disputes: list[DisputeOut]
    hands: list[HandAgreementOut]

    @classmethod
    def of(cls, game: Any) -> AgreementOut:
        disputes = agreements.open_disputes(game=game) if game.disputed else []
        return cls(
            scored_by=[agreements.scorer_of(game, n) for n in range(1, game.hands_played + 1)],
            agreed=game.agreed_at is not None,
            agreed_at=game.agreed_at.isoformat() if game.agreed_at else None,
            disputed=game.disputed,
            awaiting=agreements.awaiting(game),
            disputes=[DisputeOut(team=d.team, words=d.words) for d in disputes],
            hands=[
                HandAgreementOut(
                    number=state.number,
                    version=agreements.agree_version(game, state.number),
                    agreed_by=state.agreed_by,
                    awaiting=state.awaiting,
                    disputed=state.disputed,
                )
                for state in agreements.hand_states(game)
            ],
        )


class AgreeIn(Schema):
    number: int = Field(ge=1, description="The hand agreed to, with every hand before it.")
    version: str = Field(
        max_length=40, description="The hand's version, from agreement.hands of GET."
    )
    withdraw: bool = Field(
        default=False,
        description="Withdraw the team's own open dispute of these hands (kept in the "
        "history): without it, an agreement over the team's own dispute is refused (409).",
    )


class DisputeIn(Schema):
    number: int = Field(ge=1, description="The hand that is not right.")
    words: str = Field(max_length=200, description="What is wrong, in a few words.")
    version: str | None = Field(
        default=None, max_length=40, description="The hand's version, as GET showed it."
    )


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
    house_rules: str = optional(
        "Only for a game started from saved house rules: their id (variant is then the "
        "preset they started from)."
    )
    settings: SettingsOut = optional(
        "Only for a game played by house rules: the rules as the game froze them (variant "
        "is then the preset they started from). An import of this body plays them again."
    )
    agreement: AgreementOut = optional(
        "Only for a game whose other teams confirm its hands (league games, club nights): "
        "each hand's agreement and the game's."
    )

    @classmethod
    def of(cls, game: Any, **extra: Any) -> Self:
        extra = game_house_rules(game) | extra
        if game.confirm:
            extra["agreement"] = AgreementOut.of(game)
        return cls.model_validate(
            {
                "id": game.public_id,
                "variant": game.variant,
                "options": dict(game.options),
                "first_dealer": game.first_dealer,
                "players": seat_names(game),
                "team_names": list(game.team_names),
                "hands": game_hand_values(game),
                **standings(game),
                **extra,
            }
        )


def standings(game: Any) -> dict[str, Any]:
    """The teams and their scores, the next hand, the end: from the game's cached
    standings (``Game.state``), with no query but the names' (read with the game)."""
    variant, state, names = game.rules_variant, game.state(), team_names(game)
    return {
        "teams": [
            {
                "label": variant.team_label(team),
                "name": names[team],
                "players": list(variant.seats_of(team)),
                "score": state.scores[team],
            }
            for team in range(variant.teams)
        ],
        "next_number": state.next_number,
        "next_dealer": state.dealer,
        "first_bidder": state.first_bidder,
        "finished": state.finished,
        "winner": state.winner,
        "reason": state.reason,
    }


class HandRecordedOut(Schema):
    """What recording a hand answers: the hand as scored and the standings after it. Not
    the whole game, which grows with every hand (GET /api/games/{id} has every hand)."""

    id: str = Field(description="The game's id.")
    hand: HandOut
    teams: list[TeamOut]
    next_number: int = Field(description="The number the next hand will get.")
    next_dealer: int
    first_bidder: int = Field(description="Seat that bids first in the next hand (D7).")
    finished: bool
    winner: int | None = Field(description="The winning team, or null.")
    reason: str = Field(description="Why the game ended or why it goes on; may be empty.")

    @staticmethod
    def of(game: Any, hand: Any) -> dict[str, Any]:
        """The answer as JSON for ``game`` as the write left it and ``hand``, the
        rules.HandResult just recorded (kept with its Idempotency-Key)."""
        return {
            "id": game.public_id,
            "hand": {
                "number": hand.number,
                "dealer": hand.dealer,
                "thrown_in": hand.thrown_in,
                "bidder": hand.bidder,
                "bid": hand.bid,
                "points": list(hand.points),
                "awards": dict(hand.awards) if hand.awards is not None else None,
                "made": hand.made,
                "card_points": list(hand.card_points) if hand.card_points is not None else None,
                "scores": list(hand.scores),
            },
            **standings(game),
        }


class GameCreatedOut(GameOut):
    edit_token: str = Field(
        description="Send as 'Authorization: Bearer <edit_token>' to record, edit or undo hands."
    )

    @classmethod
    def of(cls, game: Any, **extra: Any) -> Self:
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
