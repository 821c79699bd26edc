"""Ten-point Smear: ten points, bids 2 to 10, to 52."""

from __future__ import annotations

from ..entry import HandEntry
from ..house import points, preset
from ..variants import Example

PRESET = preset(
    "ten-point-smear",
    {
        "name": "Ten-point Smear",
        "players": 4,
        "teams": 2,
        "target": 52,
        "min_bid": 2,
        "max_bid": 10,
        "points": points(
            "high",
            "low",
            "jack",
            "off_jack",
            "high_joker",
            "low_joker",
            "game",
            "trey",
            always=("high", "low"),
        ),
        "words": {
            "deck": "54 cards: 52 and two jokers.",
            "dealt": "Ten each (eight with six players).",
            "trump_ranking": "A, K, Q, J, jick, jokers, 10 … 2.",
            "low_card": "The lowest trump in play.",
            "jokers": "Two, each a point.",
        },
    },
    source="en.wikipedia.org Smear (card game), ten-point partnership Smear (a tie over the "
    "target to the pitching side); ultrafoodmess.com Ten Point Smear (to 52); "
    "cardrulesplus.com Smear (bids 2 to 10)",
    examples=(
        Example(
            title="A tie over the target goes to the bidding side",
            words="At 47 all, Team B bids 5 and takes High, Low, Jack, Jick and Game; Team A "
            "takes both jokers and the Trey. Both reach 52, and Team B bid: it wins.",
            scores_before=(47, 47),
            entry=HandEntry(
                bidder=1,
                bid=5,
                awards=dict(
                    high=1, low=1, jack=1, off_jack=1, high_joker=0, low_joker=0, game=1, trey=0
                ),
            ),
            changes=(5, 5),
            scores_after=(52, 52),
            finished=True,
            winner=1,
        ),
    ),
)
