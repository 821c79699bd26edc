"""A rematch: a new game with the same rules, seats and team names, started once
however many phones ask for it."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from smear_scores import rules
from smear_scores.models import Game
from smear_scores.selectors.games import game_house_rules
from smear_scores.services import game_writes
from smear_scores.services.league_games import league_game_create
from smear_scores.services.new_games import game_create


@transaction.atomic
def game_rematch(*, game: Game, keep_rotation: bool = False) -> Game:
    """A new game with the same variant, options and seats. Its first dealer is drawn at
    random unless ``keep_rotation``: then the next dealer deals first (D12, S3, W4).
    A league game's rematch is a game of the same league with the same roster players.
    Asked twice (a double tap, two phones), it gives the one rematch already started."""
    game = game_writes.game_lock(game)
    existing = game.rematches.order_by("pk").first()
    if existing is not None:
        return existing
    first_dealer = rules.rematch_first_dealer(game.state(), keep_rotation=keep_rotation)
    seats = list(game.seats.order_by("position").select_related("player"))
    if game.league is not None:
        new = league_game_create(
            league=game.league,
            players=[seat.player for seat in seats],
            first_dealer=first_dealer,
        )
        new.rematch_of = game
        new.save(update_fields=["rematch_of"])
        return new
    players = [seat.name for seat in seats]
    kept = game_house_rules(game)
    played: dict[str, Any]
    if "house_rules" in kept:
        played = {"house_rules": game.house_rules}
    elif kept:
        # Settings given inline: the rules as the game froze them.
        played = {"settings": kept["settings"]}
    else:
        played = {"variant": game.variant}
    return game_create(
        **played,
        players=players,
        first_dealer=first_dealer,
        options=dict(game.options),
        rematch_of=game,
        team_names=list(game.team_names),
    )
