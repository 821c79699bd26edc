"""A club's season standings from its nights: how nights count (sum or average, best N or
drop the lowest N, a threshold below which a night adds nothing, a minimum of nights to be
ranked) and the tie-break chain the club orders.

Pure Python: each night comes in as data (every player's total, place and rounds won, as
the night's own standings counted them), so a recompute from the same nights gives the same
figures whatever order they come in."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Generic, TypeVar

from .errors import RuleError

# A player as the caller tells them apart (the selectors: a partnership's player ids).
P = TypeVar("P", bound=Hashable)

SUM, AVERAGE = "sum", "average"
NIGHTS_WON, ROUNDS_WON, BEST_NIGHT, HEAD_TO_HEAD = (
    "nights_won",
    "rounds_won",
    "best_night",
    "head_to_head",
)
TIE_BREAKS = (NIGHTS_WON, ROUNDS_WON, BEST_NIGHT, HEAD_TO_HEAD)
MAX_NIGHTS = 200


@dataclass(frozen=True)
class NightPlace:
    """One player's night: their total, their place (1 = won it) and rounds won."""

    points: Fraction
    place: int
    rounds_won: int = 0


@dataclass(frozen=True)
class NightResult(Generic[P]):
    night: Hashable  # the night's id: nights are told apart, never ordered, by it
    places: Mapping[P, NightPlace]


@dataclass(frozen=True)
class SeasonRules:
    count: str = SUM
    best: int = 0  # count only the best N nights; 0: every night
    drop: int = 0  # leave out the lowest N nights
    minimum: int = 0  # nights played to be ranked
    threshold: Fraction = Fraction(0)  # a night below it adds nothing
    tie_breaks: tuple[str, ...] = (NIGHTS_WON, ROUNDS_WON, BEST_NIGHT)


@dataclass
class SeasonRow(Generic[P]):
    player: P
    name: str
    nights: int  # nights played
    counted: tuple[Fraction, ...]  # the night totals that count, highest first
    total: Fraction
    nights_won: int
    rounds_won: int
    best_night: Fraction | None
    ranked: bool
    rank: int | None = None
    tied: bool = False
    places: dict[Hashable, int] = field(default_factory=dict, repr=False)


def season_errors(rules: SeasonRules, *, nights_planned: int) -> list[RuleError]:
    """Each rule of ``rules`` that cannot hold in a season of ``nights_planned`` nights."""
    errors = []
    if rules.count not in (SUM, AVERAGE):
        errors.append(RuleError("count", "Count a player's nights as a sum or an average.", ""))
    if rules.best < 0 or rules.best > nights_planned:
        errors.append(
            RuleError(
                "best",
                f"The best {rules.best} nights of a season of {nights_planned}: give 1 to "
                f"{nights_planned}, or 0 to count every night.",
                "",
            )
        )
    if rules.drop < 0 or rules.drop >= max(nights_planned, 1):
        errors.append(
            RuleError(
                "drop",
                f"Dropping {rules.drop} nights of a season of {nights_planned} leaves none to "
                f"count: drop fewer than {nights_planned}, or 0.",
                "",
            )
        )
    if rules.best and rules.drop:
        errors.append(
            RuleError(
                "drop",
                "Count the best nights or drop the lowest, not both: set one of them to 0.",
                "",
            )
        )
    if rules.minimum < 0 or rules.minimum > nights_planned:
        errors.append(
            RuleError(
                "minimum",
                f"A player cannot play {rules.minimum} of a season's {nights_planned} nights: "
                f"give 0 to {nights_planned}.",
                "",
            )
        )
    errors += _chain_errors(rules.tie_breaks)
    return errors


def _chain_errors(chain: Iterable[str]) -> list[RuleError]:
    seen: set[str] = set()
    for rule in chain:
        if rule not in TIE_BREAKS:
            return [RuleError("tie_breaks", f"{rule!r} is not a tie-break this app knows.", "")]
        if rule in seen:
            return [
                RuleError(
                    "tie_breaks",
                    f"The tie-break chain names {TIE_BREAK_NAMES[rule]} twice: name each rule "
                    "once, in the order it breaks ties.",
                    "",
                )
            ]
        seen.add(rule)
    return []


TIE_BREAK_NAMES = {
    NIGHTS_WON: "nights won",
    ROUNDS_WON: "rounds won",
    BEST_NIGHT: "best night",
    HEAD_TO_HEAD: "head to head",
}


def threshold_error(rules: SeasonRules, nights: Iterable[NightResult[P]]) -> RuleError | None:
    """A threshold no night of the season reached (once it has nights): it would leave
    every night adding nothing."""
    highest = max((p.points for n in nights for p in n.places.values()), default=None)
    if highest is None or rules.threshold <= highest:
        return None
    shown = _text(rules.threshold)
    return RuleError(
        "threshold",
        f"No night of the season reached {shown} (the highest was {_text(highest)}): a "
        "threshold that high leaves every night adding nothing; lower it.",
        "",
    )


def _text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.1f}"


def counted_nights(rules: SeasonRules, totals: Iterable[Fraction]) -> tuple[Fraction, ...]:
    """The night totals that count, highest first: below the threshold a night adds 0;
    then the best N, or all but the lowest N."""
    scored = sorted(
        (t if t >= rules.threshold else Fraction(0) for t in totals),
        reverse=True,
    )
    if rules.best:
        return tuple(scored[: rules.best])
    if rules.drop:
        return tuple(scored[: max(len(scored) - rules.drop, 0)])
    return tuple(scored)


def season_standings(
    rules: SeasonRules, nights: Iterable[NightResult[P]], names: Mapping[P, str]
) -> list[SeasonRow[P]]:
    """Every player of ``names`` with their season total, ranked: ranked players first
    (by total, then the tie-break chain; players level on all of it share the rank), then
    those short of the minimum, unranked. Each list by name within a shared rank."""
    rows = {p: _row(p, name) for p, name in names.items()}
    for night in nights:
        for player, place in night.places.items():
            row = rows.get(player)
            if row is None:
                continue
            row.places[night.night] = place.place
            row.nights += 1
            row.nights_won += place.place == 1
            row.rounds_won += place.rounds_won
            if row.best_night is None or place.points > row.best_night:
                row.best_night = place.points
            row.counted += (place.points,)
    for row in rows.values():
        row.counted = counted_nights(rules, row.counted)
        total = sum(row.counted, Fraction(0))
        row.total = total / len(row.counted) if rules.count == AVERAGE and row.counted else total
        row.ranked = row.nights >= max(rules.minimum, 1)
    ranked = [r for r in rows.values() if r.ranked]
    groups = _order(sorted(ranked, key=lambda r: r.name.lower()), (TOTAL, *rules.tie_breaks))
    out: list[SeasonRow[P]] = []
    for group in groups:
        for row in group:
            row.rank, row.tied = len(out) + 1, len(group) > 1
        out += group
    unranked = sorted((r for r in rows.values() if not r.ranked), key=lambda r: r.name.lower())
    return out + unranked


def _row(player: P, name: str) -> SeasonRow[P]:
    return SeasonRow(
        player=player,
        name=name,
        nights=0,
        counted=(),
        total=Fraction(0),
        nights_won=0,
        rounds_won=0,
        best_night=None,
        ranked=False,
    )


TOTAL = "total"


def _value(rule: str, row: SeasonRow[P], group: list[SeasonRow[P]]) -> Fraction | int:
    """Higher is better."""
    if rule == TOTAL:
        return row.total
    if rule == NIGHTS_WON:
        return row.nights_won
    if rule == ROUNDS_WON:
        return row.rounds_won
    if rule == BEST_NIGHT:
        return row.best_night if row.best_night is not None else Fraction(-(10**9))
    # Head to head: the nights this player finished ahead of another of the group, less
    # the nights behind, over the nights both played.
    score = 0
    for other in group:
        if other is row:
            continue
        for night, place in row.places.items():
            theirs = other.places.get(night)
            if theirs is not None:
                score += (place < theirs) - (place > theirs)
    return score


def _order(group: list[SeasonRow[P]], chain: tuple[str, ...]) -> list[list[SeasonRow[P]]]:
    """``group`` split into tied groups, best first, by the first rule of ``chain`` that
    tells them apart (head to head compares only the players still level)."""
    if len(group) <= 1 or not chain:
        return [group] if group else []
    rule, rest = chain[0], chain[1:]
    values = {id(r): _value(rule, r, group) for r in group}
    levels = sorted({values[id(r)] for r in group}, reverse=True)
    out: list[list[SeasonRow[P]]] = []
    for level in levels:
        out += _order([r for r in group if values[id(r)] == level], rest)
    return out
