"""A player's page: their games, hands and rating, a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypedDict

from django.core.paginator import Page, Paginator
from django.db.models import (
    Count,
    F,
    FilteredRelation,
    IntegerField,
    Prefetch,
    Q,
    QuerySet,
    Value,
)
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast, Mod
from django.db.models.lookups import Exact

from smear_scores import rules
from smear_scores.models import Club, Game, Hand, Player, Rating, Seat
from smear_scores.models.games import counted_rule
from smear_scores.selectors.agreements import pending_words
from smear_scores.selectors.clubs import GameLine, game_line, game_title, seats_prefetch
from smear_scores.selectors.league_table import AwardOf
from smear_scores.selectors.placings import game_placings, ordinal_word
from smear_scores.selectors.rating_scale import PROVISIONAL_GAMES, is_provisional, rating_shown

HANDS_PER_PAGE = 25
GAMES_PER_PAGE = 30
RATINGS_SHOWN = 50


# -- the player's page -------------------------------------------------------------------

# Every point category of every variant, Game last (the card-points point).
POINT_LABELS = dict(
    sorted(
        {p.key: p.label for variant in rules.VARIANTS.values() for p in variant.points}.items(),
        key=lambda item: (item[0] == "game", item[0] != "high", item[0] != "low"),
    )
)


@dataclass
class PlayerGameLine(GameLine):
    """A game line seen from the player's seat: their team (``mine``, None if they sat on
    none), partners, place and result, and whom the game awaits."""

    mine: int | None = None
    partners: list[str] = field(default_factory=list)
    place: int | None = None
    result: str = "Playing"
    awaiting: str = ""


@dataclass
class BidHand:
    """A hand the player bid, with its game named by its partnerships."""

    hand: Hand
    game_name: str


@dataclass
class RatingLine:
    """The player's rating after one game: the game, named by its partnerships, and the
    rating on the club's scale (``points``)."""

    rating: Rating
    game: Game
    game_name: str
    points: int | None


class Partner(TypedDict):
    player_id: int
    name: str
    games: int
    won: int
    win_pct: float


class BidLevel(TypedDict):
    bid: int | None  # (a thrown-in deal has none; these are hands bid)
    hands: int
    made: int
    set: int
    make_rate: float


class Category(TypedDict):
    key: str
    label: str
    taken: int
    hands: int
    pct: float | None


@dataclass
class PlayerPage:
    player: Player
    played: int
    won: int
    games: list[PlayerGameLine]  # the lines of ``games_page``
    games_page: Page[Game]
    partners: list[Partner]
    bids: list[BidLevel]
    categories: list[Category]
    awarded_hands: int
    hands: Page[Hand]  # the page; its lines are ``hand_lines``
    hand_lines: list[BidHand]
    ratings: list[RatingLine]  # newest first, at most RATINGS_SHOWN
    rated_games: int

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def rating(self) -> Rating | None:
        return self.ratings[0].rating if self.ratings else None

    @property
    def rating_points(self) -> int | None:
        return rating_shown(self.rating.ordinal) if self.rating else None

    @property
    def provisional(self) -> bool:
        return is_provisional(self.rated_games)

    provisional_games = PROVISIONAL_GAMES


def _teams_of_game() -> Cast:
    """The number of teams of the seat's game, from the variant frozen into the game when
    it was created (as the ratings read it), not from today's preset."""
    return Cast(KeyTextTransform("teams", "game__variant_spec"), IntegerField())


def player_page(player: Player, *, games_page: Any = 1, hands_page: Any = 1) -> PlayerPage:
    """Everything the player's page shows, in a fixed number of queries."""
    seats = _player_seats(player)
    totals = _finished_totals(seats, player.club)
    bid_hands = _hands_bid(player)
    taken = _points_taken(player)
    ratings, rated_games = _latest_ratings(player)
    games, game_lines = _games(player, games_page)  # the page, and its lines
    hands, hand_lines = _hands_bid_page(bid_hands, hands_page)
    return PlayerPage(
        player=player,
        played=totals["played"],
        won=totals["won"],
        games=game_lines,
        games_page=games,
        partners=_partners(seats, player.club),
        bids=_bids_by_level(bid_hands),
        categories=_categories(taken),
        awarded_hands=taken["hands"],
        hands=hands,
        hand_lines=hand_lines,
        ratings=ratings,
        rated_games=rated_games,
    )


def _player_seats(player: Player) -> QuerySet[Seat]:
    """The player's seats, each with its game's number of teams and the seat's team."""
    return Seat.objects.filter(player=player).annotate(
        teams=_teams_of_game(), team=Mod(F("position"), F("teams"))
    )


def _finished_totals(seats: QuerySet[Seat], club: Club) -> dict[str, int]:
    """Finished games played and won, of those that count (agreed, or their window
    passed with no dispute: GameQuerySet.counted)."""
    return seats.filter(counted_rule(club, prefix="game__")).aggregate(
        played=Count("id"), won=Count("id", filter=Q(game__winner=F("team")))
    )


def _games(player: Player, number: Any) -> tuple[Page[Game], list[PlayerGameLine]]:
    """One page of the player's games, newest first, and each as a game line with the
    player's team, partners, place and result."""
    game_qs = (
        Game.objects.filter(seats__player=player)
        .select_related("league")
        .prefetch_related(seats_prefetch())
        .order_by("-created_at", "-id")
    )
    games = Paginator(game_qs, GAMES_PER_PAGE).get_page(number)
    lines = [_game_line_for(player, game) for game in games.object_list]
    for line in lines:
        teams = [team["players"] for team in line.teams]
        line.awaiting = pending_words(line.game, teams, player.club)
    return games, lines


def _game_line_for(player: Player, game: Game) -> PlayerGameLine:
    """A game line seen from the player's seat (no query: the seats are prefetched)."""
    plain = game_line(game)
    line = PlayerGameLine(game=plain.game, teams=plain.teams, status=plain.status)
    mine = next((i for i, t in enumerate(line.teams) if player.pk in t["player_ids"]), None)
    line.mine = mine
    line.partners = []
    if mine is not None:
        team = line.teams[mine]
        line.partners = [
            name
            for name, pid in zip(team["players"], team["player_ids"], strict=True)
            if pid != player.pk
        ]
    line.place = None
    line.result = "Playing"
    if game.finished and mine is not None:
        line.place = game_placings(game.scores, game.winner)[mine]
        if game.winner == mine:
            line.result = "Won"
        elif len(line.teams) == 2:
            line.result = "Lost"
        else:
            line.result = f"Lost ({ordinal_word(line.place)})"
    return line


# A team's seats are ``teams`` apart (S1): one partner (teams of two), two (of three), none
# (each alone), at most three (eight players in two teams).
MOST_PARTNERS = 3


def _partners(seats: QuerySet[Seat], club: Club) -> list[Partner]:
    """The other seats of the player's team in every finished game, most games first."""
    same_team = Q()
    for j in range(1, MOST_PARTNERS + 1):
        same_team |= Q(game__seats__position=F("position") + j * _teams_of_game())
        same_team |= Q(game__seats__position=F("position") - j * _teams_of_game())
    partner_rows = (
        seats.filter(counted_rule(club, prefix="game__"))
        .annotate(mate=FilteredRelation("game__seats", condition=same_team))
        .filter(mate__player__isnull=False)
        .values("mate__player_id", "mate__player__name")
        .annotate(games=Count("id"), won=Count("id", filter=Q(game__winner=F("team"))))
        .order_by("-games", "mate__player__name")
    )
    return [
        {
            "player_id": r["mate__player_id"],
            "name": r["mate__player__name"],
            "games": r["games"],
            "won": r["won"],
            "win_pct": round(100 * r["won"] / r["games"], 1),
        }
        for r in partner_rows
    ]


def _hands_bid(player: Player) -> QuerySet[Hand]:
    """Hands this player bid (their seat is the bidder's seat), in every game that counts
    (GameQuerySet.counted: an unfinished or unagreed game's hands wait)."""
    return (
        Hand.objects.filter(counted_rule(player.club, prefix="game__"), thrown_in=False)
        .annotate(
            mine=FilteredRelation(
                "game__seats",
                condition=Q(game__seats__player=player, game__seats__position=F("bidder")),
            )
        )
        .filter(mine__isnull=False)
    )


def _hands_bid_page(bid_hands: QuerySet[Hand], number: Any) -> tuple[Page[Hand], list[BidHand]]:
    """One page of the hands the player bid, newest first, and each with its game's name."""
    hand_qs = (
        bid_hands.select_related("game")
        .prefetch_related(_game_seats())
        .order_by("-created_at", "-id")
    )
    hands = Paginator(hand_qs, HANDS_PER_PAGE).get_page(number)
    return hands, [BidHand(hand, game_title(hand.game)) for hand in hands.object_list]


def _game_seats() -> Prefetch[str, QuerySet[Seat]]:
    return Prefetch("game__seats", queryset=Seat.objects.order_by("position"))


def _bids_by_level(bid_hands: QuerySet[Hand]) -> list[BidLevel]:
    """Hands bid, made and set at each bid, lowest bid first."""
    rows = (
        bid_hands.values("bid")
        .annotate(hands=Count("id"), made=Count("id", filter=Q(made=True)))
        .order_by("bid")
    )
    return [
        {
            "bid": r["bid"],
            "hands": r["hands"],
            "made": r["made"],
            "set": r["hands"] - r["made"],
            "make_rate": round(100 * r["made"] / r["hands"], 1),
        }
        for r in rows
    ]


def _points_taken(player: Player) -> dict[str, int]:
    """In hands whose awards were entered one by one: how many there were (``hands``), and
    per point category how many the player's team took (``t_<key>``) and in how many it
    was played for (``n_<key>``); in games that count, as _hands_bid."""
    team_hands = (
        Hand.objects.filter(
            counted_rule(player.club, prefix="game__"), thrown_in=False, awards__isnull=False
        )
        .annotate(
            mine=FilteredRelation("game__seats", condition=Q(game__seats__player=player)),
        )
        .filter(mine__isnull=False)
        .annotate(
            teams=_teams_of_game(),
            team=Mod(F("mine__position"), F("teams")),
        )
    )

    def took(key: str) -> Q:
        # A point left to nobody is a JSON null, which is SQL NULL here: never equal.
        return Q(Exact(AwardOf(F("awards"), Value(f"$.{key}")), F("team")))

    return team_hands.aggregate(
        hands=Count("id"),
        **{f"t_{key}": Count("id", filter=took(key)) for key in POINT_LABELS},
        **{f"n_{key}": Count("id", filter=Q(awards__has_key=key)) for key in POINT_LABELS},
    )


def _categories(taken: dict[str, int]) -> list[Category]:
    """The point categories the player's games played for, with the share their team took."""
    return [
        {
            "key": key,
            "label": label,
            "taken": taken[f"t_{key}"],
            "hands": taken[f"n_{key}"],
            "pct": round(100 * taken[f"t_{key}"] / taken[f"n_{key}"], 1)
            if taken[f"n_{key}"]
            else None,
        }
        for key, label in POINT_LABELS.items()
        if taken[f"n_{key}"]
    ]


def _latest_ratings(player: Player) -> tuple[list[RatingLine], int]:
    """The latest ratings, newest first (the history table shows these), and how many
    games were rated in all."""
    ratings = list(
        Rating.objects.filter(player=player)
        .select_related("game")
        .prefetch_related(_game_seats())
        .order_by("-seq")[:RATINGS_SHOWN]
    )
    lines = [RatingLine(r, r.game, game_title(r.game), rating_shown(r.ordinal)) for r in ratings]
    return lines, Rating.objects.filter(player=player).count()
