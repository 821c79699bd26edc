"""Helpers for the tests of running for a club: real threads, each with its own database
connection, meeting the same locks two app processes meet.

These tests run on both CI databases. On PostgreSQL a write locks the game row
(SELECT ... FOR UPDATE); on SQLite the write transaction takes the database's write lock
at BEGIN (transaction_mode IMMEDIATE). Either way a second write to the game waits."""

from __future__ import annotations

import gc
import sqlite3
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

import pytest
from django.db import OperationalError, connection, connections, transaction

from smear_scores.models import Game
from smear_scores.services import game_writes

WAIT = 15  # seconds; only reached when something is broken


def in_thread(fn: Callable[[], Any]) -> Future:
    """Run ``fn`` in a new thread with its own database connection; its result or its
    exception lands in the returned future."""
    future: Future = Future()

    def run() -> None:
        try:
            result, error = fn(), None
        except BaseException as exc:  # noqa: BLE001 - handed to the test through the future
            result, error = None, exc
        finally:
            # Closed before the test hears back: closing SQLite's last connection may
            # checkpoint its journal, which briefly holds the write lock a test may probe.
            connections.close_all()
        if error is None:
            future.set_result(result)
        else:
            future.set_exception(error)

    threading.Thread(target=run, daemon=True).start()
    return future


def other_connection_waits_for_game(game: Game) -> bool:
    """Would another connection have to wait to write this game right now?"""
    if connection.vendor == "postgresql":

        def probe() -> bool:
            try:
                with transaction.atomic():
                    Game.objects.select_for_update(nowait=True).get(pk=game.pk)
            except OperationalError:
                return True
            return False

        return in_thread(probe).result(WAIT)
    # SQLite: a write begins by taking the database's write lock (BEGIN IMMEDIATE).
    db = sqlite3.connect(connection.settings_dict["NAME"], timeout=0, isolation_level=None)
    try:
        db.execute("BEGIN IMMEDIATE")
        db.execute("ROLLBACK")
    except sqlite3.OperationalError:
        return True
    finally:
        db.close()
    return False


# Set when a SQLite write found the database's write lock taken (see sqlite_lock_met).
_MET_THE_LOCK = threading.Event()


@pytest.fixture(autouse=True)
def sqlite_lock_met(monkeypatch):
    """On SQLite, every write transaction first tries BEGIN IMMEDIATE without waiting; when
    the write lock is taken it records that it met the lock, then begins again, waiting as
    usual. SQLite's busy wait cannot be watched from outside, so this is how a test knows
    the second writer really ran into the first one's lock (no sleeping and hoping)."""
    _MET_THE_LOCK.clear()
    if connection.vendor != "sqlite":
        yield
        return
    from django.db.backends.sqlite3.base import DatabaseWrapper

    begin = DatabaseWrapper._start_transaction_under_autocommit  # noqa: SLF001 (Django's BEGIN)

    def begin_or_meet_the_lock(self) -> None:
        waiting_ms = int(self.settings_dict["OPTIONS"].get("timeout", 5) * 1000)
        self.connection.execute("PRAGMA busy_timeout = 0")
        try:
            begin(self)
            return
        except OperationalError as error:
            if "locked" not in str(error):
                raise
            _MET_THE_LOCK.set()
        finally:
            self.connection.execute(f"PRAGMA busy_timeout = {waiting_ms}")
        # The refused BEGIN left its cursor in a reference cycle (the error's traceback).
        # Collected here, in its own thread: collected by another thread's garbage
        # collection while this one busy-waits below, finalising it would wait for this
        # connection's mutex, and the held write in that thread with it, until SQLite's
        # timeout (a deadlock of the test's making, not the app's).
        gc.collect()
        begin(self)

    monkeypatch.setattr(
        DatabaseWrapper, "_start_transaction_under_autocommit", begin_or_meet_the_lock
    )
    yield


def wait_until_a_writer_waits() -> None:
    """Return once a second writer is queued behind the first one's lock."""
    if connection.vendor != "postgresql":
        if not _MET_THE_LOCK.wait(WAIT):
            pytest.fail("No second write ran into the held write's lock within 15 s.")
        _MET_THE_LOCK.clear()
        return
    deadline = time.monotonic() + WAIT
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity "
                "WHERE datname = current_database() AND wait_event_type = 'Lock'"
            )
            if cursor.fetchone()[0]:
                return
            time.sleep(0.01)
    pytest.fail("No second write queued behind the game's lock within 15 s.")


class HeldWrite:
    """Holds the first write that stores standings there, inside its transaction and
    before its commit, until ``release()``, so another write can be started against it."""

    def __init__(self) -> None:
        self.armed = False
        self.inside = threading.Event()
        self.released = threading.Event()
        self._holder: int | None = None
        self._lock = threading.Lock()

    def arm(self) -> None:
        """Hold the next write (the set-up before this writes freely)."""
        self.armed = True

    def hold_here(self) -> None:
        if not self.armed:
            return
        with self._lock:
            if self._holder is None:
                self._holder = threading.get_ident()
        if self._holder == threading.get_ident() and not self.released.is_set():
            self.inside.set()
            if not self.released.wait(WAIT):
                raise AssertionError("The held write was never released.")

    def wait_inside(self) -> None:
        if not self.inside.wait(WAIT):
            pytest.fail("The first write never reached its transaction's end within 15 s.")

    def release(self) -> None:
        self.released.set()


@pytest.fixture
def held_write(monkeypatch) -> HeldWrite:
    """Every service write saves the game's row (game_writes.game_save) inside its
    transaction; once armed, the first write to do so waits right after it until released."""
    held = HeldWrite()
    save = game_writes.game_save

    def save_then_hold(game, **kwargs):
        save(game, **kwargs)
        held.hold_here()

    monkeypatch.setattr(game_writes, "game_save", save_then_hold)
    yield held
    held.release()


@pytest.fixture
def held_after_lock(monkeypatch) -> HeldWrite:
    """Every service write begins by locking the game (game_writes.game_lock); once armed, the
    first write waits right after that, before it changes anything, until released."""
    held = HeldWrite()
    lock = game_writes.game_lock

    def lock_then_hold(game, **kwargs):
        locked = lock(game, **kwargs)
        held.hold_here()
        return locked

    monkeypatch.setattr(game_writes, "game_lock", lock_then_hold)
    yield held
    held.release()
