"""A season's rules in the standings' words: one sentence for each choice the club made."""

from __future__ import annotations

from fractions import Fraction

from smear_scores.rules.seasons import (
    AVERAGE,
    BEST_NIGHT,
    HEAD_TO_HEAD,
    NIGHTS_WON,
    ROUNDS_WON,
    TIE_BREAK_NAMES,
    SeasonRules,
)

COUNTS = {
    "sum": "A player's season is the sum of their night totals.",
    AVERAGE: "A player's season is the average of their night totals that count.",
}
TIE_BREAK_WHY = {
    NIGHTS_WON: "more nights won",
    ROUNDS_WON: "more rounds won over the season",
    BEST_NIGHT: "the better best night",
    HEAD_TO_HEAD: "finishing ahead of the other players level in more of the nights they "
    "both played",
}


def _points(value: Fraction) -> str:
    """Whole points, or one decimal for a fraction of a point."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.1f}"


def season_rule_lines(rules: SeasonRules) -> list[str]:
    """Each choice of the season explained in one sentence, in the order they apply."""
    lines = [COUNTS[rules.count]]
    if rules.threshold > 0:
        lines.append(
            f"A night below {_points(rules.threshold)} points adds nothing (it still counts "
            "as a night played)."
        )
    if rules.best:
        lines.append(f"Only each player's best {rules.best} night{'s' * (rules.best != 1)} count.")
    if rules.drop:
        lines.append(
            f"Each player's lowest {rules.drop} night{'s are' if rules.drop != 1 else ' is'} "
            "dropped."
        )
    if rules.minimum:
        lines.append(
            f"A player needs {rules.minimum} night{'' if rules.minimum == 1 else 's'} to be "
            "ranked; the others are listed "
            "below, unranked."
        )
    if rules.tie_breaks:
        chain = ", then ".join(TIE_BREAK_WHY[r] for r in rules.tie_breaks)
        lines.append(f"Players level on points are split by {chain}; still level, they share.")
    else:
        lines.append("Players level on points share the place.")
    return lines


TIE_BREAK_CHOICES = [(r, TIE_BREAK_NAMES[r]) for r in TIE_BREAK_NAMES]


def place(rank: int | None, tied: bool) -> str:
    """A place as the standings print it: "3", "=3" when shared, "–" when unranked."""
    if rank is None:
        return "–"
    return f"={rank}" if tied else str(rank)
