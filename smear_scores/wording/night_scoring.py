"""How a night scores, in the room's words: each system's name, its rule in one sentence with
the club's numbers, and a worked example computed by the engine itself (so the example can
never say what the standings do not do)."""

from __future__ import annotations

from dataclasses import replace

from smear_scores.rules import NE_WISCONSIN, Variant
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
# What the night form says under each choice, before a game is chosen: a side is a
# partnership, or a player alone in a cutthroat game.
SYSTEM_HELP = {
    PROGRESSIVE: "Your side's points each round, plus a bonus for a round won.",
    WIN_POINTS: "Points for a round won (more for a win by a set margin); ties go to rounds "
    "won, then the spread.",
    TOTAL_POINTS: "Your side's points each round; each round's highest score wins a prize of "
    "its own.",
    BID_BONUS: "Your side's points each round, plus points for each bid made, less points "
    "for each bid set.",
}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def scoring_rule(scoring: NightScoring, *, alone: bool = False) -> str:
    """The system with the club's numbers, in one sentence; ``alone``: the night's game is
    cutthroat, each player scoring their own points (no partnerships)."""
    own = "their own" if alone else "their partnership's"
    if scoring.system == WIN_POINTS:
        margin = (
            f", {_plural(scoring.margin_points, 'point')} for a win by "
            f"{_plural(scoring.margin, 'point')} or more"
            if scoring.margin
            else ""
        )
        won = "they win" if alone else "their partnership wins"
        other = "player's" if alone else "partnership's"
        return (
            f"Each player scores {_plural(scoring.win_points, 'point')} for a round {won}"
            f"{margin}, nothing for a round lost; ties are broken by rounds won, then the "
            f"spread (points scored less the best other {other}, over the rounds), then the "
            "best round."
        )
    if scoring.system == TOTAL_POINTS:
        level = "players" if alone else "partnerships"
        return (
            f"Each player scores {own} points each round, nothing added; the highest score "
            f"of each round is a prize of its own, shared by the {level} level on it."
        )
    if scoring.system == BID_BONUS:
        made, was = ("they", "they were") if alone else ("the partnership", "it was")
        return (
            f"Each player scores {own} points each round, plus "
            f"{_plural(scoring.bid_made, 'point')} for each bid {made} made, less "
            f"{_plural(scoring.bid_set, 'point')} for each bid {was} set."
        )
    wins = "they win" if alone else "it wins"
    bonus = (
        f", plus {_plural(scoring.win_bonus, 'point')} for a round {wins}"
        if scoring.win_bonus
        else ""
    )
    return f"Each player scores {own} points each round{bonus}."


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


# What the scoring page says before the example, by whether the night's game has partners.
EXAMPLE_INTRO = (
    "Four players at one table of four, two rounds, partners opposite each other, scored as "
    "this night scores:"
)
EXAMPLE_INTRO_ALONE = (
    "Four players at one table of four, two rounds, each playing alone, scored as this night "
    "scores:"
)

# The worked example with each player alone: four players at one table of cutthroat
# Wisconsin (each seat its own side), two rounds.
ALONE = replace(NE_WISCONSIN, teams=NE_WISCONSIN.players)
EXAMPLE_ALONE = (
    RoundResult(
        number=1,
        tables=(
            TableResult(
                seats=(1, 2, 3, 4),
                scores=(15, 9, 6, 4),
                winner=0,
                bids_made=(2, 1, 1, 0),
                bids_set=(0, 1, 0, 1),
            ),
        ),
    ),
    RoundResult(
        number=2,
        tables=(
            TableResult(
                seats=(2, 4, 1, 3),
                scores=(7, 15, 11, 3),
                winner=1,
                bids_made=(1, 2, 1, 0),
                bids_set=(1, 0, 0, 1),
            ),
        ),
    ),
)


def _table_line(round_: RoundResult[int], scoring: NightScoring, variant: Variant) -> str:
    table = round_.tables[0]
    names = [EXAMPLE_NAMES[p] for p in table.seats if p is not None]
    sides = [" & ".join(names[s] for s in variant.seats_of(t)) for t in range(variant.teams)]
    scores = ", ".join(f"{side} {score}" for side, score in zip(sides, table.scores, strict=True))
    line = f"Round {round_.number}: {scores}; {sides[table.winner or 0]} won"
    if scoring.system == BID_BONUS:
        were = "was" if variant.cutthroat else "were"
        bids = "; ".join(
            f"{sides[t]} made {_plural(table.bids_made[t], 'bid')} and {were} set "
            f"{_plural(table.bids_set[t], 'time')}"
            for t in range(variant.teams)
        )
        line += f" ({bids})"
    return line + "."


def worked_example(scoring: NightScoring, *, alone: bool = False) -> list[str]:
    """A small night scored by ``scoring``: each round's table, then each player's total
    and place, as the standings would show them. ``alone``: the four play cutthroat, each
    their own side."""
    variant, example = (ALONE, EXAMPLE_ALONE) if alone else (NE_WISCONSIN, EXAMPLE)
    lines = [_table_line(r, scoring, variant) for r in example]
    totals = night_totals(variant, example, EXAMPLE_NAMES, scoring=scoring)
    for t in totals:
        rounds = " + ".join(str(t.scores[r.number]) for r in example)
        place = f"{'=' if t.tied else ''}{t.rank}"
        spread = f", spread {t.spread:+d}" if scoring.spread_breaks_ties else ""
        lines.append(f"{t.name}: {rounds} = {points_text(t.total)}{spread}, place {place}.")
    if scoring.system == TOTAL_POINTS:
        for high in session_highs(variant, example, EXAMPLE_NAMES):
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
# The same where each player is alone (a cutthroat game): no partners to split, and the
# others at a table below move up, in seat order, into the seats its winner and the head
# table's losers leave (rules.movement.ladder).
MOVEMENT_RULES_ALONE = {
    **MOVEMENT_RULES,
    "king": "King of the hill: after each round the player who won at a table moves up a "
    "table (the head table's winner stays, its losers go to the last table); the other "
    "players move up, in seat order, to fill the seats left free. A table that ends level "
    "holds everyone at their table that round.",
}
HEAD_TABLE_ENDS = (
    "When the head table finishes, the round ends at every table: the others stop as they stand."
)


def movement_rules(night: object, *, alone: bool = False) -> list[str]:
    """How players move between rounds, as a night states it (Night.movement); ``alone``:
    the night's game is cutthroat."""
    rules = MOVEMENT_RULES_ALONE if alone else MOVEMENT_RULES
    lines = [rules[getattr(night, "movement", "draw")]]
    if getattr(night, "head_table_ends", False):
        lines.append(HEAD_TABLE_ENDS)
    return lines
