"""What a write tells the live boards, sent once its transaction has committed
(``transaction.on_commit``): a write rolled back sends nothing, and the write itself holds
no lock for the notice (a ``NOTIFY`` inside the transaction takes a database-wide lock
through its commit: docs/benchmarks.md, "NOTIFY").

Where the notice goes (``channel``), by settings:

- ``LIVE_ENGINE=nchan``: the boards themselves, to the push engine that holds the phones'
  streams (``engine``);
- PostgreSQL and ``LIVE_REDIS_URL`` (or ``REDIS_URL``): a Redis ``PUBLISH``, heard by the
  ``feeds.redis_feed`` of every process;
- PostgreSQL alone: a ``NOTIFY`` in a transaction of its own after the commit (one that
  waits for no flush), heard by ``feeds.postgres_feed``;
- SQLite: no channel; each process reads the games' updated_at instead
  (``feeds.sqlite_feed``), and a write wakes that read in its own process at once
  (``wake_here``) rather than at the next poll: the streams held by the process that took
  the write move without the poll's wait, and other processes hear it at their next poll.

A notice lost after its commit (the channel away for a moment) is not a hand missed: every
feed reads the versions of what its boards follow at each (re)connection and every
``feeds.PROBE`` seconds, and a board that reconnects says the version it shows."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import connection, transaction

from smear_scores.live import NOTIFY_ALONE
from smear_scores.live.nchan import GAME_BOARDS
from smear_scores.models import Game
from smear_scores.selectors.games import version_of

if TYPE_CHECKING:
    import redis

log = logging.getLogger(__name__)

# One channel for every board; a payload names what changed: "game:<id>:<version>" or
# "night:<id>".
CHANNEL = "smear_live"


def channel() -> str:
    """Where this process's notices go: "nchan", "redis", "postgres" or "" (none)."""
    if settings.LIVE_ENGINE == "nchan":
        return "nchan"
    if connection.vendor != "postgresql":
        return ""
    return "redis" if settings.LIVE_REDIS_URL else "postgres"


class Notice:
    """One change, published when the transaction that made it commits (Django drops it
    with a transaction, or a savepoint, rolled back). A game written twice in one
    transaction publishes both versions, in order: a board takes only a newer one."""

    __slots__ = ("at_night", "followed", "game", "key", "public_id", "version")

    def __init__(
        self,
        key: tuple[str, int],
        version: str | None,
        public_id: str | None,
        at_night: bool | None = None,
        followed: tuple[str, ...] | None = None,
        game: Game | None = None,
    ):
        self.key, self.version, self.public_id = key, version, public_id
        # Whether the game is a table of a night, and which of its boards a phone ever
        # followed through the push engine, where its write read them (None: unknown).
        self.at_night, self.followed = at_night, followed
        # The game as its write left it, for the push engine to draw its boards from
        # without reading it again (in this process only; never sent).
        self.game = game

    @property
    def payload(self) -> str:
        kind, pk = self.key
        return f"{kind}:{pk}:{self.version}" if self.version is not None else f"{kind}:{pk}"

    def __call__(self) -> None:
        publish(self)


def _announce(notice: Notice) -> None:
    if channel():
        # Robust: the write has committed whatever the channel says; a failure is logged.
        transaction.on_commit(notice, robust=True)
    elif _wakers:
        transaction.on_commit(wake_here, robust=True)


# What wakes this process's SQLite feeds (one per event loop that holds a stream), each
# safe to call from any thread.
_wakers: set[Callable[[], None]] = set()


def listen_here(waker: Callable[[], None]) -> Callable[[], None]:
    """``waker`` is called after each write of this process commits; returns what stops it."""
    _wakers.add(waker)
    return lambda: _wakers.discard(waker)


def wake_here() -> None:
    for waker in list(_wakers):
        waker()


def publish(notice: Notice) -> None:
    """Send ``notice`` now (its transaction has committed)."""
    sent = channel()
    if sent == "nchan":
        from smear_scores.live import nchan

        try:
            nchan.publish(
                notice.key,
                notice.version,
                notice.public_id,
                notice.at_night,
                notice.followed,
                notice.game,
            )
        except nchan.Away as error:
            # Its phones' streams are cut too: they poll, and say their version when they
            # reconnect (nchan.subscribe).
            log.warning("Live boards: the push engine does not answer (%s)", error)
    elif sent == "redis":
        _redis().publish(CHANNEL, notice.payload)
    elif sent == "postgres":
        with connection.cursor() as cursor:
            cursor.execute(NOTIFY_ALONE, [CHANNEL, notice.payload])


_client: redis.Redis | None = None


def _redis() -> redis.Redis:
    """The process's Redis client (its own pool, shared by the threads)."""
    global _client
    if _client is None:
        import redis

        _client = redis.Redis.from_url(
            settings.LIVE_REDIS_URL, socket_timeout=2, socket_connect_timeout=2
        )
    return _client


_MARKS = tuple(f"{board}_followed" for board in GAME_BOARDS)


def game_changed(game: Game) -> None:
    """The game's row was written (its updated_at moved): its boards follow on commit. A
    game read under a write's lock says whether a night plays it (``at_night``), and its
    row which of its boards a phone follows through the push engine, so the engine's
    publish need not ask the database for either."""
    at_night = getattr(game, "at_night", None)
    followed = None
    # A field a query deferred is missing from the instance's __dict__ (as Django's own
    # get_deferred_fields reads it, without walking every field on each write).
    if all(mark in game.__dict__ for mark in _MARKS):
        followed = tuple(
            board for board, mark in zip(GAME_BOARDS, _MARKS, strict=True) if game.__dict__[mark]
        )
    _announce(
        Notice(
            ("game", game.pk),
            version_of(game),
            game.public_id,
            None if at_night is None else bool(at_night),
            followed,
            game,
        )
    )


def night_changed(night_id: int) -> None:
    """A night's own counter moved (a check-in, a draw, a correction): its room follows."""
    _announce(Notice(("night", night_id), None, None))


def parse(payload: str) -> tuple[tuple[str, int], str | None] | None:
    """(key, version) of a payload, or None for one this app did not send."""
    kind, _, rest = payload.partition(":")
    pk, _, version = rest.partition(":")
    if kind not in ("game", "night") or not pk.isdigit():
        return None
    return (kind, int(pk)), (version or None)
