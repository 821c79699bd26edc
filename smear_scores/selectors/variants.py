"""Reads of the variant presets, for the screens and the API (which never ask the rules
engine themselves)."""

from __future__ import annotations

from typing import Any

from smear_scores import rules


def variants() -> list[rules.Variant]:
    """Every preset, in the order the screens offer them."""
    return list(rules.VARIANTS.values())


# The presets the new-game screen offers as buttons, the project's first two games; the
# others are listed under "Other games" (nine buttons would fill a phone's screen).
OFFERED_FIRST = ("schmier", "ne-wisconsin")


def offered_first() -> tuple[str, ...]:
    return OFFERED_FIRST


def variant_slugs() -> tuple[str, ...]:
    return tuple(rules.VARIANTS)


def variant_or_default(slug: Any) -> rules.Variant:
    """The preset called ``slug``, or the first preset for anything else (a form's choice
    that is missing or unknown starts from the default)."""
    return rules.VARIANTS.get(str(slug), next(iter(rules.VARIANTS.values())))


def option_names() -> list[str]:
    """Every per-game option any preset takes, sorted."""
    return sorted({o.name for v in rules.VARIANTS.values() for o in v.options})


def variant_list() -> list[dict[str, Any]]:
    """The presets as the engine freezes them into a game, with points given by their keys
    (GET /api/variants)."""
    return [
        {
            **rules.variant_to_dict(v),
            "points": list(v.point_keys),
            "always_awarded": list(v.always_awarded),
            "settings": rules.settings_of(v),
        }
        for v in rules.VARIANTS.values()
    ]


def variant_get(slug: str) -> rules.Variant | None:
    """The preset called ``slug`` (its rules page), or None when there is none."""
    return rules.VARIANTS.get(slug)


def option_fields() -> list[tuple[str, type, Any, str]]:
    """Every per-game option of any preset, once each, as (name, type, default,
    description): what the API's options schema is built from."""
    fields: dict[str, tuple[str, type, Any, str]] = {}
    for variant in rules.VARIANTS.values():
        for o in variant.options:
            allowed = ", ".join(str(v).lower() if o.type is bool else str(v) for v in o.allowed)
            said = f"{o.label}: one of {allowed}. {o.help}".strip()
            fields.setdefault(
                o.name, (o.name, o.type, o.default, f"{said} ({variant.name}, {o.rule})")
            )
    return list(fields.values())
