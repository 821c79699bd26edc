"""Opening a club's season, or changing how it counts its nights."""

from __future__ import annotations

from typing import Any

from django import forms

from smear_scores.rules.seasons import MAX_NIGHTS
from smear_scores.wording.seasons import COUNTS, TIE_BREAK_CHOICES

from .field_refusals import RefusalErrors
from .fields import count_field

CHAIN = ("tie_break_1", "tie_break_2", "tie_break_3", "tie_break_4")


def _chain_field(n: int) -> forms.ChoiceField:
    return forms.ChoiceField(
        choices=[("", "—")] + TIE_BREAK_CHOICES,
        required=False,
        label=f"Tie-break {n}",
    )


class SeasonForm(RefusalErrors, forms.Form):
    # What season_save's refusals name; the tie-break chain's beside its first choice.
    refusal_fields = {
        name: name
        for name in (
            "name",
            "start",
            "end",
            "nights_planned",
            "count",
            "best",
            "drop",
            "minimum",
            "threshold",
        )
    } | {"tie_breaks": "tie_break_1"}

    name = forms.CharField(max_length=80, required=False, label="Name (optional)")
    start = forms.DateField(label="First day", widget=forms.DateInput(attrs={"type": "date"}))
    end = forms.DateField(label="Last day", widget=forms.DateInput(attrs={"type": "date"}))
    nights_planned = count_field(
        "Nights the club plans",
        least=1,
        most=MAX_NIGHTS,
        initial=20,
    )
    pairs = forms.BooleanField(
        required=False,
        label="The club plays fixed pairs: standings per partnership",
        help_text="A pair that kept its partners all night places as one.",
    )
    count = forms.ChoiceField(
        choices=list(COUNTS.items()),
        widget=forms.RadioSelect,
        initial="sum",
        label="A player's season",
    )
    best = count_field(
        "Count only the best N nights",
        least=0,
        most=MAX_NIGHTS,
        initial=0,
        help_text="0 counts every night.",
    )
    drop = count_field(
        "Drop the lowest N nights",
        least=0,
        most=MAX_NIGHTS,
        initial=0,
        help_text="0 drops none. Not with the best N.",
    )
    minimum = count_field(
        "Nights played to be ranked",
        least=0,
        most=MAX_NIGHTS,
        initial=0,
    )
    threshold = count_field(
        "A night below this many points adds nothing",
        least=0,
        most=100_000,
        initial=0,
        help_text="0 for no threshold.",
    )
    tie_break_1 = _chain_field(1)
    tie_break_2 = _chain_field(2)
    tie_break_3 = _chain_field(3)
    tie_break_4 = _chain_field(4)

    def chain(self) -> list[str]:
        return [self.cleaned_data[n] for n in CHAIN if self.cleaned_data.get(n)]

    def season_fields(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            **{n: data[n] for n in ("name", "start", "end", "nights_planned", "count")},
            **{n: data[n] for n in ("best", "drop", "minimum", "threshold", "pairs")},
            "tie_breaks": self.chain(),
        }
