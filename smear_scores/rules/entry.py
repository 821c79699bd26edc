"""The hand's entry: what the table reports for one deal, before any rule is applied
(hands.py checks it against a variant)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class HandEntry:
    """What the scorer reports for one deal.

    Either a thrown-in deal (D4), or the bidder's seat, the bid and the points taken:
    one number per team (``points``) or, per point category, the team that took it
    (``awards``; None or a missing key means nobody took it). ``made`` is the scorer's
    optional "made"/"set" claim (D3). ``card_points``: when the table counted, each team's
    card points in team order (D13); Game then goes to the team with the most (nobody on a
    tie, D2), and an award of Game given beside them must agree.
    """

    thrown_in: bool = False
    bidder: int | None = None
    bid: int | None = None
    points: tuple[int, ...] | None = None
    awards: Mapping[str, int | None] | None = None
    made: bool | None = None
    card_points: tuple[int, ...] | None = None

    @classmethod
    def thrown(cls) -> HandEntry:
        return cls(thrown_in=True)
