"""Schmier: six players in three partnerships, to 21; one of the two seeds, its rules page
written by hand (rule ids S1 …)."""

from __future__ import annotations

from ..entry import HandEntry
from ..variants import Example, PointCategory, Variant

PRESET = Variant(
    slug="schmier",
    name="Schmier",
    players=6,
    teams=3,
    target=21,
    min_bid=3,
    max_bid=6,
    points=(
        PointCategory("high", "High", True, "plays the ace of trump"),
        PointCategory("low", "Low", True, "plays the 2 of trump"),
        PointCategory("right_bauer", "Right bauer", True, "wins the jack of trump"),
        PointCategory("left_bauer", "Left bauer", True, "wins the jack of the same colour"),
        PointCategory("joker", "Joker", True, "wins the trick with the joker"),
        PointCategory("game", "Game", False, "most card points; nobody on a tie", "Nobody (tie)"),
    ),
    options=(),
    rule_ids={
        "seats": "S1",
        "target": "S2",
        "dealer": "S3",
        "points": "S5",
        "low": "S5",
        "game": "S5",
        "bids": "S6",
        "moon": "S6",
        "thrown_in": "S6",
        "scoring": "S9",
        "non_bidders": "S9",
        "win": "S10",
    },
    summary="6 players, 3 partnerships, six points a hand, bids 3–6, game to 21.",
    # S2, S5, D13: four suits of A 4, K 3, Q 2, J 1, 10 ten (20 each) and the joker's 1.
    card_points_total=81,
    words={
        "deck": "52 cards and one joker.",
        "dealt": "Six cards each; the dealer keeps the rest of the pack.",
        "kitty": "",
        "discards": "Every player but the dealer may discard up to 3 non-trumps and is given "
        "replacements; the dealer then discards down to six, never the ace, a bauer, the 2 "
        "or the joker.",
        "trump_ranking": "A, K, Q, right bauer, left bauer, 10 … 2, joker.",
        "low_card": "The 2 of trump.",
        "jokers": "One joker, the lowest trump.",
    },
    source="ultrafoodmess.com Schmier game rules (the gamerules.com text, three teams of two)",
    examples=(
        Example(
            title="A made bid scores everything taken",
            words="Team B bids 3 and takes High, Low, the left bauer and Game: 4 points, more "
            "than its bid, and it scores all 4; Team A took the right bauer and Team C the "
            "joker, 1 point each.",
            scores_before=(10, 14, 8),
            entry=HandEntry(
                bidder=1,
                bid=3,
                awards=dict(high=1, low=1, right_bauer=0, left_bauer=1, joker=2, game=1),
            ),
            changes=(1, 4, 1),
            scores_after=(11, 18, 9),
        ),
    ),
)
