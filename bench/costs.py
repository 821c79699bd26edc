"""`python -m bench.costs`: where a recorded hand's server CPU goes, in process, on the bench
database (BENCH_DATABASE_URL, created and dropped as `make bench` does it).

- the JSON API's hand through Django's ASGI handler as `make serve` runs it
  (smear_scores.asgi), and its parts: the game read with the token checked, the game
  re-read under its lock, the hand's rows and standings written, the answer built, the
  live boards' notice;
- the same hand as the push engine's app records it (LIVE_ENGINE=nchan, nginx with nchan
  on loopback, the watchers' board followed): the CPU of the whole process
  (``time.process_time``, every thread), and of its publish (the board drawn, the sends);
  left out without `make push-engine`;
- the watchers' board a stream carries after a hand (boards.watcher_board, drawn afresh:
  no part kept), and its kept parts ("head", "standings", "record");
- one database round trip (``SELECT 1``) through Django's cursor and through psycopg's.

Each figure is CPU milliseconds of the thread that spent it (``time.thread_time``), per
call, over REQUESTS calls after WARM unmeasured ones; a part's figure is inside its
whole's. A busy machine stretches them all alike, so read them as shares of the whole,
beside `bench.calls`'s counts. Rows: "cost: <what>"."""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Callable

from bench.calls import AsgiAsWsgi
from bench.run import bench_django, hand_poster

REQUESTS = 300
WARM = 50
SPENT: Counter[str] = Counter()


def timed(owner: object, name: str, label: str) -> str:
    """``owner.name`` now adds the CPU its thread spends in it to SPENT[label]."""
    inner = getattr(owner, name)

    def measured(*args, **kwargs):
        started = time.thread_time()
        try:
            return inner(*args, **kwargs)
        finally:
            SPENT[label] += time.thread_time() - started

    setattr(owner, name, measured)
    return label


def spent(labels: list[str]) -> list[tuple[str, float]]:
    """The CPU ms per call of each of ``labels``, in their order."""
    return [(label, SPENT[label] * 1000 / REQUESTS) for label in labels]


def per_call(call: Callable[[], object], before: Callable[[], object] | None = None) -> float:
    """SPENT reset, then ``call`` REQUESTS times: the CPU ms per call of this thread and of
    the threads it hands work to, as the wrapped parts counted them."""
    for _ in range(WARM):
        if before is not None:
            before()
        call()
    SPENT.clear()
    total = 0.0
    for _ in range(REQUESTS):
        if before is not None:
            before()
        started = time.thread_time()
        call()
        total += time.thread_time() - started
    return total * 1000 / REQUESTS


def api_hand() -> list[tuple[str, float]]:
    import smear_scores.api.games as api
    from bench.data import game_with_hands
    from smear_scores.asgi import application
    from smear_scores.live import notify
    from smear_scores.services import game_writes, recording

    app = AsgiAsWsgi(application, profiled=False)
    labels = [
        timed(app.handler, "_respond", "API hand: the request on its thread"),
        timed(api, "writable_game", "API hand: the game read, the token checked"),
        timed(api, "hand_record", "API hand: the hand recorded (transaction, commit)"),
        timed(game_writes, "game_lock", "API hand: the game re-read under its lock"),
        timed(recording, "_record_next", "API hand: the hand's rows and standings written"),
        timed(notify, "publish", "API hand: the live boards' notice"),
        timed(api.HandRecordedOut, "of", "API hand: the answer built"),
    ]
    call = hand_poster(app, [game_with_hands(10) for _ in range(20)], "api")
    loop = per_call(call)
    return [*spent(labels), ("API hand: the event loop's share (ASGI, the bench's client)", loop)]


def watcher_board() -> list[tuple[str, float]]:
    from bench.calls import streamed_board
    from bench.data import game_with_hands
    from smear_scores import boards
    from smear_scores.templatetags import parts

    labels = [
        timed(boards, "watcher_board", "watchers' board: drawn afresh"),
        timed(boards, "_shown", "watchers' board: the game read"),
    ]
    inner = parts.SharedPartNode.render

    def render(node, context):
        board = context.get("board")
        if board is not None:
            str(board.game)  # the board's read (lazy) outside the part's own figure
        started = time.thread_time()
        try:
            return inner(node, context)
        finally:
            name = f"watchers' board: part {node.name.resolve(context)!r}"
            SPENT[name] += time.thread_time() - started

    parts.SharedPartNode.render = render
    board = streamed_board(game_with_hands(30), again=False)
    per_call(board, board.before)
    parts.SharedPartNode.render = inner
    labels += [f"watchers' board: part {name!r}" for name in ("head", "standings", "record")]
    return spent(labels)


def _listening(port: int, server) -> None:
    """Once ``server`` takes connections on ``port`` (its front proxies to an app that this
    bench does not run)."""
    import socket

    for _ in range(300):
        if server.poll() is not None:
            raise SystemExit("nginx stopped while starting; see its log")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"nginx did not listen on {port} within 30 s")


def engine_hand() -> list[tuple[str, float]]:
    """The JSON API's hand as the push engine's app records it (LIVE_ENGINE=nchan, nginx
    with nchan on loopback, every game's watchers' board followed): the CPU of the whole
    process (the event loop and the request's thread), and of the publish within it (the
    watchers' board drawn, the sends to the engine). None without `make push-engine`."""
    import shutil
    import tempfile
    from pathlib import Path

    from django.test import override_settings

    from bench import engine as push_engine
    from bench.data import game_with_hands
    from bench.run import free_port
    from smear_scores.asgi import application
    from smear_scores.live import nchan
    from smear_scores.models import Game

    if not push_engine.available():
        return []
    front, publisher = free_port(), free_port()
    out = Path(tempfile.mkdtemp(prefix="smear-costs-"))
    with open(out / "engine.log", "w") as log:
        nginx, prefix = push_engine.start(
            front=front, publisher=publisher, app=free_port(), log=log
        )
        try:
            _listening(publisher, nginx)
            games = [game_with_hands(10) for _ in range(20)]
            Game.objects.filter(pk__in=[g.pk for g in games]).update(board_followed=True)
            with override_settings(**push_engine.app_settings(publisher)):
                app = AsgiAsWsgi(application, profiled=False)
                labels = [
                    timed(nchan, "publish", "engine hand: the publish (board, sends)"),
                    timed(nchan, "post", "engine hand: the sends to the engine"),
                ]
                call = hand_poster(app, games, "api")
                for _ in range(WARM):
                    call()
                SPENT.clear()
                started = time.process_time()
                for _ in range(REQUESTS):
                    call()
                whole = (time.process_time() - started) * 1000 / REQUESTS
        finally:
            nginx.terminate()
            nginx.wait(30)
            push_engine.removed(prefix, out)
            shutil.rmtree(out, ignore_errors=True)
    return [("engine hand: the whole process", whole), *spent(labels)]


def round_trip() -> list[tuple[str, float]]:
    from django.db import connection

    with connection.cursor() as cursor:
        raw = connection.connection.cursor()

        def django_select() -> None:
            cursor.execute("SELECT 1")
            cursor.fetchone()

        def psycopg_select() -> None:
            raw.execute("SELECT 1")
            raw.fetchone()

        return [
            ("database round trip, Django's cursor", per_call(django_select)),
            ("database round trip, psycopg's cursor", per_call(psycopg_select)),
        ]


def main() -> None:
    # As smear_scores.asgi sets them for a served process.
    os.environ.update({"DATABASE_CONN_MAX_AGE": "0", "DATABASE_POOL": "true"})
    with bench_django():
        print(f"| row | CPU ms a call ({REQUESTS} calls) |")
        print("| --- | ---: |")
        for measure in (api_hand, engine_hand, watcher_board, round_trip):
            for label, ms in measure():
                print(f"| cost: {label} | {ms:.2f} |", flush=True)


if __name__ == "__main__":
    main()
