"""The form of "Our rules…": every setting of a table's house rules, as plain fields that
work without JavaScript. It knows the settings' shape, not their rules: which settings
contradict each other is the engine's to say, through the services (house_rules_create)."""

from __future__ import annotations

import re
from functools import cached_property
from typing import Any

from django import forms
from django.http import QueryDict

from smear_scores.rules import POINT_KINDS, VARIANTS, Refused, RuleError
from smear_scores.selectors import house_rules
from smear_scores.wording.builder import seat_shapes
from smear_scores.wording.settings import CHOICE_LABELS, SETTING_LABELS, WORD_LABELS

from .field_refusals import ListedRefusals
from .fields import PresentField, TextField, WholeNumberField, field_of
from .posted import PostedForm

VALUES = house_rules.setting_values()
LIMITS = house_rules.setting_limits()

# What the engine's messages name as the API does: a setting by its path (min_bid,
# moon.made_points, settings.max_bid), a value in quotes ("set_back"), a setting set to null.
SETTING_PATH = re.compile(r"\b(?:settings\.)?[a-z]+(?:[._][a-z]+)+\b")
QUOTED_VALUE = re.compile(r'"([a-z_]+)"')
SET_TO_NULL = re.compile(rf"\bset ({SETTING_PATH.pattern}) to null\b")


def _choices(key: str, values_key: str | None = None) -> list[tuple[str, str]]:
    labels = CHOICE_LABELS[key]
    return [(value, labels[value]) for value in VALUES[values_key or key]]


def _number(label: str, low: int, high: int, *, required: bool = True) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        required=required,
        min_value=low,
        max_value=high,
        error_messages={
            "invalid": f"{label}: type a whole number.",
            "required": f"{label}: type a whole number.",
            "min_value": f"{label} is at least {low}.",
            "max_value": f"{label} is at most {high}.",
        },
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


def _choice(key: str, label: str | None = None) -> forms.ChoiceField:
    """One setting of a few values, as radio buttons: the setting's values, labelled."""
    return forms.ChoiceField(
        label=label or SETTING_LABELS[key],
        choices=_choices(key),
        widget=forms.RadioSelect,
    )


class HouseRulesForm(ListedRefusals, forms.Form):
    """Field names: ``name``, ``based_on`` (hidden), ``seats`` ("<players>x<teams>"),
    ``target``, ``min_bid``, ``max_bid``; ``moon`` (on) with ``moon_name``, ``moon_made``,
    ``moon_made_points``, ``moon_negative_to_zero`` (on: read with ``moon_made`` to_target
    only), ``moon_failed``, ``moon_failed_points`` (the moon's bid is the highest bid); per
    point kind ``point_<key>`` (in play), ``value_<key>``, ``unawarded_<key>`` (may go to
    nobody), in the order of ``order`` (hidden: the keys, comma-separated); ``low_goes_to``,
    ``game_goes_to``, ``card_points_total`` (empty: the table does not count), ``all_pass``,
    ``all_pass_points``, ``set_bid``, ``non_bidders``, ``win``, ``all_points_wins``;
    ``words_<key>``."""

    name = forms.CharField(
        label="Name",
        max_length=200,
        required=False,
        strip=True,
        widget=forms.TextInput(attrs={"placeholder": "Tuesday Smear", "autocapitalize": "words"}),
    )
    based_on = forms.ChoiceField(widget=forms.HiddenInput)
    order = forms.CharField(widget=forms.HiddenInput, required=False)
    seats = forms.ChoiceField(label=SETTING_LABELS["seats"], widget=forms.RadioSelect)
    target = _number(SETTING_LABELS["target"], 1, LIMITS["target"])
    min_bid = _number(SETTING_LABELS["min_bid"], 1, LIMITS["bid"])
    max_bid = _number(SETTING_LABELS["max_bid"], 1, LIMITS["bid"])
    moon = forms.BooleanField(label=SETTING_LABELS["moon"], required=False)
    moon_name = forms.CharField(label="Its name", max_length=200, required=False, strip=True)
    moon_made = _choice("moon_made", "Made")
    moon_made_points = _number("Points for a made moon", 0, LIMITS["stake"], required=False)
    moon_negative_to_zero = forms.BooleanField(
        label=SETTING_LABELS["moon_negative_to_zero"], required=False
    )
    moon_failed = _choice("moon_failed", "Failed")
    moon_failed_points = _number("Set-back for a failed moon", 0, LIMITS["stake"], required=False)
    low_goes_to = _choice("low_goes_to")
    game_goes_to = _choice("game_goes_to")
    card_points_total = _number(
        SETTING_LABELS["card_points_total"], 1, LIMITS["target"], required=False
    )
    all_pass = _choice("all_pass")
    all_pass_points = _number(SETTING_LABELS["all_pass_points"], 0, LIMITS["stake"], required=False)
    set_bid = _choice("set_bid")
    non_bidders = _choice("non_bidders")
    win = _choice("win")
    all_points_wins = forms.BooleanField(
        label="A team that takes every point in one hand wins at once", required=False
    )

    # The settings' paths (settings_check) as this form names its fields; the points by
    # their place are mapped in refusal_field.
    refusal_fields = {
        "name": "name",
        "players": "seats",
        "teams": "seats",
        "target": "target",
        "min_bid": "min_bid",
        "max_bid": "max_bid",
        # The moon's bid is the highest bid here.
        "moon.bid": "max_bid",
        "moon.name": "moon_name",
        "moon.made": "moon_made",
        "moon.made_points": "moon_made_points",
        "moon.negative_to_zero": "moon_negative_to_zero",
        "moon.failed": "moon_failed",
        "moon.failed_points": "moon_failed_points",
        "moon": "moon",
        "low_goes_to": "low_goes_to",
        "game_goes_to": "game_goes_to",
        "card_points_total": "card_points_total",
        "all_pass": "all_pass",
        "all_pass_points": "all_pass_points",
        "set_bid": "set_bid",
        "non_bidders": "non_bidders",
        "win": "win",
        "all_points_wins": "all_points_wins",
        "words.": "words_",
    }

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        based_on = field_of(self, "based_on", forms.ChoiceField)
        based_on.choices = [(v.slug, v.name) for v in VARIANTS.values()]
        field_of(self, "seats", forms.ChoiceField).choices = [
            (f"{players}x{teams}", words) for players, teams, words in seat_shapes()
        ]
        for key, kind in POINT_KINDS.items():
            self.fields[f"point_{key}"] = forms.BooleanField(label=kind.label, required=False)
            self.fields[f"value_{key}"] = _number(
                f"{kind.label}: points", 1, LIMITS["point_value"], required=False
            )
            self.fields[f"unawarded_{key}"] = forms.BooleanField(
                label="may go to nobody", required=False
            )
        for key in VALUES["words"]:
            self.fields[f"words_{key}"] = forms.CharField(
                label=WORD_LABELS[key],
                required=False,
                strip=True,
                max_length=LIMITS["words"],
                widget=forms.Textarea(attrs={"rows": 2}),
            )

    # -- between settings and fields -----------------------------------------------------
    @staticmethod
    def initial_from(settings: dict[str, Any]) -> dict[str, Any]:
        """The fields' values for ``settings`` (a preset's, or a saved set's)."""
        moon = settings.get("moon")
        kinds = POINT_KINDS
        in_play = {p["key"]: p for p in settings["points"]}
        order = [p["key"] for p in settings["points"]] + [k for k in kinds if k not in in_play]
        data: dict[str, Any] = {
            "name": settings["name"],
            "based_on": settings["based_on"],
            "order": ",".join(order),
            "seats": f"{settings['players']}x{settings['teams']}",
            "target": settings["target"],
            "min_bid": settings["min_bid"],
            "max_bid": settings["max_bid"],
            "moon": moon is not None,
            "moon_name": (moon or {}).get("name", "Shoot the moon"),
            "moon_made": (moon or {}).get("made", "wins"),
            "moon_made_points": (moon or {}).get("made_points", 0),
            "moon_negative_to_zero": (moon or {}).get("negative_to_zero", False),
            "moon_failed": (moon or {}).get("failed", "set_back"),
            "moon_failed_points": (moon or {}).get("failed_points", 0),
            "low_goes_to": settings["low_goes_to"],
            "game_goes_to": settings["game_goes_to"],
            "card_points_total": settings["card_points_total"],
            "all_pass": settings["all_pass"],
            "all_pass_points": settings["all_pass_points"],
            "set_bid": settings["set_bid"],
            "non_bidders": settings["non_bidders"],
            "win": settings["win"],
            "all_points_wins": settings["all_points_wins"],
        }
        for key, kind in kinds.items():
            point = in_play.get(key)
            data[f"point_{key}"] = point is not None
            data[f"value_{key}"] = point["value"] if point else kind.value
            data[f"unawarded_{key}"] = point["may_go_unawarded"] if point else True
        for key, text in settings.get("words", {}).items():
            data[f"words_{key}"] = text
        return data

    @classmethod
    def as_data(cls, settings: dict[str, Any]) -> dict[str, str]:
        """``initial_from`` as a browser would post it (a checkbox left off is not sent)."""
        data = {}
        for name, value in cls.initial_from(settings).items():
            if value is True:
                data[name] = "on"
            elif value is not False and value is not None:
                data[name] = str(value)
        return data

    def point_order(self) -> list[str]:
        """The point kinds in the order shown: in play first, as the table ranks them."""
        kinds = list(POINT_KINDS)
        given = [k for k in str(self.data.get("order", "")).split(",") if k in kinds]
        seen = list(dict.fromkeys(given))
        return seen + [k for k in kinds if k not in seen]

    def moved(self, key: str) -> None:
        """Move a point one place up (the "↑" button posts ``up=<key>``)."""
        order = self.point_order()
        if key in order and order.index(key) > 0:
            i = order.index(key)
            order[i - 1], order[i] = order[i], order[i - 1]
        data = self.data.copy() if isinstance(self.data, QueryDict) else dict(self.data)
        data["order"] = ",".join(order)
        self.data = data

    def number_fields(self) -> list[Any]:
        """The target and the bids, shown together."""
        return [self["target"], self["min_bid"], self["max_bid"]]

    def point_rows(self) -> list[dict[str, Any]]:
        """Each point kind as the builder lists it, in order: its three fields and whether
        it may move up."""
        kinds = POINT_KINDS
        return [
            {
                "key": key,
                "label": kinds[key].label,
                "description": kinds[key].description,
                "in_play": self[f"point_{key}"],
                "value": self[f"value_{key}"],
                "unawarded": self[f"unawarded_{key}"],
                "first": place == 0,
            }
            for place, key in enumerate(self.point_order())
        ]

    def settings(self) -> dict[str, Any]:
        """The settings the fields say (call once the form is valid)."""
        d = self.cleaned_data
        players, teams = (int(n) for n in d["seats"].split("x"))
        points = [
            {
                "key": key,
                "value": d[f"value_{key}"] or POINT_KINDS[key].value,
                "may_go_unawarded": d[f"unawarded_{key}"],
            }
            for key in self.point_order()
            if d[f"point_{key}"]
        ]
        moon = None
        if d["moon"]:
            moon = {
                "bid": d["max_bid"],
                "name": d["moon_name"] or "Shoot the moon",
                "made": d["moon_made"],
                "made_points": d["moon_made_points"] or 0,
                # Only a moon that takes the score to the target stops at 0 from below it.
                "negative_to_zero": d["moon_made"] == "to_target" and d["moon_negative_to_zero"],
                "failed": d["moon_failed"],
                "failed_points": d["moon_failed_points"] or 0,
            }
        return {
            "name": " ".join(d["name"].split()),
            "based_on": d["based_on"],
            "players": players,
            "teams": teams,
            "target": d["target"],
            "min_bid": d["min_bid"],
            "max_bid": d["max_bid"],
            "points": points,
            "low_goes_to": d["low_goes_to"],
            "game_goes_to": d["game_goes_to"],
            "card_points_total": d["card_points_total"],
            "moon": moon,
            "all_pass": d["all_pass"],
            "all_pass_points": d["all_pass_points"] or 0,
            "set_bid": d["set_bid"],
            "non_bidders": d["non_bidders"],
            "win": d["win"],
            "all_points_wins": d["all_points_wins"],
            "words": {key: d[f"words_{key}"] for key in VALUES["words"]},
        }

    def refusal_field(self, name: str) -> str | None:
        parts = name.split(".")
        if parts[0] == "points" and len(parts) >= 2 and parts[1].isdigit():
            # (cleaned_data: none before the form is read)
            read = getattr(self, "cleaned_data", {})
            in_play = [k for k in self.point_order() if read.get(f"point_{k}")]
            place = int(parts[1])
            if place < len(in_play):
                key = in_play[place]
                field = {"value": "value_", "may_go_unawarded": "unawarded_"}.get(
                    parts[2] if len(parts) > 2 else "", "point_"
                )
                return f"{field}{key}"
        if name == "points":
            return None
        return super().refusal_field(name)

    @cached_property
    def points_problems(self) -> list[str]:
        """What is wrong with the points as a whole (none in play): shown with them."""
        return []

    def refusal_elsewhere(self, error: RuleError) -> None:
        if error.field == "points":
            self.points_problems.append(error.message)
        else:
            super().refusal_elsewhere(error)

    # -- the engine's words, as the form shows them -------------------------------------
    def label_of(self, path: str) -> str | None:
        """The label the form shows the setting at ``path`` under, quoted; None if none."""
        name = self.refusal_field(path.removeprefix("settings."))
        return f"“{self.fields[name].label}”" if name is not None else None

    def in_form_words(self, error: RuleError) -> RuleError:
        """The engine's message about the settings as this form says it: each setting it
        names by its path by the label it has here ("lower min_bid" → "lower “Lowest
        bid”"), a value of the refused setting by its button's words, a setting "set to
        null" as left empty. The engine words its messages once, for the API, whose fields
        are the paths; this is the one place the form's words are put in."""
        message = SET_TO_NULL.sub(
            lambda m: f"leave {m.group(1)} empty" if self.label_of(m.group(1)) else m.group(0),
            error.message,
        )
        message = SETTING_PATH.sub(lambda m: self.label_of(m.group(0)) or m.group(0), message)
        name = self.refusal_field(error.field.removeprefix("settings."))
        choices = dict(getattr(self.fields[name], "choices", ())) if name else {}
        message = QUOTED_VALUE.sub(
            lambda m: f"“{choices[m.group(1)]}”" if m.group(1) in choices else m.group(0),
            message,
        )
        return RuleError(error.field, message, error.rule)

    def in_form_message(self, error: RuleError) -> str:
        """in_form_words' message: how the builder's example lines say a problem."""
        return self.in_form_words(error).message

    def add_refusal(self, refused: Refused) -> None:
        super().add_refusal(Refused([self.in_form_words(e) for e in refused.errors]))

    def show_problems(self, problems: list[RuleError]) -> None:
        """The engine's problems with the settings, beside their fields (nothing saved)."""
        self.add_refusal(Refused(problems))


class BuilderStepForm(PostedForm):
    """What the builder's buttons post besides the settings: ``up=<point key>`` moves a
    point up, ``save`` saves the set; ``based_on``: the set the builder started from."""

    up = TextField()
    save = PresentField()
    based_on = TextField()


class AdoptForm(PostedForm):
    """The club (its id, one of those the page offers) that adopts a set."""

    club = WholeNumberField(label="The club", example=1, min_value=1)
