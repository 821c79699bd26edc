"""Figures said in words, as a person at the table reads them."""

from __future__ import annotations

from datetime import datetime, timedelta

from django import template
from django.utils.timesince import timesince

register = template.Library()


@register.filter
def duration(length: timedelta | None) -> str:
    """'15 minutes', '1 hour, 30 minutes'; '' for no length."""
    if not isinstance(length, timedelta):
        return ""
    start = datetime(2000, 1, 1)
    return timesince(start, start + length)


@register.filter
def scoring_teams(line: str) -> str:
    """A hand's line without the teams it leaves as they were: "Cy & Flo bid 6 and took
    6: made, +6 · Al & Di +0 · Bo & Ed +0" reads "Cy & Flo bid 6 and took 6: made, +6",
    so the line in the bar stays short enough to read whole at 360 px. A team held at the
    target ("+0 (held at 15)") is kept: that is news."""
    parts = str(line).split(" · ")
    return " · ".join(p for i, p in enumerate(parts) if i == 0 or not p.endswith(" +0"))
