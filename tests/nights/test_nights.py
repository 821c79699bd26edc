"""Progressive nights through the services: open, check in, draw, play, stand, correct."""

from __future__ import annotations

import pytest

from smear_scores.models import Correction, Game, Seat
from smear_scores.rules import HandEntry
from smear_scores.selectors.night_stamps import night_version
from smear_scores.selectors.nights import night_rounds, night_standings
from smear_scores.services import night_phones, nights
from smear_scores.services.recording import hand_record
from tests.league.conftest import agree_all

from .conftest import DAY


def open_night(club, players, n=12, **kw):
    kw.setdefault("variant", "schmier")
    kw.setdefault("rounds", 3)
    kw.setdefault("round_hands", 2)
    night = nights.night_open(club=club, name="Tuesday progressive", day=DAY, **kw)
    for player in players[:n]:
        night_phones.night_check_in(night=night, player=player)
    return night


def games_of(round_):
    return [t.game for t in round_.tables.order_by("number").select_related("game")]


def play_out(game, entries, *, agreed: bool = True, scorer_team: int | None = None):
    """The hands played (recorded by a player of ``scorer_team``, or by nobody seated:
    every team asked), and the finished table agreed to by its other teams (two keys)
    unless not ``agreed``."""
    for entry in entries:
        game, _ = hand_record(game=game, entry=entry, scorer_team=scorer_team)
    return agree_all(game) if game.finished and agreed else game


def test_round_draw_seats_every_present_player_at_games_of_the_night(club, players):
    night = open_night(club, players, win_bonus=2)
    round_ = nights.round_draw(night=night, seed=42)

    games = games_of(round_)
    seated = [
        list(Seat.objects.filter(game=g).order_by("position").values_list("player_id", flat=True))
        for g in games
    ]
    assert sorted(pid for seats in seated for pid in seats) == sorted(p.pk for p in players[:12])
    assert [g.rules_variant.hand_limit for g in games] == [2, 2]
    assert [g.league_id for g in games] == [None, None]
    assert list(round_.sitting_out.all()) == []
    assert round_.seed == 42


def test_round_draw_is_the_one_its_recorded_seed_gives(club, players):
    night = open_night(club, players)
    first = nights.round_draw(night=night, seed=42)
    seats = [list(g.seats.values_list("player_id", flat=True)) for g in games_of(first)]
    again = open_night(club, [], n=0)
    for player in players[:12]:
        night_phones.night_check_in(night=again, player=player)
    redrawn = nights.round_draw(night=again, seed=first.seed)
    assert [list(g.seats.values_list("player_id", flat=True)) for g in games_of(redrawn)] == seats


def test_next_round_waits_for_every_table_to_finish(club, players):
    night = open_night(club, players)
    nights.round_draw(night=night, seed=1)
    with pytest.raises(nights.NightRefused) as refused:
        nights.round_draw(night=night, seed=2)
    assert refused.value.message == (
        "Round 1 still has 2 tables playing: finish (or correct) those games before drawing "
        "the next round."
    )


def test_standings_add_each_round_the_bonus_and_a_sit_out_average(club, players):
    night = open_night(club, players, n=13, win_bonus=2)  # 13 players: one sits out
    round_ = nights.round_draw(night=night, seed=5)
    (out,) = round_.sitting_out.all()
    g1, g2 = games_of(round_)
    # Two hands each; team C bids and makes twice at table 1, team A at table 2.
    g1 = play_out(g1, [HandEntry(bidder=2, bid=3, points=(1, 1, 4))] * 2)
    g2 = play_out(g2, [HandEntry(bidder=0, bid=3, points=(5, 1, 0))] * 2)
    assert (g1.finished, g1.winner, g1.scores) == (True, 2, [2, 2, 8])
    assert (g2.finished, g2.winner, g2.scores) == (True, 0, [10, 2, 0])

    standings = {s.name: s for s in night_standings(night)}
    seats1 = list(g1.seats.order_by("position").values_list("name", flat=True))
    # Seat 3 and 6 (0-based 2, 5) are team C at table 1: 8 points and the 2-point bonus.
    assert standings[seats1[2]].total == 10
    assert standings[seats1[2]].won == 1
    assert standings[seats1[0]].total == 2
    # The player sitting out has no round played yet: their average is 0.
    assert standings[out.name].rounds == ["out (0)"]
    assert standings[out.name].total == 0

    round2 = nights.round_draw(night=night, seed=6)
    assert out not in list(round2.sitting_out.all())
    for game in games_of(round2):
        play_out(game, [HandEntry(bidder=0, bid=3, points=(3, 2, 1))] * 2)
    # Every table: team A 6 and the round (+2), team B 4, team C 2.
    seat = Seat.objects.get(game__night_table__round=round2, player=out).position
    played = {0: 8, 1: 4, 2: 2}[seat % 3]
    standing = {s.name: s for s in night_standings(night)}[out.name]
    # The round sat out scores the average of the rounds played: here the one round.
    assert standing.rounds == [f"out ({played})", str(played)]
    assert standing.total == 2 * played


def test_standings_ties_broken_by_rounds_won_then_best_round_then_shared(club, players):
    night = open_night(club, players, n=6, round_hands=1)
    (g,) = games_of(nights.round_draw(night=night, seed=3))
    play_out(g, [HandEntry(bidder=1, bid=3, points=(3, 3, 0))])  # A 3, B 3 (B bid): B wins
    ranked = [(s.rank, s.tied, s.total, s.won) for s in night_standings(night)]
    assert ranked == [
        (1, True, 3, 1),  # partners always share a place
        (1, True, 3, 1),
        (3, True, 3, 0),
        (3, True, 3, 0),
        (5, True, 0, 0),
        (5, True, 0, 0),
    ]


def test_correction_changes_the_round_and_is_kept_with_who_and_why(club, players, director):
    night = open_night(club, players)
    round_ = nights.round_draw(night=night, seed=9)
    table = round_.tables.get(number=1)
    before = night_version(night.pk)
    nights.round_correct(
        table=table, team=1, points=3, reason="scoresheet says 3 more", by=director
    )
    card = night_rounds(night)[0].tables[0]
    assert [row[2] for row in card.team_rows()] == [0, 3, 0]
    assert list(Correction.objects.values_list("points", "reason", "by__username")) == [
        (3, "scoresheet says 3 more", "dora")
    ]
    assert night_version(night.pk) != before
    with pytest.raises(nights.NightRefused) as refused:
        nights.round_correct(table=table, team=1, points=2, reason="  ", by=director)
    assert refused.value.message.startswith("Say why the round is corrected")


def test_version_changes_with_a_hand_at_any_table(club, players):
    night = open_night(club, players)
    round_ = nights.round_draw(night=night, seed=9)
    before = night_version(night.pk)
    assert night_version(night.pk) == before
    game = games_of(round_)[1]
    hand_record(game=game, entry=HandEntry(bidder=0, bid=3, points=(5, 1, 0)))
    assert night_version(night.pk) != before


def test_league_night_plays_the_league_and_its_games_count_in_it(club, players):
    from tests.league.conftest import make_league

    league = make_league(club, variant="schmier")
    night = open_night(club, players, league=league, variant="ne-wisconsin")
    assert night.variant == "schmier"
    round_ = nights.round_draw(night=night, seed=4)
    assert set(Game.objects.filter(night_table__round=round_).values_list("league", flat=True)) == {
        league.pk
    }


def test_walk_in_joins_the_roster_and_a_player_can_leave_and_return(club, players):
    night = open_night(club, players, n=6)
    entrant = night_phones.night_check_in(night=night, walk_in="  Zed   Z ")
    assert (entrant.player.name, entrant.player.club_id) == ("Zed Z", club.pk)
    night_phones.night_check_out(night=night, player=players[0])
    assert night.entrants.get(player=players[0]).present is False
    round_ = nights.round_draw(night=night, seed=1)
    assert players[0].pk not in round_.present
    night_phones.night_check_in(night=night, player=players[0])
    assert night.entrants.get(player=players[0]).present is True


def test_draw_with_too_few_players_says_how_many_more(club, players):
    night = open_night(club, players, n=4)
    with pytest.raises(nights.NightRefused) as refused:
        nights.round_draw(night=night)
    assert refused.value.message == (
        "A Schmier table needs 6 players and only 4 are checked in: check in 2 more to draw "
        "a round."
    )


def test_a_finished_table_counts_in_the_standings_once_its_other_teams_agree(club, players):
    night = open_night(club, players, n=12)
    g1, g2 = games_of(nights.round_draw(night=night, seed=5))
    g1 = play_out(
        g1, [HandEntry(bidder=2, bid=3, points=(1, 1, 4))] * 2, agreed=False, scorer_team=0
    )
    play_out(g2, [HandEntry(bidder=0, bid=3, points=(5, 1, 0))] * 2)
    assert g1.confirm and g1.finished
    seats1 = list(g1.seats.order_by("position").values_list("name", flat=True))

    # Provisional, marked, not zero: in the standings as it will count, counted as 0.
    standing = {s.name: s for s in night_standings(night)}[seats1[2]]
    assert (standing.rounds, standing.total, standing.counted, standing.total_text) == (
        ["8*"],
        8,
        0,
        "8*",
    )
    card = next(t for t in night_rounds(night)[0].tables if t.game.pk == g1.pk)
    others = [" & ".join(card.partnerships[t]) for t in (1, 2)]
    assert card.awaited == f"{others[0]} and {others[1]}"
    assert card.status == (
        f"{' & '.join(card.partnerships[2])} won; counts once agreed by {others[0]} and {others[1]}"
    )

    agree_all(g1)
    standing = {s.name: s for s in night_standings(night)}[seats1[2]]
    assert (standing.rounds, standing.total, standing.counted, standing.total_text) == (
        ["8"],
        8,
        8,
        "8",
    )
    card = next(t for t in night_rounds(night)[0].tables if t.game.pk == g1.pk)
    assert (card.awaited, card.status) == ("", f"Finished: {' & '.join(card.partnerships[2])} won")
