"""A variant from a settings object and back: what a table's own house rules become, and
how a preset is written (``preset``: settings, so it passes the same check)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .errors import Refused
from .presets import PRESET_SLUGS
from .settings import SETTING_DEFAULTS, settings_check
from .variants import (
    HOUSE_RULE_IDS,
    POINT_KINDS,
    Example,
    Option,
    Variant,
    default_words,
    fields_of_settings,
    moon_dict,
    shape_words,
)


def settings_of(variant: Variant) -> dict[str, Any]:
    """The settings object of any variant (a preset is the builder's starting point)."""
    return {
        "name": variant.name,
        "based_on": variant.based_on or (variant.slug if variant.slug in PRESET_SLUGS else ""),
        "players": variant.players,
        "teams": variant.teams,
        "target": variant.target,
        "min_bid": variant.min_bid,
        "max_bid": variant.max_bid,
        "points": [
            {"key": p.key, "value": p.value, "may_go_unawarded": not p.always_awarded}
            for p in variant.points
        ],
        "low_goes_to": variant.low_goes_to,
        "game_goes_to": variant.game_goes_to,
        "card_points_total": variant.card_points_total,
        "moon": moon_dict(variant.moon),
        "all_pass": variant.all_pass,
        "all_pass_points": variant.all_pass_points,
        "set_bid": variant.set_bid,
        "non_bidders": variant.non_bidders,
        "win": variant.win,
        "all_points_wins": variant.all_points_wins,
        "words": {**default_words(), **variant.words},
    }


def summary_of(variant: Variant) -> str:
    """'4 players in 2 partnerships of 2, 10 points a hand, bids 4–10, game to 52.'"""
    moon = f" ({variant.max_bid} is {variant.moon.name})" if variant.moon else ""
    return (
        f"{shape_words(variant.players, variant.teams)}, {variant.max_points_per_hand} points "
        f"a hand, bids {variant.min_bid}–{variant.max_bid}{moon}, game to {variant.target}."
    )


def variant_from_settings(data: Any, slug: str = "house") -> Variant:
    """The variant a settings object describes, with the rule ids of a rules page written
    from the data (HOUSE_RULE_IDS); raises Refused with every problem when
    ``settings_check`` finds any. House rules have no per-game options: every choice is a
    setting."""
    errors = settings_check(data)
    if errors:
        raise Refused(errors)
    s = {**SETTING_DEFAULTS, **data}
    s["name"] = s["name"].strip()
    variant = Variant(
        slug=slug,
        players=s["players"],
        teams=s["teams"],
        target=s["target"],
        min_bid=s["min_bid"],
        max_bid=s["max_bid"],
        points=(),
        rule_ids=dict(HOUSE_RULE_IDS),
        name=s["name"],
    )
    variant = replace(
        variant,
        **fields_of_settings(
            {k: v for k, v in s.items() if k in SETTING_DEFAULTS or k == "points"}
        ),
    )
    return replace(variant, summary=summary_of(variant))


def points(*keys: str, always: tuple[str, ...] = (), **values: int) -> list[dict[str, Any]]:
    """A preset's points: every key in order, the ``always`` ones awarded in every hand."""
    return [
        {
            "key": key,
            "value": values.get(key, POINT_KINDS[key].value),
            "may_go_unawarded": key not in always,
        }
        for key in keys
    ]


def preset(
    slug: str,
    settings: dict[str, Any],
    *,
    source: str,
    examples: tuple[Example, ...],
    options: tuple[Option, ...] = (),
) -> Variant:
    """A preset written as settings (so it passes the same check as a table's own)."""
    return replace(
        variant_from_settings(settings, slug=slug),
        source=source,
        examples=examples,
        options=options,
    )
