"""The scoreboard, the history, its CSV and the table view for tables that are not pairs:
four players each alone (cutthroat: a team of one is its player's name) and Schmier for two
teams of three (partners alternate round the table)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from smear_scores import rules
from smear_scores.models import Game

from .conftest import HTMX, awards_post, find_all, notices, scores, text

CUTTHROAT = rules.variant_from_settings(
    {**rules.settings_of(rules.AUCTION_PITCH), "name": "Cutthroat Pitch", "teams": 4},
    slug="cutthroat-pitch",
)
FOUR = ["Ann", "Bo", "Cy", "Dee"]
SIX = ["Ann", "Bo", "Cy", "Dee", "Eli", "Flo"]


@pytest.fixture
def cutthroat():
    """Four players each alone (a table's house rules), known to the app for the test."""
    rules.VARIANTS[CUTTHROAT.slug] = CUTTHROAT
    yield CUTTHROAT
    del rules.VARIANTS[CUTTHROAT.slug]


def _new(client, slug: str, names: list[str]) -> Game:
    form = {"variant": slug, "first_dealer": "0"}
    form |= {f"player_{s}": name for s, name in enumerate(names)}
    assert client.post(reverse("game_new"), form).status_code == 302
    return Game.objects.get()


def test_cutthroat_board_lists_the_players(client, db, cutthroat):
    game = _new(client, cutthroat.slug, FOUR)
    page = text(client.get(reverse("game", args=[game.public_id])))
    assert find_all(page, "span", "team-label") == FOUR
    assert find_all(page, "span", "team-partners") == []
    assert re.findall(r'class="team (t\d)', page) == ["t0", "t1", "t2", "t3"]
    # Each player's own colour and column of the pad on the bidder buttons and the point
    # buttons, "Nobody" in the last column.
    assert re.findall(r'<label for="bidder-\d" class="(t\d at-\d) mate-0"', page) == [
        "t0 at-0",
        "t1 at-1",
        "t2 at-2",
        "t3 at-3",
    ]
    assert re.findall(r'<label for="award_jack-[^"]+" class="([^"]+)"', page) == [
        "t0 at-0",
        "t1 at-1",
        "t2 at-2",
        "t3 at-3",
        "none at-none",
    ]
    # Low goes to who took the trick (Auction Pitch): the row says so.
    assert find_all(page, "span", "group-label") == [
        "Who won the bid?",
        "Bid",
        "Who took each point?",
        "High",
        "Low who took the trick",
        "Jack",
        "Game",
    ]


def test_cutthroat_hands_history_csv_and_the_winner(client, db, cutthroat):
    game = _new(client, cutthroat.slug, FOUR)
    record = reverse("hand_record", args=[game.public_id])
    # Bo bids 2 and takes High and Low; Dee takes Jack and Game: five times, 10 each.
    hand = {"high": 1, "low": 1, "jack": 3, "game": 3}
    for number in range(1, 6):
        assert client.post(record, awards_post(number, 1, 2, hand), **HTMX).status_code == 200
    page = text(client.post(record, awards_post(6, 1, 2, hand), **HTMX))
    # Both at 12, but Bo bid and made it: the bidder goes out first.
    assert scores(page) == [0, 12, 0, 12]
    assert notices(page) == ["Hand 6: Bo bid 2 and took 2: made, +2 · Ann +0 · Cy +0 · Dee +2"]
    assert find_all(page, "p", "banner-title") == ["Bo wins!"]
    table = text(client.get(reverse("game_table", args=[game.public_id])))
    assert find_all(table, "p", "table-banner t1") == ["Bo wins!"]

    history = text(client.get(reverse("game_history", args=[game.public_id])))
    assert re.findall(r'<th scope="col" class="num (t\d)">([^<]*)</th>', history) == [
        ("t0", "Ann"),
        ("t1", "Bo"),
        ("t2", "Cy"),
        ("t3", "Dee"),
    ]
    csv = client.get(reverse("game_history_csv", args=[game.public_id])).content.decode()
    lines = csv.splitlines()
    assert lines[0] == (
        "hand,dealer,bidder,bid,result,Ann points,Bo points,Cy points,Dee points,"
        "Ann total,Bo total,Cy total,Dee total,edited,Ann card points,Bo card points,"
        "Cy card points,Dee card points"
    )
    assert lines[6] == "6,Bo,Bo,2,made,0,2,0,2,0,12,0,12,no,,,,"


def test_two_teams_of_three_alternate_round_the_table(client, db):
    game = _new(client, "schmier-two-teams", SIX)
    page = text(client.get(reverse("game", args=[game.public_id])))
    assert find_all(page, "span", "team-label") == ["Ann & Cy & Eli", "Bo & Dee & Flo"]
    # Partners alternate: each bidder under its team's column, one above the other.
    assert re.findall(r'<label for="bidder-\d" class="(t\d at-\d mate-\d)"', page) == [
        "t0 at-0 mate-0",
        "t1 at-1 mate-0",
        "t0 at-0 mate-1",
        "t1 at-1 mate-1",
        "t0 at-0 mate-2",
        "t1 at-1 mate-2",
    ]
    # A point's button says the point and the team to a screen reader; on the screen its
    # column's head names the team.
    high = re.findall(r'<label for="award_high-0" class="t0 at-0">(.*?)</label>', page)
    assert high == [
        '<span class="visually-hidden spoken-prefix">High: </span>'
        '<span class="visually-hidden">Ann &amp; Cy &amp; Eli</span>'
    ]
    assert find_all(page, "span", "pad-name") == ["Ann & Cy & Eli", "Bo & Dee & Flo"]
    record = reverse("hand_record", args=[game.public_id])
    # Dee (seat 4, the second team) bids 4 and takes High, Low, the right bauer and Game.
    hand = {"high": 1, "low": 1, "right_bauer": 1, "left_bauer": 0, "joker": 0, "game": 1}
    response = client.post(record, awards_post(1, 3, 4, hand), follow=True)
    page = text(response)
    assert scores(page) == [2, 4]
    assert notices(page) == [
        "Hand 1: Bo & Dee & Flo bid 4 and took 4: made, +4 · Ann & Cy & Eli +2"
    ]
    history = text(client.get(reverse("game_history", args=[game.public_id])))
    assert find_all(history, "td", "num") == ["2 2", "4 4"]
    csv = client.get(reverse("game_history_csv", args=[game.public_id])).content.decode()
    assert csv.splitlines()[1] == "1,Ann,Dee,4,made,2,4,2,4,no,,"
