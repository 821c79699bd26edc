"""A progressive night's standings: the round bonus, the sit-out average and the
tie-break. Pure Python: the rounds come in as data, read from the games by a selector."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Generic, TypeVar

from .night_scoring import NightScoring, spread
from .variants import Variant

# A player as the caller tells them apart (the selectors: a player row's id).
P = TypeVar("P", bound=Hashable)

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


@dataclass(frozen=True)
class TableResult(Generic[P]):
    """One table of a round as the standings need it."""

    # Players by seat (S1 / W1 order); None: a seat that scores for nobody (a bye's,
    # rules.substitutes).
    seats: tuple[P | None, ...]
    scores: tuple[int, ...]  # per partnership, corrections included
    winner: int | None = None  # the partnership that won the round; None while it plays
    finished: bool = False  # over (or closed), whether or not anyone won it
    bids_made: tuple[int, ...] = ()  # per partnership: bids it made (the bid bonus reads them)
    bids_set: tuple[int, ...] = ()  # per partnership: bids it was set

    @property
    def over(self) -> bool:
        return self.finished or self.winner is not None


@dataclass(frozen=True)
class RoundResult(Generic[P]):
    number: int
    tables: tuple[TableResult[P], ...]
    sitting_out: tuple[P, ...] = ()
    # Players whose seat was a bye this round, with the fixed result each scores for it
    # (rules.substitutes): a round played, never a round won.
    byes: tuple[tuple[P, int], ...] = ()


@dataclass
class PlayerTotal(Generic[P]):
    player: P
    name: str
    scores: dict[int, int]  # round number -> the round's score, bonus included
    sat_out: tuple[int, ...]  # the rounds sat out
    won: int
    average: Fraction  # what each round sat out scores
    total: Fraction
    spread: int = 0  # points scored less the best other partnership's, rounds played
    rank: int = 0
    tied: bool = False
    rank_key: tuple[Any, ...] = field(default=(), repr=False)

    @property
    def best(self) -> int | None:
        return max(self.scores.values()) if self.scores else None


def points_text(value: Fraction) -> str:
    """A total as the room reads it: whole points, or one decimal for an average."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.1f}"


def night_totals(
    variant: Variant,
    rounds: Sequence[RoundResult[P]],
    names: Mapping[P, str],
    *,
    win_bonus: int = 0,
    scoring: NightScoring | None = None,
) -> list[PlayerTotal[P]]:
    """Each player of ``names`` (everyone checked in, by name) with their total, ranked.

    A round played scores what ``scoring`` gives the player's partnership at their table
    (rules.night_scoring; by default progressive points: the partnership's score, plus
    ``win_bonus`` when it won the round). A round sat out scores the player's average
    round (SIT_OUT_RULE); a round missed scores nothing. Ties are broken by rounds won
    (then, where the system says so, the spread), then the best single round; players
    still level share the rank (TIE_RULE), listed by name."""
    if scoring is None:
        scoring = NightScoring(win_bonus=win_bonus)
    tally = _Tally.of(variant, rounds, names, scoring)
    return ranked([tally.total(player, name, scoring) for player, name in names.items()])


@dataclass
class _Tally(Generic[P]):
    """What each player's rounds came to: the round's score per round played (or bye),
    the rounds won, the spread and the rounds sat out."""

    scores: dict[P | None, dict[int, int]]
    won: dict[P | None, int]
    spreads: dict[P | None, int]
    sat: dict[P, list[int]]

    @classmethod
    def of(
        cls,
        variant: Variant,
        rounds: Sequence[RoundResult[P]],
        names: Mapping[P, str],
        scoring: NightScoring,
    ) -> _Tally[P]:
        tally = cls(
            {p: {} for p in names},
            dict.fromkeys(names, 0),
            dict.fromkeys(names, 0),
            {p: [] for p in names},
        )
        for round_ in rounds:
            for player in round_.sitting_out:
                tally.sat.setdefault(player, []).append(round_.number)
            for player, points in round_.byes:
                tally.scores.setdefault(player, {})[round_.number] = points
            for table in round_.tables:
                for seat, seated in enumerate(table.seats):
                    team = variant.team_of(seat)
                    if table.winner == team:
                        tally.won[seated] = tally.won.get(seated, 0) + 1
                    if table.over:
                        tally.spreads[seated] = tally.spreads.get(seated, 0) + spread(table, team)
                    points = scoring.round_points(table, team)
                    tally.scores.setdefault(seated, {})[round_.number] = points
        return tally

    def total(self, player: P, name: str, scoring: NightScoring) -> PlayerTotal[P]:
        """``player``'s total: the rounds played, and each round sat out at their average
        (SIT_OUT_RULE), with the key that ranks it (TIE_RULE)."""
        mine = self.scores[player]
        average = Fraction(sum(mine.values()), len(mine)) if mine else Fraction(0)
        total = sum(mine.values(), Fraction(0)) + average * len(self.sat[player])
        entry = PlayerTotal(
            player=player,
            name=name,
            scores=mine,
            sat_out=tuple(self.sat[player]),
            won=self.won[player],
            average=average,
            total=total,
            spread=self.spreads[player],
        )
        best = entry.best
        by_spread = (-self.spreads[player],) if scoring.spread_breaks_ties else ()
        entry.rank_key = (
            -total,
            -self.won[player],
            *by_spread,
            -(best if best is not None else -(10**6)),
        )
        return entry


def ranked(totals: list[PlayerTotal[P]]) -> list[PlayerTotal[P]]:
    """By rank key, then name; level keys share the rank."""
    totals.sort(key=lambda t: (t.rank_key, t.name.lower()))
    for i, t in enumerate(totals):
        if i and totals[i - 1].rank_key == t.rank_key:
            t.rank = totals[i - 1].rank
            t.tied = totals[i - 1].tied = True
        else:
            t.rank = i + 1
    return totals


@dataclass(frozen=True)
class SessionHigh(Generic[P]):
    """A prize line: the round's highest score and who scored it (level players share it;
    None: a bye's seat)."""

    round: int
    score: int
    players: tuple[P | None, ...]


def session_highs(
    variant: Variant, rounds: Sequence[RoundResult[P]], names: Mapping[P, str]
) -> list[SessionHigh[P]]:
    """Each round's high: the highest score any partnership made at any table that has
    finished, with the players of every partnership that made it (by name). A round with
    no table finished has no line yet."""
    lines = []
    for round_ in rounds:
        best: int | None = None
        who: list[P | None] = []
        for table in round_.tables:
            if not table.over:
                continue
            for team, score in enumerate(table.scores):
                players = [p for s, p in enumerate(table.seats) if variant.team_of(s) == team]
                if best is None or score > best:
                    best, who = score, players
                elif score == best:
                    who += players
        if best is not None:
            ordered = sorted(who, key=lambda p: "" if p is None else names.get(p, "").lower())
            lines.append(SessionHigh(round=round_.number, score=best, players=tuple(ordered)))
    return lines
