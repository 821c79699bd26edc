"""A new game, a rematch included: the variant (or saved house rules), the names in seat
order, the teams' names, the per-game options and the first dealer; a rematch's dealer,
and the scoring code a phone types to score a game (``HandoverForm``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms

from smear_scores import rules
from smear_scores.models import HouseRules

from .field_refusals import RefusalErrors
from .fields import PresentField, TextField, option_field
from .posted import PostedForm


class NewGameForm(RefusalErrors, forms.Form):
    """Variant, names in seat order, the variant's per-game options, the first dealer.

    Field names: ``variant``; ``player_<seat>``; ``team_name_<team>`` (optional: empty
    calls the team by its partners); ``option_<name>``; ``first_dealer`` (a seat, or
    ``random`` to draw the dealer, S3/W4)."""

    # What game_create's refusals name, as this form names its fields.
    refusal_fields = {
        "players.": "player_",
        "options.": "option_",
        "team_names.": "team_name_",
        "first_dealer": "first_dealer",
    }

    RANDOM = "random"

    def __init__(
        self,
        *args: Any,
        variant: rules.Variant,
        house_rules: HouseRules | None = None,
        saved: Sequence[tuple[str, str]] = (),
        **kwargs: Any,
    ):
        """``house_rules``: the saved set ``variant`` comes from, if it does; ``saved``: the
        (value, name) of the saved sets offered ("house:<id>"), before the presets."""
        self.variant = variant
        self.house_rules = house_rules
        super().__init__(*args, **kwargs)
        # The rules offered, (value, name): the saved sets, then the presets.
        self.rules_offered = [*saved, *((v.slug, v.name) for v in rules.VARIANTS.values())]
        self.fields["variant"] = forms.ChoiceField(choices=self.rules_offered)
        for seat in range(variant.players):
            self.fields[f"player_{seat}"] = forms.CharField(
                required=False, max_length=200, strip=True
            )
        for team in range(variant.teams):
            self.fields[f"team_name_{team}"] = forms.CharField(
                required=False, max_length=200, strip=True
            )
        for option in variant.options:
            self.fields[f"option_{option.name}"] = option_field(option)
        self.fields["first_dealer"] = forms.ChoiceField(
            choices=[(self.RANDOM, "Draw at random")]
            + [(str(s), f"Seat {s + 1}") for s in range(variant.players)],
            initial=self.RANDOM,
            error_messages={
                "invalid_choice": "Tap one of the buttons.",
                "required": "Tap who deals first, or Draw at random.",
            },
        )

    def value(self, name: str) -> str:
        if self.is_bound and (name in self.data or self.fields[name].initial is None):
            return str(self.data.get(name, ""))
        value = self.initial.get(name, self.fields[name].initial)
        return "" if value is None else str(value)

    def players(self) -> list[str]:
        return [self.value(f"player_{seat}").strip() for seat in range(self.variant.players)]

    def team_names(self) -> list[str]:
        return [self.value(f"team_name_{team}").strip() for team in range(self.variant.teams)]

    def service_args(self) -> dict[str, Any]:
        data = self.cleaned_data
        dealer = data["first_dealer"]
        chosen = (
            {"house_rules": self.house_rules}
            if self.house_rules is not None
            else {"variant": self.variant.slug}
        )
        return {
            **chosen,
            "players": [data[f"player_{s}"] for s in range(self.variant.players)],
            "first_dealer": None if dealer == self.RANDOM else int(dealer),
            "options": {o.name: data[f"option_{o.name}"] for o in self.variant.options},
            "team_names": [data[f"team_name_{t}"] for t in range(self.variant.teams)],
        }


class SwitchForm(PostedForm):
    """``switch``: "Show the seats for this game" pressed (without JavaScript), which
    re-draws the new-game form for the variant picked instead of starting the game."""

    switch = PresentField()


class RematchForm(PostedForm):
    """``dealer=next``: the deal goes on round the table; anything else draws at random."""

    dealer = TextField()


class HandoverForm(PostedForm):
    """The game's scoring code, copied from the scoring link or typed."""

    code = TextField()
