"""Every error the API answers is JSON of one shape (schemas.ErrorOut): a ``message`` and,
in ``detail``, each problem with its field, a sentence saying how to fix it, and a rule id.

``SmearAPI`` is the API's one handler: the app's refusals (rules.Refusal: 422, 409, 403,
410, 404), raised by a service or by ``games.find_game``, answer with their status; ninja's
own answers (a body that is not JSON, a field of the wrong type, a missing token) are
turned into the same shape, with messages a person can act on."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, TypeVar

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse
from ninja import NinjaAPI
from ninja.errors import (
    AuthenticationError,
    HttpError,
    ValidationError,
    ValidationErrorContext,
)
from ninja.openapi.schema import OpenAPISchema
from ninja.parser import Parser

from smear_scores.request_refusals import Conflict
from smear_scores.rules import VARIANTS, RecordRefused, Refusal, RuleError
from smear_scores.services.idempotency import MIN_NEW_GAME_KEY, WEAK_NEW_GAME_KEY, KeyReused

from .schemas import ErrorOut

TOKEN_HINT = (
    "send the game's edit token as 'Authorization: Bearer <edit_token>'; it came back as "
    "edit_token when the game was created or imported."
)


def problem(field: str, message: str, rule: str = "") -> ErrorOut:
    return ErrorOut.of([RuleError(field, message, rule)])


_UNSEEN = object()
MAX_SHOWN = 60  # characters of a wrong value quoted back in a message


def _shown(error: dict[str, Any]) -> str | None:
    """What the client sent, as it would write it, when it is known."""
    value = error.get("input", _UNSEEN)
    if value is _UNSEEN:
        return None
    if error["loc"][0] != "body" and isinstance(value, str):
        shown = value  # a path or a header is text as typed, not JSON
    else:
        try:
            shown = json.dumps(value)
        except (TypeError, ValueError):
            shown = repr(value)
    if len(shown) > MAX_SHOWN:
        shown = shown[: MAX_SHOWN - 1] + "…"
    return shown


def _path(loc: Sequence[str | int]) -> list[str | int]:
    """('body', 'payload', 'points', 1) -> ['points', 1]; ('header', 'Idempotency-Key') ->
    ['Idempotency-Key']; [] for the body as a whole."""
    source, *rest = loc
    if source == "body":
        rest = rest[1:]  # the view's argument name, which the client never sees
    return rest


def _field(loc: Sequence[str | int]) -> str:
    return ".".join(str(part) for part in _path(loc)) or "body"


# What a value of the wrong type should have been, by pydantic's error type.
_WRONG_TYPE = {
    **dict.fromkeys(("int_type", "int_parsing", "int_from_float"), "a whole number"),
    **dict.fromkeys(("bool_type", "bool_parsing"), "true or false"),
    **dict.fromkeys(("string_type", "string_unicode"), "text in quotes"),
    **dict.fromkeys(("list_type", "tuple_type"), "a list such as [3, 1, 2]"),
    **dict.fromkeys(("dict_type", "model_type", "model_attributes_type"), "a JSON object ({...})"),
}


def _sentence(error: dict[str, Any]) -> str:
    field = _field(error["loc"])
    kind = error.get("type", "")
    shown = _shown(error)
    given = f", not {shown}" if shown is not None else ""  # ', not 9'
    ctx = error.get("ctx") or {}
    if not _path(error["loc"]):
        if kind == "missing":
            return "Send a JSON object in the request body."
        return f"The body must be a JSON object ({{...}}){given}."
    if kind == "missing":
        return f"Give {field}: it is required."
    if kind == "extra_forbidden" and field.startswith("options."):
        known = sorted({o.name for v in VARIANTS.values() for o in v.options})
        return (
            f"There is no option {field[len('options.') :]!r}; the options are "
            f"{', '.join(known)} (GET /api/variants says which variant takes which)."
        )
    if kind == "extra_forbidden":
        return f"{field} is not a field of this request: leave it out, or check its spelling."
    if kind in _WRONG_TYPE:
        return f"{field} must be {_WRONG_TYPE[kind]}{given}."
    if kind == "literal_error":
        if field == "variant":
            named = f" {shown}" if shown is not None else ""
            return f"Unknown variant{named}: choose one of {ctx.get('expected', '')}."
        return f"{field} must be one of {ctx.get('expected', '')}{given}."
    if kind == "greater_than_equal":
        return f"{field} must be at least {ctx.get('ge')}{given}."
    if kind == "less_than_equal":
        return f"{field} must be at most {ctx.get('le')}{given}."
    if kind == "too_short":
        return f"{field} must have at least {ctx.get('min_length')} entry{given}."
    if kind == "string_pattern_mismatch" and field == "Idempotency-Key":
        return (
            "Idempotency-Key must be letters, digits and signs without spaces (a UUID), "
            "not control characters."
        )
    if (
        kind == "string_too_short"
        and field == "Idempotency-Key"
        and ctx.get("min_length") == str(MIN_NEW_GAME_KEY)
    ):
        return WEAK_NEW_GAME_KEY
    if kind == "string_too_short":
        return f"{field} must not be empty."
    if kind == "too_long":
        return (
            f"{field} has {ctx.get('actual_length')} entries; at most {ctx.get('max_length')} "
            f"are accepted."
        )
    if kind == "string_too_long":
        return f"{field} is too long: keep it to {ctx.get('max_length')} characters."
    return f"{field}: {error.get('msg', 'is not valid')}."


def validation_problems(errors: list[dict[str, Any]]) -> list[RuleError]:
    return [RuleError(_field(e["loc"]), _sentence(e), "") for e in errors]


def _error_response(description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}},
    }


Document = TypeVar("Document", bound=dict[str, Any])


def document_errors(schema: Document) -> Document:
    """Every route answers a malformed request with 422 (before its view runs) and a
    request without its token with 401: say so in the document for each operation that
    takes input or a token, in the one error shape."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    if "ErrorOut" not in components:
        error_schema = ErrorOut.model_json_schema(ref_template="#/components/schemas/{model}")
        components.update(error_schema.pop("$defs", {}))
        components["ErrorOut"] = error_schema
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            # ninja keys its responses by the status as a number; JSON keys are text, so a
            # "422" added beside a 422 would be written twice ("duplicated mapping key").
            responses = {
                str(status): answer for status, answer in operation.get("responses", {}).items()
            }
            operation["responses"] = responses
            if operation.get("parameters") or operation.get("requestBody"):
                responses.setdefault("422", _error_response("A malformed request."))
            if operation.get("security"):
                responses.setdefault("401", _error_response("No token was sent."))
    return schema


class NotJson(ValueError):
    """A body sent with another Content-Type than application/json."""

    def __init__(self, sent: str | None):
        self.sent = sent
        super().__init__(f"Content-Type {sent!r} is not application/json")


class JsonOnly(Parser):
    """Bodies are JSON and say so: text/plain (or a form) is not read as JSON, so that a
    browser's cross-site form post, which cannot send application/json, never reaches a
    write."""

    def parse_body(self, request: HttpRequest) -> Any:
        if request.content_type != "application/json":
            raise NotJson(request.content_type)
        return json.loads(request.body, object_pairs_hook=_one_of_each)


class DuplicateKey(ValueError):
    """A JSON object that names one field twice: which value was meant is not known, so
    neither is taken (a JSON reader would keep the last one without a word)."""

    def __init__(self, key: str):
        self.key = key
        super().__init__(f"{key!r} is given twice")


def _one_of_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise DuplicateKey(key)
        found[key] = value
    return found


def hand_problems(number: int, errors: list[RuleError]) -> ErrorOut:
    """Problems of one hand of an imported record, each named by the hand's number."""
    return ErrorOut.of(
        RuleError(f"hands.{number - 1}.{e.field}", f"Hand {number}: {e.message}", e.rule)
        for e in errors
    )


def number_taken(number: int, next_number: int) -> ErrorOut:
    """A hand sent under a number already recorded (409). Unlike a resubmitted form on the
    scoring screen, an API repeat of the last hand is a conflict too: repeats are made
    safe with an Idempotency-Key instead."""
    return problem(
        "number",
        f"Hand {number} is already recorded; the next hand is hand {next_number}. Read "
        f'the game again and send the hand with "number": {next_number}, or edit hand '
        f"{number} with PUT.",
    )


def refusal_answer(refusal: Refusal) -> tuple[int, ErrorOut]:
    """A refusal's status and body, in the API's words where they differ from the
    screens': a hand number as the JSON field, an imported hand by its place, a reused key
    as a malformed request."""
    if isinstance(refusal, KeyReused):
        return 422, problem(
            "Idempotency-Key",
            "This Idempotency-Key was already used for a different request. Send a new key "
            "with each new request, and the same key only to repeat a request exactly.",
        )
    if isinstance(refusal, RecordRefused):
        return refusal.status, hand_problems(refusal.hand_number, refusal.errors)
    if (
        isinstance(refusal, Conflict)
        and refusal.number is not None
        and refusal.next_number is not None
    ):
        if 1 <= refusal.number < refusal.next_number:
            return 409, number_taken(refusal.number, refusal.next_number)
        return 409, problem(
            "number",
            f"The next hand is hand {refusal.next_number}, not hand {refusal.number}: send "
            f'it with "number": {refusal.next_number}.',
        )
    return refusal.status, ErrorOut.refusal(refusal)


class SmearAPI(NinjaAPI):
    """django-ninja's API with the app's answers: one handler per kind of error, all in the
    ErrorOut shape, and a document that says so for every operation."""

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        # ninja's decorator, called: its add_exception_handler is typed as if a handler
        # could be handed the exception's class.
        self.exception_handler(Refusal)(self.on_refusal)
        self.exception_handler(ValidationError)(self.on_validation_error)
        self.exception_handler(HttpError)(self.on_http_error)
        self.exception_handler(RequestDataTooBig)(self.on_too_big)

    def get_openapi_schema(
        self, *, path_prefix: str | None = None, path_params: dict[str, Any] | None = None
    ) -> OpenAPISchema:
        return document_errors(
            super().get_openapi_schema(path_prefix=path_prefix, path_params=path_params)
        )

    def validation_error_from_error_contexts(
        self, error_contexts: list[ValidationErrorContext[Any]]
    ) -> ValidationError:
        """ninja's own conversion, plus what the client sent, so that a message can say
        "bid must be a whole number, not \"4\"" (the input never reaches the client as
        such: only the sentences built from it). ninja lists the errors in pydantic's
        order, so each gets its input back by its place."""
        error = super().validation_error_from_error_contexts(error_contexts)
        sent = [
            (found.get("input"), found.get("ctx") or {})
            for context in error_contexts
            for found in context.pydantic_validation_error.errors(include_url=False)
        ]
        for each, (value, ctx) in zip(error.errors, sent, strict=True):
            each["input"] = value
            each["ctx"] = {k: str(v) for k, v in ctx.items()}
        return error

    def answer(self, request: HttpRequest, body: ErrorOut, status: int) -> HttpResponse:
        return self.create_response(request, body, status=status)

    def on_refusal(self, request: HttpRequest, exc: Refusal) -> HttpResponse:
        status, body = refusal_answer(exc)
        return self.answer(request, body, status)

    def on_validation_error(self, request: HttpRequest, exc: ValidationError) -> HttpResponse:
        return self.answer(request, ErrorOut.of(validation_problems(exc.errors)), 422)

    def on_http_error(self, request: HttpRequest, exc: HttpError) -> HttpResponse:
        cause = exc.__cause__
        if isinstance(exc, AuthenticationError):
            body = problem("Authorization", f"This request changes a game: {TOKEN_HINT}")
            return self.answer(request, body, 401)
        if exc.status_code != 400 or not isinstance(cause, ValueError | RecursionError):
            return self.answer(request, problem("", str(exc)), exc.status_code)
        if isinstance(cause, NotJson):
            body = problem(
                "Content-Type",
                f"The body is sent as {cause.sent or 'no type'}: send it as JSON, "
                "with the header 'Content-Type: application/json'.",
            )
            return self.answer(request, body, 415)
        # ninja could not parse the body: a malformed body is a 422 like any other.
        return self.answer(request, problem("body", _unreadable(cause)), 422)

    def on_too_big(self, request: HttpRequest, exc: RequestDataTooBig) -> HttpResponse:
        # Django refuses to read a body over DATA_UPLOAD_MAX_MEMORY_SIZE; ninja would turn
        # that into a 500, but it is the client's request that is too large.
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        body = problem(
            "body",
            f"The body is larger than the {limit:,} bytes a request may have: a game with "
            f"its hands is a few kilobytes, so send only the game.",
        )
        return self.answer(request, body, 413)


def _unreadable(cause: ValueError | RecursionError) -> str:
    """Why a body could not be read as JSON, and what to send instead."""
    if isinstance(cause, RecursionError):
        return (
            "The body is nested too deeply to read: a game or a hand is a JSON object "
            'a few levels deep, for example {"bidder": 2, "bid": 4, "points": [3, 1, 2]}.'
        )
    if isinstance(cause, DuplicateKey):
        shown = json.dumps(cause.key[:MAX_SHOWN])
        return (
            f"The body gives {shown} twice in one object: send each field once, with "
            "the value you mean."
        )
    return (
        f"The body is not valid JSON ({cause}). Send a JSON object, "
        'for example {"bidder": 2, "bid": 4, "points": [3, 1, 2]}.'
    )
