"""A variant frozen into a game when it starts, and read back: plain data, so a later
change of a preset never rewrites an old game. A game frozen before a setting existed
reads it as today's behaviour, or as its preset has it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, fields, replace
from typing import Any

from .registry import VARIANTS
from .variants import (
    Example,
    Moon,
    Option,
    PointCategory,
    Variant,
    default_words,
    moon_dict,
    moon_of,
)


def _option_dict(o: Option) -> dict[str, Any]:
    data = {
        "name": o.name,
        "label": o.label,
        "type": o.type.__name__,
        "default": o.default,
        "allowed": list(o.allowed),
        "rule": o.rule,
        "help": o.help,
    }
    if o.sets:
        # A list of pairs: JSON would turn the values (true, 2) into strings as keys.
        data["sets"] = [
            {"value": value, "settings": _plain(settings)} for value, settings in o.sets.items()
        ]
    return data


def _plain(value: Any) -> Any:
    """Settings as JSON data (tuples as lists)."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def variant_to_dict(variant: Variant) -> dict[str, Any]:
    """A variant as plain data, frozen into a game when it starts: every setting."""
    return {
        "slug": variant.slug,
        "name": variant.name,
        "players": variant.players,
        "teams": variant.teams,
        "target": variant.target,
        "min_bid": variant.min_bid,
        "max_bid": variant.max_bid,
        "points": [
            {
                "key": p.key,
                "label": p.label,
                "always_awarded": p.always_awarded,
                "description": p.description,
                "nobody": p.nobody,
                "value": p.value,
            }
            for p in variant.points
        ],
        "options": [_option_dict(o) for o in variant.options],
        "rule_ids": dict(variant.rule_ids),
        "summary": variant.summary,
        "card_points_total": variant.card_points_total,
        # Only a night's round has a limit; other games keep the shape they always had.
        **({"hand_limit": variant.hand_limit} if variant.hand_limit is not None else {}),
        "based_on": variant.based_on,
        "low_goes_to": variant.low_goes_to,
        "game_goes_to": variant.game_goes_to,
        "moon": moon_dict(variant.moon),
        "all_pass": variant.all_pass,
        "all_pass_points": variant.all_pass_points,
        "set_bid": variant.set_bid,
        "non_bidders": variant.non_bidders,
        "win": variant.win,
        "all_points_wins": variant.all_points_wins,
        "words": dict(variant.words),
        "source": variant.source,
    }


def example_to_dict(example: Example) -> dict[str, Any]:
    """A preset's worked example as plain data (for the API and the rules page)."""
    entry = example.entry
    return {
        "title": example.title,
        "words": example.words,
        "dealer": example.dealer,
        "options": dict(example.options),
        "scores_before": list(example.scores_before),
        "entry": {
            "thrown_in": entry.thrown_in,
            "bidder": entry.bidder,
            "bid": entry.bid,
            "awards": dict(entry.awards) if entry.awards is not None else None,
        },
        "changes": list(example.changes),
        "scores_after": list(example.scores_after),
        "finished": example.finished,
        "winner": example.winner,
    }


def _frozen_moon(data: Mapping[str, Any] | None, preset: Variant | None) -> Moon | None:
    """A frozen moon; one frozen before ``negative_to_zero`` existed takes its preset's."""
    moon = moon_of(data)
    if (
        data is None
        or moon is None
        or "negative_to_zero" in data
        or preset is None
        or preset.moon is None
    ):
        return moon
    return replace(moon, negative_to_zero=preset.moon.negative_to_zero)


def variant_from_dict(data: dict[str, Any]) -> Variant:
    """The variant frozen in ``data``. A game frozen before a setting existed reads it as
    today's behaviour; what its preset adds since (an option's settings, the rule ids of
    new topics) comes from the preset of the same slug."""
    preset = VARIANTS.get(data["slug"])
    preset_options = {o.name: o for o in preset.options} if preset is not None else {}

    def get(name: str) -> Any:
        return _frozen_setting(data, preset, name)

    rule_ids = dict(data["rule_ids"])
    if preset is not None:
        rule_ids = {**{k: v for k, v in preset.rule_ids.items() if k not in rule_ids}, **rule_ids}
    return Variant(
        slug=data["slug"],
        name=data["name"],
        players=data["players"],
        teams=data["teams"],
        target=data["target"],
        min_bid=data["min_bid"],
        max_bid=data["max_bid"],
        points=tuple(PointCategory(**p) for p in data["points"]),
        options=tuple(_frozen_option(o, preset_options) for o in data["options"]),
        rule_ids=rule_ids,
        summary=data.get("summary", ""),
        hand_limit=data.get("hand_limit"),
        # A game frozen before the deck's card points were part of a variant takes them
        # from its preset (D13); the presets are the one place they are written.
        card_points_total=data.get(
            "card_points_total", preset.card_points_total if preset is not None else None
        ),
        based_on=get("based_on"),
        low_goes_to=get("low_goes_to"),
        game_goes_to=get("game_goes_to"),
        moon=_frozen_moon(data["moon"], preset) if "moon" in data else get("moon"),
        all_pass=get("all_pass"),
        all_pass_points=get("all_pass_points"),
        set_bid=get("set_bid"),
        non_bidders=get("non_bidders"),
        win=get("win"),
        all_points_wins=get("all_points_wins"),
        words={**default_words(), **get("words")},
        source=get("source"),
        examples=preset.examples if preset is not None else (),
    )


def _frozen_option(o: dict[str, Any], preset_options: Mapping[str, Option]) -> Option:
    """A frozen option; one frozen before options set settings takes its preset's."""
    kind = {"int": int, "bool": bool}[o["type"]]
    if "sets" in o:
        sets = {p["value"]: p["settings"] for p in o["sets"]}
    else:
        known = preset_options.get(o["name"])
        sets = dict(known.sets) if known is not None else {}
    plain = {k: v for k, v in o.items() if k != "sets"}
    return Option(**{**plain, "type": kind, "allowed": tuple(o["allowed"]), "sets": sets})


def _frozen_setting(data: Mapping[str, Any], preset: Variant | None, name: str) -> Any:
    """A setting as frozen; missing (frozen before it existed): the preset's, which for
    the seeds is today's behaviour, or the default."""
    if name in data:
        return data[name]
    if preset is not None:
        return getattr(preset, name)
    default = next(f for f in fields(Variant) if f.name == name)
    return default.default_factory() if default.default_factory is not MISSING else default.default
