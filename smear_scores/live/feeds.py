"""How a process hears of changed games: one feed per process (per hub), whatever the number
of streams open in it.

- PostgreSQL with Redis (settings.LIVE_REDIS_URL): one Redis connection subscribed to
  ``notify.CHANNEL``, where every write publishes once it has committed.
- PostgreSQL alone: one connection that ``LISTEN``s on ``notify.CHANNEL``; every write
  sends its ``NOTIFY`` once it has committed, heard by every process on every machine.
- Either way, after each (re)connection and every ``PROBE`` seconds the versions of
  everything watched are read once: what was written while nobody listened, or whose
  notice was lost after its commit, is heard all the same.
- SQLite: every ``POLL`` seconds, and at once after a write of this process commits
  (``notify.wake_here``), one query on the games' updated_at index reads every game
  written since the last query (less ``MARGIN``, for a write stamped before it committed),
  and, while a room view is open, one by primary key for the nights watched."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import Any, Protocol, TypeVar

from django.db import connections
from django.utils import timezone

from smear_scores.live.notify import CHANNEL, listen_here, parse
from smear_scores.selectors.games import game_versions, games_changed_since
from smear_scores.selectors.night_stamps import night_versions

log = logging.getLogger(__name__)

T = TypeVar("T")
# (row id, version) of each game a feed read, and (row id, own counter) of each night.
GameVersions = list[tuple[int, str]]
NightVersions = list[tuple[int, int]]

POLL = 0.5
MARGIN = timedelta(seconds=5)
# The listening connection proves itself this often (a dead one is replaced), and the
# versions watched are read again.
PROBE = 30
# The longest wait between two tries to reach a database that is away.
LONGEST_WAIT = 10


class Listener(Protocol):
    """What a feed needs of the hub it feeds (hub.Hub)."""

    closing: bool

    @property
    def watching(self) -> Mapping[tuple[str, int], object]: ...

    def publish(self, key: tuple[str, int], version: str | None = None) -> None: ...
    def keys(self, kind: str) -> list[int]: ...
    def run(self, fn: Callable[..., T], *args: Any) -> asyncio.Future[T]: ...
    def hearing(self, now: bool) -> None: ...


class Outage:
    """One warning when the feed stops hearing, one line when it hears again: never one
    per retry, whatever the length of the outage."""

    def __init__(self, hub: Listener):
        self.hub = hub
        self.since: float | None = None

    def lost(self, what: str, error: BaseException) -> None:
        self.hub.hearing(False)
        if self.since is not None:
            return
        self.since = time.monotonic()
        reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        log.warning(
            "Live boards: %s (%s); the boards poll until the database answers again",
            what,
            reason,
            # A database away needs no traceback; anything else is a fault to be read.
            exc_info=None if _database_error(error) else error,
        )

    def back(self) -> None:
        self.hub.hearing(True)
        if self.since is None:
            return
        log.warning(
            "Live boards: the database answers again after %.0f s; the boards follow it",
            time.monotonic() - self.since,
        )
        self.since = None


def _database_error(error: BaseException) -> bool:
    from django.db import DatabaseError

    if isinstance(error, DatabaseError):
        return True
    try:
        import psycopg

        if isinstance(error, psycopg.Error):
            return True
    except ImportError:
        pass
    try:
        import redis

        return isinstance(error, redis.RedisError)
    except ImportError:
        return False


async def run(hub: Listener) -> None:
    from smear_scores.live.notify import channel

    heard = channel()
    if heard == "redis":
        await redis_feed(hub)
    elif heard == "postgres":
        await postgres_feed(hub)
    else:
        await sqlite_feed(hub)


def _changed(since: datetime, nights: list[int]) -> tuple[GameVersions, NightVersions]:
    return games_changed_since(since), night_versions(nights) if nights else []


def _watched(games: list[int], nights: list[int]) -> tuple[GameVersions, NightVersions]:
    return game_versions(games) if games else [], night_versions(nights) if nights else []


def _publish(hub: Listener, games: GameVersions, nights: NightVersions) -> None:
    for pk, version in games:
        hub.publish(("game", pk), version)
    for pk, counter in nights:
        hub.publish(("night", pk), str(counter))


async def sqlite_feed(hub: Listener) -> None:
    since = timezone.now() - MARGIN
    outage = Outage(hub)
    written = asyncio.Event()
    loop = asyncio.get_running_loop()

    def wake() -> None:
        # From the thread whose write committed; a loop already closed hears nothing.
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(written.set)

    stop = listen_here(wake)
    try:
        while not hub.closing:
            await _written_or_poll(written)
            if not hub.watching:
                continue
            since = await _read_changed(hub, since, outage)
    finally:
        stop()


async def _written_or_poll(written: asyncio.Event) -> None:
    """Until a write of this process commits, or POLL seconds (another process's write)."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(written.wait(), POLL)
    written.clear()


async def _read_changed(hub: Listener, since: datetime, outage: Outage) -> datetime:
    """What was written since ``since``, published; the next read's ``since``."""
    started = timezone.now()
    try:
        games, nights = await hub.run(_changed, since, hub.keys("night"))
    except Exception as error:
        # hub.run closed the thread's connection: the next poll opens a new one.
        outage.lost("the changed games could not be read", error)
        return since
    outage.back()
    _publish(hub, games, nights)
    return started - MARGIN


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
        connect_timeout=10,
    )


async def _retry(outage: Outage, what: str, error: BaseException, delay: float) -> float:
    """The feed stopped hearing: said once, then a wait before the next try; the next
    wait is longer, up to LONGEST_WAIT."""
    outage.lost(what, error)
    await asyncio.sleep(delay)
    return min(delay * 2, LONGEST_WAIT)


async def _read_watched(hub: Listener) -> None:
    if hub.watching:
        _publish(hub, *await hub.run(_watched, hub.keys("game"), hub.keys("night")))


async def redis_feed(hub: Listener) -> None:
    import redis.asyncio as redis
    from django.conf import settings

    delay = POLL
    outage = Outage(hub)
    while not hub.closing:
        client = redis.Redis.from_url(
            settings.LIVE_REDIS_URL,
            socket_connect_timeout=10,
            socket_keepalive=True,
            health_check_interval=PROBE,
        )
        try:
            async with client.pubsub(ignore_subscribe_messages=True) as pubsub:
                await pubsub.subscribe(CHANNEL)
                await _read_watched(hub)
                delay = POLL
                outage.back()
                probed = time.monotonic()
                while not hub.closing:
                    message = await pubsub.get_message(timeout=PROBE)
                    if message is not None and message.get("type") == "message":
                        data = message["data"]
                        heard = parse(data.decode() if isinstance(data, bytes) else data)
                        if heard is not None:
                            hub.publish(*heard)
                    if time.monotonic() - probed >= PROBE:
                        await pubsub.ping()
                        await _read_watched(hub)
                        probed = time.monotonic()
        except asyncio.CancelledError:
            raise
        except Exception as error:
            delay = await _retry(outage, "the Redis subscription was lost", error, delay)
        finally:
            await client.aclose()


async def postgres_feed(hub: Listener) -> None:
    import psycopg

    delay = POLL
    outage = Outage(hub)
    while not hub.closing:
        try:
            conn = await psycopg.AsyncConnection.connect(conninfo(), autocommit=True)
        except psycopg.Error as error:
            delay = await _retry(outage, "cannot reach PostgreSQL to listen", error, delay)
            continue
        try:
            async with conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                # Whatever was written while this process was not listening, read on the
                # hub's thread (whose connection hub.run renews when it fails).
                await _read_watched(hub)
                delay = POLL
                outage.back()
                while not hub.closing:
                    async for note in conn.notifies(timeout=PROBE):
                        heard = parse(note.payload)
                        if heard is not None:
                            hub.publish(*heard)
                        if hub.closing:
                            break
                    await conn.execute("SELECT 1")
                    await _read_watched(hub)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            delay = await _retry(outage, "the listening connection was lost", error, delay)
