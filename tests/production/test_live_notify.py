"""A write tells the live boards once its transaction commits, never inside it: a hand
rolled back publishes nothing, a committed one publishes once (live.notify)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection, transaction
from django.test import override_settings

from bench.data import filler_entry
from smear_scores.live import notify
from smear_scores.selectors.games import version_of
from smear_scores.services.recording import hand_record


class Boom(Exception):
    pass


@pytest.fixture
def published(monkeypatch) -> list[str]:
    """What the channel is handed, in order (whichever channel the settings choose)."""
    sent: list[str] = []
    monkeypatch.setattr(notify, "channel", lambda: "recorded")
    monkeypatch.setattr(notify, "publish", lambda notice: sent.append(notice.payload))
    return sent


def _hand(game):
    return hand_record(game=game, entry=filler_entry(game.state()))[0]


@pytest.mark.django_db(transaction=True)
def test_a_hand_rolled_back_publishes_nothing_and_a_committed_one_once(make_game, published):
    game = make_game("schmier", hands=1)
    published.clear()

    with pytest.raises(Boom), transaction.atomic():
        _hand(game)
        # Written, not committed: nothing is said yet.
        assert published == []
        raise Boom
    assert published == []

    game.refresh_from_db()
    with transaction.atomic():
        game = _hand(game)
        assert published == []
    assert published == [f"game:{game.pk}:{version_of(game)}"]


@pytest.mark.django_db(transaction=True)
def test_a_game_written_twice_in_one_transaction_publishes_each_version_in_order(
    make_game, published
):
    game = make_game("schmier")
    published.clear()
    with transaction.atomic():
        first = version_of(_hand(game))
        game.refresh_from_db()
        game = _hand(game)
    assert published == [f"game:{game.pk}:{first}", f"game:{game.pk}:{version_of(game)}"]


@pytest.mark.django_db(transaction=True)
def test_a_savepoint_rolled_back_keeps_the_notice_written_before_it(make_game, published):
    game = make_game("schmier")
    published.clear()
    with transaction.atomic():
        game = _hand(game)
        kept = version_of(game)
        with pytest.raises(Boom), transaction.atomic():
            _hand(game)
            raise Boom
    assert published == [f"game:{game.pk}:{kept}"]


@pytest.mark.django_db(transaction=True)
def test_a_night_changed_publishes_on_commit_only(published):
    with pytest.raises(Boom), transaction.atomic():
        notify.night_changed(7)
        raise Boom
    with transaction.atomic():
        notify.night_changed(7)
        assert published == []
    assert published == ["night:7"]


@pytest.mark.django_db(transaction=True)
def test_on_postgresql_a_listener_hears_the_hand_and_the_connection_stays_durable(make_game):
    """The notice goes out in a statement of its own after the commit: a board's listener
    hears the hand's version at once, and the connection's next writes wait for their
    flush as before (the notice's relaxed commit is its own, not the connection's)."""
    if connection.vendor != "postgresql":
        pytest.skip("NOTIFY is PostgreSQL's; CI runs this file on PostgreSQL too")
    import psycopg

    from smear_scores.live.feeds import conninfo

    game = make_game("schmier")
    with psycopg.connect(conninfo(), autocommit=True) as listener:
        listener.execute(f"LISTEN {notify.CHANNEL}")
        with override_settings(LIVE_ENGINE="", LIVE_REDIS_URL=""):
            game = _hand(game)
        heard = [n.payload for n in listener.notifies(timeout=5, stop_after=1)]
    assert heard == [f"game:{game.pk}:{version_of(game)}"]
    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")
        assert cursor.fetchone()[0] == "on"


class _Hub:
    """What sqlite_feed needs of a hub: one game watched, what it publishes kept."""

    def __init__(self, game_id: int):
        self.closing = False
        self.watching = {("game", game_id): object()}
        self.heard: asyncio.Queue[tuple[tuple[str, int], str | None]] = asyncio.Queue()
        self.pool = ThreadPoolExecutor(1)

    def publish(self, key, version=None):
        self.heard.put_nowait((key, version))

    def keys(self, kind):
        return [pk for k, pk in self.watching if k == kind]

    def run(self, fn, *args):
        def fresh():
            try:
                return fn(*args)
            finally:
                connection.close()

        return asyncio.get_running_loop().run_in_executor(self.pool, fresh)

    def hearing(self, now):
        pass


@pytest.mark.django_db(transaction=True)
def test_on_sqlite_a_write_of_this_process_wakes_its_feed_without_the_polls_wait(
    make_game, monkeypatch
):
    """The embedded default has no channel: a committed hand wakes this process's feed at
    once. The poll is made an hour long here, so only the wake can bring the hand."""
    from smear_scores.live import feeds

    monkeypatch.setattr(notify, "channel", lambda: "")
    monkeypatch.setattr(feeds, "POLL", 3600)
    game = make_game("schmier")

    async def follow() -> tuple[tuple[str, int], str | None]:
        hub = _Hub(game.pk)
        feed = asyncio.create_task(feeds.sqlite_feed(hub))
        await asyncio.sleep(0)  # the feed is listening
        written = await asyncio.get_running_loop().run_in_executor(
            hub.pool, lambda: _committed_hand(game)
        )
        try:
            while True:
                key, version = await asyncio.wait_for(hub.heard.get(), timeout=10)
                if version == written:
                    return key, version
        finally:
            feed.cancel()
            hub.pool.shutdown()

    def _committed_hand(game):
        try:
            return version_of(_hand(game))
        finally:
            connection.close()

    key, _ = asyncio.run(follow())
    assert key == ("game", game.pk)
