"""The history: every hand, marks for thrown-in and edited hands, a chart, a CSV."""

import re

import pytest
from django.urls import reverse

from smear_scores import rules
from smear_scores.services import editing

from .conftest import HTMX, find_all, text


@pytest.fixture
def played(make_game):
    game = make_game(
        "ne-wisconsin",
        first_dealer=3,
        entries=[
            rules.HandEntry(bidder=0, bid=2, awards={"high": 0, "low": 1, "jack": 0, "game": None}),
            rules.HandEntry.thrown(),
            rules.HandEntry(bidder=1, bid=4, points=(2, 2)),
        ],
    )
    editing.hand_edit(game=game, number=1, entry=rules.HandEntry(bidder=0, bid=3, points=(3, 1)))
    return game


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_game_history_lists_every_hand(client, played, headers):
    response = client.get(reverse("game_history", args=[played.public_id]), **headers)
    page = text(response)
    assert response.status_code == 200
    assert ("<html" in page) == (not headers)
    rows = [
        " ".join(re.sub(r"<[^>]+>", " ", row).split())
        for row in re.findall(r"<tr(?: class=\"thrown-row\")?>(.*?)</tr>", page, flags=re.S)
    ]
    assert rows == [
        "# Bid Ann &amp; Cy Bo &amp; Dee",
        "1 Dee dealt Ann 3 made edited 3 3 1 1",
        "2 Ann dealt thrown in 0 3 0 1",
        "3 Ann dealt Bo 4 set 2 5 2 -3",
    ]


def test_game_history_chart_draws_one_line_per_team(client, played):
    page = text(client.get(reverse("game_history", args=[played.public_id])))
    lines = re.findall(r'<polyline class="line (t\d)" points="([^"]+)"', page)
    assert [team for team, _ in lines] == ["t0", "t1"]
    # Four points each: the start and three hands.
    assert [len(points.split()) for _, points in lines] == [4, 4]
    assert find_all(page, "span", "key") == ["Ann & Cy", "Bo & Dee"]
    assert find_all(page, "li", "team-chip") == ["Ann & Cy 5", "Bo & Dee -3"]


def test_game_history_csv_is_the_same_table(client, played):
    response = client.get(reverse("game_history_csv", args=[played.public_id]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == (
        f'attachment; filename="smear-{played.public_id}.csv"'
    )
    assert text(response).splitlines() == [
        "hand,dealer,bidder,bid,result,Ann & Cy points,Bo & Dee points,Ann & Cy total,"
        "Bo & Dee total,edited,Ann & Cy card points,Bo & Dee card points",
        "1,Dee,Ann,3,made,3,1,3,1,yes,,",
        "2,Ann,,,thrown in,0,0,3,1,no,,",
        "3,Ann,Bo,4,set,2,2,5,-3,no,,",
    ]


def test_game_history_csv_for_htmx_is_still_csv(client, played):
    response = client.get(reverse("game_history_csv", args=[played.public_id]), **HTMX)
    assert response["Content-Type"] == "text/csv; charset=utf-8"


def test_game_history_of_a_new_game_says_no_hands(client, make_game):
    game = make_game("schmier")
    page = text(client.get(reverse("game_history", args=[game.public_id])))
    assert "<p>No hands yet.</p>" in page
