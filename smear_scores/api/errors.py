"""Every error the API answers is JSON of one shape (schemas.ErrorOut): a ``message`` and,
in ``detail``, each problem with its field, a sentence saying how to fix it, and a rule id.

ninja's own answers (a body that is not JSON, a field of the wrong type, a missing token)
are turned into that shape here, with messages a person can act on."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

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
from ninja.parser import Parser

from smear_scores.rules import RuleError
from smear_scores.selectors.variants import option_names

from .idempotency import MIN_NEW_GAME_KEY, WEAK_NEW_GAME_KEY

TOKEN_HINT = (
    "send the game's edit token as 'Authorization: Bearer <edit_token>'; it came back as "
    "edit_token when the game was created or imported."
)


def error_body(problems: Iterable[RuleError]) -> dict[str, Any]:
    detail = [{"field": p.field, "message": p.message, "rule": p.rule} for p in problems]
    return {"message": " ".join(p["message"] for p in detail), "detail": detail}


def problem(field: str, message: str, rule: str = "") -> dict[str, Any]:
    return error_body([RuleError(field, message, rule)])


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


def _path(loc: tuple | list) -> list:
    """('body', 'payload', 'points', 1) -> ['points', 1]; ('header', 'Idempotency-Key') ->
    ['Idempotency-Key']; [] for the body as a whole."""
    source, *rest = loc
    if source == "body":
        rest = rest[1:]  # the view's argument name, which the client never sees
    return rest


def _field(loc: tuple | list) -> str:
    return ".".join(str(part) for part in _path(loc)) or "body"


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
        known = option_names()
        return (
            f"There is no option {field[len('options.') :]!r}; the options are "
            f"{', '.join(known)} (GET /api/variants says which variant takes which)."
        )
    if kind == "extra_forbidden":
        return f"{field} is not a field of this request: leave it out, or check its spelling."
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return f"{field} must be a whole number{given}."
    if kind in ("bool_type", "bool_parsing"):
        return f"{field} must be true or false{given}."
    if kind in ("string_type", "string_unicode"):
        return f"{field} must be text in quotes{given}."
    if kind in ("list_type", "tuple_type"):
        return f"{field} must be a list such as [3, 1, 2]{given}."
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return f"{field} must be a JSON object ({{...}}){given}."
    if kind == "literal_error":
        if field == "variant":
            named = f" {shown}" if shown is not None else ""
            return f"Unknown variant{named}: choose one of {ctx.get('expected', '')}."
        return f"{field} must be one of {ctx.get('expected', '')}{given}."
    if kind == "greater_than_equal":
        return f"{field} must be at least {ctx.get('ge')}{given}."
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


def document_errors(schema: dict[str, Any]) -> dict[str, Any]:
    """Every route answers a malformed request with 422 (before its view runs) and a
    request without its token with 401: say so in the document for each operation that
    takes input or a token, in the one error shape."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    if "ErrorOut" not in components:
        from .schemas import ErrorOut

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

    def __init__(self, sent: str):
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


def install_error_handlers(api: NinjaAPI) -> None:
    def errors_with_input(contexts: list[ValidationErrorContext]) -> ValidationError:
        """ninja's own conversion, but keeping what the client sent so that a message can
        say "bid must be a whole number, not \"4\"" (the input never reaches the client
        as such: only the sentences built from it)."""
        errors = []
        for context in contexts:
            model = context.model
            reverse = getattr(model, "__ninja_flatten_map_reverse__", {})
            for error in context.pydantic_validation_error.errors(include_url=False):
                errors.append(
                    {
                        "loc": (
                            model.__ninja_param_source__,
                            *reverse.get(error["loc"], error["loc"]),
                        ),
                        "type": error["type"],
                        "msg": error["msg"],
                        "input": error.get("input"),
                        "ctx": {k: str(v) for k, v in (error.get("ctx") or {}).items()},
                    }
                )
        return ValidationError(errors)

    def on_validation_error(request: HttpRequest, exc: ValidationError) -> HttpResponse:
        return api.create_response(request, error_body(validation_problems(exc.errors)), status=422)

    def on_http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
        if isinstance(exc, AuthenticationError):
            body = problem("Authorization", f"This request changes a game: {TOKEN_HINT}")
            return api.create_response(request, body, status=401)
        if exc.status_code == 400 and isinstance(exc.__cause__, NotJson):
            body = problem(
                "Content-Type",
                f"The body is sent as {exc.__cause__.sent or 'no type'}: send it as JSON, "
                "with the header 'Content-Type: application/json'.",
            )
            return api.create_response(request, body, status=415)
        if exc.status_code == 400 and isinstance(exc.__cause__, RecursionError):
            body = problem(
                "body",
                "The body is nested too deeply to read: a game or a hand is a JSON object "
                'a few levels deep, for example {"bidder": 2, "bid": 4, "points": [3, 1, 2]}.',
            )
            return api.create_response(request, body, status=422)
        if exc.status_code == 400 and isinstance(exc.__cause__, DuplicateKey):
            shown = json.dumps(exc.__cause__.key[:MAX_SHOWN])
            body = problem(
                "body",
                f"The body gives {shown} twice in one object: send each field once, with "
                "the value you mean.",
            )
            return api.create_response(request, body, status=422)
        if exc.status_code == 400 and isinstance(exc.__cause__, ValueError):
            # ninja could not parse the body: a malformed body is a 422 like any other.
            body = problem(
                "body",
                f"The body is not valid JSON ({exc.__cause__}). Send a JSON object, "
                'for example {"bidder": 2, "bid": 4, "points": [3, 1, 2]}.',
            )
            return api.create_response(request, body, status=422)
        return api.create_response(request, problem("", str(exc)), status=exc.status_code)

    def on_too_big(request: HttpRequest, exc: RequestDataTooBig) -> HttpResponse:
        # Django refuses to read a body over DATA_UPLOAD_MAX_MEMORY_SIZE; ninja would turn
        # that into a 500, but it is the client's request that is too large.
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        body = problem(
            "body",
            f"The body is larger than the {limit:,} bytes a request may have: a game with "
            f"its hands is a few kilobytes, so send only the game.",
        )
        return api.create_response(request, body, status=413)

    original_schema = api.get_openapi_schema

    def openapi_schema(*, path_prefix=None, path_params=None):
        return document_errors(original_schema(path_prefix=path_prefix, path_params=path_params))

    api.get_openapi_schema = openapi_schema
    api.validation_error_from_error_contexts = errors_with_input
    api.add_exception_handler(ValidationError, on_validation_error)
    api.add_exception_handler(HttpError, on_http_error)
    api.add_exception_handler(RequestDataTooBig, on_too_big)
