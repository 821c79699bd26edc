"""Names that a spreadsheet would run as formulas are written as text in every CSV export;
numbers, negative scores included, stay numbers."""

from __future__ import annotations

import csv
import io

from django.urls import reverse

from smear_scores.models import Player
from smear_scores.rules import HandEntry
from smear_scores.services.recording import hand_record

from ..league.conftest import wisconsin_win


def rows_of(response) -> list[list[str]]:
    body = (
        b"".join(response.streaming_content) if response.streaming else response.content
    ).decode()
    return list(csv.reader(io.StringIO(body)))


def test_history_csv_writes_formula_like_names_as_text(client, make_game):
    game = make_game("ne-wisconsin", players=["=1+2", "+SUM(A1)", "-2+3", "@cmd"])
    game, _ = hand_record(game=game, entry=HandEntry(bidder=1, bid=2, points=(0, 3)))
    rows = rows_of(client.get(reverse("game_history_csv", args=[game.public_id])))
    # Seat 0 dealt; seat 1 bid 2 and was set: the score is a number, -2, written as one.
    # The card points columns (D13) are empty: the table did not count.
    assert rows[1] == ["1", "'=1+2", "'+SUM(A1)", "2", "made", "0", "3", "0", "3", "no", "", ""]


def test_league_exports_write_formula_like_names_as_text(client, league, four):
    for player, name in zip(four, ["=1+2", "+SUM(A1)", "-2+3", "\tTab"], strict=True):
        Player.objects.filter(pk=player.pk).update(name=name)
        player.name = name
    wisconsin_win(league, four, winner=0, loser_score=2)
    table = rows_of(client.get(f"/leagues/{league.pk}/table.csv"))
    assert [row[:2] for row in table[1:]] == [
        ["1", "'-2+3"],
        ["1", "'=1+2"],
        ["3", "'\tTab"],
        ["3", "'+SUM(A1)"],
    ]
    hands = rows_of(client.get(f"/leagues/{league.pk}/hands.csv"))
    # The first hand: seat 0 dealt, seat 1 bid 2 and took 2 points.
    assert hands[1][4:7] == ["'=1+2", "no", "'+SUM(A1)"]
    assert hands[1][-2:] == ["0", "2"]
