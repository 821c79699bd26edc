"""GET never writes: every page and API read of a league, a player, a club night and a
game runs without one INSERT, UPDATE or DELETE, even when the stored ratings are behind
(a backup restored, a game changed outside the services)."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from smear_scores.models import Rating

from .conftest import make_user, wisconsin_win

WRITE = re.compile(r"\s*(INSERT INTO|UPDATE|DELETE FROM)\s+(\S+)", re.IGNORECASE)


class WriteSpy:
    """Collects the write statements sent to the database while it is installed."""

    def __init__(self):
        self.writes: list[str] = []

    def __call__(self, execute, sql, params, many, context):
        write = WRITE.match(sql)
        if write:
            self.writes.append(f"{write[1].upper()} {write[2]}")
        return execute(sql, params, many, context)


def reads(client, urls: list[str]) -> tuple[list[int], list[str]]:
    spy = WriteSpy()
    with connection.execute_wrapper(spy):
        statuses = [client.get(url).status_code for url in urls]
    return statuses, spy.writes


@pytest.fixture
def stale_league(club, league, four):
    """A league with two finished games whose ratings are not stored."""
    games = [wisconsin_win(league, four, winner=0), wisconsin_win(league, four, winner=1)]
    Rating.objects.all().delete()
    return league, four, games


def league_urls(league, players, games) -> list[str]:
    game = games[0]
    return [
        reverse("clubs"),
        reverse("club", args=[league.club.slug]),
        reverse("league_day", args=[league.club.slug, timezone.localdate().isoformat()]),
        reverse("league", args=[league.pk]),
        reverse("league_games", args=[league.pk]),
        reverse("league_table_csv", args=[league.pk]),
        reverse("league_hands_csv", args=[league.pk]),
        reverse("player", args=[players[0].pk]),
        f"/api/leagues/{league.pk}/table",
        reverse("game", args=[game.public_id]),
        reverse("game_history", args=[game.public_id]),
        reverse("game_history_csv", args=[game.public_id]),
        reverse("game_rules", args=[game.public_id]),
        f"/api/games/{game.public_id}",
    ]


def test_get_never_writes_for_a_visitor(client, stale_league):
    league, players, games = stale_league
    urls = league_urls(league, players, games)

    statuses, writes = reads(client, urls)

    assert statuses == [200] * len(urls)
    assert writes == []


def test_get_never_writes_for_a_signed_in_member(client, stale_league):
    league, players, games = stale_league
    client.force_login(make_user("meg", club=league.club))
    urls = league_urls(league, players, games) + [reverse("league_game_new", args=[league.pk])]

    statuses, writes = reads(client, urls)

    assert statuses == [200] * len(urls)
    assert writes == []


def test_write_spy_sees_a_write(stale_league):
    # The spy itself: a write made while it listens is reported.
    _, players, _ = stale_league
    spy = WriteSpy()
    with connection.execute_wrapper(spy):
        players[0].save(update_fields=["name"])
    assert spy.writes == ['UPDATE "smear_scores_player"']
