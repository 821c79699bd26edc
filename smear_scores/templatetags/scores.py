"""Scores in a line of figures: a set team's negative score with a real minus sign, the
scores apart by a spaced dash ("18 – −3"), never "18–-3", which reads as a range."""

from __future__ import annotations

from collections.abc import Iterable

from django import template

register = template.Library()

MINUS = "\u2212"


@register.filter
def signed(value: int) -> str:
    """-3 → "−3" (the minus sign, which does not break from its figure); 3 → "3"."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


@register.filter
def score_line(values: Iterable[int]) -> str:
    """(18, -3) → "18 – −3"."""
    return " – ".join(signed(value) for value in values)
