"""Substitutes and byes at a progressive night: who a substitute's rounds score for, by the
night's policy. Pure Python: the rounds come in as played (the sub in the seat), the
substitutions as data, and the rounds go out as the standings count them.

Three policies, chosen when the night is opened:

- ``absent``: the sub's points go to the absent player. Each round the sub covered is the
  absent player's round, as if they had played it (won, spread and all); the sub scores
  nothing for it.
- ``self``: the sub plays for themself. Their rounds are theirs, shown in the standings
  but outside the night's places and prizes and outside season points; the absent player
  missed those rounds (they score nothing, as a round missed by leaving early).
- ``bye``: the seat is a bye with a fixed result. The absent player scores ``bye_points``
  for each round the sub covered at a table (a round played, never a round won); the sub
  scores nothing. The others at the table keep what their partnership scored.

A round in which the absent player's place sat out scores as a sit-out for them under
``absent`` and ``bye`` (their average), and nothing under ``self``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Generic

from .nights import P, PlayerTotal, RoundResult, ranked

ABSENT, SELF, BYE = "absent", "self", "bye"
POLICIES = (ABSENT, SELF, BYE)
MAX_BYE_POINTS = 500


@dataclass(frozen=True)
class SatIn(Generic[P]):
    """``sub`` sat in for ``absent`` in rounds ``first`` to ``last``."""

    absent: P
    sub: P
    first: int
    last: int

    def covers(self, number: int) -> bool:
        return self.first <= number <= self.last


def _round_as_counted(
    result: RoundResult[P], covering: Sequence[SatIn[P]], policy: str, bye_points: int
) -> RoundResult[P]:
    """One round with the night's substitutions of that round applied (see the module)."""
    if not covering:
        return result
    by_sub = {s.sub: s.absent for s in covering}
    absent = {s.absent for s in covering}
    tables = []
    byes = list(result.byes)
    for table in result.tables:
        seats = list(table.seats)
        for i, player in enumerate(seats):
            if player not in by_sub:
                continue
            if policy == ABSENT:
                seats[i] = by_sub[player]
            elif policy == BYE:
                seats[i] = None  # the seat scores for nobody
                byes.append((by_sub[player], bye_points))
        tables.append(replace(table, seats=tuple(seats)))
    sitting_out = result.sitting_out
    if policy == SELF:
        sitting_out = tuple(p for p in sitting_out if p not in absent)
    return replace(result, tables=tuple(tables), sitting_out=sitting_out, byes=tuple(byes))


def rounds_as_counted(
    rounds: Sequence[RoundResult[P]],
    sat_in: Sequence[SatIn[P]],
    policy: str,
    bye_points: int = 0,
) -> list[RoundResult[P]]:
    """``rounds`` as the standings count them under ``policy``."""
    return [
        _round_as_counted(r, [s for s in sat_in if s.covers(r.number)], policy, bye_points)
        for r in rounds
    ]


def set_apart(totals: list[PlayerTotal[P]], outsiders: Iterable[P]) -> list[PlayerTotal[P]]:
    """``totals`` ranked without ``outsiders`` (subs who played for themself: outside
    places and prizes), who follow unranked (rank 0), by total."""
    apart = set(outsiders)
    if not apart:
        return totals
    inside = [t for t in totals if t.player not in apart]
    out = sorted((t for t in totals if t.player in apart), key=lambda t: (-t.total, t.name))
    for t in out:
        t.rank, t.tied = 0, False
    return _reranked(inside) + out


def outsiders(sat_in: Sequence[SatIn[P]], policy: str) -> set[P]:
    """Who is kept out of places, prizes and season points: subs who played for themself."""
    return {s.sub for s in sat_in} if policy == SELF else set()


def without_idle(totals: list[PlayerTotal[P]], subs: Iterable[P]) -> list[PlayerTotal[P]]:
    """``totals`` less the ``subs`` who have no round of their own (played or sat out): a
    sub whose rounds scored for someone else is listed as sitting in, not as a player."""
    idle = {t.player for t in totals if t.player in set(subs) and not t.scores and not t.sat_out}
    if not idle:
        return totals
    return _reranked([t for t in totals if t.player not in idle])


def _reranked(totals: list[PlayerTotal[P]]) -> list[PlayerTotal[P]]:
    for t in totals:
        t.tied = False
    return ranked(totals)


def rounds_text(first: int, last: int) -> str:
    """'round 2', 'rounds 2–3'."""
    return f"round {first}" if first == last else f"rounds {first}\u2013{last}"
