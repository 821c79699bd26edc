"""Reads for clubs and leagues: league tables, player histories, club nights, exports.

Every read here runs a fixed number of queries whatever the number of games: totals are
aggregated in the database from the games' cached final scores and winner (Game.scores,
Game.winner) and from the hand columns (bidder, bid, made, awards).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from fractions import Fraction
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import (
    Case,
    Count,
    F,
    FilteredRelation,
    Func,
    IntegerField,
    OuterRef,
    Prefetch,
    Q,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Greatest, Least, Mod, TruncDate
from django.db.models.lookups import Exact, GreaterThan
from django.utils import timezone

from smear_scores import rules
from smear_scores.models import Club, Game, Hand, League, Player, Rating, Seat

HANDS_PER_PAGE = 25
GAMES_PER_PAGE = 30
RATINGS_SHOWN = 50


# -- placings ---------------------------------------------------------------------------


def game_placings(scores: Sequence[int], winner: int | None) -> tuple[int, ...]:
    """Each team's place in a finished game: the winner first, then the other teams by
    final score; teams on the same score share the better place (2, 2)."""
    places = []
    for team, score in enumerate(scores):
        if team == winner:
            places.append(1)
        else:
            better = sum(1 for t, s in enumerate(scores) if t != winner and s > score)
            places.append(2 + better if winner is not None else 1 + better)
    return tuple(places)


def ordinal_word(place: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")


# -- the league table --------------------------------------------------------------------


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
    rating: float | None = None
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
            "rating": None if self.rating is None else round(self.rating, 2),
        }


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

    @property
    def with_points(self) -> bool:
        return self.league.ranking == League.Ranking.LEAGUE_POINTS


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


def _sort_key(league: League, row: TableRow) -> tuple:
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
    first_at: dict[tuple, int] = {}
    sizes: dict[tuple, int] = {}
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

    def _parts(self, compiler, connection):
        field_sql, field_params = compiler.compile(self.source_expressions[0])
        index = self.source_expressions[1]
        if isinstance(index, Value) and isinstance(index.value, int):
            return field_sql, field_params, None, [], int(index.value)
        index_sql, index_params = compiler.compile(index)
        return field_sql, field_params, index_sql, index_params, None

    def as_sqlite(self, compiler, connection, **extra):
        field_sql, field_params, index_sql, index_params, fixed = self._parts(compiler, connection)
        if fixed is not None:
            return f"JSON_EXTRACT({field_sql}, '$[{fixed}]')", field_params
        path = f"'$[' || CAST({index_sql} AS INTEGER) || ']'"
        return f"JSON_EXTRACT({field_sql}, {path})", [*field_params, *index_params]

    def as_postgresql(self, compiler, connection, **extra):
        field_sql, field_params, index_sql, index_params, fixed = self._parts(compiler, connection)
        if fixed is not None:
            return f"(({field_sql}) ->> {fixed})::integer", field_params
        return (
            f"(({field_sql}) ->> CAST({index_sql} AS INTEGER))::integer",
            [*field_params, *index_params],
        )


class AwardOf(Func):
    """The team a hand's point went to: ``AwardOf(awards, "$.<key>")``; SQL NULL when the
    key is missing or nobody took it. One JSON read. SQLite and PostgreSQL."""

    output_field = IntegerField()
    arity = 2

    def as_sqlite(self, compiler, connection, **extra):
        field_sql, params = compiler.compile(self.source_expressions[0])
        path = self.source_expressions[1].value
        return f"JSON_EXTRACT({field_sql}, %s)", [*params, path]

    def as_postgresql(self, compiler, connection, **extra):
        field_sql, params = compiler.compile(self.source_expressions[0])
        key = self.source_expressions[1].value.removeprefix("$.")
        return f"(({field_sql}) ->> %s)::integer", [*params, key]


def _league_points(league: League, teams: int, own, total) -> Case:
    """The league points for the seat's place (game_placings, in SQL): 1st for the
    winner; with three teams, 2nd unless the other losing team scored more."""
    first, second, third = league.placing_points()
    won = Q(game__winner=F("team"))
    if teams == 2:
        return Case(When(won, then=Value(first)), default=Value(second))
    if teams == 3:
        other_loser = total - own - ScoreAt("game__scores", F("game__winner"))
        return Case(
            When(won, then=Value(first)),
            When(GreaterThan(other_loser, own), then=Value(third)),
            default=Value(second),
        )
    raise ValueError(f"No league points for {teams} teams a game.")


def _results(league: League, teams: int, group_by: list[str], seats) -> list[dict]:
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
            lps=Sum(_league_points(league, teams, own, total)),
        )
        .order_by()
    )


def _add(row: TableRow, result: dict) -> None:
    row.played += result["played"]
    row.won += result["won"]
    row.points_for += result["pf"] or 0
    row.against_total += (result["total"] or 0) - (result["pf"] or 0)
    row.league_points += result["lps"] or 0


def _add_bids(row: TableRow, bids: dict) -> None:
    row.hands_bid += bids["hands"]
    row.made += bids["made"]
    row.bid_total += bids["bids"] or 0


def league_table(league: League) -> LeagueTable:
    """The league's player and partnership tables from its finished games: three queries,
    whatever the number of games.

    Both variants seat two partners per team (S1, W1), so every seat of a finished game
    belongs to exactly one partnership: the partnerships' results are aggregated in the
    database and each player's are their partnerships' summed. Bids are aggregated per
    (bidder, partner), which gives both the players' and the partnerships' bids."""
    variant = league.rules_variant
    teams, seats = variant.teams, variant.players
    if seats != 2 * teams:
        raise ValueError(f"{variant.name}: league tables expect two partners per team.")
    finished = Q(game__league=league, game__finished=True)

    # Results per partnership: the team's first seat and its partner `teams` seats round.
    pair_seats = (
        Seat.objects.filter(finished, position__lt=teams)
        .annotate(
            partner=FilteredRelation(
                "game__seats", condition=Q(game__seats__position=F("position") + teams)
            )
        )
        .filter(player__isnull=False, partner__player__isnull=False)
        .annotate(
            team=F("position"),
            lo=Least("player_id", "partner__player_id"),
            hi=Greatest("player_id", "partner__player_id"),
        )
    )
    pair_results = _results(league, teams, ["lo", "hi"], pair_seats)

    # Bids per (bidder, the bidder's partner).
    bids = (
        Hand.objects.filter(finished, thrown_in=False)
        .annotate(
            me=FilteredRelation("game__seats", condition=Q(game__seats__position=F("bidder"))),
            mate=FilteredRelation(
                "game__seats",
                condition=Q(game__seats__position=(F("bidder") + teams) % seats),
            ),
        )
        .values("me__player_id", "mate__player_id")
        .annotate(hands=Count("id"), made=Count("id", filter=Q(made=True)), bids=Sum("bid"))
        .order_by()
    )

    latest = Rating.objects.filter(player=OuterRef("pk")).order_by("-seq").values("ordinal")[:1]
    roster = {
        p.pk: p
        for p in Player.objects.filter(club_id=league.club_id).annotate(rating=Subquery(latest))
    }

    def player_row(player_id: int) -> TableRow:
        if player_id not in players:
            player = roster[player_id]
            players[player_id] = TableRow(
                names=[player.name], player_ids=[player.pk], opponents=teams - 1
            )
            players[player_id].rating = player.rating
        return players[player_id]

    players: dict[int, TableRow] = {}
    pairs: dict[tuple[int, int], TableRow] = {}
    for result in pair_results:
        key = (result["lo"], result["hi"])
        first, second = sorted((roster[k] for k in key), key=lambda p: p.name.casefold())
        pairs[key] = row = TableRow(
            names=[first.name, second.name], player_ids=[first.pk, second.pk], opponents=teams - 1
        )
        _add(row, result)
        for player_id in key:
            _add(player_row(player_id), result)
    for result in bids:
        me, mate = result["me__player_id"], result["mate__player_id"]
        if me in players:
            _add_bids(players[me], result)
        key = (min(me, mate), max(me, mate)) if me and mate else None
        if key in pairs:
            _add_bids(pairs[key], result)

    return LeagueTable(
        league=league,
        players=rank_rows(league, list(players.values())),
        partnerships=rank_rows(league, list(pairs.values())),
        rule_text=rule_text(league),
        games=sum(r.played for r in pairs.values()) // teams,
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
]


# -- look-ups ----------------------------------------------------------------------------


def club_get(*, slug: str) -> Club:
    return Club.objects.get(slug=slug)


def league_get(*, league_id: int) -> League:
    return League.objects.select_related("club").get(pk=league_id)


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
        club.leagues.annotate(
            n_games=Count("games"), n_finished=Count("games", filter=Q(games__finished=True))
        ).order_by("-start_date", "name")
    )


def club_nights(club: Club, limit: int = 20) -> list[dict]:
    """The latest dates on which the club played, with their number of games."""
    return list(
        Game.objects.filter(league__club=club)
        .annotate(day=TruncDate("created_at"))
        .values("day")
        .annotate(games=Count("id"), playing=Count("id", filter=Q(finished=False)))
        .order_by("-day")[:limit]
    )


def club_roster(club: Club) -> list[Player]:
    return list(club.players.order_by("name"))


def _seats_prefetch() -> Prefetch:
    return Prefetch("seats", queryset=Seat.objects.order_by("position"))


@dataclass
class GameLine:
    game: Game
    teams: list[dict]
    status: str


def game_line(game: Game) -> GameLine:
    """A game as one line of a list: its teams with players and scores, and its state."""
    variant = game.rules_variant
    seats = list(game.seats.all())
    teams = []
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
    if game.finished:
        status = f"Finished: {variant.team_label(game.winner)} won"
    elif game.hands_played:
        status = f"Playing: {game.hands_played} hand{'s' if game.hands_played != 1 else ''}"
    else:
        status = "Starting"
    return GameLine(game=game, teams=teams, status=status)


def league_games(league: League) -> list[GameLine]:
    games = league.games.prefetch_related(_seats_prefetch()).order_by("-created_at", "-id")
    return [game_line(g) for g in games]


def _day_bounds(day: date) -> tuple[datetime, datetime]:
    tz = timezone.get_current_timezone()
    start = timezone.make_aware(datetime.combine(day, time.min), tz)
    return start, start + timedelta(days=1)


def night_games(club: Club, day: date) -> list[GameLine]:
    """Every league game of the club started on ``day`` (local time), tables still playing
    first, then the finished ones; two queries."""
    start, end = _day_bounds(day)
    games = (
        Game.objects.filter(league__club=club, created_at__gte=start, created_at__lt=end)
        .select_related("league")
        .prefetch_related(_seats_prefetch())
        .order_by("finished", "created_at", "id")
    )
    return [game_line(g) for g in games]


# -- the player's page -------------------------------------------------------------------

# Every point category of every variant, Game last (the card-points point).
POINT_LABELS = dict(
    sorted(
        {p.key: p.label for variant in rules.VARIANTS.values() for p in variant.points}.items(),
        key=lambda item: (item[0] == "game", item[0] != "high", item[0] != "low"),
    )
)


@dataclass
class PlayerPage:
    player: Player
    played: int
    won: int
    games: Page
    partners: list[dict]
    bids: list[dict]
    categories: list[dict]
    awarded_hands: int
    hands: Page
    ratings: list[Rating]  # newest first, at most RATINGS_SHOWN
    rated_games: int

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def rating(self) -> Rating | None:
        return self.ratings[0] if self.ratings else None


def _teams_of_game() -> Case:
    """The number of teams of the seat's game, from its variant (no JSON to read)."""
    return Case(
        *[When(game__variant=slug, then=Value(v.teams)) for slug, v in rules.VARIANTS.items()],
        output_field=IntegerField(),
    )


def player_page(player: Player, *, games_page: Any = 1, hands_page: Any = 1) -> PlayerPage:
    """Everything the player's page shows, in a fixed number of queries."""
    seats = Seat.objects.filter(player=player).annotate(
        teams=_teams_of_game(), team=Mod(F("position"), F("teams"))
    )
    totals = seats.filter(game__finished=True).aggregate(
        played=Count("id"), won=Count("id", filter=Q(game__winner=F("team")))
    )

    # Games, newest first, with every seat (for partners and opponents).
    game_qs = (
        Game.objects.filter(seats__player=player)
        .select_related("league")
        .prefetch_related(_seats_prefetch())
        .order_by("-created_at", "-id")
    )
    games = Paginator(game_qs, GAMES_PER_PAGE).get_page(games_page)
    lines = []
    for game in games.object_list:
        line = game_line(game)
        mine = next((i for i, t in enumerate(line.teams) if player.pk in t["player_ids"]), None)
        line.mine = mine
        line.partners = (
            [
                n
                for n, pid in zip(
                    line.teams[mine]["players"], line.teams[mine]["player_ids"], strict=True
                )
                if pid != player.pk
            ]
            if mine is not None
            else []
        )
        if game.finished and mine is not None:
            line.place = game_placings(game.scores, game.winner)[mine]
            if game.winner == mine:
                line.result = "Won"
            elif len(line.teams) == 2:
                line.result = "Lost"
            else:
                line.result = f"Lost ({ordinal_word(line.place)})"
        else:
            line.place = None
            line.result = "Playing"
        lines.append(line)
    games.object_list = lines

    # Partners: the other seat of the player's team in every finished game.
    partner_rows = (
        seats.filter(game__finished=True)
        .annotate(
            mate=FilteredRelation(
                "game__seats",
                condition=Q(game__seats__position=F("position") + _teams_of_game())
                | Q(game__seats__position=F("position") - _teams_of_game()),
            )
        )
        .filter(mate__player__isnull=False)
        .values("mate__player_id", "mate__player__name")
        .annotate(games=Count("id"), won=Count("id", filter=Q(game__winner=F("team"))))
        .order_by("-games", "mate__player__name")
    )
    partners = [
        {
            "player_id": r["mate__player_id"],
            "name": r["mate__player__name"],
            "games": r["games"],
            "won": r["won"],
            "win_pct": round(100 * r["won"] / r["games"], 1),
        }
        for r in partner_rows
    ]

    # Hands this player bid (their seat is the bidder's seat), in every game.
    bid_hands = (
        Hand.objects.filter(thrown_in=False)
        .annotate(
            mine=FilteredRelation(
                "game__seats",
                condition=Q(game__seats__player=player, game__seats__position=F("bidder")),
            )
        )
        .filter(mine__isnull=False)
    )
    bids = [
        {
            "bid": r["bid"],
            "hands": r["hands"],
            "made": r["made"],
            "set": r["hands"] - r["made"],
            "make_rate": round(100 * r["made"] / r["hands"], 1),
        }
        for r in bid_hands.values("bid")
        .annotate(hands=Count("id"), made=Count("id", filter=Q(made=True)))
        .order_by("bid")
    ]
    hand_qs = bid_hands.select_related("game").order_by("-created_at", "-id")
    hands = Paginator(hand_qs, HANDS_PER_PAGE).get_page(hands_page)

    # Point categories the player's team took, in hands whose awards were entered.
    team_hands = (
        Hand.objects.filter(thrown_in=False, awards__isnull=False)
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

    taken = team_hands.aggregate(
        hands=Count("id"),
        **{f"t_{key}": Count("id", filter=took(key)) for key in POINT_LABELS},
        **{f"n_{key}": Count("id", filter=Q(awards__has_key=key)) for key in POINT_LABELS},
    )
    categories = [
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

    # The latest ratings, newest first (the history table shows these; the count says how
    # many games were rated in all).
    ratings = list(
        Rating.objects.filter(player=player).select_related("game").order_by("-seq")[:RATINGS_SHOWN]
    )
    rated_games = Rating.objects.filter(player=player).count()
    return PlayerPage(
        player=player,
        played=totals["played"],
        won=totals["won"],
        games=games,
        partners=partners,
        bids=bids,
        categories=categories,
        awarded_hands=taken["hands"],
        hands=hands,
        ratings=ratings,
        rated_games=rated_games,
    )


# -- exports -----------------------------------------------------------------------------


def league_hand_rows(league: League) -> Iterator[list[Any]]:
    """Every recorded hand of the league's games, oldest game first, as CSV rows
    (a header first). Two queries, streamed."""
    variant = league.rules_variant
    teams = [variant.team_label(t) for t in range(variant.teams)]
    keys = list(variant.point_keys)
    yield [
        "game",
        "started",
        "finished",
        "hand",
        "dealer",
        "thrown_in",
        "bidder",
        "bidding_team",
        "bid",
        "made",
        *[f"points {t}" for t in teams],
        *[f"{variant.category(k).label} to" for k in keys],
        *[f"score {t}" for t in teams],
    ]
    names: dict[int, list[str]] = {}
    for game_id, name in (
        Seat.objects.filter(game__league=league)
        .order_by("game_id", "position")
        .values_list("game_id", "name")
    ):
        names.setdefault(game_id, []).append(name)
    hands = (
        Hand.objects.filter(game__league=league)
        .order_by("game__created_at", "game_id", "number")
        .values_list(
            "game_id",
            "game__public_id",
            "game__created_at",
            "game__finished",
            "number",
            "dealer",
            "thrown_in",
            "bidder",
            "bid",
            "made",
            "points",
            "awards",
            "scores_after",
        )
    )
    for (
        game_id,
        public_id,
        created,
        finished,
        number,
        dealer,
        thrown_in,
        bidder,
        bid,
        made,
        points,
        awards,
        scores,
    ) in hands.iterator(chunk_size=2000):
        seat_names = names.get(game_id, [])
        yield [
            public_id,
            timezone.localtime(created).strftime("%Y-%m-%d %H:%M"),
            "yes" if finished else "no",
            number,
            seat_names[dealer] if dealer < len(seat_names) else dealer + 1,
            "yes" if thrown_in else "no",
            "" if bidder is None else seat_names[bidder],
            "" if bidder is None else teams[variant.team_of(bidder)],
            "" if bid is None else bid,
            "" if made is None else ("made" if made else "set"),
            *list(points or [0] * len(teams)),
            *["" if not awards or awards.get(k) is None else teams[awards[k]] for k in keys],
            *list(scores),
        ]


def table_csv_rows(rows: list[TableRow], with_points: bool) -> Iterator[list[Any]]:
    columns = [c for c in TABLE_COLUMNS if with_points or c[0] != "league_points"]
    yield [label for _, label in columns]
    for row in rows:
        data = row.as_dict(with_points)
        # A shared rank is the same number twice, not the page's "=1": a cell starting
        # with = is a formula to a spreadsheet.
        data["rank_label"] = "–" if row.rank is None else row.rank
        yield ["" if data[key] is None else data[key] for key, _ in columns]
