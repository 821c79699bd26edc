"""Ten-point Pitch: ten points, to 52, a moon that jumps to the target or loses."""

from __future__ import annotations

from ..entry import HandEntry
from ..house import points, preset
from ..variants import Example

PRESET = preset(
    "ten-point-pitch",
    {
        "name": "Ten-point Pitch",
        "players": 4,
        "teams": 2,
        "target": 52,
        "min_bid": 4,
        "max_bid": 10,
        "points": points(
            "high",
            "low",
            "jack",
            "off_jack",
            "high_joker",
            "low_joker",
            "ten",
            "trey",
            always=("high", "low"),
        ),
        "moon": {
            "bid": 10,
            "name": "Shoot the moon",
            "made": "to_target",
            "made_points": 0,
            "negative_to_zero": True,
            "failed": "loses",
            "failed_points": 0,
        },
        "all_pass": "stick_dealer",
        "words": {
            "deck": "54 cards: 52 and two jokers.",
            "dealt": "Nine each, then every player discards down to six.",
            "trump_ranking": "A, K, Q, J, off-jack, high joker, low joker, 10 … 2.",
            "low_card": "The lowest trump in play, to the team that played it.",
            "jokers": "Two, a high and a low joker, each a point.",
        },
    },
    source="larrycharbonneau.com 10-point pitch (points, bids from 4, the dealer takes 4); "
    "sage-answers.com (a made moon jumps to 52, or to 0 if negative; a failed moon loses "
    "the game)",
    examples=(
        Example(
            title="A made moon jumps to 52",
            words="At 30 to 41, Team B shoots the moon and takes all ten points: its score "
            "jumps to 52 and it wins.",
            scores_before=(30, 41),
            entry=HandEntry(
                bidder=1,
                bid=10,
                awards=dict(
                    high=1, low=1, jack=1, off_jack=1, high_joker=1, low_joker=1, ten=1, trey=1
                ),
            ),
            changes=(0, 11),
            scores_after=(30, 52),
            finished=True,
            winner=1,
        ),
        Example(
            title="A failed moon loses the game",
            words="At 40 to 45, Team A shoots the moon and takes nine points, but Team B "
            "takes the low joker: the moon fails, Team A is set back 10 and loses the game.",
            scores_before=(40, 45),
            entry=HandEntry(
                bidder=0,
                bid=10,
                awards=dict(
                    high=0, low=0, jack=0, off_jack=0, high_joker=0, low_joker=1, ten=0, trey=0
                ),
            ),
            changes=(-10, 1),
            scores_after=(30, 46),
            finished=True,
            winner=1,
        ),
    ),
)
