"""Minnesota Smear: the dealer set back 2 when all pass, the bidding team goes out first."""

from __future__ import annotations

from ..entry import HandEntry
from ..house import points, preset
from ..variants import HOUSE_RULE_IDS, Example, Option

PRESET = preset(
    "minnesota-smear",
    {
        "name": "Minnesota Smear",
        "players": 4,
        "teams": 2,
        "target": 21,
        "min_bid": 2,
        "max_bid": 5,
        "points": points("high", "low", "jack", "off_jack", "game", always=("high", "low")),
        "all_pass": "dealer_set_back",
        "all_pass_points": 2,
        "win": "bidding_team_out_first",
        "words": {
            "deck": "52 cards.",
            "dealt": "Six cards each.",
            "trump_ranking": "A, K, Q, J, jick, 10 … 2.",
            "low_card": "The lowest trump played, to the team that played it.",
            "jokers": "None.",
        },
    },
    source="mkokotovich/play_smear on github.com (backend/apps/smear/models.py: the dealer "
    "is set 2 when all pass, the bidder always goes out, must_bid_to_win); ourpastimes.com "
    "rules of Smear",
    options=(
        Option(
            "must_bid_to_win",
            "Must bid to win",
            bool,
            False,
            (False, True),
            HOUSE_RULE_IDS["non_bidders"],
            # play_smear's "Require a winning bid to go out": a team goes out only on a bid
            # it made, so the option sets both settings.
            "Only a team that makes its bid can win: it wins when it is at the target after "
            "the hand it bid and made; a team that was set, or did not bid, plays on, "
            "whatever its score.",
            sets={True: {"non_bidders": "must_bid_to_win", "win": "made_bid_only"}},
        ),
    ),
    examples=(
        Example(
            title="Everyone passes: the dealer is set back 2",
            words="At 10 to 7, everyone passes; the dealer sits in Team B, which is set "
            "back 2, and the deal passes on.",
            scores_before=(10, 7),
            entry=HandEntry.thrown(),
            changes=(0, -2),
            scores_after=(10, 5),
            dealer=1,
        ),
        Example(
            title="Must bid to win: no win on the other team's bid",
            words="With must bid to win on, at 19 to 18 Team B bids 2 and makes it with High "
            "and Low; Team A takes Jack, Jick and Game and reaches 22, but it did not bid: "
            "play on.",
            scores_before=(19, 18),
            entry=HandEntry(
                bidder=1, bid=2, awards=dict(high=1, low=1, jack=0, off_jack=0, game=0)
            ),
            changes=(3, 2),
            scores_after=(22, 20),
            options={"must_bid_to_win": True},
        ),
    ),
)
