"""Addresses a long page repeats: a league table links each of its players in every row
they appear in (hundreds of rows), so each address is worked out once per process."""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.urls import get_script_prefix, reverse

register = template.Library()


@register.simple_tag
def player_url(player_id: int) -> str:
    """``{% player_url player_id %}``: as ``{% url 'player' player_id %}``."""
    return _player_url(get_script_prefix(), player_id)


@lru_cache(maxsize=4096)
def _player_url(prefix: str, player_id: int) -> str:
    # The prefix is part of the key: reverse() writes the one this request runs under.
    return reverse("player", args=[player_id])
