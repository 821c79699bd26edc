"""A progressive night's director's forms: opening a night, checking players in and out,
correcting a round, closing a table (what the players' phones post: forms.night_phones)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.db.models import QuerySet
from django.urls import reverse

from smear_scores import rules
from smear_scores.models import HouseRules, League
from smear_scores.rules.night_scoring import MAX_MARGIN, MAX_POINTS, NUMBERS, PROGRESSIVE, SYSTEMS
from smear_scores.rules.substitutes import MAX_BYE_POINTS
from smear_scores.services.nights import MAX_BONUS, MAX_IDLE_MINUTES, MAX_ROUND_HANDS, MAX_ROUNDS
from smear_scores.wording import nights as words
from smear_scores.wording.night_scoring import MOVEMENT_CHOICES, SYSTEM_HELP, SYSTEM_NAMES
from smear_scores.wording.night_substitutes import SUB_POLICY_CHOICES
from smear_scores.wording.nights import CLOSE_CHOICES, CLOSE_UNCONFIRMED, REVEAL_RULES

from .field_refusals import ListedRefusals
from .fields import (
    IdListField,
    TextField,
    WholeNumberField,
    count_field,
    field_of,
    option_field,
)
from .posted import PostedForm

SCORING_NUMBERS = ("win_points", "margin", "margin_points", "bid_made", "bid_set")


class NightForm(ListedRefusals, forms.Form):
    """Open a progressive night: its variant and options (or a league's), the round
    format (a set number of hands, or a full game), the rounds, the bonus for winning a
    round. Field names: ``option_<name>`` for each option of any variant."""

    FORMATS = [("hands", "A set number of hands"), ("game", "A full game")]
    # What night_open's refusals name beside a field; the rest (an option of the variant)
    # is listed above the form (``problems``).
    refusal_fields = {
        name: name
        for name in (
            "league",
            "day",
            "variant",
            "rounds",
            "round_hands",
            "win_bonus",
            "reveal",
            "close_rule",
            "idle_minutes",
            "scoring",
            "movement",
            "sub_policy",
            "bye_points",
            *SCORING_NUMBERS,
        )
    }

    name = forms.CharField(max_length=80, required=False, label="Name (optional)")
    day = forms.DateField(label="Date", widget=forms.DateInput(attrs={"type": "date"}))
    league: forms.ModelChoiceField[League] = forms.ModelChoiceField(
        queryset=None,
        required=False,
        empty_label="On its own (not a league night)",
        help_text="A league night plays the league's variant and options; its games count in "
        "the league table and ratings.",
    )
    variant = forms.ChoiceField(label="Variant (a night on its own)")
    round_format = forms.ChoiceField(
        choices=FORMATS, widget=forms.RadioSelect, initial="hands", label="Each round is"
    )
    round_hands = count_field(
        "Hands a round",
        least=1,
        most=MAX_ROUND_HANDS,
        required=False,
    )
    rounds = count_field("Rounds", least=1, most=MAX_ROUNDS, initial=6)
    movement = forms.ChoiceField(
        choices=list(MOVEMENT_CHOICES.items()),
        widget=forms.RadioSelect,
        initial="draw",
        required=False,
        label="Between rounds",
    )
    head_table_ends = forms.BooleanField(
        required=False,
        label="King of the hill: the head table finishing ends the round at every table",
        help_text="The other tables stop as they stand, scored by the rule for a closed table.",
    )
    sub_policy = forms.ChoiceField(
        choices=list(SUB_POLICY_CHOICES.items()),
        widget=forms.RadioSelect,
        initial="absent",
        required=False,
        label="A substitute's rounds",
    )
    bye_points = count_field(
        "A bye: points a round for the absent player",
        least=0,
        most=MAX_BYE_POINTS,
        initial=0,
        required=False,
    )
    scoring = forms.ChoiceField(
        choices=[(s, f"{SYSTEM_NAMES[s]}: {SYSTEM_HELP[s]}") for s in SYSTEMS],
        widget=forms.RadioSelect,
        initial=PROGRESSIVE,
        required=False,
        label="How the night scores",
    )
    win_bonus = count_field(
        "Progressive points: bonus for winning a round",
        least=0,
        most=MAX_BONUS,
        initial=0,
        help_text="Points added to each winner's total; 0 for none.",
    )
    win_points = count_field(
        "Win points: points for a round won",
        least=1,
        most=MAX_POINTS,
        initial=2,
        required=False,
    )
    margin = count_field(
        "Win points: a win by this many points or more scores more",
        least=0,
        most=MAX_MARGIN,
        initial=0,
        required=False,
        help_text="0 for no margin rule.",
    )
    margin_points = count_field(
        "Win points: points for a win by the margin",
        least=1,
        most=MAX_POINTS,
        initial=3,
        required=False,
    )
    bid_made = count_field(
        "Bid bonus: points for each bid made",
        least=0,
        most=MAX_POINTS,
        initial=2,
        required=False,
    )
    bid_set = count_field(
        "Bid bonus: points taken away for each bid set",
        least=0,
        most=MAX_POINTS,
        initial=2,
        required=False,
    )

    walk_ins = forms.BooleanField(
        required=False,
        label="Players not on the roster may check in on their phones",
        help_text="Their names are added to the club's roster, under its name rules.",
    )
    reveal = forms.ChoiceField(
        choices=list(REVEAL_RULES.items()),
        widget=forms.RadioSelect,
        initial="live",
        required=False,
        label="Totals and places",
    )
    close_rule = forms.ChoiceField(
        choices=list(CLOSE_CHOICES.items()),
        widget=forms.RadioSelect,
        initial="leader",
        required=False,
        label="A table you close before it finishes",
    )
    idle_minutes = count_field(
        "Minutes without a hand before a table needs you",
        least=1,
        most=MAX_IDLE_MINUTES,
        initial=10,
        required=False,
    )

    # A choice of variant that is one of the club's house rules.
    HOUSE = "house:"

    def rules_page(self) -> str:
        """The rules of the variant chosen, where a refusal's "why?" leads (a preset's page;
        none for a league's or a saved set's, whose page the form does not know)."""
        chosen = str(self.data.get("variant", ""))
        return reverse("rules", args=[chosen]) if chosen in rules.PRESET_SLUGS else ""

    def __init__(
        self,
        *args: Any,
        leagues: QuerySet[League],
        house_rules: Sequence[HouseRules] = (),
        **kwargs: Any,
    ):
        """``house_rules``: the sets the club adopted, offered before the presets."""
        super().__init__(*args, **kwargs)
        presets = list(rules.VARIANTS.values())
        field_of(self, "league", forms.ModelChoiceField).queryset = leagues
        self.house_rules = {f"{self.HOUSE}{h.public_id}": h for h in house_rules}
        field_of(self, "variant", forms.ChoiceField).choices = [
            *(
                (value, f"{h.name} (the club's house rules)")
                for value, h in self.house_rules.items()
            ),
            *((v.slug, v.name) for v in presets),
        ]
        # As many hands as a table has players: everyone deals once (S3, W4).
        self.fields["round_hands"].help_text = "As many hands as a table has players lets " + (
            "each deal once: " + ", ".join(f"{v.players} for {v.name}" for v in presets) + "."
        )
        self.option_fields = []
        for variant in presets:
            for option in variant.options:
                name = f"option_{option.name}"
                field = option_field(option)
                field.help_text = option.help  # the group says whose it is
                self.fields[name] = field
                self.option_fields.append((variant.slug, option.name, name))

    def option_groups(self) -> list[tuple[Any, list[Any]]]:
        """The house options shown together under their variant: (variant, bound fields),
        only for variants that have options."""
        groups = []
        for variant in rules.VARIANTS.values():
            fields = [self[name] for slug, _, name in self.option_fields if slug == variant.slug]
            if fields:
                groups.append((variant, fields))
        return groups

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        # Left out (an older form, a script): the stated defaults.
        for name in (
            "reveal",
            "close_rule",
            "idle_minutes",
            "movement",
            "scoring",
            *SCORING_NUMBERS,
        ):
            if data.get(name) in (None, "") and name not in self.errors:
                data[name] = self.fields[name].initial
        if data.get("round_format") == "hands" and not data.get("round_hands"):
            self.add_error(
                "round_hands",
                "Say how many hands a round has, or choose a full game for each round.",
            )
        return data

    def rules_chosen(self) -> dict[str, Any]:
        """night_open's rules: a preset's slug, or the club's house rules."""
        chosen = self.house_rules.get(self.cleaned_data["variant"])
        if chosen is not None:
            return {"variant": chosen.based_on, "house_rules": chosen}
        return {"variant": self.cleaned_data["variant"]}

    def scoring_chosen(self) -> dict[str, Any]:
        """night_open's scoring: the system and the numbers it reads."""
        system = self.cleaned_data["scoring"]
        return {
            "scoring": system,
            "scoring_numbers": {
                name: self.cleaned_data[name]
                for name in NUMBERS.get(system, ())
                if name != "win_bonus"
            },
        }

    def options(self) -> dict[str, Any]:
        variant = self.cleaned_data["variant"]
        return {
            option: self.cleaned_data[field]
            for slug, option, field in self.option_fields
            if slug == variant
        }


class TableCloseForm(forms.Form):
    """The director's "Yes, close table n": sent only from the question the dashboard asks
    first (a stray tap on "Close table n as it stands" closes nothing)."""

    confirm = forms.BooleanField(required=True)

    def __init__(self, *args: Any, number: int, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["confirm"].error_messages["required"] = CLOSE_UNCONFIRMED.format(number=number)


class CheckInForm(PostedForm):
    """The players ticked (``player``: their ids) and a walk-in's name typed: one at least."""

    player = IdListField(required=False)
    walk_in = TextField(strip=True)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not data.get("player") and not data.get("walk_in"):
            raise forms.ValidationError(words.CHECK_IN_NOBODY)
        return data


class PickForm(PostedForm):
    """One player picked on the dashboard (the first ``player`` sent); ``nobody``: what a
    post with nobody picked is told. ``answer``: the director's answer to a phone asking
    for a name ("move"; anything else refuses it)."""

    player = IdListField()
    answer = TextField()

    def __init__(self, *args: Any, nobody: str, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["player"].error_messages["required"] = nobody

    def picked(self) -> list[str]:
        players: list[str] = self.checked()["player"]
        return players[:1]


class CorrectionForm(PostedForm):
    """A round's score put right: ``points`` (negative to take away) for partnership
    ``team`` (a player, ``alone``: the night's game is cutthroat), and why (``reason``, the
    service's to check)."""

    team = WholeNumberField(label=words.CORRECTION_TEAM, example=0, min_value=0)
    points = WholeNumberField(label=words.CORRECTION_POINTS, example=2)
    reason = TextField()

    def __init__(self, *args: Any, alone: bool = False, **kwargs: Any):
        super().__init__(*args, **kwargs)
        if alone:
            self.fields["team"] = WholeNumberField(
                label=words.CORRECTION_PLAYER, example=0, min_value=0
            )
