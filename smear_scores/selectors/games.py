"""Reads that build what the screens and the API show about games."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch

from smear_scores import rules
from smear_scores.models import Game, Hand, Seat


@dataclass(frozen=True)
class TeamView:
    index: int
    label: str
    players: list[str]
    seats: list[int]
    score: int
    needed: int
    is_winner: bool


def game_get(*, public_id: str) -> Game:
    """The game with its seats (two queries); raises Game.DoesNotExist."""
    return Game.objects.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.order_by("position"))
    ).get(public_id=public_id)


def seat_names(game: Game) -> list[str]:
    return [seat.name for seat in game.seats.all()]


def game_teams(game: Game) -> list[TeamView]:
    variant = game.rules_variant
    names = seat_names(game)
    state = game.state()
    return [
        TeamView(
            index=team,
            label=variant.team_label(team),
            players=[names[s] for s in variant.seats_of(team)],
            seats=list(variant.seats_of(team)),
            score=state.scores[team],
            needed=state.needed(team),
            is_winner=state.winner == team,
        )
        for team in range(variant.teams)
    ]


def game_hands(game: Game) -> list[Hand]:
    """Every hand in order, with the running totals cached on each (one query)."""
    return list(game.hands.order_by("number"))


def game_replay(game: Game) -> tuple[rules.GameState, list[rules.HandResult]]:
    """A full replay by the rules engine from the stored hands (checks the cache)."""
    return rules.replay(
        game.rules_variant, game.options, game.first_dealer, [h.entry() for h in game_hands(game)]
    )
