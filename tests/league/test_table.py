"""Worked examples of the league table: every column, both ranking rules, shared ranks,
the minimum number of games, partnerships."""

from __future__ import annotations

from smear_scores.models import League
from smear_scores.selectors.leagues import game_placings, league_table

from .conftest import make_league, play, roster, wisconsin_win


def cols(rows, *names):
    return [tuple(getattr(r, n) for n in names) for r in rows]


def three_games(league, four):
    """Seats clockwise; Wisconsin partners sit opposite (W1): seats 1 & 3 against 2 & 4."""
    ann, bob, cat, dan = four
    wisconsin_win(league, [ann, bob, cat, dan], winner=0)  # Ann & Cat 16, Bob & Dan 0
    wisconsin_win(league, [ann, bob, dan, cat], winner=1, loser_score=3)  # Bob & Cat 16–3
    wisconsin_win(league, [bob, ann, dan, cat], winner=0, loser_score=2)  # Bob & Dan 16–2


def test_league_table_wins_rule_worked_example(league, four):
    three_games(league, four)
    table = league_table(league)
    assert cols(
        table.players,
        "rank_label",
        "name",
        "played",
        "won",
        "lost",
        "win_pct",
        "avg_score",
        "points_for",
        "points_against",
        "diff",
    ) == [
        ("1", "Cat", 3, 2, 1, 66.7, 11.3, 34, 19, 15),
        ("2", "Bob", 3, 2, 1, 66.7, 10.7, 32, 21, 11),
        ("3", "Ann", 3, 1, 2, 33.3, 7.0, 21, 32, -11),
        ("4", "Dan", 3, 1, 2, 33.3, 6.3, 19, 34, -15),
    ]
    # Bids: the winners bid 4 four times a game; the losers' one early bid of 2 was made.
    assert cols(table.players, "name", "hands_bid", "made", "set", "make_rate", "avg_bid") == [
        ("Cat", 0, 0, 0, None, None),
        ("Bob", 8, 8, 0, 100.0, 4.0),
        ("Ann", 6, 6, 0, 100.0, 3.33),
        ("Dan", 0, 0, 0, None, None),
    ]
    assert table.rule_text == (
        "Ranked by wins, then win %, then point difference. Equal rows share a rank (=)."
    )
    assert table.games == 3


def test_league_table_partnerships_worked_example(league, four):
    three_games(league, four)
    table = league_table(league)
    assert cols(
        table.partnerships,
        "rank_label",
        "name",
        "played",
        "won",
        "points_for",
        "diff",
        "hands_bid",
    ) == [
        ("1", "Bob & Cat", 1, 1, 16, 13, 4),
        ("2", "Ann & Cat", 2, 1, 18, 2, 5),
        ("3", "Bob & Dan", 2, 1, 16, -2, 4),
        ("4", "Ann & Dan", 1, 0, 3, -13, 1),
    ]


def test_league_table_equal_rows_share_rank_not_broken_by_name(league, four):
    ann, bob, cat, dan = four
    wisconsin_win(league, [ann, bob, cat, dan], winner=0)
    wisconsin_win(league, [bob, ann, dan, cat], winner=0)
    table = league_table(league)
    # Everyone won one and lost one 16–0: all four share first place, listed by name.
    assert cols(table.players, "rank_label", "name", "won", "diff") == [
        ("=1", "Ann", 1, 0),
        ("=1", "Bob", 1, 0),
        ("=1", "Cat", 1, 0),
        ("=1", "Dan", 1, 0),
    ]


def test_league_table_shared_rank_below_the_top(club, league):
    ann, bob, cat, dan, eve, fay = roster(club, "Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
    wisconsin_win(league, [ann, cat, bob, dan], winner=0)  # Ann & Bob beat Cat & Dan 16–0
    wisconsin_win(league, [eve, cat, fay, dan], winner=1)  # Cat & Dan beat Eve & Fay 16–0
    wisconsin_win(league, [ann, eve, bob, fay], winner=0, loser_score=2)  # A & B 16–2
    table = league_table(league)
    assert cols(table.players, "rank_label", "name", "won", "lost", "diff") == [
        ("=1", "Ann", 2, 0, 30),
        ("=1", "Bob", 2, 0, 30),
        ("=3", "Cat", 1, 1, 0),
        ("=3", "Dan", 1, 1, 0),
        ("=5", "Eve", 0, 2, -30),
        ("=5", "Fay", 0, 2, -30),
    ]


def test_league_table_minimum_games_lists_the_rest_unranked(club, four):
    league = make_league(club, min_games=2)
    ann, bob, cat, dan = four
    eve = roster(club, "Eve")[0]
    wisconsin_win(league, [ann, bob, cat, dan], winner=0)
    wisconsin_win(league, [ann, bob, eve, dan], winner=1, loser_score=3)
    table = league_table(league)
    # Cat and Eve played once: below the minimum of 2, unranked and listed last.
    assert cols(table.players, "rank_label", "name", "played", "won", "diff") == [
        ("1", "Ann", 2, 1, 3),
        ("=2", "Bob", 2, 1, -3),
        ("=2", "Dan", 2, 1, -3),
        ("–", "Cat", 1, 1, 16),
        ("–", "Eve", 1, 0, -13),
    ]
    assert [r.ranked for r in table.players] == [True, True, True, False, False]
    assert table.rule_text == (
        "Ranked by wins, then win %, then point difference. Equal rows share a rank (=). "
        "At least 2 finished games to be ranked."
    )


def test_league_table_wins_rule_puts_win_pct_before_point_difference(club, league):
    ann, bob, cat, dan, eve, fay = roster(club, "Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
    wisconsin_win(league, [bob, ann, dan, cat], winner=0)  # Bob & Dan beat Ann & Cat 16–0
    # Eve & Fay beat Bob & Dan 16–12: Bob & Dan bid 4 and make it three times first.
    play(league, [eve, bob, fay, dan], [(1, 4, (0, 4))] * 3 + [(0, 4, (4, 0))] * 4)
    table = league_table(league)
    # One win each for Eve, Fay, Bob and Dan: Eve and Fay won every game they played.
    assert cols(table.players, "rank_label", "name", "won", "win_pct", "diff") == [
        ("=1", "Eve", 1, 100.0, 4),
        ("=1", "Fay", 1, 100.0, 4),
        ("=3", "Bob", 1, 50.0, 12),
        ("=3", "Dan", 1, 50.0, 12),
        ("=5", "Ann", 0, 0.0, -16),
        ("=5", "Cat", 0, 0.0, -16),
    ]


def schmier_game(league, six, hands):
    return play(league, six, hands)


def test_league_table_league_points_rule_schmier_worked_example(club):
    league = make_league(
        club,
        variant="schmier",
        ranking=League.Ranking.LEAGUE_POINTS,
        points_first=5,
        points_second=2,
        points_third=1,
    )
    a, b, c, d, e, f = roster(club, "Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
    # Schmier partners: seats 1 & 4, 2 & 5, 3 & 6 (S1). Team B bids 3 and takes 3 (+3),
    # Team A takes 2, Team C 1; then Team A bids 6 and takes all six, four times: 26–3–1.
    opening = [(1, 3, (2, 3, 1))]
    sweep = [(0, 6, (6, 0, 0))] * 4
    schmier_game(league, [a, b, c, d, e, f], opening + sweep)  # Ann & Dan 1st, Bob & Eve
    # 2nd, Cat & Fay 3rd. Second game: Team C (Ann & Dan now) wins; B and A tie on 0.
    schmier_game(league, [b, c, a, e, f, d], [(2, 6, (0, 0, 6))] * 4)
    table = league_table(league)
    assert cols(table.players, "rank_label", "name", "played", "won", "league_points") == [
        ("=1", "Ann", 2, 2, 10),
        ("=1", "Dan", 2, 2, 10),
        ("=3", "Bob", 2, 0, 4),
        ("=3", "Eve", 2, 0, 4),
        ("=5", "Cat", 2, 0, 3),
        ("=5", "Fay", 2, 0, 3),
    ]
    # Against: the average of the other two teams' final scores (here 2 and 1, or 0 and 0).
    assert cols(table.players, "name", "points_for", "points_against", "diff")[:3] == [
        ("Ann", 50, 2, 48),
        ("Dan", 50, 2, 48),
        ("Bob", 3, 25.5, -22.5),
    ]
    assert table.rule_text == (
        "Ranked by league points per game (1st 5, 2nd 2, 3rd 1; places from the final "
        "scores, the winner first), then wins, then point difference. Equal rows share a "
        "rank (=)."
    )


def test_league_table_league_points_before_wins(club):
    league = make_league(
        club,
        variant="schmier",
        ranking=League.Ranking.LEAGUE_POINTS,
        points_first=3,
        points_second=2,
        points_third=0,
    )
    p = roster(club, "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
    ann, bob, cat, dan, eve, fay, gus, hal = p
    # Ann & Dan win once (3 points); Bob & Eve come 2nd twice (4 points): Bob & Eve rank
    # above Ann & Dan although they never won.
    schmier_game(
        league, [ann, bob, cat, dan, eve, fay], [(1, 3, (2, 3, 1))] + [(0, 6, (6, 0, 0))] * 4
    )
    schmier_game(
        league, [gus, bob, cat, hal, eve, fay], [(1, 3, (0, 4, 2))] + [(0, 6, (6, 0, 0))] * 4
    )
    table = league_table(league)
    assert cols(table.players, "rank_label", "name", "won", "league_points")[:4] == [
        ("=1", "Bob", 0, 4),
        ("=1", "Eve", 0, 4),
        ("=3", "Ann", 1, 3),
        ("=3", "Dan", 1, 3),
    ]


def test_game_placings_winner_first_then_scores_sharing_ties():
    assert game_placings([26, 3, 1], 0) == (1, 2, 3)
    assert game_placings([0, 0, 24], 2) == (2, 2, 1)
    assert game_placings([21, 22, 5], 0) == (1, 2, 3)
    assert game_placings([3, 16], 1) == (2, 1)


def test_league_table_counts_finished_games_only(league, four):
    ann, bob, cat, dan = four
    wisconsin_win(league, [ann, bob, cat, dan], winner=0)
    play(league, [ann, bob, cat, dan], [(0, 4, (4, 0))])  # still being played
    table = league_table(league)
    assert cols(table.players, "name", "played", "points_for", "hands_bid") == [
        ("Ann", 1, 16, 4),
        ("Cat", 1, 16, 0),
        ("Bob", 1, 0, 0),
        ("Dan", 1, 0, 0),
    ]
