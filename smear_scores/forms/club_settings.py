"""The club's settings page: its settings, a new league, a season closed. Shape only
(services.club_settings writes); each setting's label and sentence are in wording.clubs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms

from smear_scores import rules
from smear_scores.models import League
from smear_scores.wording import clubs as words

from .field_refusals import ListedRefusals

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
        self.fields["game"].choices = game_choices(house_rules)

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
            "required": "Give the hours to agree, e.g. 24.",
            "invalid": "Give the hours as a whole number, e.g. 24.",
            "min_value": "Give at least 1 hour to agree (24 is usual).",
            "max_value": "Give at most 720 hours (30 days) to agree.",
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
            "required": "Pick live or at the end.",
            "invalid_choice": "Pick live or at the end.",
        },
    )
    game = forms.ChoiceField(
        label=words.SETTINGS["default_game"][0],
        help_text=words.SETTINGS["default_game"][1],
        error_messages={"invalid_choice": "Pick one of the games offered."},
    )

    def __init__(self, *args: Any, house_rules: Sequence[Any] = (), **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.set_games(house_rules)


class LeagueNewForm(ListedRefusals, GameChoice):
    refusal_fields = {name: name for name in ("name", "game", "start_date", "ranking")}

    name = forms.CharField(
        max_length=80,
        label="League name",
        error_messages={"required": "Give the league a name, e.g. Winter 2027."},
    )
    game = forms.ChoiceField(
        label="Its game", error_messages={"invalid_choice": "Pick one of the games offered."}
    )
    start_date = forms.DateField(
        label="Starts on",
        widget=forms.DateInput(attrs={"type": "date"}),
        error_messages={
            "invalid": "Give the date like 2027-01-05.",
            "required": "Give the day its first game may be played.",
        },
    )
    ranking = forms.ChoiceField(
        choices=League.Ranking.choices,
        label="Ranking",
        error_messages={"invalid_choice": "Pick one of the rankings offered."},
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
            "invalid": "Give the date like 2027-03-31.",
            "required": "Give the season's last day.",
        },
    )
