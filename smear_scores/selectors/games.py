"""Reads that build what the screens and the API show about games."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypedDict

from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import (
    Aggregate,
    Exists,
    F,
    OuterRef,
    Prefetch,
    QuerySet,
    Subquery,
    TextField,
)
from django.db.models.sql.compiler import SQLCompiler
from django.utils import timezone

from smear_scores import rules
from smear_scores.models import Game, Hand, RoundTable, Seat
from smear_scores.models.prepared import PreparedRead
from smear_scores.request_refusals import Gone
from smear_scores.selectors.house_rules import house_rules_id, is_house_variant

# The alphabet and length of Game.public_id (secrets.token_urlsafe, at most 16 characters).
PUBLIC_ID = re.compile(r"[A-Za-z0-9_-]{1,16}")


@dataclass(frozen=True)
class TeamView:
    index: int
    # The team as the table calls it: the name it was given, else its partners.
    label: str
    # Its partners, "Cy & Flo" (the same as label for a team without a name).
    partners: str
    players: list[str]
    seats: list[int]
    score: int
    needed: int
    is_winner: bool


# Where seat_names keeps a game's players' names once read (only names are needed to
# score and show a game; reading them alone is cheaper than whole Seat rows).
_SEAT_NAMES = "_seat_names"


class GameRemoved(Gone):
    """The game was removed by its scorer (services.game_remove): 410, with when."""

    def __init__(self, game: Game):
        self.game = game
        super().__init__(removed_text(game), field="id")


class _SeatsJson(Aggregate):
    """A game's seats as one JSON text, ``[[position, name], ...]`` in no set order (a
    plain aggregate on both databases; game_get puts them in seat order)."""

    output_field = TextField()
    template = "json_group_array(json_array(%(expressions)s))"

    def as_postgresql(
        self, compiler: SQLCompiler, connection: BaseDatabaseWrapper, **extra: Any
    ) -> tuple[str, tuple[Any, ...]]:
        return super().as_sql(
            compiler, connection, template="json_agg(json_build_array(%(expressions)s))::text"
        )


def _game_with_names(public_id: str) -> QuerySet[Game]:
    seats = (
        Seat.objects.filter(game=OuterRef("pk"))
        .order_by()
        .values("game")
        .annotate(pairs=_SeatsJson("position", "name"))
        .values("pairs")
    )
    return Game.objects.annotate(seats_json=Subquery(seats)).filter(public_id=public_id).order_by()


# Every board and every write reads the game this way: its SQL is built once.
_GAME_WITH_NAMES = PreparedRead(_game_with_names, slot="\x00public_id\x00")


def game_get(*, public_id: str, removed: bool = False) -> Game:
    """The game with its players' names (one query). Raises Game.DoesNotExist, and
    GameRemoved (one) for a game its scorer removed unless ``removed``.

    An id that no game could have (another alphabet, a NUL, too long) is not looked up:
    PostgreSQL refuses a NUL in a query, and such an id is simply not a game's."""
    if not PUBLIC_ID.fullmatch(public_id):
        raise Game.DoesNotExist(f"No game has the id {public_id!r}.")
    game = _GAME_WITH_NAMES.first(public_id)
    if game is None:
        raise Game.DoesNotExist(f"No game has the id {public_id!r}.")
    pairs = json.loads(game.__dict__.pop("seats_json") or "[]")
    game.__dict__[_SEAT_NAMES] = [name for _, name in sorted(pairs)]
    if game.removed_at is not None and not removed:
        raise GameRemoved(game)
    return game


def removed_text(game: Game) -> str:
    """'This game was removed on Mon 30 Nov 2026 at 06:52 (UTC).'"""
    at = timezone.localtime(game.removed_at)
    return f"This game was removed on {at:%a %-d %b %Y at %H:%M} ({at.tzname()})."


def is_casual(game: Game) -> bool:
    """A game a table started for itself: not a league game, not a round of a club night
    (those are the club's record). Reads the ``in_night`` device_games annotates, else
    asks (one query)."""
    if game.league_id is not None:
        return False
    in_night = getattr(game, "in_night", None)
    if in_night is None:
        in_night = RoundTable.objects.filter(game_id=game.pk).exists()
    return not in_night


def carry_seat_names(*, source: Game, to: Game) -> None:
    """Give ``to`` (the same game read again) the names ``source`` already holds."""
    names = source.__dict__.get(_SEAT_NAMES)
    if names is not None and to.pk == source.pk:
        to.__dict__[_SEAT_NAMES] = names


def seat_names(game: Game) -> list[str]:
    """The players' names in seat order: from seats prefetched with the game, else read
    once (one query) and kept on the game."""
    names = game.__dict__.get(_SEAT_NAMES)
    if names is None:
        if "seats" in getattr(game, "_prefetched_objects_cache", {}):
            return [seat.name for seat in game.seats.all()]
        ordered = Seat.objects.filter(game_id=game.pk).order_by("position")
        names = game.__dict__[_SEAT_NAMES] = list(ordered.values_list("name", flat=True))
    return list(names)


def partner_names(game: Game) -> tuple[str, ...]:
    """Each team by its partners' names ("Cy & Flo"), whatever name it was given."""
    return game.rules_variant.seat_team_names(seat_names(game))


def team_names(game: Game) -> tuple[str, ...]:
    """Each team as the table calls it: the name the table gave it ("Sharks"), else its
    partners' names ("Cy & Flo"). Every screen, message and export names teams by this."""
    given = list(game.team_names or [])
    return tuple(
        given[team] if team < len(given) and given[team] else partners
        for team, partners in enumerate(partner_names(game))
    )


def game_variant(game: Game) -> rules.Variant:
    """The rules the game is played by: its frozen variant with the per-game options the
    table chose folded in (a smudge, a stuck dealer), as the engine plays them; the game
    row folds them already (Game.rules_variant)."""
    return game.rules_variant


def named_variant(game: Game) -> rules.Variant:
    """The game's rules (game_variant) speaking of its teams by their players' names."""
    return game_variant(game).named(team_names(game))


def named_state(game: Game, state: rules.GameState | None = None) -> rules.GameState:
    """Standings (the game's own by default) whose messages name the teams."""
    return replace(state or game.state(), variant=named_variant(game))


def game_teams(game: Game) -> list[TeamView]:
    variant = named_variant(game)
    names = seat_names(game)
    partners = partner_names(game)
    state = game.state()
    return [
        TeamView(
            index=team,
            label=variant.team_label(team),
            partners=partners[team],
            players=[names[s] for s in variant.seats_of(team)],
            seats=list(variant.seats_of(team)),
            score=state.scores[team],
            needed=state.needed(team),
            is_winner=state.winner == team,
        )
        for team in range(variant.teams)
    ]


def game_house_rules(game: Game) -> dict[str, Any]:
    """For a game played by house rules: the id of the saved set it started from (while the
    set is kept) and its rules as frozen (``settings``); {} for a game of a preset."""
    variant = game.rules_variant
    if not is_house_variant(variant):
        return {}
    found: dict[str, Any] = {"settings": rules.settings_of(variant)}
    public_id = house_rules_id(variant)
    if public_id is not None and game.house_rules_id is not None:
        found["house_rules"] = public_id
    return found


def game_hands(game: Game) -> list[Hand]:
    """Every hand in order, with the running totals cached on each (one query)."""
    return list(game.hands.order_by("number"))


# What the API shows of each hand, in its words (schemas.HandOut).
HAND_VALUES = ("number", "dealer", "thrown_in", "bidder", "bid", "points", "awards", "made")


def game_hand_values(game: Game) -> list[dict[str, Any]]:
    """Every hand in order as plain values, the running totals as ``scores`` (one query).
    An API answer lists every hand of the game: a model per hand cost more than the rest
    of a hand's answer (measured)."""
    return list(
        game.hands.order_by("number").values(*HAND_VALUES, "card_points", scores=F("scores_after"))
    )


def game_replay(game: Game) -> tuple[rules.GameState, list[rules.HandResult]]:
    """A full replay by the rules engine from the stored hands (checks the cache)."""
    return rules.replay(
        game.rules_variant, game.options, game.first_dealer, [h.entry() for h in game_hands(game)]
    )


# -- what the screens show ----------------------------------------------------------------
RECENT_HANDS = 5


@dataclass(frozen=True)
class HandRow:
    """One hand as the scoreboard and the history show it."""

    number: int
    dealer: str
    thrown_in: bool
    bidder: str | None
    bidding_team: int | None
    bid: int | None
    made: bool | None
    points: list[int]
    totals: list[int]
    edited: bool
    # The dealer's team (a thrown-in deal may set it back, all_pass dealer_set_back).
    dealer_team: int
    # The card points each team counted, when the table counted Game (D13).
    card_points: list[int] | None = None

    @property
    def counts(self) -> str:
        """'34–27–20': the counts in team order, or '' when the table did not count."""
        if self.card_points is None:
            return ""
        return "–".join(str(c) for c in self.card_points)

    @property
    def counted(self) -> str:
        """'Game 34–27–20', or '' when the table did not count."""
        return f"Game {self.counts}" if self.counts else ""

    @property
    def result(self) -> str:
        if self.thrown_in:
            return "thrown in"
        return "made" if self.made else "set"

    @property
    def key(self) -> str:
        """Everything the row shows, as one string: the key its drawing is kept under
        (templates/games/_hands_table.html), which an edit of any of it changes."""
        return repr(self)

    @property
    def cells(self) -> list[tuple[int, int, int]]:
        """(team, points taken, running total) per team."""
        return [(t, p, s) for t, (p, s) in enumerate(zip(self.points, self.totals, strict=True))]


@dataclass(frozen=True)
class Board:
    """The scoreboard: standings from the game's cache, never a replay."""

    game: Game
    variant: rules.Variant
    names: list[str]
    teams: list[TeamView]
    next_number: int
    dealer: str
    first_bidder: str
    finished: bool
    winner: str | None
    reason: str
    # The rule id that explains ``reason`` (the rules page's anchor).
    reason_rule: str
    recent: list[HandRow]
    # The game was written between its read and its last hands' read: the board is drawn
    # from the game as it is now, for this phone only, and none of its parts is kept
    # under the version the page was asked at (templatetags.parts).
    moved: bool = False

    @property
    def hands_played(self) -> int:
        return self.game.hands_played

    @property
    def winner_words(self) -> str:
        """'Cy & Flo win!', 'Sharks win!'; a player alone (cutthroat): 'Ann wins!'."""
        if self.winner is None:
            return ""
        won = self.game.winner
        alone = self.variant.cutthroat and won is not None and self.winner == self.names[won]
        return f"{self.winner} {'wins' if alone else 'win'}!"

    @property
    def house_rules(self) -> list[tuple[str, str]]:
        """The game's per-game options as the table agreed them (W2, W10a, W10b), each
        with the rule id that explains it."""
        said = []
        for option in self.variant.options:
            value = self.game.options.get(option.name, option.default)
            if option.type is bool:
                if value:
                    said.append((option.label, option.rule))
            else:
                said.append((f"{option.label}: {value}", option.rule))
        return said

    @property
    def more_hands(self) -> bool:
        return self.game.hands_played > len(self.recent)


def _hand_row(variant: rules.Variant, names: list[str], hand: Hand) -> HandRow:
    return HandRow(
        number=hand.number,
        dealer=names[hand.dealer],
        thrown_in=hand.thrown_in,
        bidder=names[hand.bidder] if hand.bidder is not None else None,
        bidding_team=variant.team_of(hand.bidder) if hand.bidder is not None else None,
        bid=hand.bid,
        made=hand.made,
        points=list(hand.points) if not hand.thrown_in else [0] * variant.teams,
        totals=list(hand.scores_after),
        edited=hand.revisions > 0,
        dealer_team=variant.team_of(hand.dealer),
        card_points=list(hand.card_points) if hand.card_points is not None else None,
    )


# The last hands every board shows: its SQL is built once.
class _Stamped(TypedDict):
    game_stamp: datetime | None


if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations

    # A hand with its game's updated_at as of the same read (_with_game_stamp).
    StampedHand = WithAnnotations[Hand, _Stamped]


def _with_game_stamp(hands: QuerySet[Hand]) -> QuerySet[StampedHand]:
    # The game's updated_at read in the same statement as its hands (one snapshot): a
    # game written between its read and this one is seen, never drawn half old, half new.
    stamp = Game.objects.filter(pk=OuterRef("game_id")).values("updated_at")[:1]
    return hands.annotate(game_stamp=Subquery(stamp))


_RECENT_HANDS = PreparedRead(
    lambda game_id: _with_game_stamp(Hand.objects.filter(game_id=game_id)).order_by("-number")[
        :RECENT_HANDS
    ],
    slot=-(2**62) - 5,
)
# A game written this many times between its read and its hands' read is drawn as the
# last read left it (a game cannot be written that fast by a table).
BOARD_READS = 3


def _last_hands(game: Game, recent: int) -> list[StampedHand] | None:
    """The game's last ``recent`` hands as of ``game`` (its version), or None when the
    game was written since it was read."""
    if not game.hands_played:
        return []
    last: list[StampedHand]
    if recent == RECENT_HANDS:
        last = _RECENT_HANDS.all(game.pk)
    else:
        last = list(_with_game_stamp(game.hands.all()).order_by("-number")[:recent])
    if not last or last[0].number != game.hands_played or last[0].game_stamp != game.updated_at:
        return None
    return last


def game_board(game: Game, *, recent: int = RECENT_HANDS) -> Board:
    """What the scoreboard shows: a fixed number of queries however long the game is
    (the seats, if not prefetched, and the last few hands). The end of the game is said as
    the write stored it, in the teams' names: nothing is replayed here. The standings and
    the last hands are of one version: a game written between the two reads is read again
    (``Board.moved``)."""
    moved = False
    last = _last_hands(game, recent)
    for _ in range(BOARD_READS):
        if last is not None:
            break
        moved = True
        try:
            game = game_get(public_id=game.public_id, removed=True)
        except Game.DoesNotExist:
            break
        last = _last_hands(game, recent)
    last = last or []
    variant = named_variant(game)
    names = seat_names(game)
    state = game.state()
    return Board(
        game=game,
        variant=variant,
        names=names,
        teams=game_teams(game),
        next_number=state.next_number,
        dealer=names[state.dealer],
        first_bidder=names[state.first_bidder],
        finished=state.finished,
        winner=variant.team_label(state.winner) if state.winner is not None else None,
        reason=state.reason,
        reason_rule=state.reason_rule,
        recent=[_hand_row(variant, names, h) for h in last],
        moved=moved,
    )


def game_history(game: Game) -> list[HandRow]:
    """Every hand in order (one query)."""
    variant = named_variant(game)
    names = seat_names(game)
    return [_hand_row(variant, names, h) for h in game_hands(game)]


def hand_get(game: Game, number: int) -> Hand:
    """One hand of the game; raises Hand.DoesNotExist."""
    return game.hands.get(number=number)


def hand_find(game: Game, number: int) -> Hand | None:
    """One hand of the game, or None when it has no such hand (any more)."""
    return game.hands.filter(number=number).first()


def hand_text(game: Game, hand: Hand) -> str:
    """'Hand 7: Dee bid 4 and Team A took 5, made · Team B 1' — a stored hand in one line."""
    variant = named_variant(game)
    row = _hand_row(variant, seat_names(game), hand)
    return row_text(variant, row)


def row_text(variant: rules.Variant, row: HandRow) -> str:
    label = variant.team_label
    if row.thrown_in:
        if variant.all_pass == "dealer_set_back":
            return (
                f"Hand {row.number} ({row.dealer} dealt): thrown in, "
                f"{label(row.dealer_team)} set back {variant.all_pass_points}"
            )
        return f"Hand {row.number} ({row.dealer} dealt): thrown in, no score"
    bidders = row.bidding_team
    assert bidders is not None, "a hand that was played has a bidding team"
    parts = [
        f"Hand {row.number} ({row.dealer} dealt): {row.bidder} bid {row.bid}, "
        f"{label(bidders)} took {row.points[bidders]}, {row.result}"
    ]
    parts += [f"{label(t)} took {p}" for t, p in enumerate(row.points) if t != bidders]
    return " · ".join(parts)


def result_text(game: Game, result: rules.HandResult) -> str:
    """'Cy & Flo bid 4 and took 5: made, +5 · Al & Di +1': a hand just scored, in one line."""
    return rules.describe(named_variant(game), result)


@dataclass(frozen=True)
class Chart:
    """Running totals per team as SVG polylines (drawn on the server, no script)."""

    width: int
    height: int
    lines: list[tuple[int, str]]  # (team, "x,y x,y ...")
    target_y: float
    zero_y: float
    top: int
    bottom: int
    target: int
    hands: int


def history_chart(
    variant: rules.Variant, rows: list[HandRow], *, width: int = 320, height: int = 160
) -> Chart:
    pad = 8
    totals = [[0] * variant.teams] + [row.totals for row in rows]
    values = [v for scores in totals for v in scores]
    top = max([variant.target, *values])
    bottom = min([0, *values])
    span = max(1, top - bottom)
    steps = max(1, len(totals) - 1)

    def x(i: int) -> float:
        return round(pad + (width - 2 * pad) * i / steps, 1)

    def y(v: int) -> float:
        return round(pad + (height - 2 * pad) * (top - v) / span, 1)

    lines = [
        (team, " ".join(f"{x(i)},{y(scores[team])}" for i, scores in enumerate(totals)))
        for team in range(variant.teams)
    ]
    return Chart(
        width=width,
        height=height,
        lines=lines,
        target_y=y(variant.target),
        zero_y=y(0),
        top=top,
        bottom=bottom,
        target=variant.target,
        hands=len(rows),
    )


def device_games(public_ids: list[str]) -> list[Game]:
    """The games this device scores, most recently changed first, without those removed
    (two queries)."""
    if not public_ids:
        return []
    return list(
        Game.objects.filter(public_id__in=public_ids, removed_at__isnull=True)
        .annotate(in_night=Exists(RoundTable.objects.filter(game_id=OuterRef("pk"))))
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.order_by("position")))
        .order_by("-updated_at")[:20]
    )


# -- live boards ---------------------------------------------------------------------------
def version_of(game: Game) -> str:
    """What an open board last saw of ``game``: the time of its last write (every hand
    recorded, edited or undone, and a new scoring code, save the game's row), in
    microseconds. Kept in the database, so any app process on any machine agrees."""
    return str(int(game.updated_at.timestamp() * 1_000_000))


def stamp_version(stamp: datetime) -> str:
    """version_of for a bare updated_at (what the live feeds read)."""
    return str(int(stamp.timestamp() * 1_000_000))


def game_key(*, public_id: str) -> tuple[int, str] | None:
    """The game's row id and version (version_of) by one query on the unique public_id
    index, for a live board's stream; None when there is no such game."""
    if not PUBLIC_ID.fullmatch(public_id):
        return None
    found = list(
        Game.objects.filter(public_id=public_id).order_by().values_list("pk", "updated_at")[:1]
    )
    return (found[0][0], stamp_version(found[0][1])) if found else None


def games_changed_since(since: datetime) -> list[tuple[int, str]]:
    """(row id, version) of every game written after ``since``: one query on the
    updated_at index, whatever the number of games and of boards open."""
    rows = Game.objects.filter(updated_at__gt=since).order_by().values_list("pk", "updated_at")
    return [(pk, stamp_version(stamp)) for pk, stamp in rows]


def game_versions(ids: list[int]) -> list[tuple[int, str]]:
    """(row id, version) of the given games, by primary key."""
    rows = Game.objects.filter(pk__in=ids).order_by().values_list("pk", "updated_at")
    return [(pk, stamp_version(stamp)) for pk, stamp in rows]


def game_version(*, public_id: str) -> str | None:
    """The game's version (version_of) by one query on the unique public_id index; None
    when there is no such game. An id no game could have is not looked up (game_get)."""
    if not PUBLIC_ID.fullmatch(public_id):
        return None
    found = list(
        Game.objects.filter(public_id=public_id).order_by().values_list("updated_at", flat=True)[:1]
    )
    return str(int(found[0].timestamp() * 1_000_000)) if found else None
