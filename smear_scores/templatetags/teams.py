"""A team's colour class, for any number of teams."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()

# static/css/app.css defines one colour per class t0 … t5; past the last, the palette
# starts again, so a variant with more teams still gets a colour for each.
TEAM_COLOURS = 6


@register.filter
def team_colour(team: Any) -> str:
    """'t0' for the first team, 't1' for the second, …; '' when there is no team."""
    try:
        return f"t{int(team) % TEAM_COLOURS}"
    except (TypeError, ValueError):
        return ""
