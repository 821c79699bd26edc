"""Schmier for two teams of three, as pagat.com gives it."""

from __future__ import annotations

from ..entry import HandEntry
from ..house import points, preset
from ..variants import Example

PRESET = preset(
    "schmier-two-teams",
    {
        "name": "Schmier (two teams of three)",
        "based_on": "schmier",
        "players": 6,
        "teams": 2,
        "target": 21,
        "min_bid": 3,
        "max_bid": 6,
        "points": points(
            "high",
            "low",
            "right_bauer",
            "left_bauer",
            "joker",
            "game",
            always=("high", "low", "right_bauer", "left_bauer", "joker"),
        ),
        "card_points_total": 81,
        "words": {
            "deck": "52 cards and one joker.",
            "dealt": "Six cards each; the 17 left go to the dealer.",
            "discards": "The dealer discards down to six.",
            "trump_ranking": "A, K, Q, right bauer, left bauer, 10 … 2, joker.",
            "low_card": "The 2 of trump.",
            "jokers": "One joker, the lowest trump.",
        },
    },
    source="pagat.com Schmier (Ben Butzer, St Paul), as mirrored at "
    "gambiter.com/cards/all-fours/schmier.html",
    examples=(
        Example(
            title="Both teams pass 21: the more points wins",
            words="At 19 to 20, Team A bids 3 and takes High, the right and left bauers and "
            "Game; Team B takes Low and the joker. Both are over 21; Team A's 23 beats 22.",
            scores_before=(19, 20),
            entry=HandEntry(
                bidder=0,
                bid=3,
                awards=dict(high=0, low=1, right_bauer=0, left_bauer=0, joker=1, game=0),
            ),
            changes=(4, 2),
            scores_after=(23, 22),
            finished=True,
            winner=0,
        ),
    ),
)
