"""Writes for a club's roster: players and merging two records of one person. One
transaction each. League games are made in services.games, ratings in services.ratings."""

from __future__ import annotations

from django.db import transaction

from smear_scores.models import Club, Player, Rating, Seat
from smear_scores.names import name_problem
from smear_scores.services.ratings import ratings_refresh


class MergeRefused(Exception):
    def __init__(self, message: str):
        self.message = message
        super().__init__(message)


@transaction.atomic
def player_create(*, club: Club, name: str) -> Player:
    name = " ".join(name.split())
    if not name:
        raise MergeRefused("Give the player's name.")
    problem = name_problem(name)
    if problem is not None:
        raise MergeRefused(f"The name {problem}.")
    if Player.objects.filter(club=club, name__iexact=name).exists():
        raise MergeRefused(
            f"{club.name} already has a player called {name}: pick that player, or tell the "
            "two apart (e.g. add an initial)."
        )
    return Player.objects.create(club=club, name=name)


@transaction.atomic
def player_merge(*, keep: Player, duplicate: Player) -> Player:
    """Fold ``duplicate`` (a second record of the same person) into ``keep``: every seat it
    played moves to ``keep``, then the duplicate is deleted. The club's ratings are replayed
    on the next read, since the merged player's history changed."""
    if keep.pk == duplicate.pk:
        raise MergeRefused("Pick two different players to merge.")
    if keep.club_id != duplicate.club_id:
        raise MergeRefused(
            f"{keep.name} and {duplicate.name} belong to different clubs and cannot be merged."
        )
    shared = (
        Seat.objects.filter(player=keep, game__seats__player=duplicate)
        .values_list("game__public_id", flat=True)
        .first()
    )
    if shared:
        raise MergeRefused(
            f"{keep.name} and {duplicate.name} both sat at game {shared}, so they are two "
            "different people: correct that game's seats first, or keep both players."
        )
    Seat.objects.filter(player=duplicate).update(player=keep, name=keep.name)
    Rating.objects.filter(player__club_id=keep.club_id).delete()
    duplicate.delete()
    # The ratings are made again in this transaction, so no page has to (GET never writes).
    ratings_refresh(club=keep.club)
    return keep
