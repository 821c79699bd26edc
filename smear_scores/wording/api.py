"""The OpenAPI document's descriptions of the settings and of the per-game options: each
value by its name, in the words of the builder and the rules pages."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from smear_scores.rules.registry import VARIANTS
from smear_scores.rules.variants import PLAYERS_MAX, PLAYERS_MIN

from .settings import (
    CARD_POINTS,
    CHOICE_LABELS,
    SETTING_LABELS,
    Table,
    flag_sentence,
    value_sentence,
)
from .words import PARTNERS_ALTERNATE

# The setting each description starts from, before its values.
API_INTRO = {
    "low_goes_to": "Who scores Low",
    "game_goes_to": "Who scores Game",
    "all_pass": "When everyone passes",
    "set_bid": "A set bid",
    "non_bidders": "The teams that did not bid",
    "win": "Who wins at the target",
    "moon_made": "A made moon (every point in play taken)",
    "moon_failed": "A failed moon",
}


def api_description(key: str, table: Table | None = None) -> str:
    """``key``'s description for the OpenAPI document: each value by its name, in the
    words of the builder and the rules pages (numbers named by their setting)."""
    t = table or Table(
        target="target",
        min_bid="min_bid",
        all_pass_points="all_pass_points",
        made_points="made_points",
        failed_points="failed_points",
    )
    named = " ".join(f"{value}: {value_sentence(key, value, t)}" for value in CHOICE_LABELS[key])
    if key == "moon_failed":
        kept = value_sentence(key, "set_back", replace(t, set_bid="keep_less_bid"))
        named += f" With set_bid keep_less_bid, set_back: {kept}"
    return f"{API_INTRO[key]}. {named}"


def option_fields() -> list[tuple[str, type, Any, str]]:
    """Every per-game option of any preset, once each, as (name, type, default,
    description): what the API's options schema is built from. An option two presets
    share is described as the first one defines it."""
    fields: dict[str, tuple[str, type, Any, str]] = {}
    for variant in VARIANTS.values():
        for o in variant.options:
            allowed = ", ".join(str(v).lower() if o.type is bool else str(v) for v in o.allowed)
            said = f"{o.label}: one of {allowed}. {o.help}".strip()
            fields.setdefault(
                o.name, (o.name, o.type, o.default, f"{said} ({variant.name}, {o.rule})")
            )
    return list(fields.values())


def flag_description(key: str, intro: str) -> str:
    """A setting that is on or off, worded as the builder words it: true, then false."""
    table = Table()
    said = (f"{flag}: {flag_sentence(key, on, table)}" for flag, on in FLAGS)
    return f"{SETTING_LABELS[key]} ({intro}). {' '.join(said)}"


FLAGS = (("true", True), ("false", False))

# Each setting's description, where it is not the builder's words for each value.
SETTING_WORDS = {
    "name": "Shown everywhere the variant's name is.",
    "based_on": "The preset the rules start from (GET /api/variants): a setting left out "
    "is the preset's.",
    "players": f"How many play: {PLAYERS_MIN} to {PLAYERS_MAX}.",
    "teams": "How many teams: as many as players for cutthroat (each plays alone), else "
    "partnerships of two (4, 6 or 8 players) or two teams of three (6 players). "
    f"{PARTNERS_ALTERNATE}",
    "target": "The score that ends the game.",
    "min_bid": "The lowest bid.",
    "max_bid": "The highest bid; with a moon, the moon's bid. Without a moon it may not "
    "be more than the points in play.",
    "points": "The points in play, in the order of the buttons and the rules page; each key once.",
    "low_goes_to": api_description("low_goes_to"),
    "game_goes_to": api_description("game_goes_to"),
    "card_points_total": "The card points of the whole deck, so the table may count Game "
    f"({CARD_POINTS}; D13); null where Game is only tapped. Only with game_goes_to "
    "card_points.",
    "moon": "A named top bid (shoot the moon, smudge) and its stakes; null for none.",
    "all_pass": api_description("all_pass"),
    "all_pass_points": "The dealer's set-back when everyone passes (dealer_set_back).",
    "set_bid": api_description("set_bid"),
    "non_bidders": api_description("non_bidders"),
    "win": api_description("win"),
    "all_points_wins": "A team that takes every point in play in one hand wins at once.",
    "words": "Words only, for the rules page: the deck, the cards dealt, the kitty, the "
    "discards, the trump ranking, the Low card, the jokers.",
}
