"""A league's games: open between the league's dates, played by its club's roster
players, under its rules and options."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import cast

from django.db import transaction
from django.utils import timezone

from smear_scores.models import Game, League, Player
from smear_scores.rules import HandRefused, RuleError
from smear_scores.services.new_games import game_create, rules_given


def league_is_open(league: League, on: date) -> bool:
    return league.start_date <= on and (league.end_date is None or on <= league.end_date)


def _league_open_problems(league: League) -> list[RuleError]:
    """The league's dates, as they stand today."""
    today = timezone.localdate()
    if league_is_open(league, today):
        return []
    when = (
        f"starts on {league.start_date:%-d %B %Y}"
        if today < league.start_date
        else f"ended on {league.end_date:%-d %B %Y}"
    )
    message = (
        f"{league.name} {when}: ask a club admin to change its dates, or start a casual "
        "game instead."
    )
    return [RuleError("league", message, "")]


def _league_seat_problems(league: League, players: Sequence[Player | None]) -> list[RuleError]:
    """One roster player of the league's club per seat, each once."""
    variant = league.rules_variant
    seats_rule = variant.rule("seats")
    errors: list[RuleError] = []
    if len(players) != variant.players:
        errors.append(
            RuleError(
                "players",
                f"{variant.name} is played by {variant.players} players: pick one for each "
                f"seat ({seats_rule}).",
                seats_rule,
            )
        )
    seen: dict[int, int] = {}
    for seat, player in enumerate(players):
        field = f"players.{seat}"
        if player is None:
            errors.append(RuleError(field, f"Pick a player for seat {seat + 1}.", seats_rule))
        elif player.club_id != league.club_id:
            errors.append(
                RuleError(
                    field,
                    f"{player.name} is not on {league.club.name}'s roster: pick a club player "
                    f"for seat {seat + 1}.",
                    seats_rule,
                )
            )
        elif player.pk in seen:
            errors.append(
                RuleError(
                    field,
                    f"{player.name} is already in seat {seen[player.pk] + 1}: pick someone "
                    f"else for seat {seat + 1}.",
                    seats_rule,
                )
            )
        else:
            seen[player.pk] = seat
    return errors


@transaction.atomic
def league_game_create(
    *, league: League, players: Sequence[Player | None], first_dealer: int | None = None
) -> Game:
    """A game of ``league``: the league's variant and options, one roster player per seat
    (clockwise from seat 1). Raises HandRefused with every problem at once."""
    errors = _league_open_problems(league) + _league_seat_problems(league, players)
    if errors:
        raise HandRefused(errors)
    seated = cast(Sequence[Player], players)  # _league_seat_problems refused an empty seat
    game = game_create(
        **rules_given(league.variant, league.house_rules),
        players=[p.name for p in seated],
        first_dealer=first_dealer,
        options=dict(league.options or {}),
        league=league,
        seat_players=seated,
        confirm=True,
    )
    return game
