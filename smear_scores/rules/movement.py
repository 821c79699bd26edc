"""King of the hill: the movement beside the random draw (rules.draw). Pure Python.

Tables are ranked, table 1 the head table. After each round the partnership that won at a
table moves up one table and the others stay; at the head table the winners stay, and its
losers go down to the last table. At every table the partnerships that meet there are then
split: partner j of new partnership i comes from arriving-or-staying partnership
(i + j) mod k, so nobody keeps the partner they just had (with two or more partnerships to
mix). A table with no winner (closed level, or by the "no winner" rule) holds the whole
ladder that round: the moves form one cycle (each table's winners up, the head table's
losers to the foot), and a table that sends nobody up would leave the table above short
and its own over, so nobody moves; partners still split at every table.

Seated by the draw's own rules for table sizes and sit-outs: the players are laid out table
by table in that order (the ladder); players gone leave it, players back (from a sit-out,
or newly arrived) join it at the bottom; those who sat out or missed fewest rounds sit out
(rules.draw.sit_outs); the ladder then fills the tables in order, the variant's size each."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from .draw import DrawnTable, History, Player, RoundDraw, draw_error, sit_outs
from .errors import HandRefused
from .variants import Variant


def _groups(variant: Variant, table: DrawnTable) -> list[tuple[Player, ...]]:
    return [tuple(table.seats[s] for s in variant.seats_of(t)) for t in range(variant.teams)]


def destinations(
    variant: Variant, tables: Sequence[DrawnTable], winners: Mapping[int, int | None]
) -> list[list[tuple[Player, ...]]]:
    """The partnerships each table (in rank order) holds after the movement: those who
    stay first, then those who arrive. ``winners``: table number -> winning partnership."""
    ranked = sorted(tables, key=lambda t: t.number)
    if any(winners.get(t.number) is None for t in ranked):
        return [_groups(variant, t) for t in ranked]  # a level table holds the ladder
    last = len(ranked) - 1
    staying: list[list[tuple[Player, ...]]] = [[] for _ in ranked]
    arriving: list[list[tuple[Player, ...]]] = [[] for _ in ranked]
    for i, table in enumerate(ranked):
        groups = _groups(variant, table)
        won = winners.get(table.number)
        for team, group in enumerate(groups):
            if i == last == 0:
                staying[i].append(group)
            elif team == won:
                (staying[i] if i == 0 else arriving[i - 1]).append(group)
            elif i == 0:
                arriving[last].append(group)
            else:
                staying[i].append(group)
    return [s + a for s, a in zip(staying, arriving, strict=True)]


def split_seats(variant: Variant, groups: Sequence[tuple[Player, ...]]) -> list[Player]:
    """The players of ``groups`` (the partnerships meeting at a table) by seat, partners
    split: new partnership i takes its member j from group (i + j) mod k."""
    k = len(groups)
    teams = [[groups[(i + j) % k][j] for j in range(len(groups[0]))] for i in range(k)]
    size = variant.players
    return [teams[s % variant.teams][s // variant.teams] for s in range(size)]


def ladder(
    variant: Variant, tables: Sequence[DrawnTable], winners: Mapping[int, int | None]
) -> list[Player]:
    """Every player of the last round, table by table after the movement, seat by seat."""
    out: list[Player] = []
    for groups in destinations(variant, tables, winners):
        if len(groups) == variant.teams and len({len(g) for g in groups}) == 1:
            out += split_seats(variant, groups)
        else:  # not one group a partnership (a table of one partnership): in order
            out += [p for g in groups for p in g]
    return out


def king_of_the_hill(
    variant: Variant,
    players: Sequence[Player],
    last: RoundDraw,
    winners: Mapping[int, int | None],
    history: History,
    seed: int,
) -> RoundDraw:
    """The next round of ``players`` (those present) after ``last``, whose tables' winning
    partnerships are ``winners`` (table number -> partnership; None: no winner)."""
    error = draw_error(variant, len(players))
    if error:
        raise HandRefused([error])
    rng = random.Random(seed)
    present = set(players)
    order = [p for p in ladder(variant, last.tables, winners) if p in present]
    placed = set(order)
    order += sorted((p for p in players if p not in placed), key=lambda _: rng.random())
    sitting_out, _ = sit_outs(variant, order, history, rng)
    playing = [p for p in order if p not in sitting_out]
    size = variant.players
    tables = tuple(
        DrawnTable(
            number=t + 1,
            seats=tuple(playing[t * size : (t + 1) * size]),
            dealer=rng.randrange(size),
        )
        for t in range(len(playing) // size)
    )
    return RoundDraw(tables=tables, sitting_out=sitting_out, seed=seed)
