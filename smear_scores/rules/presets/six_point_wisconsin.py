"""Six Point Northeastern Wisconsin Smear: the four-point game with two jokers, to 21."""

from __future__ import annotations

from ..entry import HandEntry
from ..house import points, preset
from ..variants import HOUSE_RULE_IDS, Example, Option

PRESET = preset(
    "six-point-wisconsin",
    {
        "name": "Six Point Northeastern Wisconsin Smear",
        "based_on": "ne-wisconsin",
        "players": 4,
        "teams": 2,
        "target": 21,
        "min_bid": 2,
        "max_bid": 6,
        "points": points("high", "low", "jack", "high_joker", "low_joker", "game"),
        "words": {
            "deck": "34 cards: the 32 of the four-point game and two jokers below the 7.",
            "dealt": "Six cards each; the dealer keeps the rest.",
            "kitty": "The table agrees how many undealt cards (0 to 3) the bidder may take.",
            "trump_ranking": "A, K, Q, J, 10, 9, 8, 7, then the jokers.",
            "low_card": "The 7 of trump.",
            "jokers": "Two, below the 7; a house rule decides which outranks the other.",
        },
    },
    source="ultrafoodmess.com Six Point Northeastern Wisconsin Smear (the gamerules.com text)",
    options=(
        Option(
            "kitty",
            "Undealt cards the bidder may take",
            int,
            0,
            (0, 1, 2, 3),
            HOUSE_RULE_IDS["bids"],
            "How many of the undealt cards the bidder may look at and take.",
        ),
    ),
    examples=(
        Example(
            title="The other team goes out on a set",
            words="At 17 to 19, Team A bids 5 and takes High, Jack, the high joker and Game: "
            "4, so it is set and loses 5; Team B's Low and low joker bring it to 21.",
            scores_before=(17, 19),
            entry=HandEntry(
                bidder=2,
                bid=5,
                awards=dict(high=0, low=1, jack=0, high_joker=0, low_joker=1, game=0),
            ),
            changes=(-5, 2),
            scores_after=(12, 21),
            finished=True,
            winner=1,
        ),
    ),
)
