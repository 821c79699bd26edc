"""The league table, its CSV and ratings for tables that are not pairs: Schmier for two teams
of three (partners alternate: seats 1, 3, 5 against 2, 4, 6) and four players each alone
(cutthroat: no partnerships, each player a team of one)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from smear_scores import rules
from smear_scores.models import Rating
from smear_scores.selectors.leagues import league_table

from .conftest import make_league, play, roster

CUTTHROAT = rules.variant_from_settings(
    {**rules.settings_of(rules.AUCTION_PITCH), "name": "Cutthroat Pitch", "teams": 4},
    slug="cutthroat-pitch",
)


@pytest.fixture
def cutthroat():
    """Four players each alone (a table's house rules), known to the app for the test."""
    rules.VARIANTS[CUTTHROAT.slug] = CUTTHROAT
    yield CUTTHROAT
    del rules.VARIANTS[CUTTHROAT.slug]


def cols(rows, *names):
    return [tuple(getattr(r, n) for n in names) for r in rows]


def test_league_table_two_teams_of_three_worked_example(club):
    league = make_league(club, variant="schmier-two-teams")
    ann, bob, cat, dan, eve, fay, gus = roster(
        club, "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"
    )
    # Seats 1, 3, 5 against 2, 4, 6. Game 1: Ann, Cat and Eve bid 6 four times (24 to 0).
    play(league, [ann, bob, cat, dan, eve, fay], [(0, 6, (6, 0))] * 4)
    # Game 2: the same three in other seats (Cat, Eve, Ann), Gus for Fay, lose 0 to 24.
    play(league, [cat, bob, eve, dan, ann, gus], [(1, 6, (0, 6))] * 4)
    table = league_table(league)
    assert table.games == 2
    assert table.has_partnerships
    # The same three players are one team whatever seats they sat in.
    assert cols(
        table.partnerships, "rank_label", "name", "played", "won", "points_for", "diff", "hands_bid"
    ) == [
        ("1", "Bob & Dan & Gus", 1, 1, 24, 24, 4),
        ("2", "Ann & Cat & Eve", 2, 1, 24, 0, 4),
        ("3", "Bob & Dan & Fay", 1, 0, 0, -24, 0),
    ]
    assert cols(table.players, "rank_label", "name", "played", "won", "diff", "hands_bid") == [
        ("1", "Gus", 1, 1, 24, 0),
        ("=2", "Ann", 2, 1, 0, 4),
        ("=2", "Bob", 2, 1, 0, 4),
        ("=2", "Cat", 2, 1, 0, 0),
        ("=2", "Dan", 2, 1, 0, 0),
        ("=2", "Eve", 2, 1, 0, 0),
        ("7", "Fay", 1, 0, -24, 0),
    ]
    # Each of the six players of a game is rated, game by game.
    assert Rating.objects.filter(game__league=league).count() == 12


def test_league_page_and_csv_of_two_teams_of_three(client, club):
    league = make_league(club, variant="schmier-two-teams")
    six = roster(club, "Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
    play(league, six, [(0, 6, (6, 0))] * 4)
    page = client.get(reverse("league", args=[league.pk])).content.decode()
    assert 'id="partnerships-table"' in page
    assert 'data-name="Ann &amp; Cat &amp; Eve"' in page
    csv = client.get(reverse("league_table_csv", args=[league.pk]) + "?of=partnerships")
    body = b"".join(csv.streaming_content).decode()
    rows = [line.split(",")[:4] for line in body.splitlines()]
    assert rows[1:] == [["1", "Ann & Cat & Eve", "1", "1"], ["2", "Bob & Dan & Fay", "1", "0"]]


def test_league_table_cutthroat_lists_players_only(client, club, cutthroat):
    league = make_league(club, variant=cutthroat.slug)
    ann, bob, cat, dan = roster(club, "Ann", "Bob", "Cat", "Dan")
    # Bob bids 2 and takes High and Low each hand; Dan takes Jack and Game: Bob reaches 12
    # (11 to win, the bidder goes out first) in six hands while Dan has 12 too.
    game = play(league, [ann, bob, cat, dan], [(1, 2, (0, 2, 0, 2))] * 6)
    assert (game.finished, game.winner) == (True, 1)
    table = league_table(league)
    assert not table.has_partnerships
    assert table.partnerships == []
    assert table.games == 1
    # Points against: the average of the three others' scores.
    assert cols(
        table.players, "rank_label", "name", "played", "won", "points_for", "points_against"
    ) == [
        ("1", "Bob", 1, 1, 12, 4),
        ("2", "Dan", 1, 0, 12, 4),
        ("=3", "Ann", 1, 0, 0, 8),
        ("=3", "Cat", 1, 0, 0, 8),
    ]
    assert Rating.objects.filter(game=game).count() == 4
    page = client.get(reverse("league", args=[league.pk])).content.decode()
    assert 'id="players-table"' in page
    assert 'id="partnerships-table"' not in page
    assert "?of=partnerships" not in page


def test_player_page_lists_both_partners_of_a_team_of_three(client, club):
    league = make_league(club, variant="schmier-two-teams")
    ann, bob, cat, dan, eve, fay = roster(club, "Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
    play(league, [ann, bob, cat, dan, eve, fay], [(0, 6, (6, 0))] * 4)
    for player, partners in ((ann, ["Cat", "Eve"]), (cat, ["Ann", "Eve"]), (eve, ["Ann", "Cat"])):
        page = client.get(f"/players/{player.pk}/").context["page"]
        assert [(p["name"], p["games"], p["won"]) for p in page.partners] == [
            (name, 1, 1) for name in partners
        ]
        assert [line.partners for line in page.games] == [partners]
