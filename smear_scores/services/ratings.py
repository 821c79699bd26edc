"""Ratings (OpenSkill) of a club's players, from its finished league games in order.

Brought up to date in the transaction that finishes, reopens or changes a finished league
game (services.game_writes.game_save), or merges two players (services.clubs); `manage.py
ratings_recompute` replays them from scratch. Pages only read them: GET never writes."""

from __future__ import annotations

from typing import Any, cast

from django.db import IntegrityError, transaction
from django.db.models import Count, Exists, Min, OuterRef, QuerySet
from django.utils import timezone
from openskill.models import PlackettLuceRating

from smear_scores.models import Club, Game, Rating, Seat
from smear_scores.selectors.leagues import game_placings
from smear_scores.services.rating_weights import RATING_MODEL, partial_seats, rate_weighted


def _rateable_games(club: Club) -> QuerySet[Game]:
    """Finished league games of the club that count (agreed by the other teams, or their
    window passed with no dispute: GameQuerySet.counted) and whose every seat
    names a roster player."""
    return (
        Game.objects.counted(club)
        .filter(league__club=club)
        .exclude(Exists(Seat.objects.filter(game=OuterRef("pk"), player__isnull=True)))
    )


def ratings_fresh(*, club: Club) -> bool:
    """Do the stored ratings cover exactly the club's finished games, each rated after its
    last change? Two aggregate queries, whatever the number of games."""
    counts = _rateable_games(club).aggregate(
        total=Count("id"),
        fresh=Count(
            "id",
            filter=Exists(
                Rating.objects.filter(game=OuterRef("pk"), rated_at__gte=OuterRef("updated_at"))
            ),
        ),
    )
    rated = Rating.objects.filter(player__club=club).aggregate(games=Count("game", distinct=True))
    return bool(counts["total"] == counts["fresh"] == rated["games"])


def ratings_refresh(*, club: Club) -> int:
    """Bring the club's ratings up to date when a game finished, reopened or changed since
    they were last computed; returns how many games were (re)rated."""
    if ratings_fresh(club=club):
        return 0
    try:
        return _ratings_replay(club=club, from_scratch=False)
    except IntegrityError:
        # Another request replayed the same games at the same moment: theirs stands.
        return 0


def ratings_refresh_for(*, league_id: int) -> int:
    """ratings_refresh for the club of a league (within the caller's transaction)."""
    return ratings_refresh(club=Club.objects.get(leagues__pk=league_id))


def ratings_recompute(*, club: Club) -> int:
    """Replay every rating of the club from scratch; returns the number of games rated."""
    return _ratings_replay(club=club, from_scratch=True)


@transaction.atomic
def _ratings_replay(*, club: Club, from_scratch: bool) -> int:
    # Serialise replays of one club (a no-op lock on SQLite, where writes serialise anyway).
    Club.objects.select_for_update().filter(pk=club.pk).first()
    games = list(
        _rateable_games(club)
        .order_by("finished_at", "id")
        .values_list("id", "winner", "scores", "updated_at", "variant_spec__teams")
    )
    keep = 0 if from_scratch else _still_rated(club, games)
    Rating.objects.filter(player__club=club, seq__gt=keep).delete()
    current: dict[int, tuple[float, float]] = {}
    for player_id, mu, sigma in (
        Rating.objects.filter(player__club=club, seq__lte=keep)
        .order_by("seq")
        .values_list("player_id", "mu", "sigma")
    ):
        current[player_id] = (mu, sigma)
    todo = games[keep:]
    if not todo:
        return 0
    seats: dict[int, list[tuple[int, int]]] = {}
    for game_id, position, player_id in (
        Seat.objects.filter(game__league__club=club, game__finished=True)
        .order_by()
        .values_list("game_id", "position", "player_id")
    ):
        seats.setdefault(game_id, []).append((position, player_id))
    now = timezone.now()
    shares = partial_seats([g[0] for g in todo])
    new: list[Rating] = []
    for seq, (game_id, winner, scores, _, teams) in enumerate(todo, start=keep + 1):
        placings = list(game_placings(scores, winner))
        new += [
            Rating(
                player_id=player_id,
                game_id=game_id,
                seq=seq,
                mu=rating.mu,
                sigma=rating.sigma,
                ordinal=rating.ordinal(),
                rated_at=now,
            )
            for player_id, rating in _rate(
                current, seats[game_id], int(teams), placings, shares.get(game_id, {})
            )
        ]
    Rating.objects.bulk_create(new, batch_size=500)
    return len(todo)


def _still_rated(club: Club, games: list[tuple[Any, ...]]) -> int:
    """How many of ``games``, from the first, are still rated as they stand: the longest
    prefix of the order whose ratings are in place and newer than the game. Games appended
    at the end (the usual case on a club night) are rated from where the others left."""
    stored = {
        game_id: (seq, rated_at)
        for game_id, seq, rated_at in Rating.objects.filter(player__club=club)
        .values("game_id")
        .annotate(seq=Min("seq"), rated_at=Min("rated_at"))
        .values_list("game_id", "seq", "rated_at")
    }
    keep = 0
    for index, (game_id, _, _, updated_at, _) in enumerate(games):
        seq, rated_at = stored.get(game_id, (None, None))
        if seq != index + 1 or rated_at < updated_at:
            break
        keep = index + 1
    return keep


def _rate(
    current: dict[int, tuple[float, float]],
    seats: list[tuple[int, int]],
    teams: int,
    placings: list[int],
    partial: dict[int, tuple[int, float]] | None = None,
) -> list[tuple[int, PlackettLuceRating]]:
    """Each player of one game with their rating after it, by the seats (position, player)
    and the teams' placings; ``current`` (each player's mu and sigma) moves on with them.
    ``partial``: a seat a substitute took during the game (position -> the absent player
    and the share of its hands the substitute played): both are rated for it, each weighed
    by their share (services.rating_weights)."""
    members: list[list[int]] = [[] for _ in range(teams)]
    weights: list[list[float]] = [[] for _ in range(teams)]
    for position, player_id in sorted(seats):
        side = position % teams
        share = 1.0
        if partial and position in partial:
            absent, share = partial[position]
            members[side].append(absent)
            weights[side].append(1.0 - share)
        members[side].append(player_id)
        weights[side].append(share)
    before = [
        [RATING_MODEL.rating(*current.get(p, (None, None))) for p in team] for team in members
    ]
    after = rate_weighted(before, cast(list[float], placings), weights)
    rated = []
    for team, ratings in zip(members, after, strict=True):
        for player_id, rating in zip(team, ratings, strict=True):
            current[player_id] = (rating.mu, rating.sigma)
            rated.append((player_id, rating))
    return rated
