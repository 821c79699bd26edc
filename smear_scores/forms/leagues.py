"""Starting a league game: one roster player per seat and the first dealer."""

from __future__ import annotations

from typing import Any

from django import forms

from smear_scores.models import League, Player
from smear_scores.templatetags.links import rules_url

from .field_refusals import ListedRefusals


class LeagueGameForm(ListedRefusals, forms.Form):
    """One roster player per seat, clockwise; the first dealer, or a draw."""

    # league_game_create names a seat "players.<seat>"; the rest is listed above the form.
    refusal_fields = {"players.": "seat_", "first_dealer": "first_dealer"}

    def rules_page(self) -> str:
        """The league's rules: what its games play, where a refusal's "why?" leads."""
        return rules_url(self.league.rules_variant)

    def __init__(self, *args: Any, league: League, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.league = league
        variant = league.rules_variant
        # A retired player stays in the history but is no longer picked; a walk-in is not
        # on the roster until a night's director keeps them.
        players = Player.objects.filter(club_id=league.club_id, retired=False, kept=True).order_by(
            "name"
        )
        for seat in range(variant.players):
            self.fields[f"seat_{seat}"] = forms.ModelChoiceField(
                queryset=players,
                label=f"Seat {seat + 1}",
                empty_label="Pick a player",
                error_messages={
                    "required": f"Pick a player for seat {seat + 1}.",
                    "invalid_choice": f"That player is not on the roster: pick another for "
                    f"seat {seat + 1}.",
                },
            )
        self.fields["first_dealer"] = forms.TypedChoiceField(
            label="First dealer",
            choices=[("", "Draw at random")]
            + [(str(s), f"Seat {s + 1}") for s in range(variant.players)],
            coerce=int,
            empty_value=None,
            required=False,
        )

    def seats(self) -> list[dict[str, Any]]:
        """Each seat's field with its team and its partners' seat numbers (S1, W1)."""
        variant = self.league.rules_variant
        seats = []
        for seat in range(variant.players):
            team = variant.team_of(seat)
            field = self[f"seat_{seat}"]
            seats.append(
                {
                    "field": field,
                    # Django points the select's aria-describedby at this id when the
                    # seat is refused, so the refusal is read out with the seat.
                    "error_id": f"{field.auto_id}_error",
                    "number": seat + 1,
                    "team": team,
                    "team_label": variant.team_label(team),
                    "partners": [s + 1 for s in variant.seats_of(team) if s != seat],
                }
            )
        return seats

    def players(self) -> list[Player]:
        return [self.cleaned_data[f"seat_{s}"] for s in range(self.league.rules_variant.players)]
