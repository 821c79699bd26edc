"""Writes for a table's own rules: save a set by name, adopt a shared set for a club, one
transaction each; and the check behind "Check" (``settings_problems``, nothing written).
Which settings contradict each other is the engine's to say (rules.settings_check); a set is
never changed once saved (a change is a new set)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from smear_scores import rules
from smear_scores.models import Club, HouseRules
from smear_scores.models.games import HIGHEST_BID
from smear_scores.names import name_problem, text_problem
from smear_scores.rules import Refused, RuleError
from smear_scores.selectors.house_rules import preset_settings

# The longest name the engine takes (shown everywhere the variant name is).
MAX_NAME = rules.variants.NAME_MAX


class HouseRulesRefused(Refused):
    """Settings that cannot be saved or played: each problem beside its setting."""


def name_refusal(name: Any) -> str | None:
    """What is wrong with ``name`` (spaces already collapsed) as a set's name; None if fine."""
    if not isinstance(name, str) or not name:
        return 'Give the rules a name the table will know them by, such as "Tuesday Smear".'
    problem = name_problem(name)
    if problem is not None:
        return f"The name {problem}."
    if len(name) > MAX_NAME:
        return f"The name is {len(name)} characters long; keep it to {MAX_NAME}."
    return None


def settings_from(given: dict[str, Any]) -> tuple[dict[str, Any], list[RuleError]]:
    """``given`` over the settings of the preset it is ``based_on``: a setting left out is
    the preset's (``words`` key by key). The errors say what keeps it from being read."""
    slug = given.get("based_on")
    if not isinstance(slug, str) or slug not in rules.VARIANTS:
        known = ", ".join(rules.VARIANTS)
        return dict(given), [
            RuleError("based_on", f"Start from one of the presets: based_on is one of {known}.", "")
        ]
    preset = preset_settings(slug)
    full = preset | dict(given)
    if isinstance(given.get("words"), dict):
        full["words"] = preset.get("words", {}) | given["words"]
    moon = full.get("moon")
    if isinstance(moon, dict) and "bid" not in (given.get("moon") or {}):
        # The moon is the highest bid: it follows max_bid unless its bid is given.
        full["moon"] = {**moon, "bid": full.get("max_bid")}
    return full, []


def settings_problems(settings: dict[str, Any]) -> list[RuleError]:
    """What keeps ``settings`` from being saved (nothing is written): for "Check"."""
    full, errors = settings_from(settings)
    return errors or rules.settings_check(full)


def checked_settings(settings: dict[str, Any], *, prefix: str = "") -> dict[str, Any]:
    """``settings`` as the engine will read them, or HouseRulesRefused with every problem at
    once, each field named from ``prefix`` ("settings." where they are a request's part)."""
    full, errors = settings_from(settings)
    if not errors:
        errors = _text_problems(full)
    if not errors:
        errors = rules.settings_check(full)
    bid = full.get("max_bid")
    if not errors and isinstance(bid, int) and bid > HIGHEST_BID:
        # The widest bid a hand can store (models.games): more than every point there is.
        errors = [
            RuleError(
                "max_bid",
                f"A bid of {bid} is more than any hand can take: keep the highest bid to "
                f"{HIGHEST_BID} or less.",
                rules.HOUSE_RULE_IDS["bids"],
            )
        ]
    if errors:
        raise HouseRulesRefused(
            [RuleError(f"{prefix}{e.field}", e.message, e.rule) for e in errors]
        )
    # Every setting written out, as the engine reads them back (a moon's defaults included).
    return rules.settings_of(rules.variant_from_settings(full))


def _text_problems(full: dict[str, Any]) -> list[RuleError]:
    """The names and words a set carries, through the one name check (names.py): its name
    (a game's title), its moon's name, and words no database refuses."""
    errors = []
    name = full.get("name")
    if isinstance(name, str) and (problem := name_refusal(" ".join(name.split()))):
        errors.append(RuleError("name", problem, ""))
    moon = full.get("moon")
    moon_name = moon.get("name") if isinstance(moon, dict) else None
    if isinstance(moon_name, str) and (problem := name_problem(moon_name)) is not None:
        errors.append(RuleError("moon.name", f"The moon's name {problem}.", ""))
    words = full.get("words")
    for key, text in words.items() if isinstance(words, dict) else ():
        if isinstance(text, str) and (problem := text_problem(text)) is not None:
            problem = problem.removeprefix("contains ")
            errors.append(RuleError(f"words.{key}", f"The words contain {problem}.", ""))
    return errors


@transaction.atomic
def house_rules_create(
    *, settings: dict[str, Any], name: str | None = None, club: Club | None = None
) -> HouseRules:
    """A new set of house rules. ``settings`` start from their preset (``based_on``):
    a setting left out is the preset's. ``name``, when given, is the set's name (else
    ``settings["name"]``)."""
    given = dict(settings)
    if name is not None:
        given["name"] = name
    given["name"] = " ".join(str(given.get("name") or "").split())
    errors = []
    if (problem := name_refusal(given["name"])) is not None:
        errors.append(RuleError("name", problem, ""))
    try:
        full = checked_settings(given)
    except HouseRulesRefused as refused:
        errors.extend(e for e in refused.errors if e.field != "name" or not errors)
    if errors:
        raise HouseRulesRefused(errors)
    return HouseRules.objects.create(name=full["name"], settings=full, club=club)


@transaction.atomic
def house_rules_adopt(*, house_rules: HouseRules, club: Club) -> HouseRules:
    """The set as one of ``club``'s own (its leagues and nights may then play it): a copy
    kept by the club, so a set another table shared stays theirs. Adopting the same rules
    again gives the club's copy back."""
    if house_rules.club_id == club.pk:
        return house_rules
    # The club's row, locked: two admins adopting at once make one copy.
    Club.objects.select_for_update().get(pk=club.pk)
    for kept in HouseRules.objects.filter(club=club, name=house_rules.name):
        if kept.settings == house_rules.settings:
            return kept
    return HouseRules.objects.create(
        name=house_rules.name, settings=dict(house_rules.settings), club=club
    )
