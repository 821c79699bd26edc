"""Four Point Northeastern Wisconsin Smear: two partnerships, to 15; one of the two seeds,
its rules page written by hand (rule ids W1 …)."""

from __future__ import annotations

from ..entry import HandEntry
from ..variants import Example, Option, PointCategory, Variant

PRESET = Variant(
    slug="ne-wisconsin",
    name="Four Point Northeastern Wisconsin Smear",
    players=4,
    teams=2,
    target=15,
    min_bid=2,
    max_bid=4,
    points=(
        PointCategory("high", "High", False, "plays the ace of trump", "Nobody"),
        PointCategory("low", "Low", False, "plays the 7 of trump", "Nobody"),
        PointCategory("jack", "Jack", False, "wins the jack of trump", "Nobody"),
        PointCategory("game", "Game", False, "most card points; nobody on a tie", "Nobody (tie)"),
    ),
    options=(
        Option(
            "kitty",
            "Undealt cards the bidder may take",
            int,
            0,
            (0, 1, 2, 3),
            "W2",
            "How many of the undealt cards the bidder may look at and take.",
        ),
        Option(
            "win_only_on_made_bid",
            "Win only on a made bid",
            bool,
            False,
            (False, True),
            "W10a",
            "The game can only be won in a hand whose bid was made.",
            sets={True: {"win": "made_bid_only"}},
        ),
        Option(
            "cap_non_bidder",
            "Non-bidders' points above 15 do not count",
            bool,
            False,
            (False, True),
            "W10b",
            "A team that did not bid and passes 15 in a hand keeps 15; at 15 it has still "
            "reached the target and can win.",
            sets={True: {"non_bidders": "held_at_target"}},
        ),
    ),
    rule_ids={
        "seats": "W1",
        "target": "W3",
        "dealer": "W4",
        "points": "W5",
        "low": "W5",
        "game": "W5",
        "bids": "W6",
        "moon": "W6",
        "thrown_in": "W6",
        "scoring": "W9",
        "non_bidders": "W10b",
        "win": "W10",
    },
    summary="4 players, 2 partnerships, four points a hand, bids 2–4, game to 15.",
    # W3, W5, D13: the 32-card deck has the same four suits' 20 each and no joker.
    card_points_total=80,
    words={
        "deck": "32 cards: everything 6 and below removed.",
        "dealt": "Six cards each; the dealer keeps the rest.",
        "kitty": "The table agrees before the game how many undealt cards (0 to 3) the "
        "bidder may look at and take.",
        "discards": "The bidder discards down to six; the discards count for the bidder's team.",
        "trump_ranking": "A, K, Q, J, 10, 9, 8, 7 in every suit.",
        "low_card": "The 7 of trump.",
        "jokers": "None.",
    },
    source="ultrafoodmess.com Four Point Northeastern Wisconsin Smear (the gamerules.com text)",
    examples=(
        Example(
            title="A set bid loses the bid",
            words="Team A bids 3 and takes only High and the Jack: set, it loses 3 and scores "
            "nothing it took; Team B scores its Low and Game.",
            scores_before=(12, 9),
            entry=HandEntry(bidder=0, bid=3, awards=dict(high=0, low=1, jack=0, game=1)),
            changes=(-3, 2),
            scores_after=(9, 11),
        ),
    ),
)
