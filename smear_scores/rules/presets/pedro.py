"""Pedro (Cinch): the Pedros worth 5, Game to the ten of trump, to 62."""

from __future__ import annotations

from ..entry import HandEntry
from ..house import points, preset
from ..variants import Example

PRESET = preset(
    "pedro",
    {
        "name": "Pedro (Cinch)",
        "players": 4,
        "teams": 2,
        "target": 62,
        "min_bid": 7,
        "max_bid": 14,
        "points": points("high", "low", "jack", "game", "pedro", "left_pedro"),
        "low_goes_to": "trick",
        "game_goes_to": "ten_of_trump",
        "all_pass": "stick_dealer",
        "win": "bidder_out_first",
        "words": {
            "deck": "52 cards.",
            "dealt": "Nine each; each discards and the dealer robs the pack to six.",
            "trump_ranking": "A, K, Q, J, 10, 9, 8, 7, 6, Pedro, Left Pedro, 4, 3, 2.",
            "low_card": "The 2 of trump, to the team that takes it.",
            "jokers": "None.",
        },
    },
    source="en.wikipedia.org Pedro (card game); Foster's Complete Hoyle, Pedro and Cinch "
    "(bids 7 to 14 with the dealer forced to 7, the bidder goes out)",
    examples=(
        Example(
            title="The bidder goes out",
            words="At 55 to 58, Team A bids 7 and takes High, Low, Jack and the Pedro: 8, to "
            "63; Team B takes Game and the Left Pedro, to 64. Team A bid and made it, so it "
            "goes out first and wins.",
            scores_before=(55, 58),
            entry=HandEntry(
                bidder=0,
                bid=7,
                awards=dict(high=0, low=0, jack=0, game=1, pedro=0, left_pedro=1),
            ),
            changes=(8, 6),
            scores_after=(63, 64),
            finished=True,
            winner=0,
        ),
    ),
)
