"""Auction Pitch: four points, to 11, the making team goes out first; smudge and stick
the dealer as options."""

from __future__ import annotations

from ..entry import HandEntry
from ..house import points, preset
from ..variants import HOUSE_RULE_IDS, Example, Option

PRESET = preset(
    "auction-pitch",
    {
        "name": "Auction Pitch",
        "players": 4,
        "teams": 2,
        "target": 11,
        "min_bid": 2,
        "max_bid": 4,
        "points": points("high", "low", "jack", "game", always=("high", "low")),
        "low_goes_to": "trick",
        "card_points_total": 80,
        "win": "bidder_out_first",
        "words": {
            "deck": "52 cards.",
            "dealt": "Six cards each.",
            "trump_ranking": "A, K, Q, J, 10 … 2.",
            "low_card": "The lowest trump in play.",
            "jokers": "None.",
        },
    },
    source="en.wikipedia.org Pitch (card game); leaguelineup.com Pitch Perfect rules "
    "(the making team at 11 wins regardless of the other's score); ourpastimes.com "
    "High-Low-Jack (smudge: plus or minus 5)",
    options=(
        Option(
            "smudge",
            "Smudge",
            bool,
            False,
            (False, True),
            HOUSE_RULE_IDS["moon"],
            "A bid of 5, Smudge: take all four points; made it scores 5, failed it is set back 5.",
            sets={
                True: {
                    "max_bid": 5,
                    "moon": {
                        "bid": 5,
                        "name": "Smudge",
                        "made": "scores",
                        "made_points": 5,
                        "failed": "set_back",
                        "failed_points": 5,
                    },
                }
            },
        ),
        Option(
            "stick_dealer",
            "Stick the dealer",
            bool,
            False,
            (False, True),
            HOUSE_RULE_IDS["thrown_in"],
            "When everyone passes the dealer must bid 2: no hand is thrown in.",
            sets={True: {"all_pass": "stick_dealer"}},
        ),
    ),
    examples=(
        Example(
            title="The bidder goes out first",
            words="At 9 to 10, Team A bids 2 and takes High and Game; Team B takes Low and "
            "the Jack and reaches 12. Team A made its bid at 11 and wins, whatever Team B has.",
            scores_before=(9, 10),
            entry=HandEntry(bidder=2, bid=2, awards=dict(high=0, low=1, jack=1, game=0)),
            changes=(2, 2),
            scores_after=(11, 12),
            finished=True,
            winner=0,
        ),
    ),
)
