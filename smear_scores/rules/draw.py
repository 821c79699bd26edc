"""The draw of a progressive night: who sits where, round by round. Pure Python.

A round puts the players present at tables of the variant's size (6 for Schmier, 4 for
Wisconsin), seated as S1 / W1 say: seat s belongs to partnership s % teams, so Schmier
partners sit at seats {1,4}, {2,5}, {3,6}, Wisconsin partners sit opposite, two teams of
three alternate round a table of six ({1,3,5} and {2,4,6}), and in a cutthroat game each
player is a team of one (no partners, everyone else an opponent).

What the draw aims for, in this order:

1. Sit-outs rotate. When the players present do not fill every table, those who have
   sat out least sit out (a round missed by arriving late counts as a round sat out),
   so nobody sits out twice before everyone has once.
2. No repeated partnership. A pairing already played costs far more than anything
   else, so while the rounds played are fewer than the players no pair partners twice.
3. Few repeated opponents. Meeting a pair of opponents again costs as many times as
   the two have met before, which keeps the meetings spread out.

Each round is a local search (swaps of two seats, kept when they cost no more) from a
shuffled start; a round's draw depends only on the players present, what happened in
the earlier rounds and the round's seed, so it can be drawn again from the recorded seed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from .errors import HandRefused, RuleError
from .variants import Variant

# A partnership played before costs this much more than one more meeting of opponents:
# no count of repeated opponents can outweigh a repeated partnership.
PARTNER_WEIGHT = 10_000

Player = Hashable


@dataclass(frozen=True)
class DrawnTable:
    """One table of a round: players by seat (S1 / W1 order) and who deals first."""

    number: int  # 1-based
    seats: tuple[Player, ...]
    dealer: int  # seat index of the first dealer (S3, W4: drawn at random)

    def partnerships(self, variant: Variant) -> list[tuple[Player, ...]]:
        return [tuple(self.seats[s] for s in variant.seats_of(t)) for t in range(variant.teams)]


@dataclass(frozen=True)
class RoundDraw:
    tables: tuple[DrawnTable, ...]
    sitting_out: tuple[Player, ...]
    seed: int


@dataclass
class History:
    """What the earlier rounds of a night did: the draw's memory."""

    partners: Counter[Any] = field(default_factory=Counter)
    opponents: Counter[Any] = field(default_factory=Counter)
    # Rounds a player sat out or missed (not yet arrived, or gone and back).
    sat_out: Counter[Any] = field(default_factory=Counter)
    missed: Counter[Any] = field(default_factory=Counter)
    rounds: int = 0

    def add(self, variant: Variant, draw: RoundDraw, absent: Iterable[Player] = ()) -> None:
        for table in draw.tables:
            for a, b in combinations(range(len(table.seats)), 2):
                pair = frozenset((table.seats[a], table.seats[b]))
                if variant.team_of(a) == variant.team_of(b):
                    self.partners[pair] += 1
                else:
                    self.opponents[pair] += 1
        for player in draw.sitting_out:
            self.sat_out[player] += 1
        for player in absent:
            self.missed[player] += 1
        self.rounds += 1


def draw_error(variant: Variant, present: int) -> RuleError | None:
    if present < variant.players:
        return RuleError(
            "players",
            f"A {variant.name} table needs {variant.players} players and only {present} "
            f"are checked in: check in {variant.players - present} more to draw a round.",
            variant.rule("seats"),
        )
    return None


def draw_round(
    variant: Variant, players: Sequence[Player], history: History, seed: int
) -> RoundDraw:
    """Tables for the next round of ``players`` (those present), given ``history``."""
    error = draw_error(variant, len(players))
    if error:
        raise HandRefused([error])
    if len(set(players)) != len(players):
        raise HandRefused(
            [RuleError("players", "A player is checked in twice: check each player in once.", "")]
        )
    rng = random.Random(seed)
    size = variant.players
    tables = len(players) // size

    # 1. Sit-outs: fewest rounds sat out or missed first, the rest drawn by lot.
    sitting_out, playing = sit_outs(variant, players, history, rng)

    # 2-3. Seats: position i of the flat list is table i // size, seat i % size.
    same_team = [
        [variant.team_of(a) == variant.team_of(b) for b in range(size)] for a in range(size)
    ]
    table_cost = _table_cost(variant, playing, history, same_team)
    grid = _seated(table_cost, same_team, len(playing), tables, rng)
    drawn = tuple(
        DrawnTable(
            number=t + 1,
            seats=tuple(playing[i] for i in grid[t]),
            dealer=rng.randrange(size),
        )
        for t in range(tables)
    )
    return RoundDraw(tables=drawn, sitting_out=sitting_out, seed=seed)


def sit_outs(
    variant: Variant, players: Sequence[Player], history: History, rng: random.Random
) -> tuple[tuple[Player, ...], list[Player]]:
    """Who sits out when ``players`` do not fill every table, and who plays (in the order
    drawn): those who sat out or missed fewest rounds sit out, the rest drawn by lot (so
    nobody sits out twice before everyone has once)."""
    order = sorted(players, key=lambda p: (history.sat_out[p] + history.missed[p], rng.random()))
    sitting = len(players) % variant.players
    return tuple(order[:sitting]), list(order[sitting:])


def _table_cost(
    variant: Variant, playing: list[Player], history: History, same_team: list[list[bool]]
) -> Callable[[list[int]], int]:
    """What seating a table costs, its seats given as places in ``playing``: a repeated
    partnership PARTNER_WEIGHT a time, a repeated meeting of opponents 1. Read from
    matrices over the places, for speed."""
    n = len(playing)
    index = {p: i for i, p in enumerate(playing)}
    partner = [[0] * n for _ in range(n)]
    opponent = [[0] * n for _ in range(n)]
    for pair, count in history.partners.items():
        a, b = tuple(pair)
        if a in index and b in index:
            partner[index[a]][index[b]] = partner[index[b]][index[a]] = count
    for pair, count in history.opponents.items():
        a, b = tuple(pair)
        if a in index and b in index:
            opponent[index[a]][index[b]] = opponent[index[b]][index[a]] = count
    seat_pairs = list(combinations(range(variant.players), 2))

    def table_cost(seats: list[int]) -> int:
        cost = 0
        for a, b in seat_pairs:
            x, y = seats[a], seats[b]
            if same_team[a][b]:
                cost += PARTNER_WEIGHT * partner[x][y]
            else:
                cost += opponent[x][y]
        return cost

    return table_cost


def _seated(
    table_cost: Callable[[list[int]], int],
    same_team: list[list[bool]],
    n: int,
    tables: int,
    rng: random.Random,
) -> list[list[int]]:
    """The places 0 … n-1 at the tables, table by table: a shuffle, then swaps of two seats
    kept when they cost no more, until nothing is left to gain or the search stalls."""
    size = len(same_team)
    slots = list(range(n))
    rng.shuffle(slots)
    grid = [slots[t * size : (t + 1) * size] for t in range(tables)]
    costs = [table_cost(seats) for seats in grid]
    total = sum(costs)
    # Without history every arrangement costs nothing: the shuffle is the draw.
    stall_limit = 100 * n
    stall = 0
    steps = 0
    max_steps = 800 * n
    while total > 0 and stall < stall_limit and steps < max_steps:
        steps += 1
        t1 = rng.randrange(tables)
        t2 = rng.randrange(tables)
        s1 = rng.randrange(size)
        s2 = rng.randrange(size)
        if t1 == t2 and same_team[s1][s2]:
            continue  # swapping partners changes nothing
        g1, g2 = grid[t1], grid[t2]
        g1[s1], g2[s2] = g2[s2], g1[s1]
        if t1 == t2:
            new1 = table_cost(g1)
            delta = new1 - costs[t1]
            new2 = new1
        else:
            new1, new2 = table_cost(g1), table_cost(g2)
            delta = new1 + new2 - costs[t1] - costs[t2]
        if delta <= 0:
            costs[t1], costs[t2] = new1, new2
            total += delta
            stall = 0 if delta < 0 else stall + 1
        else:
            g1[s1], g2[s2] = g2[s2], g1[s1]
            stall += 1
    return grid


@dataclass(frozen=True)
class PlayerCounts:
    player: Player
    rounds_played: int
    repeated_partners: int  # partnerships played again (a pair twice counts 1)
    repeated_opponents: int  # meetings of an opponent already met
    sit_outs: int


def player_counts(
    variant: Variant, players: Sequence[Player], draws: Sequence[RoundDraw]
) -> list[PlayerCounts]:
    """How fair a night's draw was, player by player."""
    history = History()
    for draw in draws:
        history.add(variant, draw)
    counts = []
    for player in players:
        partners = [c for pair, c in history.partners.items() if player in pair]
        opponents = [c for pair, c in history.opponents.items() if player in pair]
        played = sum(1 for draw in draws for t in draw.tables if player in t.seats)
        counts.append(
            PlayerCounts(
                player=player,
                rounds_played=played,
                repeated_partners=sum(c - 1 for c in partners),
                repeated_opponents=sum(c - 1 for c in opponents),
                sit_outs=history.sat_out[player],
            )
        )
    return counts


def draw_night(
    variant: Variant, players: Sequence[Player], rounds: int, seed: int
) -> list[RoundDraw]:
    """A whole night with everyone present throughout; round seeds come from ``seed``."""
    rng = random.Random(seed)
    history = History()
    draws = []
    for _ in range(rounds):
        draw = draw_round(variant, players, history, rng.randrange(2**31))
        history.add(variant, draw)
        draws.append(draw)
    return draws


def opponent_floor(variant: Variant, players: int, rounds_played: int) -> int:
    """The fewest repeated opponents one player can have: a round at a table meets
    everyone there but oneself and one's partners (S1: ``players / teams`` to a team, one
    alone in a cutthroat game), out of ``players - 1`` others in the room."""
    team_size = variant.players // variant.teams
    met = rounds_played * (variant.players - team_size)
    return max(0, met - (players - 1))
