"""Addresses a page links to: a league table links each of its players in every row they
appear in (hundreds of rows), so each address is worked out once per process; a game's
"why?" links go to the rules page its rules have (``rules_url``)."""

from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import Any

from django import template
from django.urls import get_script_prefix, reverse
from django.utils.safestring import SafeString, mark_safe

from smear_scores.rules import VARIANTS, Variant
from smear_scores.selectors.house_rules import house_rules_id

register = template.Library()


@register.simple_tag
def rules_url(variant: Variant, game: Any = None) -> str:
    """``{% rules_url variant game as page %}``: the rules page a game's links go to. A
    preset's rules and a saved set's have a page of their own (``/rules/<slug>/``, which
    for a saved set's slug redirects to the set's page); any other rules (settings given
    inline, a saved set since deleted) are read on the game's own page, written from the
    rules it froze. Without a game, the variant's own page."""
    game = game or None  # a template that names no game passes ""
    own = variant.slug in VARIANTS or (
        house_rules_id(variant) is not None
        and (game is None or getattr(game, "house_rules_id", None) is not None)
    )
    if own or game is None:
        return reverse("rules", args=[variant.slug])
    return reverse("game_rules", args=[game.public_id])


@register.filter
def why_link(href: str) -> SafeString:
    """``{{ href|why_link }}``: a refusal's "why?" link to its rule on the rules page
    (nothing without one)."""
    if not href:
        return mark_safe("")
    return mark_safe(
        f' <a class="why" href="{escape(href)}" '
        'aria-label="Why? The rule, on the rules page">why?</a>'
    )


@register.filter
def why_of(form: Any, message: str) -> str:
    """``{{ form|why_of:error|why_link }}``: where a refused field's "why?" leads, kept by
    the form with the refusal (forms.field_refusals.RefusalErrors.why_of); '' if nowhere."""
    why = getattr(form, "why_of", None)
    return why(str(message)) if why is not None else ""


@register.simple_tag
def script_prefix() -> str:
    """``{% script_prefix as prefix %}``: the prefix this request's addresses are written
    under, for the key of what is kept with an address in it."""
    return get_script_prefix()


@register.simple_tag
def player_url(player_id: int) -> str:
    """``{% player_url player_id %}``: as ``{% url 'player' player_id %}``."""
    return _player_url(get_script_prefix(), player_id)


@lru_cache(maxsize=4096)
def _player_url(prefix: str, player_id: int) -> str:
    # The prefix is part of the key: reverse() writes the one this request runs under.
    return reverse("player", args=[player_id])
