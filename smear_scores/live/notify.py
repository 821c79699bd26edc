"""What a write tells the live boards: on PostgreSQL a ``NOTIFY`` sent inside the write's
own transaction, so the listeners of every process hear it exactly when (and only if) it
commits. On SQLite nothing is sent: each process reads the games' updated_at instead
(``feeds.sqlite_feed``)."""

from __future__ import annotations

from django.db import connection

from smear_scores.models import Game
from smear_scores.selectors.games import version_of

# One channel for every board; a payload names what changed: "game:<id>:<version>" or
# "night:<id>".
CHANNEL = "smear_live"


def _send(payload: str) -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, payload])


def game_changed(game: Game) -> None:
    """The game's row was written (its updated_at moved): its boards follow on commit."""
    _send(f"game:{game.pk}:{version_of(game)}")


def night_changed(night_id: int) -> None:
    """A night's own counter moved (a check-in, a draw, a correction): its room follows."""
    _send(f"night:{night_id}")


def parse(payload: str) -> tuple[tuple[str, int], str | None] | None:
    """(key, version) of a payload, or None for one this app did not send."""
    kind, _, rest = payload.partition(":")
    pk, _, version = rest.partition(":")
    if kind not in ("game", "night") or not pk.isdigit():
        return None
    return (kind, int(pk)), (version or None)
