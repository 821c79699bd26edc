"""The open streams of one process, by what each follows, and the one feed that wakes them.

A process has one hub per event loop (a uvicorn worker has one loop): every stream
registers a ``Watch`` on the keys it follows, ``("game", id)`` or ``("night", id)``, and
the feed (``feeds.run``, started with the first watch) publishes each change it hears.
Publishing wakes only the watches of that key; a version the hub already has, or an older
one, wakes nobody. Nothing here is needed by another process: each has its own feed."""

from __future__ import annotations

import asyncio
import logging
import os
import resource
import signal
import threading
import weakref
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from types import FrameType
from typing import Any, TypeVar

from django.conf import settings
from django.db import DatabaseError, connections

from smear_scores.env import client_share
from smear_scores.live import feeds

Key = tuple[str, int]
DRAWING_THREADS = 4
log = logging.getLogger(__name__)


class Watch:
    """One open stream: the keys it follows, and the event a change of one of them sets."""

    __slots__ = ("keys", "wake")

    def __init__(self, keys: Iterable[Key]):
        self.keys: tuple[Key, ...] = tuple(keys)
        self.wake = asyncio.Event()


def _newer(version: str, than: str | None) -> bool:
    if than is None:
        return True
    try:
        return int(version) > int(than)
    except ValueError:
        return version != than


# What one open stream costs a process, about: its task, its buffers and the socket's, at
# the phone's end of a slow link. The default limit keeps the streams to a quarter of the
# machine's memory, shared by its app processes.
STREAM_BYTES = 256 * 1024


def _memory_bytes() -> int:
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError):  # no such figure on this system
        return 2 * 1024**3


def stream_limit() -> int:
    """How many streams one process keeps open: settings.LIVE_MAX_STREAMS, else the
    least of what its open-file limit leaves after 256 for everything else and what a
    quarter of the machine's memory holds for this process's share (WEB_CONCURRENCY
    processes). A board refused a stream polls."""
    if settings.LIVE_MAX_STREAMS is not None:
        return settings.LIVE_MAX_STREAMS
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    processes = max(1, int(os.environ.get("WEB_CONCURRENCY") or 1))
    by_memory = _memory_bytes() // 4 // processes // STREAM_BYTES
    return max(0, min(soft - 256, by_memory))


class Admission:
    """A stream let in: its place in the counts, given back once (when it ends, or when
    its answer is closed before it began)."""

    __slots__ = ("client", "hub", "keys", "released")

    def __init__(self, hub: Hub, client: str, keys: tuple[Key, ...]):
        self.hub, self.client, self.keys = hub, client, keys
        self.released = False

    def release(self) -> None:
        if self.released:
            return
        self.released = True
        self.hub.let_out(self)


T = TypeVar("T")


def _fresh(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` on the feed's thread; a query that failed leaves its connection
    closed, so the next one opens a new one (a database restarted, failed over or that
    dropped an idle connection), rather than fail on the dead one for ever."""
    try:
        return fn(*args)
    except DatabaseError:
        connections.close_all()
        raise


def _drawn(draw: Callable[[], bytes | None]) -> bytes | None:
    try:
        return draw()
    finally:
        # Given back to the process's pool (PostgreSQL) between drawings.
        connections.close_all()


class Hub:
    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.loop = loop
        self.watching: dict[Key, set[Watch]] = {}
        self.versions: dict[Key, str] = {}
        self.open = 0
        # Streams let in (admit), by client address and by what they follow: counted when
        # a stream is let in, before its answer starts, so no burst gets past a limit.
        self.admitted = 0
        self.by_client: Counter[str] = Counter()
        self.by_key: Counter[Key] = Counter()
        self.closing = False
        # The event that carries a kind of board at a version, drawn once for all the
        # streams of this process that carry it: {key: {kind: (version, future)}}.
        self.fragments: dict[Key, dict[str, tuple[str, asyncio.Future[bytes | None]]]] = {}
        # The feed's queries and a room's re-reads run here, one at a time, and the boards
        # drawn for the streams beside them (each waits on the database for most of its
        # time), on connections of their own: never on a request's thread.
        self.executor = ThreadPoolExecutor(1, thread_name_prefix="smear-live")
        self.drawing = ThreadPoolExecutor(DRAWING_THREADS, thread_name_prefix="smear-live-draw")
        self.feed: asyncio.Task[None] | None = None
        # Set once the feed hears every change (PostgreSQL: listening; SQLite: polling).
        self.ready = asyncio.Event()
        # Set while the feed cannot hear changes (the database is away): every stream
        # says so, and its board polls until the feed hears again.
        self.deaf = False

    def full(self) -> bool:
        return self.admitted >= stream_limit()

    def admit(self, client: str, keys: Iterable[Key]) -> Admission | str:
        """A place for one more stream from ``client`` following ``keys``, or why there
        is none: "process" (this process holds all it can), "client" (this address holds
        settings.LIVE_MAX_STREAMS_PER_CLIENT, or a quarter of the process's streams if
        that is fewer: env.client_share), "game" (that board has
        settings.LIVE_MAX_STREAMS_PER_GAME). Refused, a board polls; no other is touched."""
        keys = tuple(keys)
        limit = stream_limit()
        if self.admitted >= limit:
            return "process"
        if self.by_client[client] >= min(settings.LIVE_MAX_STREAMS_PER_CLIENT, client_share(limit)):
            return "client"
        if keys and self.by_key[keys[0]] >= settings.LIVE_MAX_STREAMS_PER_GAME:
            return "game"
        self.admitted += 1
        self.by_client[client] += 1
        if keys:
            self.by_key[keys[0]] += 1
        return Admission(self, client, keys)

    def let_out(self, admission: Admission) -> None:
        self.admitted -= 1
        self.by_client[admission.client] -= 1
        if self.by_client[admission.client] <= 0:
            del self.by_client[admission.client]
        if admission.keys:
            key = admission.keys[0]
            self.by_key[key] -= 1
            if self.by_key[key] <= 0:
                del self.by_key[key]

    def watch(self, keys: Iterable[Key], versions: dict[Key, str] | None = None) -> Watch:
        watch = Watch(keys)
        for key in watch.keys:
            self.watching.setdefault(key, set()).add(watch)
        for key, version in (versions or {}).items():
            if _newer(version, self.versions.get(key)):
                self.versions[key] = version
        self.open += 1
        if self.feed is None or self.feed.done():
            self.feed = self.loop.create_task(feeds.run(self), name="smear-live-feed")
        return watch

    def hearing(self, now: bool) -> None:
        """The feed hears every change again (True), or has stopped hearing (False): every
        stream is woken to say so."""
        if now:
            self.ready.set()
        else:
            self.ready.clear()
        if self.deaf == (not now):
            return
        self.deaf = not now
        for watches in list(self.watching.values()):
            for watch in watches:
                watch.wake.set()

    def follow(self, watch: Watch, keys: Iterable[Key]) -> None:
        """The watch now follows ``keys`` (a room whose night drew new tables)."""
        keys = tuple(keys)
        if keys == watch.keys:
            return
        self._drop(watch)
        watch.keys = keys
        for key in keys:
            self.watching.setdefault(key, set()).add(watch)

    def unwatch(self, watch: Watch) -> None:
        self._drop(watch)
        self.open -= 1

    def _drop(self, watch: Watch) -> None:
        for key in watch.keys:
            watches = self.watching.get(key)
            if watches is None:
                continue
            watches.discard(watch)
            if not watches:
                del self.watching[key]
                self.versions.pop(key, None)
                self.fragments.pop(key, None)

    def publish(self, key: Key, version: str | None = None) -> None:
        """The feed heard that ``key`` changed, to ``version`` where it knows it."""
        watches = self.watching.get(key)
        if not watches:
            return
        if version is not None:
            if not _newer(version, self.versions.get(key)):
                return
            self.versions[key] = version
        for watch in watches:
            watch.wake.set()

    def fragment(
        self, key: Key, kind: str, version: str, draw: Callable[[], bytes | None]
    ) -> asyncio.Future[bytes | None]:
        """``draw()`` (on a drawing thread) once per key, kind and version, whatever the
        number of streams asking: the event that carries the board."""
        drawn = self.fragments.setdefault(key, {})
        known = drawn.get(kind)
        if known is not None and known[0] == version:
            return known[1]
        future = self.loop.run_in_executor(self.drawing, _drawn, draw)
        drawn[kind] = (version, future)
        return future

    def keys(self, kind: str) -> list[int]:
        return [pk for k, pk in self.watching if k == kind]

    def run(self, fn: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        return self.loop.run_in_executor(self.executor, _fresh, fn, *args)

    def close_all(self) -> None:
        """End every stream of this process (the boards fall back to polling and come
        back by themselves)."""
        self.closing = True
        for watches in list(self.watching.values()):
            for watch in watches:
                watch.wake.set()

    async def stop(self) -> None:
        """End every stream, the feed and the feed's database connection (a server that
        stops)."""
        self.close_all()
        if self.feed is not None:
            self.feed.cancel()
        await self.run(connections.close_all)
        self.executor.shutdown(wait=False)
        for _ in range(DRAWING_THREADS):
            await self.loop.run_in_executor(self.drawing, connections.close_all)
        self.drawing.shutdown(wait=False)


_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = weakref.WeakKeyDictionary()


def current() -> Hub:
    """The hub of the running event loop, made at its first stream."""
    loop = asyncio.get_running_loop()
    hub = _hubs.get(loop)
    if hub is None or hub.closing:
        hub = _hubs[loop] = Hub(loop)
        _end_streams_on_stop(loop)
    return hub


def _end_streams_on_stop(loop: asyncio.AbstractEventLoop) -> None:
    """When the server is asked to stop (Ctrl-C, gunicorn stopping or replacing a worker:
    SIGINT, SIGTERM), the streams end at once rather than hold it for its graceful timeout:
    their boards reconnect to another process, or poll. Chained before uvicorn's own
    handlers (SIGQUIT, which gunicorn's master sends on its own SIGINT, is the event loop's
    and is left alone: a Ctrl-C reaches the workers too)."""
    if threading.current_thread() is not threading.main_thread():
        return
    for sig in (signal.SIGINT, signal.SIGTERM):
        before = signal.getsignal(sig)
        if not callable(before) or getattr(before, "ends_streams", False):
            continue

        signal.signal(sig, _EndStreams(loop, before))


class _EndStreams:
    """A signal's handler: end the streams of ``loop``'s hub, then the handler it was
    chained before."""

    ends_streams = True

    def __init__(
        self, loop: asyncio.AbstractEventLoop, before: Callable[[int, FrameType | None], Any]
    ) -> None:
        self.loop, self.before = loop, before

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        hub = _hubs.get(self.loop)
        if hub is not None:
            self.loop.call_soon_threadsafe(hub.close_all)
        self.before(signum, frame)


def existing() -> Hub | None:
    """The hub of the running event loop, if it has one."""
    return _hubs.get(asyncio.get_running_loop())
