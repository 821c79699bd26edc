"""What the engine says when a hand breaks a rule."""

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


class HandRefused(Exception):
    """A hand (or a game set-up) broke one or more rules; nothing was changed."""

    def __init__(self, errors: list[RuleError], hand_number: int | None = None):
        self.errors = list(errors)
        # Set by replay(): the number of the hand that was refused.
        self.hand_number = hand_number
        super().__init__("; ".join(e.message for e in self.errors))

    def by_field(self) -> dict[str, list[str]]:
        grouped: dict[str, list[str]] = {}
        for error in self.errors:
            grouped.setdefault(error.field, []).append(error.message)
        return grouped
