"""King of the hill, worked out by hand (rules/movement.py)."""

from __future__ import annotations

from collections import Counter

from smear_scores.rules import NE_WISCONSIN, SCHMIER
from smear_scores.rules.draw import DrawnTable, History, RoundDraw
from smear_scores.rules.movement import destinations, king_of_the_hill

# Wisconsin: seats 0/2 and 1/3 are partners.
ROUND_1 = RoundDraw(
    tables=(
        DrawnTable(number=1, seats=(1, 2, 3, 4), dealer=0),
        DrawnTable(number=2, seats=(5, 6, 7, 8), dealer=0),
        DrawnTable(number=3, seats=(9, 10, 11, 12), dealer=0),
    ),
    sitting_out=(),
    seed=1,
)
# Table 1: 1 & 3 won; table 2: 6 & 8; table 3: 9 & 11.
WINNERS = {1: 0, 2: 1, 3: 0}


def seats(draw):
    return [t.seats for t in draw.tables]


def test_winners_move_up_losers_stay_the_head_tables_losers_go_to_the_foot_partners_split():
    assert destinations(NE_WISCONSIN, ROUND_1.tables, WINNERS) == [
        [(1, 3), (6, 8)],  # the head table's winners stay, table 2's come up
        [(5, 7), (9, 11)],
        [(10, 12), (2, 4)],  # the head table's losers go to the foot
    ]

    nxt = king_of_the_hill(NE_WISCONSIN, list(range(1, 13)), ROUND_1, WINNERS, History(), 7)

    # New partners: the first of one pair with the second of the other.
    assert seats(nxt) == [(1, 6, 8, 3), (5, 9, 11, 7), (10, 2, 4, 12)]
    assert nxt.sitting_out == ()


def test_a_table_with_no_winner_holds_the_ladder_and_partners_still_split():
    winners = {1: 0, 2: None, 3: 0}
    nxt = king_of_the_hill(NE_WISCONSIN, list(range(1, 13)), ROUND_1, winners, History(), 7)

    # Table 2 ended level: nobody moves (table 3's winners cannot go up to a table that
    # sends nobody up), and at every table the two pairs split: 1 & 3 against 2 & 4 become
    # 1 & 4 against 2 & 3, and so on. Every table two partnerships of new partners.
    assert destinations(NE_WISCONSIN, ROUND_1.tables, winners) == [
        [(1, 3), (2, 4)],
        [(5, 7), (6, 8)],
        [(9, 11), (10, 12)],
    ]
    assert seats(nxt) == [(1, 2, 4, 3), (5, 6, 8, 7), (9, 10, 12, 11)]


def test_a_single_schmier_table_stays_and_splits_every_partnership():
    one = RoundDraw(tables=(DrawnTable(1, (1, 2, 3, 4, 5, 6), 0),), sitting_out=(), seed=1)

    nxt = king_of_the_hill(SCHMIER, [1, 2, 3, 4, 5, 6], one, {1: 1}, History(), 3)

    # Schmier partners are seats 0/3, 1/4, 2/5: 1 & 4, 2 & 5, 3 & 6 become 1 & 5, 2 & 6, 3 & 4.
    assert seats(nxt) == [(1, 2, 3, 5, 6, 4)]


def test_sit_outs_rotate_by_the_draws_rule_and_a_player_back_joins_at_the_foot():
    history = History()
    history.add(NE_WISCONSIN, RoundDraw(ROUND_1.tables, sitting_out=(13,), seed=1))
    present = [*range(1, 14)]

    nxt = king_of_the_hill(NE_WISCONSIN, present, ROUND_1, WINNERS, history, 11)

    (out,) = nxt.sitting_out
    assert out != 13  # 13 sat out last time: one of those who never did sits out now
    seated = [p for t in nxt.tables for p in t.seats]
    assert sorted(seated + [out]) == present
    assert [len(t.seats) for t in nxt.tables] == [4, 4, 4]
    assert 13 in nxt.tables[-1].seats or 13 in nxt.tables[-2].seats  # joins at the foot


def test_a_player_gone_leaves_the_ladder_and_the_tables_still_fill():
    present = [p for p in range(1, 13) if p != 6]

    nxt = king_of_the_hill(NE_WISCONSIN, present, ROUND_1, WINNERS, History(), 5)

    assert [len(t.seats) for t in nxt.tables] == [4, 4]
    assert len(nxt.sitting_out) == 3
    assert Counter(p for t in nxt.tables for p in t.seats) + Counter(nxt.sitting_out) == Counter(
        present
    )
