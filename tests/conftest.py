"""Shared fixtures: games made through the services, as the app itself makes them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from smear_scores import rules
from smear_scores.models import Game
from smear_scores.services import games as services

PLAYERS = {
    "schmier": ["Ann", "Bo", "Cy", "Dee", "Eli", "Flo"],
    "ne-wisconsin": ["Ann", "Bo", "Cy", "Dee"],
}


def filler_entry(state: rules.GameState) -> rules.HandEntry:
    """A sound hand that keeps the game going: the player left of the dealer bids; a team
    in the lower half of the scores makes the smallest bid, any other team is set on the
    biggest; the points left over go to the lowest other team, so nobody reaches the target.
    """
    variant = state.variant
    bidder = state.first_bidder
    team = variant.team_of(bidder)
    if state.scores[team] < variant.target // 2:
        bid, taken = variant.min_bid, variant.min_bid
    else:
        bid, taken = variant.max_bid, 0
    points = [0] * variant.teams
    points[team] = taken
    others = sorted((t for t in range(variant.teams) if t != team), key=lambda t: state.scores[t])
    rest = variant.max_points_per_hand - taken
    lowest = others[0]
    if state.scores[lowest] + rest >= variant.target // 2 and variant.min_points_per_hand == 0:
        rest = 0
    points[lowest] += rest
    return rules.HandEntry(bidder=bidder, bid=bid, points=tuple(points))


@pytest.fixture
def make_game(db) -> Callable[..., Game]:
    """make_game(variant="schmier", hands=0, players=None, first_dealer=0, options=None,
    entries=None): a game created and played through the services. ``hands`` filler hands
    (see filler_entry) follow any given ``entries``; the game is never finished by fillers."""

    def make(
        variant: str = "schmier",
        *,
        hands: int = 0,
        players: list[str] | None = None,
        first_dealer: int | None = 0,
        options: dict[str, Any] | None = None,
        entries: list[rules.HandEntry] | None = None,
    ) -> Game:
        game = services.game_create(
            variant=variant,
            players=players or PLAYERS[variant],
            first_dealer=first_dealer,
            options=options or {},
        )
        for entry in entries or []:
            game, _ = services.hand_record(game=game, entry=entry)
        for _ in range(hands):
            game, _ = services.hand_record(game=game, entry=filler_entry(game.state()))
        assert not game.finished or entries, "filler hands must never finish a game"
        return game

    return make
