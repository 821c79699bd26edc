"""Look-ups for the club pages: clubs, leagues, rosters, and the lines that list games."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import TypedDict

from django.db.models import (
    Count,
    Prefetch,
    Q,
    QuerySet,
)
from django.db.models.functions import TruncDate
from django.utils import timezone

from smear_scores.models import Club, Game, League, Player, Seat

# -- look-ups ----------------------------------------------------------------------------


def club_get(*, slug: str) -> Club:
    return Club.objects.get(slug=slug)


def club_by_id(*, club_id: int) -> Club:
    return Club.objects.get(pk=club_id)


def league_get(*, league_id: int) -> League:
    return League.objects.select_related("club", "house_rules").get(pk=league_id)


def player_get(*, player_id: int) -> Player:
    return Player.objects.select_related("club").get(pk=player_id)


def club_list() -> list[Club]:
    return list(
        Club.objects.annotate(
            n_players=Count("players", distinct=True), n_leagues=Count("leagues", distinct=True)
        ).order_by("name")
    )


def club_leagues(club: Club) -> list[League]:
    return list(
        club.leagues.select_related("house_rules")
        .annotate(n_games=Count("games"), n_finished=Count("games", filter=Q(games__finished=True)))
        .order_by("-start_date", "name")
    )


class ClubDay(TypedDict):
    day: date
    games: int  # played that day
    playing: int  # of them, not finished


def club_days(club: Club, limit: int = 20) -> list[ClubDay]:
    """The latest dates on which the club played, with their number of games."""
    return list(
        Game.objects.filter(league__club=club)
        .annotate(day=TruncDate("created_at"))
        .values("day")
        .annotate(games=Count("id"), playing=Count("id", filter=Q(finished=False)))
        .order_by("-day")[:limit]
    )


def club_roster(club: Club) -> list[Player]:
    return list(club.players.filter(kept=True).order_by("name"))


def seats_prefetch() -> Prefetch[str, QuerySet[Seat]]:
    return Prefetch("seats", queryset=Seat.objects.order_by("position"))


class TeamLine(TypedDict):
    """One team of a game line: its label, its players (by name and by roster id, None for
    a seat with no roster player), its score and whether it won."""

    label: str
    players: list[str]
    player_ids: list[int | None]
    score: int
    winner: bool


@dataclass
class GameLine:
    game: Game
    teams: list[TeamLine]
    status: str


def game_line(game: Game) -> GameLine:
    """A game as one line of a list: its teams with players and scores, and its state."""
    variant = game.rules_variant
    seats = list(game.seats.all())
    teams: list[TeamLine] = []
    for team in range(variant.teams):
        teams.append(
            {
                "label": variant.team_label(team),
                "players": [seats[s].name for s in variant.seats_of(team) if s < len(seats)],
                "player_ids": [
                    seats[s].player_id for s in variant.seats_of(team) if s < len(seats)
                ],
                "score": game.scores[team] if team < len(game.scores) else 0,
                "winner": game.finished and game.winner == team,
            }
        )
    status = play_status(
        finished=game.finished,
        hands_played=game.hands_played,
        # (A finished game has its winner.)
        winner=variant.team_label(game.winner) if game.finished and game.winner is not None else "",
    )
    return GameLine(game=game, teams=teams, status=status)


def game_title(game: Game) -> str:
    """A game named as the players would name it: its partnerships, "Ann & Cy v Bo & Di"
    (the seats prefetched, or one query)."""
    return " v ".join(" & ".join(team["players"]) for team in game_line(game).teams)


def play_status(*, finished: bool, hands_played: int, winner: str = "") -> str:
    """A game's state in a few words; ``winner`` names the winning team once finished."""
    if finished:
        return f"Finished: {winner} won"
    if hands_played:
        return f"Playing: {hands_played} hand{'s' if hands_played != 1 else ''}"
    return "Starting"


def league_games(league: League) -> list[GameLine]:
    games = league.games.prefetch_related(seats_prefetch()).order_by("-created_at", "-id")
    return [game_line(g) for g in games]


def _day_bounds(day: date) -> tuple[datetime, datetime]:
    tz = timezone.get_current_timezone()
    start = timezone.make_aware(datetime.combine(day, time.min), tz)
    return start, start + timedelta(days=1)


def day_games(club: Club, day: date) -> list[GameLine]:
    """Every league game of the club started on ``day`` (local time), tables still playing
    first, then the finished ones; two queries."""
    start, end = _day_bounds(day)
    games = (
        Game.objects.filter(league__club=club, created_at__gte=start, created_at__lt=end)
        .select_related("league")
        .prefetch_related(seats_prefetch())
        .order_by("finished", "created_at", "id")
    )
    return [game_line(g) for g in games]
