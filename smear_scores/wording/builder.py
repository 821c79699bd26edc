"""What "Our rules…" says beside each setting (``builder``), what a saved set's settings
mean as its page and the admin list them (``shown_settings``), and the example hand played
under any settings (``example_hand``): the words of smear_scores.wording.settings, put to
settings as a table posts them, any of which may be missing or wrong."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from smear_scores import rules
from smear_scores.rules import RuleError

from .settings import (
    CARD_POINTS,
    CHOICE_LABELS,
    SETTING_LABELS,
    VALUE_SENTENCES,
    WORD_LABELS,
    Table,
    flag_sentence,
    value_sentence,
)
from .words import PARTNERS_ALTERNATE, seats_sentence


def seat_shapes() -> list[tuple[int, int, str]]:
    """Every (players, teams) a table can play, with its words."""
    return [(p, t, rules.variants.shape_words(p, t)) for p, t in rules.variants.seat_shapes()]


# -- what each setting means, for the builder ------------------------------------------------


def _points_in_play(settings: dict[str, Any]) -> int:
    total = 0
    for point in settings.get("points") or []:
        if isinstance(point, dict):
            value = point.get("value", 1)
            total += value if isinstance(value, int) else 0
    return total


def table_of(settings: dict[str, Any]) -> Table:
    """What the wording needs to know of ``settings`` (as posted: any may be missing)."""
    s = settings
    moon: dict[str, Any] = s["moon"] if isinstance(s.get("moon"), dict) else {}

    def number(value: Any) -> int:
        return value if isinstance(value, int) else 0

    return Table(
        target=number(s.get("target")),
        min_bid=number(s.get("min_bid")),
        max_bid=number(s.get("max_bid")),
        points_in_play=_points_in_play(s),
        all_pass_points=number(s.get("all_pass_points")),
        moon_name=str(moon.get("name") or "Shoot the moon"),
        made_points=number(moon.get("made_points")),
        failed_points=number(moon.get("failed_points")),
        negative_to_zero=bool(moon.get("negative_to_zero")),
        set_bid=str(s.get("set_bid") or "lose_bid"),
        non_bidders=str(s.get("non_bidders") or "score"),
        team="player" if s.get("players") and s.get("players") == s.get("teams") else "team",
    )


def setting_sentence(key: str, value: Any, settings: dict[str, Any]) -> str:
    """What ``key`` set to ``value`` means at the table, with the other ``settings``."""
    t = table_of(settings)
    if key in VALUE_SENTENCES:
        return value_sentence(key, value, t)
    if key in ("moon", "moon_negative_to_zero", "all_points_wins"):
        return flag_sentence(key, bool(value), t)
    if key == "seats":
        players, teams = settings.get("players"), settings.get("teams")
        if isinstance(players, int) and isinstance(teams, int) and teams:
            return seats_sentence(players, teams)
        return PARTNERS_ALTERNATE
    if key == "target":
        return f"A {t.team} that reaches {value} after a hand can win."
    if key == "min_bid":
        return f"No bid below {value}."
    if key == "max_bid":
        return f"No bid above {value}" + (
            f": {value} is the moon."
            if settings.get("moon")
            else ", and no more than the points in play."
        )
    if key == "points":
        return (
            f"A {t.team} scores the value of each point it takes. A point that may go to "
            "nobody is one that can be left undealt or buried (and Game on a tie)."
        )
    if key == "card_points_total":
        return (
            f"The deck holds {value} card points ({CARD_POINTS}), so the table may "
            "count them instead of tapping who took Game."
            if value
            else "The table taps who took Game; it does not count card points here."
        )
    raise KeyError(key)


# -- the example hand, under any settings ------------------------------------------------------
@dataclass(frozen=True)
class ExampleHand:
    """The first worked example of the preset the settings start from, and what it does
    under the settings (``result``), or why it cannot be played under them."""

    title: str
    words: str
    preset: str
    before: str
    result: str
    playable: bool


def _example(settings: dict[str, Any]) -> tuple[rules.Variant, Any] | None:
    preset = rules.VARIANTS.get(str(settings.get("based_on", "")))
    if preset is None or not preset.examples:
        return None
    return preset, preset.examples[0]


def _fitted_entry(variant: rules.Variant, entry: rules.HandEntry) -> rules.HandEntry:
    """The example's hand as far as it fits these seats and points: a point no longer in
    play is left out, one not in the example goes to nobody."""
    if entry.thrown_in or entry.awards is None:
        return entry
    teams = variant.teams
    awards = {
        key: (team % teams if team is not None else None)
        for key, team in entry.awards.items()
        if variant.category(key) is not None
    }
    return rules.HandEntry(
        bidder=entry.bidder % variant.players if entry.bidder is not None else None,
        bid=entry.bid,
        awards=awards,
    )


# How a screen words the engine's problem with the settings: as the engine says it (for
# the API's fields), unless the screen puts it in its own words (HouseRulesForm).
Say = Callable[[RuleError], str]


def _engine_words(error: RuleError) -> str:
    return error.message


def _played(
    settings: dict[str, Any], preset: rules.Variant, example: Any, say: Say = _engine_words
) -> tuple[str, bool]:
    # A set not named yet plays as any other (its name is checked where it is saved).
    settings = {**settings, "name": str(settings.get("name") or "").strip() or preset.name}
    problems = rules.settings_check(settings)
    if problems:
        return f"Not with the other settings: {say(problems[0])}", False
    variant = rules.variant_from_settings(settings)
    before = tuple((list(example.scores_before) + [0] * variant.teams)[: variant.teams])
    options = {k: v for k, v in example.options.items() if k in {o.name for o in variant.options}}
    state = dataclasses.replace(
        rules.new_game(variant, options, example.dealer % variant.players), scores=before
    )
    try:
        after, result = state.play(_fitted_entry(variant, example.entry))
    except rules.HandRefused as refused:
        return f"The example hand cannot be played under these rules: {refused.message}", False
    line = rules.describe(variant, result)
    end = rules.describe_end(state, after)
    return (f"{line} · {end}" if end else line), True


def example_hand(settings: dict[str, Any], *, say: Say = _engine_words) -> ExampleHand | None:
    """The example hand under ``settings``; None where the preset has no example."""
    found = _example(settings)
    if found is None:
        return None
    preset, example = found
    before = " · ".join(
        f"{rules.team_label(t)} {score}" for t, score in enumerate(example.scores_before)
    )
    result, playable = _played(settings, preset, example, say)
    return ExampleHand(
        title=example.title,
        words=example.words,
        preset=preset.name,
        before=before,
        result=result,
        playable=playable,
    )


def example_with(
    settings: dict[str, Any], key: str, value: Any, *, say: Say = _engine_words
) -> str:
    """What the example hand does when ``key`` (a setting, or "moon_made"/"moon_failed")
    is ``value`` and every other setting as it is: the effect of that choice."""
    found = _example(settings)
    if found is None:
        return ""
    return _played(_with_choice(settings, key, value), *found, say)[0]


def _with_choice(settings: dict[str, Any], key: str, value: Any) -> dict[str, Any]:
    """``settings`` with ``key`` set to ``value``; a choice that needs a number of points
    set to 0 (a set-back, a moon's stakes) is shown with a number that makes it playable."""
    changed = dict(settings)
    if key.startswith("moon_"):
        moon = dict(settings["moon"]) if isinstance(settings.get("moon"), dict) else {}
        moon[key.removeprefix("moon_")] = value
        if value == "scores" and not moon.get("made_points"):
            moon["made_points"] = _points_in_play(settings)
        if value == "set_back" and not moon.get("failed_points"):
            moon["failed_points"] = settings.get("max_bid")
        changed["moon"] = moon
    else:
        changed[key] = value
        if (key, value) == ("all_pass", "dealer_set_back") and not settings.get("all_pass_points"):
            changed["all_pass_points"] = 2
    return changed


def shown_settings(variant: rules.Variant) -> list[tuple[str, str]]:
    """Each setting of ``variant`` as the set's page lists it: (label, what it means)."""
    s = rules.settings_of(variant)
    points = ", ".join(
        f"{rules.POINT_KINDS[p['key']].label}"
        + (f" ({p['value']})" if p["value"] != 1 else "")
        + ("" if p["may_go_unawarded"] else ", every hand")
        for p in s["points"]
    )
    lines = [
        (SETTING_LABELS["seats"], rules.variants.shape_words(s["players"], s["teams"]) + "."),
        (SETTING_LABELS["target"], f"{s['target']}."),
        ("Bids", f"{s['min_bid']} to {s['max_bid']}."),
        (SETTING_LABELS["points"], f"{points}: {variant.max_points_per_hand} in play."),
        (SETTING_LABELS["moon"], setting_sentence("moon", s["moon"], s)),
    ]
    if s["moon"]:
        lines.append(("The moon made", setting_sentence("moon_made", s["moon"]["made"], s)))
        lines.append(("The moon failed", setting_sentence("moon_failed", s["moon"]["failed"], s)))
    for key in ("low_goes_to", "game_goes_to", "card_points_total", "all_pass", "set_bid",
                "non_bidders", "win", "all_points_wins"):  # fmt: skip
        lines.append((SETTING_LABELS[key], setting_sentence(key, s[key], s)))
    lines += [(WORD_LABELS[k], text) for k, text in s["words"].items() if text]
    return lines


# -- the builder's words and examples, for one set of settings --------------------------------
# The settings that take one of a few values, as the builder shows them (moon_made and
# moon_failed are the moon's).
CHOICE_SETTINGS = (
    "low_goes_to",
    "game_goes_to",
    "all_pass",
    "set_bid",
    "non_bidders",
    "win",
    "moon_made",
    "moon_failed",
)


@dataclass(frozen=True)
class SettingChoice:
    """One value of a setting as the builder offers it: its button's words, what it means
    at the table, and what the example hand does with it."""

    value: str
    label: str
    sentence: str
    example: str


@dataclass(frozen=True)
class Builder:
    """What "Our rules…" says beside each setting: what its current value means
    (``sentences``), and for a setting of a few values each value's meaning and what the
    example hand does with it (``choices``); the example hand as the settings play it."""

    example: ExampleHand | None
    sentences: dict[str, str]
    choices: dict[str, list[SettingChoice]]
    # For a setting whose every choice plays the example hand alike: what it does.
    same: dict[str, str]
    seats: list[SettingChoice]
    all_points_wins: list[SettingChoice]


def _moon_value(settings: dict[str, Any], key: str) -> Any:
    moon: dict[str, Any] = settings["moon"] if isinstance(settings.get("moon"), dict) else {}
    return moon.get(key.removeprefix("moon_"), "")


def _said_once(key: str, rows: list[SettingChoice], same: dict[str, str]) -> list[SettingChoice]:
    """``rows`` as shown: where the example hand does not tell the choices apart (the same
    result, or the same contradiction of the other settings), it is said once for the
    setting, in ``same[key]``, instead of under every choice."""
    if len({row.example for row in rows}) != 1:
        return rows
    if rows[0].example.startswith(REFUSED):
        same[key] = rows[0].example
    # Otherwise the example hand does not show this setting (a made moon under "A failed
    # moon", a bid under "When everyone passes"): it is not shown here at all.
    return [dataclasses.replace(row, example="") for row in rows]


# How _played begins what cannot be played: said once for a setting whose choices all meet it.
REFUSED = ("Not with the other settings", "The example hand cannot be played")


def builder(settings: dict[str, Any], *, say: Say = _engine_words) -> Builder:
    """What the builder shows beside each setting; ``say`` words a problem of the settings
    (the form's labels for the engine's field paths)."""
    s = dict(settings)
    sentences = {
        key: setting_sentence(key, s.get(key), s)
        for key in (
            "seats",
            "target",
            "min_bid",
            "max_bid",
            "points",
            "card_points_total",
            "all_points_wins",
        )
    }
    sentences["moon"] = setting_sentence("moon", s.get("moon"), s)
    sentences["moon_negative_to_zero"] = setting_sentence(
        "moon_negative_to_zero", _moon_value(s, "moon_negative_to_zero"), s
    )
    choices: dict[str, list[SettingChoice]] = {}
    same: dict[str, str] = {}
    for key in CHOICE_SETTINGS:
        current = _moon_value(s, key) if key.startswith("moon_") else s.get(key)
        values = rules.variants.CHOICES[key]
        sentences[key] = setting_sentence(key, current, s) if current in values else ""
        choices[key] = _said_once(key, _value_rows(s, key, values, say), same)
    all_points = [
        SettingChoice(
            value=value,
            label="",
            sentence=setting_sentence("all_points_wins", flag, s),
            example=example_with(s, "all_points_wins", flag, say=say),
        )
        for value, flag in (("on", True), ("", False))
    ]
    return Builder(
        example=example_hand(s, say=say),
        sentences=sentences,
        choices=choices,
        same=same,
        seats=_said_once("seats", _seat_rows(s, say), same),
        all_points_wins=all_points,
    )


def _value_rows(
    s: dict[str, Any], key: str, values: Sequence[Any], say: Say
) -> list[SettingChoice]:
    """Each value of the setting ``key`` with what it means and what the example hand does
    with it; a moon's values without an example while the table plays no moon."""
    if key.startswith("moon_") and not isinstance(s.get("moon"), dict):
        return [
            SettingChoice(value, CHOICE_LABELS[key][value], setting_sentence(key, value, s), "")
            for value in values
        ]
    return [
        SettingChoice(
            value=value,
            label=CHOICE_LABELS[key][value],
            sentence=setting_sentence(key, value, _with_choice(s, key, value)),
            example=example_with(s, key, value, say=say),
        )
        for value in values
    ]


def _seat_rows(s: dict[str, Any], say: Say) -> list[SettingChoice]:
    """Each way a table can sit, with what the example hand does at it."""
    seats = []
    for players, teams, words in seat_shapes():
        changed = {**s, "players": players, "teams": teams}
        found = _example(changed)
        seats.append(
            SettingChoice(
                value=f"{players}x{teams}",
                label=words,
                sentence="",
                example=_played(changed, *found, say)[0] if found else "",
            )
        )
    return seats
