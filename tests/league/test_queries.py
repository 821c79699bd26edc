"""The league table and player pages run the same number of queries at 10 games as at 200:
everything is aggregated in the database, nothing is read game by game."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench.bulk import build_league
from smear_scores.models import Hand, Membership
from smear_scores.services.ratings import ratings_recompute

from .conftest import make_league, make_user, play, roster, wisconsin_win

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]


@pytest.fixture(params=[10, 200], ids=["10-games", "200-games"])
def season(request, club):
    league = make_league(club, variant="schmier")
    players = roster(club, *NAMES)
    hands = build_league(league, players, request.param)
    ratings_recompute(club=club)
    return league, players, request.param, hands


def test_queries_league_page_fixed(client, season, django_assert_num_queries):
    league, _, games, _ = season
    # The league with its club, the table (3), the games not counted yet (two keys: none
    # here); no membership query for an anonymous visitor, and no write (the ratings are
    # brought up to date when a game finishes).
    with django_assert_num_queries(5):
        response = client.get(f"/leagues/{league.pk}/")
    assert response.context["table"].games == games


def test_queries_league_table_api_fixed(client, season, django_assert_num_queries):
    league, _, games, _ = season
    with django_assert_num_queries(4):
        response = client.get(f"/api/leagues/{league.pk}/table")
    assert response.json()["games"] == games


def test_queries_player_page_fixed(client, season, django_assert_num_queries):
    _, players, games, _ = season
    # 14: the hands and the ratings shown bring their games' seats (one query each), to
    # name each game by its partnerships.
    with django_assert_num_queries(14):
        response = client.get(f"/players/{players[0].pk}/")
    assert response.status_code == 200
    assert response.context["page"].played > 0


def test_queries_csv_table_fixed(client, season, django_assert_num_queries):
    league, _, _, _ = season
    with django_assert_num_queries(4):
        response = client.get(f"/leagues/{league.pk}/table.csv")
        body = b"".join(response.streaming_content)
    assert body.count(b"\n") == len(NAMES) + 1


def test_queries_member_records_a_hand_asking_membership_once(client, league, four):
    # A league game is scored by the club's members: the scoreboard asks once whether this
    # sign-in is one, not again to draw the board that answers the hand.
    game = play(league, four, [])
    client.force_login(make_user("ann", club=league.club))
    data = {"number": "1", "thrown_in": "1"}

    with CaptureQueriesContext(connection) as queries:
        response = client.post(
            reverse("hand_record", args=[game.public_id]), data, HTTP_HX_REQUEST="true"
        )

    assert response.status_code == 200
    assert Hand.objects.filter(game=game).count() == 1
    asked = [q["sql"] for q in queries if Membership._meta.db_table in q["sql"]]
    assert len(asked) == 1


@pytest.mark.parametrize("state", ["playing", "awaiting", "agreed"])
def test_queries_two_key_board_reads_its_agreement_state_from_the_game_row(
    client, league, four, state, django_assert_num_queries
):
    # A game the other team confirms shows where its agreement stands (what it awaits, from
    # the game row's agreed_through and scored_by) with the game itself: a watcher's board
    # drawn afresh is the game with its players' names and its last hands, as a casual
    # game's (tests/web/test_scoreboard.py). Only an open dispute adds its read.
    if state == "playing":
        game = play(league, four, [(0, 4, (4, 0))])
    else:
        game = wisconsin_win(league, four, winner=0, agreed=state == "agreed")
    assert game.confirm
    awaiting = "Counts for the club once agreed: awaiting Bob &amp; Dan."
    with django_assert_num_queries(2):
        page = client.get(reverse("game", args=[game.public_id])).content.decode()
    assert (awaiting in page) is (state == "awaiting")
