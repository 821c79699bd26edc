"""Shared fixtures: games made through the services, as the app itself makes them."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import settings as hypothesis_settings

from bench.data import PLAYERS, filler_entry
from smear_scores import rules
from smear_scores.models import Game
from smear_scores.services.new_games import game_create
from smear_scores.services.recording import hand_record

# Hypothesis profiles: "thorough" (the default, what CI runs) and "quick" (`make check`).
# Tests that choose their own example count for cost reasons keep it; the rest follow
# the profile. No deadline: a slow machine must not fail a correct property.
hypothesis_settings.register_profile("thorough", max_examples=200, deadline=None)
hypothesis_settings.register_profile("quick", max_examples=25, deadline=None)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "thorough"))


def pytest_configure(config):
    # Signing in is tested for what it does, not for how slowly a password hashes.
    from django.conf import settings

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def pytest_collection_modifyitems(items):
    # Every test that drives Chromium is a browser test, marked or not, so that
    # `make check` (-m "not browser") never starts one.
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


# Names enough for the largest table; each preset takes as many as it seats.
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def players_for(variant: str) -> list[str]:
    """The players of a preset's table: the bench's names for a seed, else as many of
    NAMES as the preset seats (taken from the engine's list, so a new preset needs none)."""
    if variant in PLAYERS:
        return list(PLAYERS[variant])
    return list(NAMES[: rules.get_variant(variant).players])


@pytest.fixture
def make_game(db) -> Callable[..., Game]:
    """make_game(variant="schmier", hands=0, players=None, first_dealer=0, options=None,
    entries=None, team_names=None): a game created and played through the services.
    ``hands`` filler hands (see filler_entry) follow any given ``entries``; the game is
    never finished by fillers."""

    def make(
        variant: str = "schmier",
        *,
        hands: int = 0,
        players: list[str] | None = None,
        first_dealer: int | None = 0,
        options: dict[str, Any] | None = None,
        entries: list[rules.HandEntry] | None = None,
        team_names: list[str] | None = None,
    ) -> Game:
        game = game_create(
            variant=variant,
            players=players or players_for(variant),
            first_dealer=first_dealer,
            options=options or {},
            team_names=team_names,
        )
        for entry in entries or []:
            game, _ = hand_record(game=game, entry=entry)
        for _ in range(hands):
            game, _ = hand_record(game=game, entry=filler_entry(game.state()))
        assert not game.finished or entries, "filler hands must never finish a game"
        return game

    return make


@pytest.fixture
def asgi_server(transactional_db):
    """The app under ASGI, as `make run` serves it, in a thread of this process on the test
    database (tests/asgi_server.py): .url, .hub(), .call(fn)."""
    from django.db import connection

    from tests.asgi_server import ThreadServer

    # As smear_scores.asgi sets it for a served process: each request closes its connection.
    kept = connection.settings_dict["CONN_MAX_AGE"]
    connection.settings_dict["CONN_MAX_AGE"] = 0
    server = ThreadServer().start()
    yield server
    server.stop()
    connection.settings_dict["CONN_MAX_AGE"] = kept


@pytest.fixture
def hand_write_queries(db) -> int:
    """Statements that store a recorded hand (models.prepared.rows_write): its row, its audit
    record and the game's standings are one statement on PostgreSQL, three elsewhere."""
    from django.db import connection

    return 1 if connection.vendor == "postgresql" else 3


@pytest.fixture
def live_notify_queries(db) -> int:
    """Statements a game write adds to tell the live boards inside the request: none. The
    notice is sent once the write's transaction commits (live.notify: a NOTIFY of its own
    on PostgreSQL, or a Redis PUBLISH), never inside it; under a test's own transaction,
    which never commits, it is not sent at all. SQLite sends none (each process reads the
    games' updated_at instead)."""
    return 0
