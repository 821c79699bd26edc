"""A league's table of players and partnerships, aggregated in the database in a fixed
number of queries whatever the number of games; and the table as CSV rows."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypedDict

from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import (
    Case,
    Count,
    F,
    FilteredRelation,
    Func,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.lookups import Exact, GreaterThan
from django.db.models.sql.compiler import SQLCompiler

from smear_scores.models import Hand, League, Player, Rating, Seat
from smear_scores.models.games import counted_rule
from smear_scores.selectors.agreements import PendingGame, league_pending
from smear_scores.selectors.placings import ordinal_word
from smear_scores.selectors.rating_scale import is_provisional, rating_shown

# -- the league table --------------------------------------------------------------------
# What ranks a row: league points or wins, then the win ratio or wins, then the point
# difference (_sort_key).
SortKey = tuple[float, float, int]
# What a database function answers the compiler: its SQL and the SQL's parameters.
Sql = tuple[str, tuple[Any, ...]]


@dataclass
class TableRow:
    names: list[str]
    player_ids: list[int]
    played: int = 0
    won: int = 0
    points_for: int = 0
    # Sum over games of the opposing teams' final scores (all of them).
    against_total: int = 0
    league_points: int = 0
    hands_bid: int = 0
    made: int = 0
    bid_total: int = 0
    # OpenSkill's conservative ordinal (mu - 3 sigma), its mu and sigma, and the number of
    # rated games: players only (shown on the club's scale, selectors.rating_scale).
    rating: float | None = None
    mu: float | None = None
    sigma: float | None = None
    rated_games: int = 0
    # Filled by the ranking.
    rank: int | None = None
    shared: bool = False
    opponents: int = 1  # opposing teams per game (2 in Schmier)

    @property
    def name(self) -> str:
        return " & ".join(self.names)

    @property
    def members(self) -> list[tuple[int, str]]:
        return list(zip(self.player_ids, self.names, strict=True))

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def set(self) -> int:
        return self.hands_bid - self.made

    @property
    def ranked(self) -> bool:
        return self.rank is not None

    @property
    def rank_label(self) -> str:
        if self.rank is None:
            return "–"
        return f"={self.rank}" if self.shared else str(self.rank)

    @property
    def win_pct(self) -> float | None:
        return round(100 * self.won / self.played, 1) if self.played else None

    @property
    def avg_score(self) -> float | None:
        return round(self.points_for / self.played, 1) if self.played else None

    @property
    def points_against(self) -> int | float:
        # Against one opponent: in Schmier the average of the two other teams' scores, so
        # that point difference adds up to zero over the teams of a game.
        return _tidy(Fraction(self.against_total, self.opponents))

    @property
    def diff_exact(self) -> Fraction:
        return Fraction(self.points_for) - Fraction(self.against_total, self.opponents)

    @property
    def diff(self) -> int | float:
        return _tidy(self.diff_exact)

    @property
    def make_rate(self) -> float | None:
        return round(100 * self.made / self.hands_bid, 1) if self.hands_bid else None

    @property
    def avg_bid(self) -> float | None:
        return round(self.bid_total / self.hands_bid, 2) if self.hands_bid else None

    def as_dict(self, with_points: bool) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "rank_label": self.rank_label,
            "ranked": self.ranked,
            "name": self.name,
            "players": self.names,
            "player_ids": self.player_ids,
            "played": self.played,
            "won": self.won,
            "lost": self.lost,
            "win_pct": self.win_pct,
            "avg_score": self.avg_score,
            "points_for": self.points_for,
            "points_against": self.points_against,
            "diff": self.diff,
            "league_points": self.league_points if with_points else None,
            "hands_bid": self.hands_bid,
            "made": self.made,
            "set": self.set,
            "make_rate": self.make_rate,
            "avg_bid": self.avg_bid,
            "rating": rating_shown(self.rating),
            "provisional": None if self.rating is None else is_provisional(self.rated_games),
            "rated_games": self.rated_games if self.rating is not None else None,
            "mu": None if self.mu is None else round(self.mu, 2),
            "sigma": None if self.sigma is None else round(self.sigma, 2),
        }

    @property
    def rating_points(self) -> int | None:
        return rating_shown(self.rating)

    @property
    def provisional(self) -> bool:
        return is_provisional(self.rated_games)


def _tidy(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else round(float(value), 1)


@dataclass
class LeagueTable:
    league: League
    players: list[TableRow]
    partnerships: list[TableRow]
    rule_text: str
    games: int
    notes: list[str] = field(default_factory=list)
    # False for a variant where each plays alone (cutthroat): no partnerships table.
    has_partnerships: bool = True

    @property
    def with_points(self) -> bool:
        return self.league.ranking == League.Ranking.LEAGUE_POINTS

    @cached_property
    def pending(self) -> list[PendingGame]:
        """Finished games that do not count yet: awaiting the other teams, or disputed
        (read when shown: one query, two with any)."""
        return league_pending(self.league)


def rule_text(league: League) -> str:
    variant = league.rules_variant
    if league.ranking == League.Ranking.LEAGUE_POINTS:
        places = ", ".join(
            f"{ordinal_word(i + 1)} {p}"
            for i, p in enumerate(league.placing_points()[: variant.teams])
        )
        text = (
            f"Ranked by league points per game ({places}; places from the final scores, "
            "the winner first), then wins, then point difference."
        )
    else:
        text = "Ranked by wins, then win %, then point difference."
    minimum = league.min_games
    text += " Equal rows share a rank (=)."
    if minimum > 1:
        text += f" At least {minimum} finished games to be ranked."
    return text


def _sort_key(league: League, row: TableRow) -> SortKey:
    # Exact: the point difference in units of 1/opponents is an integer, and two win
    # ratios of at most a few thousand games are equal as floats only when they are equal.
    diff_units = row.points_for * row.opponents - row.against_total
    if league.ranking == League.Ranking.LEAGUE_POINTS:
        return (row.league_points, row.won, diff_units)
    return (row.won, row.won / row.played if row.played else 0.0, diff_units)


def rank_rows(league: League, rows: list[TableRow]) -> list[TableRow]:
    """Ranked rows first, best first; equal rows share the rank (shown "=3") and are listed
    by name; rows under the minimum games follow, unranked."""
    ranked = [r for r in rows if r.played >= max(league.min_games, 1)]
    unranked = [r for r in rows if r.played < max(league.min_games, 1)]
    keys = {id(r): _sort_key(league, r) for r in rows}
    for group in (ranked, unranked):
        group.sort(key=lambda r: r.name.casefold())
        group.sort(key=lambda r: keys[id(r)], reverse=True)
    ranked_keys = [keys[id(r)] for r in ranked]
    first_at: dict[SortKey, int] = {}
    sizes: dict[SortKey, int] = {}
    for index, key in enumerate(ranked_keys):
        first_at.setdefault(key, index)
        sizes[key] = sizes.get(key, 0) + 1
    for row, key in zip(ranked, ranked_keys, strict=True):
        row.rank = first_at[key] + 1
        row.shared = sizes[key] > 1
    for row in unranked:
        row.rank = None
        row.shared = False
    return ranked + unranked


class ScoreAt(Func):
    """One team's number in a JSON list of integers (Game.scores): ``ScoreAt(list, index)``.

    One JSON read, where a key transform costs two on SQLite; the index may be a column
    (the seat's team). SQLite and PostgreSQL."""

    output_field = IntegerField()
    arity = 2

    def _parts(
        self, compiler: SQLCompiler
    ) -> tuple[str, tuple[Any, ...], str | None, tuple[Any, ...], int | None]:
        field_sql, field_params = compiler.compile(self.source_expressions[0])
        index = self.source_expressions[1]
        if isinstance(index, Value) and isinstance(index.value, int):
            return field_sql, field_params, None, (), int(index.value)
        index_sql, index_params = compiler.compile(index)
        return field_sql, field_params, index_sql, index_params, None

    def as_sqlite(
        self, compiler: SQLCompiler, connection: BaseDatabaseWrapper, **extra: Any
    ) -> Sql:
        field_sql, field_params, index_sql, index_params, fixed = self._parts(compiler)
        if fixed is not None:
            return f"JSON_EXTRACT({field_sql}, '$[{fixed}]')", field_params
        path = f"'$[' || CAST({index_sql} AS INTEGER) || ']'"
        return f"JSON_EXTRACT({field_sql}, {path})", (*field_params, *index_params)

    def as_postgresql(
        self, compiler: SQLCompiler, connection: BaseDatabaseWrapper, **extra: Any
    ) -> Sql:
        field_sql, field_params, index_sql, index_params, fixed = self._parts(compiler)
        if fixed is not None:
            return f"(({field_sql}) ->> {fixed})::integer", field_params
        return (
            f"(({field_sql}) ->> CAST({index_sql} AS INTEGER))::integer",
            (*field_params, *index_params),
        )


class AwardOf(Func):
    """The team a hand's point went to: ``AwardOf(awards, "$.<key>")``; SQL NULL when the
    key is missing or nobody took it. One JSON read. SQLite and PostgreSQL."""

    output_field = IntegerField()
    arity = 2

    def _path(self) -> str:
        path = self.source_expressions[1]
        if not isinstance(path, Value) or not isinstance(path.value, str):
            raise TypeError(f"AwardOf's path is a Value of text, not {path!r}.")
        return path.value

    def as_sqlite(
        self, compiler: SQLCompiler, connection: BaseDatabaseWrapper, **extra: Any
    ) -> Sql:
        field_sql, params = compiler.compile(self.source_expressions[0])
        return f"JSON_EXTRACT({field_sql}, %s)", (*params, self._path())

    def as_postgresql(
        self, compiler: SQLCompiler, connection: BaseDatabaseWrapper, **extra: Any
    ) -> Sql:
        field_sql, params = compiler.compile(self.source_expressions[0])
        return f"(({field_sql}) ->> %s)::integer", (*params, self._path().removeprefix("$."))


def _league_points(league: League, teams: int, own: ScoreAt) -> Case:
    """The league points for the seat's place (game_placings, in SQL), for any number of
    teams: 1st for the winner, else 2nd plus one place per other losing team that scored
    more (teams on the same score share the better place). A place past the league's
    last placing points scores nothing."""
    points = league.placing_points()
    beaten_by = sum(
        (
            Case(
                When(
                    GreaterThan(ScoreAt("game__scores", Value(t)), own) & ~Q(game__winner=t),
                    then=Value(1),
                ),
                default=Value(0),
            )
            for t in range(teams)
        ),
        Value(0),
    )
    return Case(
        When(Q(game__winner=F("team")), then=Value(points[0])),
        *[
            When(Exact(beaten_by, better), then=Value(points[better + 1]))
            for better in range(min(teams - 1, len(points) - 1))
        ],
        default=Value(0),
    )


def _results(
    league: League, teams: int, group_by: list[str], seats: QuerySet[Seat]
) -> list[dict[str, Any]]:
    """Per group (a player, a partnership): games, wins, points for, the opponents' total
    and league points, over seats annotated with ``team``."""
    own = ScoreAt("game__scores", F("team"))
    total = sum(
        (ScoreAt("game__scores", Value(t)) for t in range(1, teams)),
        ScoreAt("game__scores", Value(0)),
    )
    return list(
        seats.values(*group_by)
        .annotate(
            played=Count("id"),
            won=Count("id", filter=Q(game__winner=F("team"))),
            pf=Sum(own),
            total=Sum(total),
            lps=Sum(_league_points(league, teams, own)),
        )
        .order_by()
    )


def _add(row: TableRow, result: dict[str, Any]) -> None:
    row.played += result["played"]
    row.won += result["won"]
    row.points_for += result["pf"] or 0
    row.against_total += (result["total"] or 0) - (result["pf"] or 0)
    row.league_points += result["lps"] or 0


def _add_bids(row: TableRow, bids: dict[str, Any]) -> None:
    row.hands_bid += bids["hands"]
    row.made += bids["made"]
    row.bid_total += bids["bids"] or 0


def _team_seats(league: League, teams: int, size: int) -> QuerySet[Seat]:
    """Each finished game's teams as one row per team: its first seat (``position`` <
    ``teams``) with the player of every seat of the team (``p0`` … in seat order: seat
    ``team + j * teams`` is ``p<j>``, S1). Games with a seat not on the roster are left out."""
    finished = Q(game__league=league) & counted_rule(league.club, prefix="game__")
    seats = Seat.objects.filter(finished, position__lt=teams)
    members = {"p0": F("player_id")}
    for j in range(1, size):
        seats = seats.annotate(
            **{
                f"mate{j}": FilteredRelation(
                    "game__seats",
                    condition=Q(game__seats__position=F("position") + j * teams),
                )
            }
        )
        members[f"p{j}"] = F(f"mate{j}__player_id")
    keep = Q(player__isnull=False)
    for j in range(1, size):
        keep &= Q(**{f"mate{j}__player__isnull": False})
    return seats.filter(keep).annotate(team=F("position"), **members)


def _team_bids(
    league: League, teams: int, size: int, seats: int
) -> list[tuple[list[int | None], dict[str, Any]]]:
    """Bids per (bidder, the bidder's partners in seat order after the bidder): gives both
    the players' and the teams' bids."""
    hands = Hand.objects.filter(
        Q(game__league=league) & counted_rule(league.club, prefix="game__"), thrown_in=False
    )
    names = ["me__player_id"]
    hands = hands.annotate(
        me=FilteredRelation("game__seats", condition=Q(game__seats__position=F("bidder")))
    )
    for j in range(1, size):
        hands = hands.annotate(
            **{
                f"mate{j}": FilteredRelation(
                    "game__seats",
                    condition=Q(game__seats__position=(F("bidder") + j * teams) % seats),
                )
            }
        )
        names.append(f"mate{j}__player_id")
    bids = (
        hands.values(*names)
        .annotate(hands=Count("id"), made=Count("id", filter=Q(made=True)), bids=Sum("bid"))
        .order_by()
    )
    return [([row[n] for n in names], row) for row in bids]


class _Rated(TypedDict):
    rating: float | None
    rating_mu: float | None
    rating_sigma: float | None
    rated_games: int | None


if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations

    # A roster player with their latest rating (_rated_roster): an annotation only.
    RatedPlayer = WithAnnotations[Player, _Rated]


def _rated_roster(league: League) -> dict[int, RatedPlayer]:
    """The league's club's players by id, each with their latest rating (ordinal, mu and
    sigma) and how many games rated them: one query."""
    latest = Rating.objects.filter(player=OuterRef("pk")).order_by("-seq")
    rated = (
        Rating.objects.filter(player=OuterRef("pk"))
        .order_by()
        .values("player")
        .annotate(n=Count("id"))
        .values("n")
    )
    return {
        p.pk: p
        for p in Player.objects.filter(club_id=league.club_id).annotate(
            rating=Subquery(latest.values("ordinal")[:1]),
            rating_mu=Subquery(latest.values("mu")[:1]),
            rating_sigma=Subquery(latest.values("sigma")[:1]),
            rated_games=Subquery(rated[:1]),
        )
    }


def _player_row(player: RatedPlayer, *, opponents: int) -> TableRow:
    row = TableRow(names=[player.name], player_ids=[player.pk], opponents=opponents)
    row.rating, row.mu, row.sigma = player.rating, player.rating_mu, player.rating_sigma
    row.rated_games = player.rated_games or 0
    return row


def _team_row(players: Sequence[Player], *, opponents: int) -> TableRow:
    """A partnership's row: its players by name."""
    people = sorted(players, key=lambda p: p.name.casefold())
    return TableRow(
        names=[p.name for p in people], player_ids=[p.pk for p in people], opponents=opponents
    )


def league_table(league: League) -> LeagueTable:
    """The league's player and partnership tables from its finished games: three queries,
    whatever the number of games.

    Seat s is on team s % teams (S1, W1), so a team is its first seat and the seats
    ``teams`` apart from it: two partners (2x2, 3x2, 4x2), three (two teams of three), or
    the player alone (cutthroat: no partnerships table). The teams' results are aggregated
    in the database, grouped by their players in seat order; a team that sat in another
    order is the same team, so the rows are added up by the set of its players, and each
    player's are their teams' summed. Bids are aggregated per (bidder, partners), which
    gives both the players' and the teams' bids."""
    variant = league.rules_variant
    teams, seats = variant.teams, variant.players
    size = seats // teams
    members = [f"p{j}" for j in range(size)]
    team_results = _results(league, teams, members, _team_seats(league, teams, size))
    bids = _team_bids(league, teams, size, seats)

    roster = _rated_roster(league)
    players: dict[int, TableRow] = {}
    # A team by the set of its players (sorted ids), whatever seats they sat in.
    groups: dict[tuple[int, ...], TableRow] = {}
    for result in team_results:
        key = tuple(sorted(result[m] for m in members))
        if size > 1:
            if key not in groups:
                groups[key] = _team_row([roster[k] for k in key], opponents=teams - 1)
            _add(groups[key], result)
        for player_id in key:
            if player_id not in players:
                players[player_id] = _player_row(roster[player_id], opponents=teams - 1)
            _add(players[player_id], result)
    for ids, result in bids:
        me = ids[0]
        if me in players:
            _add_bids(players[me], result)
        team = tuple(sorted(i for i in ids if i is not None)) if None not in ids else None
        if team in groups:
            _add_bids(groups[team], result)

    return LeagueTable(
        league=league,
        players=rank_rows(league, list(players.values())),
        partnerships=rank_rows(league, list(groups.values())),
        rule_text=rule_text(league),
        games=sum(r.played for r in players.values()) // seats,
        has_partnerships=size > 1,
    )


TABLE_COLUMNS = [
    ("rank_label", "Rank"),
    ("name", "Name"),
    ("played", "Played"),
    ("won", "Won"),
    ("lost", "Lost"),
    ("win_pct", "Win %"),
    ("avg_score", "Avg score"),
    ("points_for", "Points for"),
    ("points_against", "Points against"),
    ("diff", "Difference"),
    ("league_points", "League points"),
    ("hands_bid", "Hands bid"),
    ("made", "Made"),
    ("set", "Set"),
    ("make_rate", "Make %"),
    ("avg_bid", "Avg bid"),
    ("rating", "Rating"),
    ("provisional", "Provisional"),
    ("rated_games", "Rated games"),
    ("mu", "mu"),
    ("sigma", "sigma"),
]


def table_csv_rows(rows: list[TableRow], with_points: bool) -> Iterator[list[Any]]:
    columns = [c for c in TABLE_COLUMNS if with_points or c[0] != "league_points"]
    yield [label for _, label in columns]
    for row in rows:
        data = row.as_dict(with_points)
        # A shared rank is the same number twice, not the page's "=1": a cell starting
        # with = is a formula to a spreadsheet.
        data["rank_label"] = "–" if row.rank is None else row.rank
        if data["provisional"] is not None:
            data["provisional"] = "yes" if data["provisional"] else "no"
        yield ["" if data[key] is None else data[key] for key, _ in columns]
