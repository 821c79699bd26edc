"""Reads of saved house rules, of the presets a set starts from and of the values and limits
its settings take. Checking a set's settings is services.house_rules' (``settings_problems``);
what they mean, the builder's words and the example hand, smear_scores.wording.builder's."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from smear_scores import rules
from smear_scores.models import Club, HouseRules
from smear_scores.models.games import HIGHEST_BID
from smear_scores.models.house_rules import HOUSE_SLUG

# What a set's id can be (models.games.new_public_id), as selectors.games reads a game's.
PUBLIC_ID = re.compile(r"[A-Za-z0-9_-]{1,16}")


def house_rules_get(*, public_id: str) -> HouseRules:
    """The set with this public id (HouseRules.DoesNotExist when there is none). An id no
    set could have (a NUL, another alphabet, too long) is not looked up: PostgreSQL
    refuses a NUL in a query."""
    if not PUBLIC_ID.fullmatch(public_id):
        raise HouseRules.DoesNotExist(f"No house rules have the id {public_id!r}.")
    return HouseRules.objects.select_related("club").get(public_id=public_id)


def house_rules_listed(public_ids: Sequence[str]) -> list[HouseRules]:
    """The sets of these ids that exist, in the order given (a phone's: newest first)."""
    wanted = [i for i in public_ids if PUBLIC_ID.fullmatch(i)]
    found = {h.public_id: h for h in HouseRules.objects.filter(public_id__in=wanted)}
    return [found[i] for i in public_ids if i in found]


def club_house_rules(club: Club | int) -> list[HouseRules]:
    """The sets a club adopted, which its leagues and nights may play."""
    return list(HouseRules.objects.filter(club=club).order_by("name", "-created_at"))


# What a new game's choice of rules names that is a saved set rather than a preset.
SAVED_CHOICE = "house:"


def rules_choice(value: Any) -> tuple[rules.Variant, HouseRules | None]:
    """The rules a new game's choice names: "house:<id>" a saved set (its variant and the
    set), anything else a preset (the first for a value that is none)."""
    value = str(value or "")
    if value.startswith(SAVED_CHOICE):
        try:
            found = house_rules_get(public_id=value[len(SAVED_CHOICE) :])
        except HouseRules.DoesNotExist:
            pass
        else:
            return found.rules_variant, found
    return rules.VARIANTS.get(value, next(iter(rules.VARIANTS.values()))), None


def preset_settings(slug: str) -> dict[str, Any]:
    """A preset's settings: where "Our rules…" starts."""
    return rules.settings_of(rules.get_variant(slug))


# -- the settings' vocabulary, for the API's schema and the builder --------------------------
def setting_values() -> dict[str, tuple[Any, ...]]:
    """Each setting that takes one of a few values, and those values, as the engine lists
    them: what the OpenAPI document's enums and the builder's buttons are made from."""
    variants = rules.variants
    return {"point_key": tuple(variants.POINT_KINDS), **variants.CHOICES, "words": variants.WORDS}


def setting_limits() -> dict[str, int]:
    """The largest number each kind of setting takes (the smallest is in the schema)."""
    variants = rules.variants
    return {
        "name": variants.NAME_MAX,
        "words": variants.WORDS_MAX,
        "point_value": variants.POINT_VALUE_MAX,
        "target": variants.TARGET_MAX,
        "stake": variants.STAKE_MAX,
        "bid": HIGHEST_BID,
        "players": max(p for p, _ in variants.seat_shapes()),
        "players_min": min(p for p, _ in variants.seat_shapes()),
    }


# -- the rules a game froze ------------------------------------------------------------------
def is_house_variant(variant: rules.Variant) -> bool:
    return variant.slug == HOUSE_SLUG or variant.slug.startswith(f"{HOUSE_SLUG}-")


def house_rules_id(variant: rules.Variant) -> str | None:
    """The public id of the saved set a game's rules were frozen from, or None."""
    prefix = f"{HOUSE_SLUG}-"
    return variant.slug[len(prefix) :] if variant.slug.startswith(prefix) else None
