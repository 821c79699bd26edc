"""A progressive night of Schmier for two teams of three: tables of six, partners
alternating round the table (seats 1, 3, 5 against 2, 4, 6), and the standings giving each
player their team's score."""

from __future__ import annotations

import re
from itertools import combinations

from smear_scores.models import Night
from smear_scores.rules import HandEntry
from smear_scores.selectors.nights import night_rounds, night_standings
from smear_scores.services.recording import hand_record
from tests.league.conftest import agree_all

from .test_pages import login, run_night


def test_two_teams_of_three_night_seats_tables_of_six_partners_alternating(
    client, club, players, director
):
    login(client, director)
    night = run_night(client, club, players, variant="schmier-two-teams", round_hands="1")
    assert client.post(f"/tournaments/{night.pk}/draw/").status_code == 302
    page = client.get(f"/tournaments/{night.pk}/").content.decode()
    lines = re.findall(r'<p class="table-line"><strong>(.*?)</strong>', page)
    assert len(lines) == 2
    for number, line in enumerate(lines, start=1):
        assert re.fullmatch(
            rf"Table {number}: \w+ &amp; \w+ &amp; \w+ · \w+ &amp; \w+ &amp; \w+, \w+ deals",
            line,
        ), line

    night = Night.objects.get()
    (first,) = night_rounds(night)
    for table in first.tables:
        names = [seat.name for seat in table.game.seats.order_by("position")]
        # Seats 1, 3, 5 are one team, 2, 4, 6 the other: partners never side by side.
        assert table.partnerships == [names[0::2], names[1::2]]
        assert table.game.rules_variant.seats_of(0) == (0, 2, 4)

    # The first table's first team bids 3 and takes every point but Game (5 points).
    game = first.tables[0].game
    awards = {"high": 0, "low": 0, "right_bauer": 0, "left_bauer": 0, "joker": 0, "game": None}
    game, _ = hand_record(game=game, entry=HandEntry(bidder=0, bid=3, awards=awards))
    agree_all(game)  # the round counts once the other team agrees (two keys)
    standings = {s.name: s.rounds for s in night_standings(night)}
    team, others = first.tables[0].partnerships
    assert [standings[name] for name in team] == [["5"]] * 3
    assert [standings[name] for name in others] == [["0"]] * 3


def test_two_teams_of_three_night_second_round_finds_new_partners(client, club, players, director):
    login(client, director)
    night = run_night(client, club, players, variant="schmier-two-teams", round_hands="1")
    for _ in range(2):
        assert client.post(f"/tournaments/{night.pk}/draw/").status_code == 302
        for table in night_rounds(night)[-1].tables:
            hand_record(game=table.game, entry=HandEntry.thrown())
            hand_record(
                game=table.game,
                entry=HandEntry(
                    bidder=1,
                    bid=3,
                    awards={
                        "high": 1,
                        "low": 1,
                        "right_bauer": 1,
                        "left_bauer": 0,
                        "joker": 0,
                        "game": None,
                    },
                ),
            )
    pairs = [
        frozenset(pair)
        for round_ in night_rounds(night)
        for table in round_.tables
        for team in table.partnerships
        for pair in combinations(team, 2)
    ]
    # Two rounds of four teams of three: twelve partner pairs a round, none played twice.
    assert len(pairs) == 24
    assert len(set(pairs)) == 24
