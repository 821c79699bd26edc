"""The few kinds of "no" every write can answer beside a rule's: the request no longer
fits what is stored (409), this caller may not do it (403), it was removed (410), there is
no such thing (404). The rules' own refusals (``Refused``, ``HandRefused``: 422) are the
engine's, in rules/errors.py; these are the doorways' and the services', so they live
outside the engine. Each is a ``rules.Refusal``: it knows its status, and the web's one
handler (views.refusal_pages) and the API's (api.errors.SmearAPI) answer it."""

from __future__ import annotations

from smear_scores.rules import Refusal


class Conflict(Refusal):
    """The write no longer fits what is stored: a stale screen, a hand number already
    taken, a finished game, a removed one.

    For a hand number that is not the next one, ``number`` is the number sent and
    ``next_number`` the game's next hand, so a caller may say it in its own words."""

    status = 409

    def __init__(
        self,
        message: str,
        *,
        field: str = "",
        rule: str = "",
        number: int | None = None,
        next_number: int | None = None,
    ):
        super().__init__(message, field=field, rule=rule)
        self.number = number
        self.next_number = next_number


class Forbidden(Refusal):
    status = 403


class Unauthorized(Refusal):
    """Nobody this request speaks for may do it: the message names the key that would."""

    status = 401


class Gone(Refusal):
    status = 410


class NotFound(Refusal):
    status = 404
