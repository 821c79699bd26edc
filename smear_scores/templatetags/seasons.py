"""A season's figures as the standings print them."""

from __future__ import annotations

from fractions import Fraction

from django import template

from smear_scores.rules.nights import points_text
from smear_scores.rules.seasons import P, SeasonRow
from smear_scores.wording import seasons as words

register = template.Library()


@register.filter
def points(value: Fraction | int | None) -> str:
    """Whole points, or one decimal for an average; "" for none."""
    return "" if value is None else points_text(Fraction(value))


@register.filter
def place(row: SeasonRow[P]) -> str:
    """ "3", "=3" when shared, "–" when unranked."""
    return words.place(row.rank, row.tied)
