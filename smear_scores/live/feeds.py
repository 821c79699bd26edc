"""How a process hears of changed games: one feed per process (per hub), whatever the number
of streams open in it.

- PostgreSQL: one connection that ``LISTEN``s on ``notify.CHANNEL``; every write sends its
  ``NOTIFY`` inside its own transaction, so it is heard when it commits, by every process
  on every machine. After each (re)connection the versions of everything watched are read
  once, for what was written while nobody listened.
- SQLite: every ``POLL`` seconds one query on the games' updated_at index reads every game
  written since the last query (less ``MARGIN``, for a write stamped before it committed),
  and, while a room view is open, one by primary key for the nights watched."""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

from django.db import connections
from django.utils import timezone

from smear_scores.live.hub import Hub
from smear_scores.live.notify import CHANNEL, parse
from smear_scores.selectors.games import game_versions, games_changed_since
from smear_scores.selectors.nights import night_versions

log = logging.getLogger(__name__)

POLL = 0.5
MARGIN = timedelta(seconds=5)
# The listening connection proves itself this often (a dead one is replaced).
PROBE = 30


async def run(hub: Hub) -> None:
    if connections["default"].vendor == "postgresql":
        await postgres_feed(hub)
    else:
        await sqlite_feed(hub)


def _close_db() -> None:
    connections.close_all()


def _changed(since, nights: list[int]):
    return games_changed_since(since), night_versions(nights) if nights else []


def _watched(games: list[int], nights: list[int]):
    return game_versions(games) if games else [], night_versions(nights) if nights else []


def _publish(hub: Hub, games, nights) -> None:
    for pk, version in games:
        hub.publish(("game", pk), version)
    for pk, version in nights:
        hub.publish(("night", pk), str(version))


async def sqlite_feed(hub: Hub) -> None:
    since = timezone.now() - MARGIN
    while not hub.closing:
        await asyncio.sleep(POLL)
        if not hub.watching:
            continue
        started = timezone.now()
        try:
            games, nights = await hub.run(_changed, since, hub.keys("night"))
        except Exception:
            log.warning("Live boards: the changed games could not be read", exc_info=True)
            await hub.run(_close_db)
            continue
        since = started - MARGIN
        hub.ready.set()
        _publish(hub, games, nights)


def conninfo() -> str:
    from psycopg.conninfo import make_conninfo

    s = connections["default"].settings_dict
    given = {
        "dbname": s["NAME"],
        "user": s["USER"],
        "password": s["PASSWORD"],
        "host": s["HOST"],
        "port": s["PORT"],
    }
    return make_conninfo(
        "",
        **{k: v for k, v in given.items() if v},
        application_name="smear-live",
        keepalives=1,
        keepalives_idle=30,
    )


async def postgres_feed(hub: Hub) -> None:
    import psycopg

    delay = 0.5
    while not hub.closing:
        try:
            conn = await psycopg.AsyncConnection.connect(conninfo(), autocommit=True)
        except psycopg.Error:
            log.warning("Live boards: cannot reach PostgreSQL to listen", exc_info=True)
            await asyncio.sleep(delay)
            delay = min(delay * 2, 30)
            continue
        try:
            async with conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                delay = 0.5
                # Whatever was written while this process was not listening.
                _publish(hub, *await hub.run(_watched, hub.keys("game"), hub.keys("night")))
                hub.ready.set()
                while not hub.closing:
                    async for note in conn.notifies(timeout=PROBE):
                        heard = parse(note.payload)
                        if heard is not None:
                            hub.publish(*heard)
                        if hub.closing:
                            break
                    await conn.execute("SELECT 1")
        except psycopg.Error:
            log.warning("Live boards: the listening connection was lost", exc_info=True)
            await asyncio.sleep(delay)
        except Exception:
            log.exception("Live boards: the feed failed")
            await asyncio.sleep(delay)
