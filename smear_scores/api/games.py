"""Variants and games: read a game, create or import one, record, edit and undo hands.

The views only translate: JSON in, the same services the scoring screens use, JSON out.
Seats and teams are numbered from 0; seat s belongs to team s mod the number of teams."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any, NoReturn

from django.http import HttpRequest
from django.urls import reverse
from ninja import Path, Router, Status
from ninja.params.functions import Header
from ninja.security import HttpBearer
from ninja.utils import check_csrf

from smear_scores.models import Game, HouseRules
from smear_scores.permissions import Voice, agreeing_voice, token_matches
from smear_scores.request_refusals import Forbidden, Gone, NotFound, Unauthorized
from smear_scores.rules import HandEntry, RecordRefused, Refused, RuleError
from smear_scores.selectors.games import GameRemoved, game_get, removed_text
from smear_scores.selectors.house_rules import house_rules_get
from smear_scores.selectors.variants import variant_list
from smear_scores.services.agreements import hand_agree, hand_dispute
from smear_scores.services.editing import hand_edit, hand_undo
from smear_scores.services.house_rules import house_rules_create
from smear_scores.services.idempotency import (
    MAX_KEY,
    MIN_NEW_GAME_KEY,
    WEAK_NEW_GAME_KEY,
    Answer,
    idempotent_write,
    new_game_scope,
    request_fingerprint,
)
from smear_scores.services.new_games import game_create, game_import
from smear_scores.services.recording import hand_record

from .errors import TOKEN_HINT, number_taken
from .house_rules_schemas import HouseRulesIn, HouseRulesOut
from .schemas import (
    AgreeIn,
    AgreementOut,
    DisputeIn,
    ErrorOut,
    GameCreatedOut,
    GameIn,
    GameOut,
    HandIn,
    HandRecordedOut,
    ImportHandIn,
    ImportIn,
    VariantOut,
)

router = Router(tags=["games"])

ERRORS = {
    401: ErrorOut,
    403: ErrorOut,
    404: ErrorOut,
    409: ErrorOut,
    410: ErrorOut,
    422: ErrorOut,
}
KEY_DESCRIPTION = (
    "Any unique string (a UUID): a repeat with the same key, within a day, gets the first "
    "answer back and records nothing more."
)
# Visible ASCII, as a UUID is: a NUL or a control character is no key (and PostgreSQL
# would refuse to store it).
KEY_PATTERN = r"^[!-~]+$"
IDEMPOTENCY_KEY = Header(
    None,
    alias="Idempotency-Key",
    min_length=1,
    max_length=MAX_KEY,
    pattern=KEY_PATTERN,
    description=KEY_DESCRIPTION,
)
# To start or import a game the key is a secret (its repeat answers with the edit token),
# and the document says how long the server wants it.
NEW_GAME_KEY = Header(
    None,
    alias="Idempotency-Key",
    min_length=MIN_NEW_GAME_KEY,
    max_length=MAX_KEY,
    pattern=KEY_PATTERN,
    description=f"{KEY_DESCRIPTION} To start or import a game the key is a secret (the "
    f"answer holds the edit token): at least {MIN_NEW_GAME_KEY} characters, random.",
)


# Saved house rules answer with nothing secret (anyone with a set's id may read it), so
# their keys share one scope, and a key sent again with other rules is refused as reused.
HOUSE_RULES_SCOPE = "house-rules"
HOUSE_RULES_KEY = Header(
    None,
    alias="Idempotency-Key",
    min_length=1,
    max_length=MAX_KEY,
    pattern=KEY_PATTERN,
    description="Any unique string (a UUID): a repeat with the same key and the same body, "
    "within a day, gets the first answer back and saves no second copy. The same key with "
    "a different body is refused (422): send a new key with each new set.",
)


# Routes with it are registered after .../hands/last, so that "last" is never read as one.
HandNumber = Annotated[int, Path(ge=1, description="The hand's number: 1, 2, …", example=1)]


class EditToken(HttpBearer):
    """'Authorization: Bearer <edit_token>'. Which game the token scores is checked in the
    view, once the game is known (401 without a token, 403 with another game's)."""

    def authenticate(self, request: HttpRequest, token: str) -> str | None:
        return token or None


# -- JSON in -------------------------------------------------------------------------------
def hand_entry(payload: HandIn | ImportHandIn) -> HandEntry:
    return HandEntry(
        thrown_in=payload.thrown_in,
        bidder=payload.bidder,
        bid=payload.bid,
        points=tuple(payload.points) if payload.points is not None else None,
        awards=payload.awards,
        made=payload.made,
        card_points=tuple(payload.card_points) if payload.card_points is not None else None,
    )


def imported_entry(hand: ImportHandIn) -> HandEntry:
    """A hand of a record: awards win over points (GET shows both for a hand entered by
    awards), and the zeros GET shows as a thrown-in deal's points are no points at all."""
    if hand.thrown_in:
        points = tuple(hand.points) if hand.points is not None and any(hand.points) else None
        return HandEntry(
            thrown_in=True,
            bidder=hand.bidder,
            bid=hand.bid,
            points=points,
            awards=hand.awards,
            made=hand.made,
            card_points=tuple(hand.card_points) if hand.card_points is not None else None,
        )
    if hand.awards is not None:
        counts = tuple(hand.card_points) if hand.card_points is not None else None
        return HandEntry(
            bidder=hand.bidder, bid=hand.bid, awards=hand.awards, made=hand.made, card_points=counts
        )
    return hand_entry(hand)


def options_given(options: Any) -> dict[str, Any]:
    return options.model_dump(exclude_unset=True) if options is not None else {}


def fingerprint(request: HttpRequest) -> str:
    raw = request.body.decode("utf-8", "replace")
    try:
        body = json.loads(request.body) if request.body else None
        return request_fingerprint(method=request.method or "", path=request.path, body=body)
    except (ValueError, RecursionError):
        # A body the route does not read (an undo takes none), or one nested deeper than
        # JSON is read here: compared as sent.
        return request_fingerprint(method=request.method or "", path=request.path, body=raw)


def find_game(id: str) -> Game:
    """The game: NotFound (404), or Gone (410) for a game its scorer removed (kept, and
    restorable on its page)."""
    try:
        return game_get(public_id=id)
    except GameRemoved as removed:
        raise Gone(
            f"Game {id}: {removed_text(removed.game)} Its scorer can restore it on the "
            f"game's page; until then it can be neither read nor scored here.",
            field="id",
        ) from None
    except Game.DoesNotExist:
        raise NotFound(
            f"There is no game {id!r}: check the id in the game's link.", field="id"
        ) from None


def writable_game(request: HttpRequest, id: str) -> Game:
    """The game this request's token scores; NotFound, Gone or Forbidden otherwise."""
    game = find_game(id)
    if game.league_id is not None:
        # A league game is scored only by its club's members, signed in on the scoring
        # screen (permissions.can_score); a token alone never writes to it.
        raise Forbidden(
            f"Game {id} belongs to a club league: its club's members score it on the "
            f"scoring screen, and the API can only read it.",
            field="Authorization",
        )
    # The Bearer token ninja's EditToken read (set on the request by ninja).
    if not token_matches(game, getattr(request, "auth", None)):
        raise Forbidden(f"This token does not score game {id}: {TOKEN_HINT}", field="Authorization")
    return game


def keyed_write(
    request: HttpRequest, scope: str | None, key: str | None, write: Callable[[], Answer]
) -> Status[Any]:
    """Run a write once per Idempotency-Key in ``scope`` ("game:<id>" for a game's hands,
    HOUSE_RULES_SCOPE for saved house rules; None for create and import, whose keys are
    bound to their request, see idempotency.new_game_scope). Its refusals are answered by
    the API's handler."""
    request_id = fingerprint(request)
    if scope is None:
        if key is not None and len(key) < MIN_NEW_GAME_KEY:
            raise Refused([RuleError("Idempotency-Key", WEAK_NEW_GAME_KEY, "")])
        scope = new_game_scope(request_id)
    answer = idempotent_write(scope=scope, key=key, fingerprint=request_id, write=write)
    return Status(answer.status, answer.body)


def game_out(game: Game, schema: type[GameOut] = GameOut) -> dict[str, Any]:
    """A game as the API shows it, as JSON: kept with its Idempotency-Key. (What a game of
    a preset has no use for, its house rules, is left out: ``exclude_unset``.)"""
    return schema.of(game).model_dump(mode="json", exclude_unset=True)


def saved_rules(id: str, *, field: str) -> HouseRules:
    """The saved set with this id; NotFound (404 on its own page, 422 as part of a game)."""
    try:
        return house_rules_get(public_id=id)
    except HouseRules.DoesNotExist:
        raise NotFound(
            f"There are no house rules {id!r}: check the id in the rules' link.", field=field
        ) from None


def house_rules_out(request: HttpRequest, house_rules: HouseRules) -> HouseRulesOut:
    return HouseRulesOut(
        id=house_rules.public_id,
        name=house_rules.name,
        based_on=house_rules.based_on,
        summary=house_rules.rules_variant.summary,
        link=request.build_absolute_uri(reverse("house_rules", args=[house_rules.public_id])),
        settings=house_rules.settings,
    )


# -- routes --------------------------------------------------------------------------------
@router.get("/variants", response=list[VariantOut], summary="The variants and their rules")
def variants(request: HttpRequest) -> list[dict[str, Any]]:
    return variant_list()


@router.post(
    "/house-rules",
    response={201: HouseRulesOut, 422: ErrorOut},
    summary="Save house rules: a preset and the settings that differ",
    tags=["house rules"],
)
def create_house_rules(
    request: HttpRequest, payload: HouseRulesIn, idempotency_key: str | None = HOUSE_RULES_KEY
) -> Status[Any]:
    def write() -> Answer:
        saved = house_rules_create(settings=payload.given())
        return Answer(201, house_rules_out(request, saved).model_dump(mode="json"))

    return keyed_write(request, HOUSE_RULES_SCOPE, idempotency_key, write)


@router.get(
    "/house-rules/{id}",
    response={200: HouseRulesOut, 404: ErrorOut},
    summary="Saved house rules",
    tags=["house rules"],
)
def get_house_rules(request: HttpRequest, id: str) -> HouseRulesOut:
    return house_rules_out(request, saved_rules(id, field="id"))


def rules_chosen(payload: GameIn | ImportIn) -> dict[str, Any]:
    """game_create's rules from a request: a preset, a saved set or settings."""
    chosen: dict[str, Any] = {}
    if payload.settings is not None:
        chosen["settings"] = payload.settings.given()
    if isinstance(payload, GameIn) and payload.house_rules is not None:
        try:
            chosen["house_rules"] = saved_rules(payload.house_rules, field="house_rules")
        except NotFound as missing:
            raise Refused(missing.errors) from None
    if payload.variant is not None and not (isinstance(payload, ImportIn) and chosen):
        # An import names the preset beside the settings it plays (GET shows both).
        chosen["variant"] = payload.variant
    return chosen


@router.post(
    "/games",
    response={201: GameCreatedOut, 422: ErrorOut},
    summary="Start a game",
    exclude_unset=True,
)
def create_game(
    request: HttpRequest, payload: GameIn, idempotency_key: str | None = NEW_GAME_KEY
) -> Status[Any]:
    chosen = rules_chosen(payload)

    def write() -> Answer:
        game = game_create(
            **chosen,
            players=payload.players,
            first_dealer=payload.first_dealer,
            options=options_given(payload.options),
            team_names=payload.team_names,
        )
        return Answer(201, game_out(game, GameCreatedOut))

    return keyed_write(request, None, idempotency_key, write)


@router.post(
    "/games/import",
    response={201: GameCreatedOut, 422: ErrorOut},
    summary="Import a whole game (the body GET returns is accepted as it is)",
    exclude_unset=True,
)
def import_game(
    request: HttpRequest, payload: ImportIn, idempotency_key: str | None = NEW_GAME_KEY
) -> Status[Any]:
    entries = []
    for place, hand in enumerate(payload.hands, start=1):
        if hand.number is not None and hand.number != place:
            misnumbered = RuleError(
                "number",
                f"it is numbered {hand.number}; number the hands 1, 2, 3… in the order they "
                f"were played.",
                "",
            )
            raise RecordRefused([misnumbered], hand_number=place)
        entries.append(imported_entry(hand))
    options = options_given(payload.options)
    chosen = rules_chosen(payload)

    def write() -> Answer:
        game = game_import(
            record={
                **chosen,
                "players": payload.players,
                "first_dealer": payload.first_dealer,
                "options": options,
                "team_names": payload.team_names,
                "hands": entries,
                # Points given beside the awards must agree with them (checked as the
                # hands are played, once).
                "stated_points": [
                    hand.points if hand.awards is not None else None for hand in payload.hands
                ],
            },
            source="api",
        )
        return Answer(201, game_out(game, GameCreatedOut))

    return keyed_write(request, None, idempotency_key, write)


@router.get(
    "/games/{id}",
    response={200: GameOut, 404: ErrorOut, 410: ErrorOut},
    summary="A game",
    exclude_unset=True,
)
def get_game(request: HttpRequest, id: str) -> GameOut:
    return GameOut.of(find_game(id))


@router.post(
    "/games/{id}/hands",
    auth=EditToken(),
    response={201: HandRecordedOut, **ERRORS},
    summary="Record the next hand: answers the hand and the standings after it",
    exclude_unset=True,
)
def record_hand(
    request: HttpRequest,
    id: str,
    payload: HandIn,
    idempotency_key: str | None = IDEMPOTENCY_KEY,
) -> Status[Any]:
    game = writable_game(request, id)

    def write() -> Answer:
        updated, result = hand_record(
            game=game, entry=hand_entry(payload), number=payload.number, source="api"
        )
        if result is None:
            # The same hand again under the last number (hands_played): recorded nothing
            # (409, see number_taken); not kept for its Idempotency-Key.
            return Answer(409, number_taken(updated.hands_played, updated.hands_played + 1))
        # The locked game as the write left it, with the names already read: the hand
        # and the standings, not every hand (GET /api/games/{id} has them).
        return Answer(201, HandRecordedOut.of(updated, result))

    return keyed_write(request, f"game:{game.public_id}", idempotency_key, write)


@router.delete("/games/{id}/hands/last", auth=EditToken(), include_in_schema=False)
def undo_unnamed_hand(request: HttpRequest, id: str) -> NoReturn:
    """The address an undo once had: it named no hand, so a request sent twice, or two
    devices at once, undid two. Answers how to name the hand."""
    game = writable_game(request, id)
    raise Refused(
        [
            RuleError(
                "number",
                f"Name the hand to undo: DELETE /api/games/{game.public_id}/hands/<number> "
                "with the last hand's number (the last of GET's hands), so that a request "
                "sent twice, or by two devices at once, undoes one hand.",
                "",
            )
        ]
    )


@router.delete(
    "/games/{id}/hands/{number}",
    auth=EditToken(),
    response={200: GameOut, **ERRORS},
    summary="Undo the last hand, named by its number (409 if it is not the last)",
    exclude_unset=True,
)
def undo_hand(
    request: HttpRequest,
    id: str,
    number: HandNumber,
    idempotency_key: str | None = IDEMPOTENCY_KEY,
) -> Status[Any]:
    game = writable_game(request, id)

    def write() -> Answer:
        updated = hand_undo(game=game, number=number, source="api")
        return Answer(200, game_out(updated))

    return keyed_write(request, f"game:{game.public_id}", idempotency_key, write)


@router.put(
    "/games/{id}/hands/{number}",
    auth=EditToken(),
    response={200: GameOut, **ERRORS},
    summary="Edit a hand and replay the hands after it",
    exclude_unset=True,
)
def edit_hand(request: HttpRequest, id: str, number: HandNumber, payload: HandIn) -> GameOut:
    game = writable_game(request, id)
    if payload.number is not None and payload.number != number:
        raise Refused(
            [
                RuleError(
                    "number",
                    f"This request edits hand {number}: leave number out, or set it to {number}.",
                    "",
                )
            ]
        )
    if not 1 <= number <= game.hands_played:
        raise NotFound(
            f"There is no hand {number} to edit: this game has {game.hands_played} "
            f"hand{'s' if game.hands_played != 1 else ''}.",
            field="number",
        )
    return GameOut.of(hand_edit(game=game, number=number, entry=hand_entry(payload), source="api"))


# -- two keys: the other teams' agreements ---------------------------------------------------
TEAM_KEY = (
    "a team agrees as one of its own players: send the request from a browser signed in as "
    "a club member whose roster player sits on that team (with its CSRF token), or from a "
    "phone checked in to the night as one of the team's players. No code or token agrees "
    "for a team."
)


def agreeing_game(request: HttpRequest, id: str) -> tuple[Game, Voice]:
    """The game and who this request speaks for (permissions.agreeing_voice): 403 for the
    scorer's edit token or any other Bearer token, 401 for a request from nobody seated."""
    game = find_game(id)
    sent = request.headers.get("Authorization", "")
    if sent:
        token = sent.removeprefix("Bearer ").strip()
        whose = "scoring token" if token_matches(game, token) else "Authorization header"
        raise Forbidden(
            f"This request carries game {id}'s {whose}: no token agrees for a team; {TEAM_KEY}",
            field="Authorization",
        )
    if check_csrf(request) is not None:
        raise Forbidden(
            "This request came without the page's CSRF token (the X-CSRFToken header): "
            "send it as the signed-in page does.",
            field="X-CSRFToken",
        )
    voice = agreeing_voice(request, game)
    if voice is None:
        raise Unauthorized(f"This request agrees for nobody: {TEAM_KEY}", field="team")
    return game, voice


@router.post(
    "/games/{id}/agreements",
    response={200: AgreementOut, **ERRORS},
    summary="Agree, for the team of the caller's own seat, to a hand and every hand before it",
)
def agree(request: HttpRequest, id: str, payload: AgreeIn) -> Status[AgreementOut]:
    game, voice = agreeing_game(request, id)
    updated = hand_agree(
        game=game,
        team=voice.team,
        number=payload.number,
        version=payload.version,
        source="api",
        by=voice.by,
        withdraw=payload.withdraw,
    )
    return Status(200, AgreementOut.of(updated))


@router.post(
    "/games/{id}/disputes",
    response={201: AgreementOut, **ERRORS},
    summary="Say, for the team of the caller's own seat, that a hand is not right",
)
def dispute(request: HttpRequest, id: str, payload: DisputeIn) -> Status[AgreementOut]:
    game, voice = agreeing_game(request, id)
    hand_dispute(
        game=game,
        team=voice.team,
        by=voice.by,
        number=payload.number,
        words=payload.words,
        version=payload.version,
        source="api",
    )
    return Status(201, AgreementOut.of(find_game(id)))
