"""Writes for clubs and leagues: league games, the roster, ratings. One transaction each."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from django.db import IntegrityError, transaction
from django.db.models import Count, Exists, Min, OuterRef
from django.utils import timezone
from openskill.models import PlackettLuce

from smear_scores.models import Club, Game, League, Membership, Player, Rating, Seat
from smear_scores.names import name_problem
from smear_scores.rules import HandRefused, RuleError
from smear_scores.selectors.leagues import game_placings
from smear_scores.services.games import game_create

# OpenSkill's Plackett-Luce model with its defaults (mu 25, sigma 25/3): a new player's
# conservative ordinal, mu - 3 sigma, is 0.
RATING_MODEL = PlackettLuce()


class MergeRefused(Exception):
    def __init__(self, message: str):
        self.message = message
        super().__init__(message)


def league_is_open(league: League, on: date) -> bool:
    return league.start_date <= on and (league.end_date is None or on <= league.end_date)


@transaction.atomic
def league_game_create(
    *, league: League, players: Sequence[Player | None], first_dealer: int | None = None
) -> Game:
    """A game of ``league``: the league's variant and options, one roster player per seat
    (clockwise from seat 1). Raises HandRefused with every problem at once."""
    variant = league.rules_variant
    seats_rule = variant.rule("seats")
    errors: list[RuleError] = []
    today = timezone.localdate()
    if not league_is_open(league, today):
        when = (
            f"starts on {league.start_date:%-d %B %Y}"
            if today < league.start_date
            else f"ended on {league.end_date:%-d %B %Y}"
        )
        errors.append(
            RuleError(
                "league",
                f"{league.name} {when}: ask a club admin to change its dates, or start a "
                "casual game instead.",
                "",
            )
        )
    if len(players) != variant.players:
        errors.append(
            RuleError(
                "players",
                f"{variant.name} is played by {variant.players} players: pick one for each seat.",
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
    if errors:
        raise HandRefused(errors)
    game = game_create(
        variant=league.variant,
        players=[p.name for p in players],
        first_dealer=first_dealer,
        options=dict(league.options or {}),
        league=league,
    )
    seats = list(Seat.objects.filter(game=game).order_by("position"))
    for seat in seats:
        seat.player = players[seat.position]
    Seat.objects.bulk_update(seats, ["player"])
    return game


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
    return keep


def is_member(user, club_id: int) -> bool:
    if not user.is_authenticated:
        return False
    return Membership.objects.filter(user=user, club_id=club_id).exists()


def is_club_admin(user, club_id: int) -> bool:
    if not user.is_authenticated or not user.is_staff:
        return False
    if user.is_superuser:
        return True
    return Membership.objects.filter(user=user, club_id=club_id, is_admin=True).exists()


# -- ratings (OpenSkill) -----------------------------------------------------------------


def _rateable_games(club: Club):
    """Finished league games of the club whose every seat names a roster player."""
    return Game.objects.filter(league__club=club, finished=True).exclude(
        Exists(Seat.objects.filter(game=OuterRef("pk"), player__isnull=True))
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
    return counts["total"] == counts["fresh"] == rated["games"]


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
    keep = 0
    if not from_scratch:
        # The longest prefix of the order that is still rated as it stands: games appended
        # at the end (the usual case on a club night) are rated from where the others left.
        stored = {
            game_id: (seq, rated_at)
            for game_id, seq, rated_at in Rating.objects.filter(player__club=club)
            .values("game_id")
            .annotate(seq=Min("seq"), rated_at=Min("rated_at"))
            .values_list("game_id", "seq", "rated_at")
        }
        for index, (game_id, _, _, updated_at, _) in enumerate(games):
            seq, rated_at = stored.get(game_id, (None, None))
            if seq != index + 1 or rated_at < updated_at:
                break
            keep = index + 1
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
    new: list[Rating] = []
    for offset, (game_id, winner, scores, _, teams) in enumerate(todo):
        teams = int(teams)
        members: list[list[int]] = [[] for _ in range(teams)]
        for position, player_id in sorted(seats[game_id]):
            members[position % teams].append(player_id)
        before = [
            [RATING_MODEL.rating(*current.get(p, (None, None))) for p in team] for team in members
        ]
        after = RATING_MODEL.rate(before, ranks=list(game_placings(scores, winner)))
        for team, ratings in zip(members, after, strict=True):
            for player_id, rating in zip(team, ratings, strict=True):
                current[player_id] = (rating.mu, rating.sigma)
                new.append(
                    Rating(
                        player_id=player_id,
                        game_id=game_id,
                        seq=keep + offset + 1,
                        mu=rating.mu,
                        sigma=rating.sigma,
                        ordinal=rating.ordinal(),
                        rated_at=now,
                    )
                )
    Rating.objects.bulk_create(new, batch_size=500)
    return len(todo)
