"""The director's substitute at a night: who left or never came, who sits in (a roster
player or a walk-in), and over which rounds; and the night's scoring system changed
before round 1."""

from __future__ import annotations

from typing import Any

from django import forms

from smear_scores.forms.fields import AsciiIntegerField, WholeNumberField, count_field
from smear_scores.forms.posted import PostedForm
from smear_scores.models import Entrant, Night, Player
from smear_scores.rules.night_scoring import MAX_MARGIN, MAX_POINTS, SYSTEMS
from smear_scores.services.nights import MAX_ROUNDS
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
    first = count_field("From round", least=1, most=MAX_ROUNDS, said="The first round")
    last = count_field("to round", least=1, most=MAX_ROUNDS, required=False, said="The last round")

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
        self.fields["first"].error_messages["required"] = words.GIVE_ROUNDS
        self.fields["first"].initial = max(drawn, 1)
        self.fields["last"].initial = night.rounds
        self.fields["first"].widget.attrs.update(max=night.rounds)
        self.fields["last"].widget.attrs.update(max=night.rounds)


def _number(said: str, least: int, most: int) -> AsciiIntegerField:
    return count_field(said, least=least, most=most, required=False, said=said)


class ScoringChangeForm(PostedForm):
    """The night's scoring system and its numbers, changed before round 1."""

    scoring = forms.ChoiceField(
        choices=[(s, SYSTEM_NAMES[s]) for s in SYSTEMS],
        label="How the night scores",
        error_messages={"invalid_choice": words.POLICY_SCORING},
    )
    # The ranges the night's scoring rules hold them to (rules.night_scoring).
    win_bonus = _number("The bonus for a round won", 0, MAX_POINTS)
    win_points = _number("The points for a round won", 1, MAX_POINTS)
    margin = _number("The winning margin", 0, MAX_MARGIN)
    margin_points = _number("The points for a win by the margin", 1, MAX_POINTS)
    bid_made = _number("The points for a bid made", 0, MAX_POINTS)
    bid_set = _number("The points for a bid set", 0, MAX_POINTS)

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
