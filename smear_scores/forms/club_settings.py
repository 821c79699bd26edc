"""The club's settings page: its settings, a new league, a season closed. Shape only
(services.club_settings writes); each setting's label and sentence are in wording.clubs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms

from smear_scores import rules
from smear_scores.models import League
from smear_scores.rules.substitutes import MAX_BYE_POINTS
from smear_scores.wording import clubs as words
from smear_scores.wording.night_substitutes import SUB_POLICY_CHOICES

from .field_refusals import ListedRefusals
from .fields import field_of

HOUSE = "house:"


def game_choices(house_rules: Sequence[Any]) -> list[tuple[str, str]]:
    """The club's house rules first, then every preset."""
    return [
        *((f"{HOUSE}{h.public_id}", f"{h.name} (the club's house rules)") for h in house_rules),
        *((v.slug, v.name) for v in rules.VARIANTS.values()),
    ]


class GameChoice(forms.Form):
    """A form with the club's game: a preset, or one of its house rules."""

    def set_games(self, house_rules: Sequence[Any]) -> None:
        self.house_rules = {f"{HOUSE}{h.public_id}": h for h in house_rules}
        field_of(self, "game", forms.ChoiceField).choices = game_choices(house_rules)

    def chosen(self) -> dict[str, Any]:
        value = self.cleaned_data["game"]
        return {
            "variant": "" if value in self.house_rules else value,
            "house_rules": self.house_rules.get(value),
        }


class ClubSettingsForm(ListedRefusals, GameChoice):
    refusal_fields = {name: name for name in ("confirm_hours", "game")}

    confirm_hours = forms.IntegerField(
        min_value=1,
        max_value=24 * 30,
        label=words.SETTINGS["confirm_hours"][0],
        help_text=words.SETTINGS["confirm_hours"][1],
        error_messages={
            "required": words.HOURS_REQUIRED,
            "invalid": words.HOURS_INVALID,
            "min_value": words.HOURS_TOO_FEW,
            "max_value": words.HOURS_TOO_MANY,
        },
    )
    night_walk_ins = forms.BooleanField(
        required=False,
        label=words.SETTINGS["night_walk_ins"][0],
        help_text=words.SETTINGS["night_walk_ins"][1],
    )
    night_reveal = forms.ChoiceField(
        choices=[("live", "Live"), ("end", "At the end")],
        widget=forms.RadioSelect,
        label=words.SETTINGS["night_reveal"][0],
        help_text=words.SETTINGS["night_reveal"][1],
        error_messages={
            "required": words.REVEAL_REQUIRED,
            "invalid_choice": words.REVEAL_REQUIRED,
        },
    )
    night_sub_policy = forms.ChoiceField(
        choices=list(SUB_POLICY_CHOICES.items()),
        widget=forms.RadioSelect,
        required=False,
        label=words.SETTINGS["night_sub_policy"][0],
        help_text=words.SETTINGS["night_sub_policy"][1],
        error_messages={
            "required": words.SUB_POLICY_REQUIRED,
            "invalid_choice": words.SUB_POLICY_REQUIRED,
        },
    )
    night_bye_points = forms.IntegerField(
        min_value=0,
        max_value=MAX_BYE_POINTS,
        required=False,
        label=words.SETTINGS["night_bye_points"][0],
        help_text=words.SETTINGS["night_bye_points"][1],
        error_messages={
            "required": words.BYE_POINTS_INVALID,
            "invalid": words.BYE_POINTS_INVALID,
            "min_value": words.BYE_POINTS_INVALID,
            "max_value": words.BYE_POINTS_INVALID,
        },
    )
    game = forms.ChoiceField(
        label=words.SETTINGS["default_game"][0],
        help_text=words.SETTINGS["default_game"][1],
        error_messages={"invalid_choice": words.GAME_INVALID},
    )

    def __init__(self, *args: Any, house_rules: Sequence[Any] = (), **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.set_games(house_rules)


class LeagueNewForm(ListedRefusals, GameChoice):
    refusal_fields = {name: name for name in ("name", "game", "start_date", "ranking")}

    name = forms.CharField(
        max_length=80,
        label="League name",
        error_messages={"required": words.LEAGUE_NAME_REQUIRED},
    )
    game = forms.ChoiceField(
        label="Its game", error_messages={"invalid_choice": words.GAME_INVALID}
    )
    start_date = forms.DateField(
        label="Starts on",
        widget=forms.DateInput(attrs={"type": "date"}),
        error_messages={
            "invalid": words.START_DATE_INVALID,
            "required": words.START_DATE_REQUIRED,
        },
    )
    ranking = forms.ChoiceField(
        choices=League.Ranking.choices,
        label="Ranking",
        error_messages={"invalid_choice": words.RANKING_INVALID},
    )

    def __init__(self, *args: Any, house_rules: Sequence[Any] = (), **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.set_games(house_rules)


class LeagueCloseForm(ListedRefusals, forms.Form):
    refusal_fields = {"end_date": "end_date"}

    end_date = forms.DateField(
        label="Last day",
        widget=forms.DateInput(attrs={"type": "date"}),
        error_messages={
            "invalid": words.END_DATE_INVALID,
            "required": words.END_DATE_REQUIRED,
        },
    )
