"""The director's substitute at a night: who left or never came, who sits in (a roster
player or a walk-in), and over which rounds; and the night's scoring system changed
before round 1."""

from __future__ import annotations

from typing import Any

from django import forms

from smear_scores.forms.fields import AsciiIntegerField, WholeNumberField
from smear_scores.forms.posted import PostedForm
from smear_scores.models import Entrant, Night, Player
from smear_scores.rules.night_scoring import SYSTEMS
from smear_scores.wording import night_substitutes as words
from smear_scores.wording.night_scoring import SYSTEM_NAMES


class SubstituteForm(PostedForm):
    """Seat a substitute: ``absent`` (a player of the night), ``sub`` (a roster player) or
    ``walk_in`` (a name), from round ``first`` to ``last`` (empty: the night's last)."""

    absent = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        label="Sit in for",
        error_messages={"required": words.PICK_ABSENT, "invalid_choice": words.PICK_ABSENT},
    )
    sub = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        required=False,
        label="Substitute from the roster",
        empty_label="(a walk-in, below)",
        error_messages={"invalid_choice": words.PICK_SUB},
    )
    walk_in = forms.CharField(
        max_length=40, required=False, label="or a walk-in's name", strip=True
    )
    first = AsciiIntegerField(
        min_value=1, label="From round", error_messages={"required": words.GIVE_ROUNDS}
    )
    last = AsciiIntegerField(min_value=1, required=False, label="to round")

    def __init__(self, *args: Any, night: Night, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.night = night
        entrants = Entrant.objects.filter(night=night).values("player_id")
        absent = self.fields["absent"]
        sub = self.fields["sub"]
        assert isinstance(absent, forms.ModelChoiceField)
        assert isinstance(sub, forms.ModelChoiceField)
        absent.queryset = Player.objects.filter(pk__in=entrants).order_by("name")
        sub.queryset = night.club.players.filter(retired=False).order_by("name")
        drawn = night.round_set.count()
        self.fields["first"].initial = max(drawn, 1)
        self.fields["last"].initial = night.rounds
        self.fields["first"].widget.attrs.update(max=night.rounds)
        self.fields["last"].widget.attrs.update(max=night.rounds)


class ScoringChangeForm(PostedForm):
    """The night's scoring system and its numbers, changed before round 1."""

    scoring = forms.ChoiceField(
        choices=[(s, SYSTEM_NAMES[s]) for s in SYSTEMS],
        label="How the night scores",
        error_messages={"invalid_choice": words.POLICY_SCORING},
    )
    win_bonus = AsciiIntegerField(min_value=0, required=False)
    win_points = AsciiIntegerField(min_value=0, required=False)
    margin = AsciiIntegerField(min_value=0, required=False)
    margin_points = AsciiIntegerField(min_value=0, required=False)
    bid_made = AsciiIntegerField(min_value=0, required=False)
    bid_set = AsciiIntegerField(min_value=0, required=False)

    def numbers(self) -> dict[str, int]:
        data = self.cleaned_data
        return {
            k: data[k]
            for k in ("win_bonus", "win_points", "margin", "margin_points", "bid_made", "bid_set")
            if data.get(k) is not None
        }


class SubEndForm(PostedForm):
    """The absent player is back: which substitution (its id on the director's screen)
    ends, and the round the absent player plays again."""

    substitution = WholeNumberField(label="The substitution", example=1, min_value=1)
    back = WholeNumberField(label="The round they are back for", example=2, min_value=1)
