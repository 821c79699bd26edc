"""Reads for progressive nights: the rounds and their table cards, the standings, the
room view's version stamp."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import Count, Max, Sum
from django.shortcuts import get_object_or_404

from smear_scores.models import Club, Correction, Entrant, Night, Player, Round, RoundTable, Seat

# The night's stated rules, shown on its pages.
SIT_OUT_RULE = (
    "A player who sits out a round scores their average round (total of the rounds they "
    "played, bonuses and corrections included, divided by those rounds) for it; a round "
    "missed by arriving late or leaving early scores nothing."
)
TIE_RULE = (
    "Ties are broken by more rounds won, then the best single round; players still level "
    "share the place."
)


def night_get(*, night_id: int) -> Night:
    return get_object_or_404(Night.objects.select_related("club", "league"), pk=night_id)


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
    others = [p for p in night.club.players.order_by("name") if p.pk not in taken]
    return entrants, others


def round_format(night: Night) -> str:
    variant = night.rules_variant
    if night.round_hands:
        what = f"{night.round_hands} hands a round"
    else:
        what = f"a full game a round (to {variant.target})"
    bonus = f", {night.win_bonus} bonus points for winning a round" if night.win_bonus else ""
    return f"{variant.name}: {night.rounds} rounds, {what}{bonus}"


@dataclass
class TableCard:
    pk: int
    number: int
    game_public_id: str
    partnerships: list[list[str]]
    dealer: str
    scores: list[int]
    hands_played: int
    finished: bool
    winner: int | None
    reason: str
    corrections: list[Correction] = field(default_factory=list)

    @property
    def line(self) -> str:
        """'Table 3: Ann & Di · Bo & Ed · Cy & Flo, Bo deals'."""
        teams = " · ".join(" & ".join(names) for names in self.partnerships)
        return f"Table {self.number}: {teams}, {self.dealer} deals"

    @property
    def status(self) -> str:
        if self.finished:
            return "Finished"
        if self.hands_played:
            return f"Playing: {self.hands_played} hand{'s' if self.hands_played != 1 else ''}"
        return "Not started"

    def team_rows(self) -> list[tuple[int, str, int]]:
        extra = defaultdict(int)
        for c in self.corrections:
            extra[c.team] += c.points
        return [
            (team, " & ".join(names), self.scores[team] + extra[team])
            for team, names in enumerate(self.partnerships)
        ]


@dataclass
class RoundView:
    number: int
    seed: int
    tables: list[TableCard]
    sitting_out: list[str]

    @property
    def finished(self) -> bool:
        return all(t.finished for t in self.tables)


def night_rounds(night: Night) -> list[RoundView]:
    """Every drawn round with its table cards; four queries whatever the size of the night."""
    variant = night.rules_variant
    rounds = list(night.round_set.prefetch_related("sitting_out").order_by("number"))
    tables = list(
        RoundTable.objects.filter(round__night=night).select_related("game").order_by("number")
    )
    names: dict[int, list[str]] = defaultdict(lambda: [""] * variant.players)
    for game_id, position, name in Seat.objects.filter(
        game__night_table__round__night=night
    ).values_list("game_id", "position", "name"):
        names[game_id][position] = name
    corrections = defaultdict(list)
    for c in Correction.objects.filter(table__round__night=night).select_related("by"):
        corrections[c.table_id].append(c)
    by_round: dict[int, list[TableCard]] = defaultdict(list)
    for t in tables:
        game = t.game
        seats = names[game.pk]
        by_round[t.round_id].append(
            TableCard(
                pk=t.pk,
                number=t.number,
                game_public_id=game.public_id,
                partnerships=[
                    [seats[s] for s in variant.seats_of(team)] for team in range(variant.teams)
                ],
                dealer=seats[game.first_dealer],
                scores=list(game.scores),
                hands_played=game.hands_played,
                finished=game.finished,
                winner=game.winner,
                reason=game.reason,
                corrections=corrections[t.pk],
            )
        )
    return [
        RoundView(
            number=r.number,
            seed=r.seed,
            tables=by_round[r.pk],
            sitting_out=sorted(p.name for p in r.sitting_out.all()),
        )
        for r in rounds
    ]


@dataclass
class Standing:
    player_id: int
    name: str
    rounds: list[str]  # per round: a score, "out (avg)" or "–"
    played: int
    won: int
    best: int | None
    sat_out: int
    total: Fraction
    rank: int = 0
    tied: bool = False

    @property
    def total_text(self) -> str:
        if self.total.denominator == 1:
            return str(self.total.numerator)
        return f"{float(self.total):.1f}"


def night_standings(night: Night) -> list[Standing]:
    """Each player's total: their partnership's score in each round they played, plus the
    round bonus, plus any correction; a round sat out scores their average (SIT_OUT_RULE);
    ranked with TIE_RULE."""
    variant = night.rules_variant
    rounds = night_rounds_raw(night)
    entrants = list(Entrant.objects.filter(night=night).select_related("player"))
    scores: dict[int, dict[int, int]] = defaultdict(dict)  # player -> round -> score
    won: dict[int, int] = defaultdict(int)
    sat: dict[int, set[int]] = defaultdict(set)
    for number, sitting_out, tables in rounds:
        for pid in sitting_out:
            sat[pid].add(number)
        for seats, game_scores, winner, finished, extra in tables:
            for position, pid in enumerate(seats):
                team = variant.team_of(position)
                score = game_scores[team] + extra.get(team, 0)
                if finished and winner == team:
                    score += night.win_bonus
                    won[pid] += 1
                scores[pid][number] = score
    numbers = [number for number, _, _ in rounds]
    standings = []
    for entrant in entrants:
        pid = entrant.player_id
        mine = scores[pid]
        average = Fraction(sum(mine.values()), len(mine)) if mine else Fraction(0)
        cells = []
        for number in numbers:
            if number in mine:
                cells.append(str(mine[number]))
            elif number in sat[pid]:
                cells.append(f"out ({_short(average)})")
            else:
                cells.append("–")
        standings.append(
            Standing(
                player_id=pid,
                name=entrant.player.name,
                rounds=cells,
                played=len(mine),
                won=won[pid],
                best=max(mine.values()) if mine else None,
                sat_out=len(sat[pid]),
                total=sum(mine.values(), Fraction(0)) + average * len(sat[pid]),
            )
        )

    def key(s: Standing) -> tuple:
        return (-s.total, -s.won, -(s.best if s.best is not None else -(10**6)))

    standings.sort(key=lambda s: (key(s), s.name.lower()))
    for i, s in enumerate(standings):
        if i and key(standings[i - 1]) == key(s):
            s.rank = standings[i - 1].rank
            s.tied = standings[i - 1].tied = True
        else:
            s.rank = i + 1
    return standings


def _short(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.1f}"


def night_rounds_raw(night: Night) -> list[tuple[int, list[int], list[tuple]]]:
    """Per round: its number, who sat out, and per table (player ids by seat, scores,
    winner, finished, corrections per team). Four queries."""
    variant = night.rules_variant
    seats: dict[int, list[int | None]] = defaultdict(lambda: [None] * variant.players)
    for game_id, position, pid in Seat.objects.filter(
        game__night_table__round__night=night
    ).values_list("game_id", "position", "player_id"):
        seats[game_id][position] = pid
    extra: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for table_id, team, points in Correction.objects.filter(table__round__night=night).values_list(
        "table_id", "team", "points"
    ):
        extra[table_id][team] += points
    tables: dict[int, list[tuple]] = defaultdict(list)
    for t in RoundTable.objects.filter(round__night=night).select_related("game"):
        g = t.game
        tables[t.round_id].append((seats[g.pk], g.scores, g.winner, g.finished, extra[t.pk]))
    out = []
    for r in Round.objects.filter(night=night).prefetch_related("sitting_out").order_by("number"):
        out.append((r.number, [p.pk for p in r.sitting_out.all()], tables[r.pk]))
    return out


def night_version(night_id: int) -> str:
    """A stamp that changes whenever the room view would: any hand written, undone or
    edited at a table of the night (the game's updated_at and hand count), a check-in, a
    draw or a correction (the night's own counter). One query."""
    row = (
        Night.objects.filter(pk=night_id)
        .annotate(
            stamp=Max("round_set__tables__game__updated_at"),
            hands=Sum("round_set__tables__game__hands_played"),
            tables=Count("round_set__tables"),
        )
        .values_list("version", "stamp", "hands", "tables")
        .first()
    )
    if row is None:
        return ""
    version, stamp, hands, tables = row
    return f"{version}.{tables}.{hands or 0}.{stamp.timestamp() if stamp else 0}"
