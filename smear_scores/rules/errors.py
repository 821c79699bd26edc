"""What the engine says when something breaks a rule: ``RuleError`` (one broken rule),
``Refused`` (refused by a rule, 422) and ``HandRefused`` (by a rule of the game: a hand, a
set-up, an edit, D8), on the one base every refusal of the app derives from, ``Refusal``.

A refusal knows its kind and so its status, the number both doorways answer with (the web
handler, ``middleware.Refusals``; the API's, ``api.errors.SmearAPI``); it is a plain
number here, so the engine still imports nothing of the web. The other kinds of "no" (a
stale screen, a caller who may not, a removed game, nothing there) are not the engine's:
smear_scores.request_refusals. Services raise them; no view catches them one by one.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RuleError:
    """One broken rule: the field it concerns, a sentence in the table's words, the rule id."""

    field: str
    message: str
    rule: str

    def __str__(self) -> str:
        return self.message


class Refusal(Exception):
    """A request the app answers "no" to, and why: nothing was changed. ``errors`` holds
    each problem with its field and rule id; ``message`` says them all in one sentence."""

    status = 400

    def __init__(self, message: str, *, field: str = "", rule: str = ""):
        self.errors = [RuleError(field, message, rule)]
        super().__init__(message)

    @property
    def message(self) -> str:
        return " ".join(e.message for e in self.errors)

    @property
    def field(self) -> str:
        return self.errors[0].field

    @property
    def rule(self) -> str:
        return self.errors[0].rule

    def by_field(self) -> dict[str, list[str]]:
        grouped: dict[str, list[str]] = {}
        for error in self.errors:
            grouped.setdefault(error.field, []).append(error.message)
        return grouped


class Refused(Refusal):
    """Refused by a rule (of the game, of a club night, of the roster): one or more
    problems, each beside its field."""

    status = 422

    def __init__(self, errors: list[RuleError]):
        self.errors = list(errors)
        Exception.__init__(self, "; ".join(e.message for e in self.errors))


class HandRefused(Refused):
    """A hand (or a game set-up) broke one or more rules of the game."""

    def __init__(self, errors: list[RuleError], hand_number: int | None = None):
        super().__init__(errors)
        # Set by replay(): the number of the hand that was refused.
        self.hand_number = hand_number


class RecordRefused(HandRefused):
    """A hand of a whole record (an import) broke a rule: ``hand_number`` is its place in
    the record, so each problem can be named by it."""

    def __init__(self, errors: list[RuleError], hand_number: int):
        super().__init__(errors, hand_number)
        self.hand_number: int = hand_number

    @classmethod
    def of(cls, refused: HandRefused, hand_number: int) -> RecordRefused:
        return cls(refused.errors, hand_number=hand_number)
