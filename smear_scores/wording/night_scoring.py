"""How a night scores, in the room's words: each system's name, its rule in one sentence with
the club's numbers, and a worked example computed by the engine itself (so the example can
never say what the standings do not do)."""

from __future__ import annotations

from smear_scores.rules import NE_WISCONSIN
from smear_scores.rules.night_scoring import (
    BID_BONUS,
    PROGRESSIVE,
    TOTAL_POINTS,
    WIN_POINTS,
    NightScoring,
)
from smear_scores.rules.nights import (
    RoundResult,
    TableResult,
    night_totals,
    points_text,
    session_highs,
)

SYSTEM_NAMES = {
    PROGRESSIVE: "Progressive points",
    WIN_POINTS: "Win points and spread",
    TOTAL_POINTS: "Total points, a prize for each round's high",
    BID_BONUS: "Bid bonus",
}
# What the night form says under each choice.
SYSTEM_HELP = {
    PROGRESSIVE: "Your partnership's points each round, plus a bonus for a round won.",
    WIN_POINTS: "Points for a round won (more for a win by a set margin); ties go to rounds "
    "won, then the spread.",
    TOTAL_POINTS: "Your partnership's points each round; each round's highest score wins a "
    "prize of its own.",
    BID_BONUS: "Your partnership's points each round, plus points for each bid made, less "
    "points for each bid set.",
}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def scoring_rule(scoring: NightScoring) -> str:
    """The system with the club's numbers, in one sentence."""
    if scoring.system == WIN_POINTS:
        margin = (
            f", {_plural(scoring.margin_points, 'point')} for a win by "
            f"{_plural(scoring.margin, 'point')} or more"
            if scoring.margin
            else ""
        )
        return (
            f"Each player scores {_plural(scoring.win_points, 'point')} for a round their "
            f"partnership wins{margin}, nothing for a round lost; ties are broken by rounds "
            "won, then the spread (points scored less the best other partnership's, over the "
            "rounds), then the best round."
        )
    if scoring.system == TOTAL_POINTS:
        return (
            "Each player scores their partnership's points each round, nothing added; the "
            "highest score of each round is a prize of its own, shared by the partnerships "
            "level on it."
        )
    if scoring.system == BID_BONUS:
        return (
            "Each player scores their partnership's points each round, plus "
            f"{_plural(scoring.bid_made, 'point')} for each bid the partnership made, less "
            f"{_plural(scoring.bid_set, 'point')} for each bid it was set."
        )
    bonus = (
        f", plus {_plural(scoring.win_bonus, 'point')} for a round it wins"
        if scoring.win_bonus
        else ""
    )
    return f"Each player scores their partnership's points each round{bonus}."


# The worked example: four players, two rounds at one table of Wisconsin (partners sit
# opposite: seats 1 and 3 against 2 and 4).
EXAMPLE_NAMES: dict[int, str] = {1: "Ann", 2: "Bo", 3: "Cy", 4: "Di"}
EXAMPLE = (
    RoundResult(
        number=1,
        tables=(
            TableResult(
                seats=(1, 2, 3, 4),
                scores=(11, 6),
                winner=0,
                bids_made=(2, 1),
                bids_set=(1, 1),
            ),
        ),
    ),
    RoundResult(
        number=2,
        tables=(
            TableResult(
                seats=(1, 3, 2, 4),
                scores=(5, 11),
                winner=1,
                bids_made=(1, 2),
                bids_set=(1, 0),
            ),
        ),
    ),
)


def _table_line(round_: RoundResult[int], scoring: NightScoring) -> str:
    table = round_.tables[0]
    names = [EXAMPLE_NAMES[p] for p in table.seats if p is not None]
    pairs = [f"{names[t]} & {names[t + 2]}" for t in (0, 1)]
    line = (
        f"Round {round_.number}: {pairs[0]} {table.scores[0]}, {pairs[1]} {table.scores[1]}; "
        f"{pairs[table.winner or 0]} won"
    )
    if scoring.system == BID_BONUS:
        bids = "; ".join(
            f"{pairs[t]} made {_plural(table.bids_made[t], 'bid')} and were set "
            f"{_plural(table.bids_set[t], 'time')}"
            for t in (0, 1)
        )
        line += f" ({bids})"
    return line + "."


def worked_example(scoring: NightScoring) -> list[str]:
    """A small night scored by ``scoring``: each round's table, then each player's total
    and place, as the standings would show them."""
    lines = [_table_line(r, scoring) for r in EXAMPLE]
    totals = night_totals(NE_WISCONSIN, EXAMPLE, EXAMPLE_NAMES, scoring=scoring)
    for t in totals:
        rounds = " + ".join(str(t.scores[r.number]) for r in EXAMPLE)
        place = f"{'=' if t.tied else ''}{t.rank}"
        spread = f", spread {t.spread:+d}" if scoring.spread_breaks_ties else ""
        lines.append(f"{t.name}: {rounds} = {points_text(t.total)}{spread}, place {place}.")
    if scoring.system == TOTAL_POINTS:
        for high in session_highs(NE_WISCONSIN, EXAMPLE, EXAMPLE_NAMES):
            who = " & ".join(EXAMPLE_NAMES[p] for p in high.players if p is not None)
            lines.append(f"Round {high.round}'s high: {who}, {high.score}.")
    return lines


# The night form's choices of movement.
MOVEMENT_CHOICES = {
    "draw": "A fresh random draw each round",
    "king": "King of the hill: winners move up a table, partners split",
}
# How players move between rounds (Night.movement), as the night's pages state it.
MOVEMENT_RULES = {
    "draw": "Each round draws the players present to new tables and seats.",
    "king": "King of the hill: after each round the partnership that won at a table moves "
    "up a table (the head table's winners stay, its losers go to the last table), the "
    "others stay, and partners split. A table that ends level holds everyone at their "
    "table that round (partners still split).",
}
HEAD_TABLE_ENDS = (
    "When the head table finishes, the round ends at every table: the others stop as they stand."
)


def movement_rules(night: object) -> list[str]:
    """How players move between rounds, as a night states it (Night.movement)."""
    lines = [MOVEMENT_RULES[getattr(night, "movement", "draw")]]
    if getattr(night, "head_table_ends", False):
        lines.append(HEAD_TABLE_ENDS)
    return lines
