"""A season reads its nights together (selectors.season_reads): the page's queries do not
grow with its nights, and each night stands exactly as its own page reads it."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from smear_scores.models import Night
from smear_scores.rules import HandEntry
from smear_scores.selectors.nights import night_rounds, night_standings
from smear_scores.selectors.season_reads import nights_reads
from smear_scores.selectors.seasons import season_nights
from smear_scores.services import night_phones, nights
from smear_scores.services.seasons import season_save

from .test_nights import games_of, play_out

# Schmier, one hand a round (seats 0/3, 1/4, 2/5 are teams A, B, C).
A_MAKES = HandEntry(bidder=0, bid=3, points=(3, 2, 1))
C_MAKES = HandEntry(bidder=2, bid=3, points=(1, 1, 4))
C_IS_SET = HandEntry(bidder=2, bid=3, points=(5, 1, 0))
START = date(2026, 3, 3)


def night_of(club, players, n: int, *, size=6, rounds=1, agreed=True, **kw) -> Night:
    """Night ``n`` of the season (a week apart), ``size`` players, every round played."""
    night = nights.night_open(
        club=club,
        name=f"Night {n}",
        day=START + timedelta(days=7 * n),
        variant="schmier",
        rounds=rounds,
        round_hands=1,
        **kw,
    )
    for player in players[:size]:
        night_phones.night_check_in(night=night, player=player)
    for r in range(rounds):
        for t, game in enumerate(games_of(nights.round_draw(night=night, seed=10 * n + r))):
            play_out(game, [(A_MAKES, C_MAKES, C_IS_SET)[(n + r + t) % 3]], agreed=agreed)
    return night


def a_season(club):
    return season_save(
        club=club,
        name="Spring 2026",
        start=date(2026, 1, 1),
        end=date(2026, 12, 31),
        nights_planned=20,
        tie_breaks=["nights_won", "rounds_won", "best_night"],
    )


def queries(client, path: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(path)
        if hasattr(response, "streaming_content"):
            b"".join(response.streaming_content)
    assert response.status_code == 200
    return len(captured.captured_queries)


@pytest.mark.parametrize("page", ["/", "/standings.csv", "/api"])
def test_the_season_reads_the_same_queries_for_two_nights_as_for_six(client, club, players, page):
    season = a_season(club)
    path = {
        "/": f"/clubs/{club.slug}/seasons/{season.pk}/",
        "/standings.csv": f"/clubs/{club.slug}/seasons/{season.pk}/standings.csv",
        "/api": f"/api/clubs/{club.slug}/seasons/{season.pk}/standings",
    }[page]
    for n in range(2):
        night_of(club, players, n, scoring="bid_bonus", scoring_numbers={"bid_made": 2})
    two = queries(client, path)
    for n in range(2, 6):
        night_of(
            club, players, n, size=7, rounds=2, scoring="bid_bonus", scoring_numbers={"bid_made": 2}
        )

    assert Night.objects.count() == 6
    assert queries(client, path) == two


def test_each_night_stands_the_same_read_with_the_season_as_read_alone(club, players, director):
    nights_played = [
        night_of(club, players, 0, win_bonus=2),
        # Seven players over two rounds: one sits out each round (their average).
        night_of(club, players, 1, size=7, rounds=2),
        night_of(
            club,
            players,
            2,
            size=12,
            scoring="bid_bonus",
            scoring_numbers={"bid_made": 2, "bid_set": 1},
        ),
        night_of(
            club,
            players,
            3,
            size=7,
            rounds=2,
            scoring="win_points",
            scoring_numbers={"win_points": 3, "margin": 3, "margin_points": 5},
        ),
        night_of(club, players, 4, agreed=False),  # its table awaits agreement
    ]
    # A corrected round: the director adds 4 to team B at the second night's first table.
    table = nights_played[1].round_set.get(number=1).tables.get(number=1)
    nights.round_correct(table=table, team=1, points=4, reason="scoresheet", by=director)
    season = a_season(club)
    assert any(r.sitting_out.exists() for r in nights_played[1].round_set.all())

    read = list(nights_reads(list(season_nights(season).select_related("club", "house_rules"))))

    assert [r.night for r in read] == nights_played
    for together in read:
        night = together.night
        alone = night_rounds(night)
        assert together.rounds == alone
        for counted_only in (False, True):
            assert together.standings(counted_only=counted_only) == night_standings(
                night, alone, counted_only=counted_only
            )
    corrected = read[1].rounds[0].tables[0]
    assert [c.points for c in corrected.corrections] == [4]
    assert read[4].standings(counted_only=True) != read[4].standings()
