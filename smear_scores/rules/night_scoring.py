"""How a progressive night scores a player's round, chosen when the night is opened.

Four systems, each the club's numbers:

- ``progressive``: the partnership's points at the table, plus ``win_bonus`` for a round won
  (the night's scoring before there was a choice).
- ``win_points``: ``win_points`` for a round won, ``margin_points`` instead for a win by at
  least ``margin`` points over the best other partnership (0: no margin rule), nothing for
  a round lost; ties are broken by rounds won, then the spread (points scored less the
  best other partnership's, summed over the rounds).
- ``total_points``: the partnership's points at the table, nothing added; each round's
  highest score is a prize line of its own (``rules.nights.session_highs``).
- ``bid_bonus``: the partnership's points, plus ``bid_made`` for each bid it made and less
  ``bid_set`` for each bid it was set (a Smear reading of Seeger's points a game won or
  lost).

Pure Python: a round's table comes in as data (``rules.nights.TableResult``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .errors import RuleError


class TableResult(Protocol):
    """A table of a round as scoring reads it (rules.nights.TableResult)."""

    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def bids_made(self) -> tuple[int, ...]: ...
    @property
    def bids_set(self) -> tuple[int, ...]: ...


PROGRESSIVE, WIN_POINTS, TOTAL_POINTS, BID_BONUS = (
    "progressive",
    "win_points",
    "total_points",
    "bid_bonus",
)
SYSTEMS = (PROGRESSIVE, WIN_POINTS, TOTAL_POINTS, BID_BONUS)
# The numbers each system reads (the rest are left at 0 and not stored).
NUMBERS = {
    PROGRESSIVE: ("win_bonus",),
    WIN_POINTS: ("win_points", "margin", "margin_points"),
    TOTAL_POINTS: (),
    BID_BONUS: ("bid_made", "bid_set"),
}
MAX_POINTS = 50
MAX_MARGIN = 500


@dataclass(frozen=True)
class NightScoring:
    """A night's scoring system and its numbers."""

    system: str = PROGRESSIVE
    win_bonus: int = 0
    win_points: int = 0
    margin: int = 0
    margin_points: int = 0
    bid_made: int = 0
    bid_set: int = 0

    @property
    def numbers(self) -> dict[str, int]:
        """The numbers the system reads, as a night stores them."""
        return {name: getattr(self, name) for name in NUMBERS.get(self.system, ())}

    @property
    def spread_breaks_ties(self) -> bool:
        return self.system == WIN_POINTS

    def round_points(self, table: TableResult, team: int) -> int:
        """What each player of ``team`` scores for ``table``'s round."""
        score = table.scores[team]
        won = table.winner == team
        if self.system == WIN_POINTS:
            if not won:
                return 0
            if self.margin and spread(table, team) >= self.margin:
                return self.margin_points
            return self.win_points
        if self.system == BID_BONUS:
            made = table.bids_made[team] if table.bids_made else 0
            set_ = table.bids_set[team] if table.bids_set else 0
            return score + self.bid_made * made - self.bid_set * set_
        if self.system == PROGRESSIVE and won:
            return score + self.win_bonus
        return score


def spread(table: TableResult, team: int) -> int:
    """``team``'s points at the table less the best other partnership's."""
    others = [s for t, s in enumerate(table.scores) if t != team]
    return table.scores[team] - max(others) if others else 0


def _number(field: str, value: int, low: int, high: int, what: str) -> list[RuleError]:
    if low <= value <= high:
        return []
    return [RuleError(field, f"{what} is {low} to {high} points, not {value}.", "")]


def scoring_errors(scoring: NightScoring) -> list[RuleError]:
    """Each number of ``scoring`` that cannot hold, with its field and how to put it right."""
    if scoring.system not in SYSTEMS:
        return [
            RuleError(
                "scoring",
                "Choose how the night scores: progressive points, win points and spread, "
                "total points, or a bid bonus.",
                "",
            )
        ]
    errors = _number("win_bonus", scoring.win_bonus, 0, MAX_POINTS, "The bonus for a round won")
    if scoring.system == WIN_POINTS:
        errors += _number("win_points", scoring.win_points, 1, MAX_POINTS, "A round won")
        errors += _number("margin", scoring.margin, 0, MAX_MARGIN, "The winning margin")
        if scoring.margin and scoring.margin_points <= scoring.win_points:
            errors.append(
                RuleError(
                    "margin_points",
                    f"A win by {scoring.margin} or more scores more than a plain win "
                    f"({scoring.win_points}), not {scoring.margin_points}: raise it, or set "
                    "the margin to 0 for no margin rule.",
                    "",
                )
            )
        elif scoring.margin:
            errors += _number(
                "margin_points", scoring.margin_points, 1, MAX_POINTS, "A win by the margin"
            )
    if scoring.system == BID_BONUS:
        errors += _number("bid_made", scoring.bid_made, 0, MAX_POINTS, "A bid made")
        errors += _number("bid_set", scoring.bid_set, 0, MAX_POINTS, "A bid set")
        if not scoring.bid_made and not scoring.bid_set:
            errors.append(
                RuleError(
                    "bid_made",
                    "A bid bonus of 0 for a bid made and 0 for a bid set is plain total "
                    "points: give the points, or choose total points.",
                    "",
                )
            )
    if scoring.system != PROGRESSIVE and scoring.win_bonus:
        errors.append(
            RuleError(
                "win_bonus",
                "The bonus for winning a round belongs to progressive points: set it to 0, "
                "or choose progressive points.",
                "",
            )
        )
    return errors
