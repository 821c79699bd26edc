"""Reads for progressive nights: the rounds and their table cards, the standings, the
room view's version stamp."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace
from datetime import datetime
from fractions import Fraction

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils import timezone

from smear_scores.models import (
    Club,
    Correction,
    Entrant,
    Game,
    Hand,
    League,
    Night,
    Player,
    Round,
    RoundTable,
    Seat,
)
from smear_scores.rules import partners_label
from smear_scores.rules.night_scoring import BID_BONUS, TOTAL_POINTS
from smear_scores.rules.nights import (
    SIT_OUT_RULE,
    TIE_RULE,
    PlayerTotal,
    RoundResult,
    TableResult,
    night_totals,
    points_text,
    session_highs,
)
from smear_scores.rules.substitutes import outsiders, rounds_as_counted, set_apart, without_idle
from smear_scores.selectors.agreements import awaiting
from smear_scores.selectors.clubs import play_status
from smear_scores.selectors.night_substitutes import (
    SatInLine,
    as_rules,
    night_sat_in,
    sat_in_for,
)
from smear_scores.wording import nights as words
from smear_scores.wording.words import num

__all__ = ["SIT_OUT_RULE", "TIE_RULE"]  # the night's stated rules, shown on its pages


def night_tie_rule(night: Night) -> str:
    """The tie-break the night states: its scoring system's own where it has one (win
    points and spread say theirs in the scoring sentence), else TIE_RULE."""
    return "" if night.night_scoring.spread_breaks_ties else TIE_RULE


def night_alone(night: Night) -> bool:
    """Whether each player of the night plays alone (its game is cutthroat): its pages then
    speak of players, not partnerships."""
    return night.rules_variant.cutthroat


def night_get(*, night_id: int) -> Night:
    return get_object_or_404(Night.objects.select_related("club", "league"), pk=night_id)


def night_leagues(club: Club) -> QuerySet[League]:
    """The leagues a night of ``club`` may belong to, newest first."""
    return club.leagues.order_by("-start_date")


def night_club_players(night: Night, ids: list[int]) -> list[Player]:
    """The players of ``ids`` on the night's club roster (others are ignored)."""
    return list(Player.objects.filter(club=night.club, pk__in=ids))


def night_table(night: Night, table_id: int) -> RoundTable | None:
    return (
        RoundTable.objects.filter(round__night=night, pk=table_id)
        .select_related("game", "round__night")
        .first()
    )


def club_progressive_nights(club: Club, limit: int = 20) -> list[Night]:
    return list(club.nights.order_by("-day", "-created_at")[:limit])


def night_roster(night: Night) -> tuple[list[Entrant], list[Player]]:
    """Who is checked in (present first), and the club's players not yet checked in."""
    entrants = list(
        Entrant.objects.filter(night=night)
        .select_related("player")
        .order_by("-present", "player__name")
    )
    taken = {e.player_id for e in entrants}
    roster = night.club.players.filter(kept=True, retired=False).order_by("name")
    others = [p for p in roster if p.pk not in taken]
    return entrants, others


def round_format(night: Night) -> str:
    variant = night.rules_variant
    if night.round_hands:
        what = f"{num(night.round_hands, 'hand')} a round"
    else:
        what = f"a full game a round (to {variant.target})"
    bonus = (
        f", {num(night.win_bonus, 'bonus point')} for winning a round" if night.win_bonus else ""
    )
    return f"{variant.name}: {num(night.rounds, 'round')}, {what}{bonus}"


@dataclass
class TableCard:
    pk: int
    number: int
    game: Game
    seat_ids: list[int | None]  # players by seat
    partnerships: list[list[str]]
    dealer: str
    corrections: list[Correction] = field(default_factory=list)
    names: list[str] = field(default_factory=list)  # players' names by seat
    closed_at: datetime | None = None
    closed_scores: list[int] | None = None
    close_rule: str = "leader"
    refused_at: datetime | None = None
    # A finished table whose round does not count yet (two keys): who it waits for, by
    # their players ("Bo & Di"), words.DISPUTED, or "" once it counts or needs nobody.
    awaited: str = ""
    awaited_teams: tuple[int, ...] = ()
    # On the director's screens (views.night_parts.add_scan_links): the address a phone
    # scans to score the table, and the scoring code that goes with it ("" for none).
    scan_url: str = ""
    code: str = ""

    @property
    def game_public_id(self) -> str:
        return self.game.public_id

    @property
    def hands_played(self) -> int:
        return self.game.hands_played

    @property
    def finished(self) -> bool:
        """Finished at the table, or closed by the director as it stood."""
        return self.game.finished or self.closed_at is not None

    @property
    def closed(self) -> bool:
        return self.closed_at is not None and not self.game.finished

    @property
    def winner(self) -> int | None:
        """The partnership that won the round: the game's winner, or for a table closed
        before it finished, the one ahead when it closed where the night's rule says so."""
        if self.game.finished:
            return self.game.winner
        if self.closed_scores is None or self.close_rule != "leader":
            return None
        scores = self.scores()
        best = max(scores)
        return scores.index(best) if scores.count(best) == 1 else None

    @property
    def line(self) -> str:
        """'Table 3: Ann & Di · Bo & Ed · Cy & Flo, Bo deals'."""
        teams = " · ".join(partners_label(names) for names in self.partnerships)
        return f"Table {self.number}: {teams}, {self.dealer} deals"

    @property
    def status(self) -> str:
        game = self.game
        if self.closed:
            team = self.winner
            who = "no winner"
            if team is not None:
                who = f"{partners_label(self.partnerships[team])} won"
            return f"Closed as it stood: {who}"
        won = game.winner if game.finished else None
        winner = partners_label(self.partnerships[won]) if won is not None else ""
        if self.awaited == words.DISPUTED:
            return words.DISPUTED_STATUS.format(winner=winner)
        if self.awaited:
            return words.AWAITED_STATUS.format(who=self.awaited, winner=winner)
        return play_status(finished=game.finished, hands_played=game.hands_played, winner=winner)

    def scores(self) -> list[int]:
        """Each partnership's round score, corrections included."""
        extra: defaultdict[int, int] = defaultdict(int)
        for c in self.corrections:
            extra[c.team] += c.points
        stood = (
            self.game.scores
            if self.closed_scores is None or self.game.finished
            else self.closed_scores
        )
        return [score + extra[team] for team, score in enumerate(stood)]

    def team_rows(self) -> list[tuple[int, str, int]]:
        scores = self.scores()
        return [
            (team, partners_label(names), scores[team])
            for team, names in enumerate(self.partnerships)
        ]

    def correction_rows(self) -> list[tuple[Correction, str]]:
        """Each correction with the partnership it corrected, named by its players."""
        return [(c, partners_label(self.partnerships[c.team])) for c in self.corrections]

    def result(self) -> TableResult[int]:
        return TableResult(
            seats=tuple(self.seat_ids),
            scores=tuple(self.scores()),
            winner=self.winner if self.finished else None,
            finished=self.finished,
        )


@dataclass
class RoundView:
    number: int
    seed: int
    tables: list[TableCard]
    sitting_out: list[str]
    sitting_out_ids: list[int]
    present: list[int]  # who was checked in when the round was drawn
    drawn_at: datetime | None = None

    @property
    def finished(self) -> bool:
        return all(t.finished for t in self.tables)

    def result(self) -> RoundResult[int]:
        return RoundResult(
            number=self.number,
            tables=tuple(t.result() for t in self.tables),
            sitting_out=tuple(self.sitting_out_ids),
        )


def _awaited(game: Game, partnerships: list[list[str]], club: Club, now: datetime) -> str:
    """TableCard.awaited of a table's game."""
    if not (game.confirm and game.finished) or game.counts(club, now=now):
        return ""
    if game.disputed:
        return words.DISPUTED
    teams = [partners_label(partnerships[t]) for t in awaiting(game) if t < len(partnerships)]
    return " and ".join(teams) or words.OTHER_TEAMS


@dataclass
class NightRows:
    """The rows night_rounds builds a night's rounds from: its rounds (who sat out
    prefetched), tables (their games joined), players by seat per game, corrections per
    table. selectors.season_reads reads them for many nights at once."""

    rounds: list[Round]
    tables: list[RoundTable]
    seats: dict[int, list[tuple[int | None, str]]]
    corrections: dict[int, list[Correction]]


def seats_by_game(night: Night) -> dict[int, list[tuple[int | None, str]]]:
    """An empty seating per game (no player, no name in each of the variant's seats)."""
    players = night.rules_variant.players
    return defaultdict(lambda: [(None, "")] * players)


def night_rows(night: Night) -> NightRows:
    """NightRows of one night: five queries whatever its size."""
    rounds = list(night.round_set.prefetch_related("sitting_out").order_by("number"))
    tables = list(
        RoundTable.objects.filter(round__night=night).select_related("game").order_by("number")
    )
    seats = seats_by_game(night)
    for game_id, position, pid, name in Seat.objects.filter(
        game__night_table__round__night=night
    ).values_list("game_id", "position", "player_id", "name"):
        seats[game_id][position] = (pid, name)
    corrections = defaultdict(list)
    for c in Correction.objects.filter(table__round__night=night).select_related("by"):
        corrections[c.table_id].append(c)
    return NightRows(rounds, tables, seats, corrections)


def night_names(night: Night) -> dict[int, str]:
    """Who checked in to the night: player id to name, by name. One query."""
    return dict(
        Entrant.objects.filter(night=night)
        .order_by("player__name")
        .values_list("player_id", "player__name")
    )


# Per game: each partnership's bids made, and its bids set.
Bids = tuple[dict[int, list[int]], dict[int, list[int]]]


def empty_bids(night: Night) -> Bids:
    teams = night.rules_variant.teams
    return defaultdict(lambda: [0] * teams), defaultdict(lambda: [0] * teams)


def count_bid(bids: Bids, team: int, game_id: int, was_made: bool) -> None:
    """Add one hand's bid (made or set) to its partnership's count in ``bids``."""
    made, set_ = bids
    (made if was_made else set_)[game_id][team] += 1


def night_bids(night: Night) -> Bids:
    """Each table's bids made and set per partnership, from its hands: one query."""
    bids, variant = empty_bids(night), night.rules_variant
    for game_id, bidder, was_made in Hand.objects.filter(
        game__night_table__round__night=night, bidder__isnull=False, made__isnull=False
    ).values_list("game_id", "bidder", "made"):
        if bidder is not None and was_made is not None:  # as the filter has it
            count_bid(bids, variant.team_of(bidder), game_id, was_made)
    return bids


def night_rounds(night: Night, rows: NightRows | None = None) -> list[RoundView]:
    """Every drawn round with its table cards (players by id and by name, the game, the
    corrections, who a finished table's result waits for); five queries whatever the
    size of the night, none when given its ``rows`` already read."""
    variant = night.rules_variant
    now = timezone.now()
    rows = rows or night_rows(night)
    rounds, tables, seats, corrections = rows.rounds, rows.tables, rows.seats, rows.corrections
    by_round: dict[int, list[TableCard]] = defaultdict(list)
    for t in tables:
        game = t.game
        names = [name for _, name in seats[game.pk]]
        partnerships = [[names[s] for s in variant.seats_of(team)] for team in range(variant.teams)]
        by_round[t.round_id].append(
            TableCard(
                pk=t.pk,
                number=t.number,
                game=game,
                seat_ids=[pid for pid, _ in seats[game.pk]],
                partnerships=partnerships,
                awaited=_awaited(game, partnerships, night.club, now),
                awaited_teams=tuple(awaiting(game)) if game.finished else (),
                dealer=names[game.first_dealer],
                corrections=corrections[t.pk],
                names=names,
                closed_at=t.closed_at,
                closed_scores=t.closed_scores,
                refused_at=t.refused_at,
                close_rule=night.close_rule,
            )
        )
    views = []
    for r in rounds:
        out = sorted(r.sitting_out.all(), key=lambda p: p.name)
        views.append(
            RoundView(
                number=r.number,
                seed=r.seed,
                tables=by_round[r.pk],
                sitting_out=[p.name for p in out],
                sitting_out_ids=[p.pk for p in out],
                present=list(r.present),
                drawn_at=r.drawn_at,
            )
        )
    return views


@dataclass
class Standing:
    player_id: int
    name: str
    rounds: list[
        str
    ]  # per round: a score ("8", "8*" while it awaits agreement), "out (avg)" or "–"
    played: int
    won: int
    best: int | None
    sat_out: int
    # With every table's round in, those still awaiting agreement too (marked provisional):
    # the standings as they will be once they count.
    total: Fraction
    rank: int = 0
    tied: bool = False
    spread: int = 0
    # What counts now: the total without the rounds that await agreement.
    counted: Fraction = Fraction(0)
    # Some round of the player's awaits agreement (its cell carries PROVISIONAL_MARK).
    provisional: bool = False
    # Who sat in for whom: "sat in for Christopher, rounds 2–3" (a sub), "Katherine sat
    # in, rounds 2–3" (the absent player), "" for everyone else.
    sat_in: str = ""
    # A sub who played for themself (rank 0): outside places, prizes and season points.
    outside: bool = False

    @property
    def total_text(self) -> str:
        mark = words.PROVISIONAL_MARK if self.provisional else ""
        return points_text(self.total) + mark


def _cell(t: PlayerTotal[int], number: int, waiting: set[int]) -> str:
    if number in t.scores:
        return str(t.scores[number]) + (words.PROVISIONAL_MARK if t.player in waiting else "")
    if number in t.sat_out:
        return f"out ({points_text(t.average)})"
    return "–"


def night_results(
    night: Night,
    rounds: list[RoundView],
    bids: Bids | None = None,
    lines: list[SatInLine] | None = None,
) -> tuple[list[RoundResult[int]], list[RoundResult[int]], dict[int, set[int]]]:
    """The rounds as played, the rounds as they count now, and per round who waits for
    agreement. Two keys: a table counts once its game counts (GameQuerySet.counted); until
    then its round is provisional (TableCard.awaited says who it awaits). ``bids``: the
    night's bids already read (night_bids), for a bid-bonus night."""
    waiting: dict[int, set[int]] = defaultdict(set)
    every = [r.result() for r in rounds]
    if night.night_scoring.system == BID_BONUS:
        every = _with_bids(night, rounds, every, bids)  # the night's hands, read once
    sat_in = as_rules(night_sat_in(night) if lines is None else lines)
    if sat_in:  # who a sub's rounds score for
        every = rounds_as_counted(every, sat_in, night.sub_policy, night.bye_points)
    kept_rounds = []
    for r, result in zip(rounds, every, strict=True):
        kept = []
        for card, table in zip(r.tables, result.tables, strict=True):
            if card.awaited:
                waiting[r.number].update(p for p in card.seat_ids if p is not None)
            else:
                kept.append(table)
        kept_rounds.append(replace(result, tables=tuple(kept)))
    for s in sat_in:  # a sub's round awaiting agreement awaits it for the absent player too
        for number in range(s.first, s.last + 1):
            if s.sub in waiting.get(number, ()):
                waiting[number].add(s.absent)
    return every, kept_rounds, waiting


def night_standings(
    night: Night,
    rounds: list[RoundView] | None = None,
    *,
    counted_only: bool = False,
    names: dict[int, str] | None = None,
    bids: Bids | None = None,
    lines: list[SatInLine] | None = None,
) -> list[Standing]:
    """Everyone checked in with their total and rank, by the night's rules and its scoring
    system (rules/nights.py, rules/night_scoring.py); pass the ``rounds`` already read to
    spare reading them again.

    Two keys: a table counts once its game counts (GameQuerySet.counted). Until then its
    round is in the standings as provisional: its players' cells and totals are marked
    (PROVISIONAL_MARK), ``counted`` leaves it out, and the table's card says who it awaits
    (TableCard.awaited). ``counted_only``: the standings of what counts alone (a season's).
    ``names`` (who checked in, by name), ``bids`` (night_bids) and ``lines`` (its
    substitutions, night_sat_in): read already, for many nights at once
    (selectors.season_reads)."""
    if rounds is None:
        rounds = night_rounds(night)
    if names is None:
        names = night_names(night)
    if lines is None:
        lines = night_sat_in(night)
    every, kept_rounds, waiting = night_results(night, rounds, bids, lines)
    apart = outsiders(as_rules(lines), night.sub_policy)
    if counted_only:
        every, waiting = kept_rounds, defaultdict(set)
        names = {p: n for p, n in names.items() if p not in apart}
    totals = _totals(night, every, names, lines)
    counted = {t.player: t.total for t in totals}
    if waiting:
        counted = {t.player: t.total for t in _totals(night, kept_rounds, names, lines)}
    numbers = [r.number for r in rounds]
    return [
        Standing(
            player_id=t.player,
            name=t.name,
            rounds=[_cell(t, number, waiting[number]) for number in numbers],
            played=len(t.scores),
            won=t.won,
            best=t.best,
            sat_out=len(t.sat_out),
            total=t.total,
            rank=t.rank,
            tied=t.tied,
            spread=t.spread,
            counted=counted[t.player],
            provisional=any(t.player in waiting[n] for n in numbers),
            sat_in=sat_in_for(lines, t.player),
            outside=t.player in apart,
        )
        for t in totals
    ]


def _totals(
    night: Night, rounds: list[RoundResult[int]], names: dict[int, str], lines: list[SatInLine]
) -> list[PlayerTotal[int]]:
    """night_totals by the night's scoring, with its substitutes: subs whose rounds scored
    for someone else are left out, and subs who played for themself follow unranked."""
    totals = night_totals(night.rules_variant, rounds, names, scoring=night.night_scoring)
    if not lines:
        return totals
    sat_in = as_rules(lines)
    totals = without_idle(totals, {s.sub for s in sat_in})
    return set_apart(totals, outsiders(sat_in, night.sub_policy))


def _with_bids(
    night: Night,
    rounds: list[RoundView],
    results: list[RoundResult[int]],
    bids: Bids | None = None,
) -> list[RoundResult[int]]:
    """``results`` with each table's bids made and set per partnership (what the bid bonus
    reads), from its hands (``bids``, or one query)."""
    made, set_ = bids or night_bids(night)
    games = {(r.number, tuple(c.seat_ids)): c.game.pk for r in rounds for c in r.tables}
    return [
        replace(
            result,
            tables=tuple(
                replace(
                    t,
                    bids_made=tuple(made[games[result.number, t.seats]]),
                    bids_set=tuple(set_[games[result.number, t.seats]]),
                )
                for t in result.tables
            ),
        )
        for result in results
    ]


@dataclass(frozen=True)
class PrizeLine:
    round: int
    score: int
    names: str


def night_prize_lines(
    night: Night, standings: list[Standing], rounds: list[RoundView]
) -> list[PrizeLine]:
    """Each round's high, for a night scored by total points (none for another system)."""
    if night.night_scoring.system != TOTAL_POINTS:
        return []
    names = {s.player_id: s.name for s in standings if not s.outside}
    _, results, _ = night_results(night, rounds)
    lines = []
    for h in session_highs(night.rules_variant, results, names):
        who = [names[p] for p in h.players if p in names]  # not a bye's seat, nor a sub apart
        if who:
            lines.append(PrizeLine(h.round, h.score, partners_label(who)))
    return lines
