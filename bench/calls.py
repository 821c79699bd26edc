"""`python -m bench.calls`: Python function calls per request (cProfile's count) for the rows
whose time is mostly Python: a count that a busy machine does not change, beside
`make bench`'s times, which it does. On the bench database (BENCH_DATABASE_URL, created and
dropped as `make bench` does it).

`python -m bench.calls --asgi`: the same requests through Django's ASGI handler as
`make serve` runs it (smear_scores.asgi, its database pool), the calls counted in every
thread (the event loop's and each request's own), with the hops between them: each call
of asgiref's sync_to_async or async_to_sync, a handover from the event loop to a thread
or back."""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import threading

from bench.run import bench_django, board_viewer, get_ok, hand_poster, scorer

REQUESTS = 50
# The profiles of the other threads while a request is counted: those it starts, and the
# ASGI handler's kept request threads (smear_scores.asgi.Handler._respond).
THREAD_PROFILES: list[cProfile.Profile] = []


class Hops:
    """Counts asgiref's handovers between the event loop and threads while it is on."""

    def __init__(self):
        self.count = 0
        self.on = False

    def install(self) -> None:
        from asgiref.sync import AsyncToSync, SyncToAsync

        to_thread, to_loop = SyncToAsync.__call__, AsyncToSync.__call__
        hops = self

        async def sync_to_async_call(self, *args, **kwargs):
            hops.count += hops.on
            return await to_thread(self, *args, **kwargs)

        def async_to_sync_call(self, *args, **kwargs):
            hops.count += hops.on
            return to_loop(self, *args, **kwargs)

        SyncToAsync.__call__ = sync_to_async_call
        AsyncToSync.__call__ = async_to_sync_call


HOPS = Hops()


def calls_per_request(call, requests: int = REQUESTS) -> tuple[float, float]:
    """The calls of ``call`` (of its view alone, for a board viewer: not the hand recorded
    before a cold view), in this thread and every thread started while it runs (a
    request's own thread under ASGI); and the hops per request."""
    before = getattr(call, "before", None)
    call = getattr(call, "view", call)
    for _ in range(20):
        if before is not None:
            before()
        call()
    total = hops = 0
    for _ in range(requests):
        if before is not None:
            before()
        threads = THREAD_PROFILES
        threads.clear()

        def in_thread(frame, event, arg, threads=threads) -> None:
            threads.append(cProfile.Profile())
            threads[-1].enable()

        profile = cProfile.Profile()
        threading.setprofile(in_thread)
        HOPS.count, HOPS.on = 0, True
        profile.enable()
        call()
        profile.disable()
        HOPS.on = False
        threading.setprofile(None)
        stats = pstats.Stats(profile)
        for other in threads:
            stats.add(other)
        total += stats.total_calls
        hops += HOPS.count
    return total / requests, hops / requests


class AsgiAsWsgi:
    """Django's ASGI handler (smear_scores.asgi) called as bench.wsgi.Browser calls a WSGI
    app: each request an ASGI call run to its end on one event loop in this thread, as a
    uvicorn worker runs it (the network left out). ``profiled``: each request's kept
    thread is profiled too (THREAD_PROFILES), for the calls it makes."""

    def __init__(self, handler, *, profiled: bool = True):
        self.handler = handler
        self.loop = asyncio.new_event_loop()
        if not profiled:
            return
        # The handler's own step that runs a request on its kept thread (Django's).
        respond = handler._respond  # noqa: SLF001

        def counted(scope, body_file):
            # On a kept thread, started before the count: profiled here.
            profile = cProfile.Profile()
            THREAD_PROFILES.append(profile)
            profile.enable()
            try:
                return respond(scope, body_file)
            finally:
                profile.disable()

        handler._respond = counted  # noqa: SLF001

    def __call__(self, environ: dict, start_response):
        headers = [
            (k[5:].replace("_", "-").lower().encode(), v.encode("latin-1"))
            for k, v in environ.items()
            if k.startswith("HTTP_") and v
        ]
        for name in ("CONTENT_TYPE", "CONTENT_LENGTH"):
            if name in environ:
                headers.append((name.replace("_", "-").lower().encode(), environ[name].encode()))
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": environ["REQUEST_METHOD"],
            "scheme": "http",
            "path": environ["PATH_INFO"],
            "raw_path": environ["PATH_INFO"].encode(),
            "query_string": environ["QUERY_STRING"].encode(),
            "root_path": "",
            "headers": headers,
            "client": (environ["REMOTE_ADDR"], 50000),
            "server": (environ["SERVER_NAME"], int(environ["SERVER_PORT"])),
        }
        body = environ["wsgi.input"].read()
        sent: list[dict] = []
        bodies = [{"type": "http.request", "body": body, "more_body": False}]

        async def receive() -> dict:
            if bodies:
                return bodies.pop()
            # The phone stays until the answer is sent (Django then stops listening).
            await asyncio.Future()

        async def send(message: dict) -> None:
            sent.append(message)

        self.loop.run_until_complete(self.handler(scope, receive, send))
        start = sent[0]
        status = f"{start['status']} -"
        start_response(status, [(k.decode(), v.decode("latin-1")) for k, v in start["headers"]])
        return [m.get("body", b"") for m in sent[1:]]


def streamed_board(game, *, again: bool):
    """A watcher's board as its stream carries it after a hand (boards.watcher_board,
    on a drawing thread of the hub): drawn by the first process to need it, or ``again``
    by another process once the first has kept its parts (a cache they share)."""
    from bench.data import filler
    from smear_scores.boards import watcher_board
    from smear_scores.services.recording import hand_record

    current = [game]

    def before() -> None:
        state = current[0].state()
        current[0], _ = hand_record(game=current[0], entry=filler(state), number=None)
        if again:
            watcher_board(game.public_id)

    def view() -> None:
        watcher_board(game.public_id)

    view.before = before
    view.view = view
    return view


def rows(app) -> list[tuple[str, object]]:
    from bench.data import game_with_hands
    from bench.wsgi import Browser

    board = game_with_hands(30)
    return [
        ("one-query view", get_ok(Browser(app), "/bench/one-query/")),
        ("hand-shaped write", get_ok(Browser(app), "/bench/hand-shaped-write/")),
        (
            "scoreboard, 30-hand game (scoring phone, same version)",
            get_ok(scorer(app, board), f"/g/{board.public_id}/"),
        ),
        (
            "scoreboard cold (first view after a hand)",
            board_viewer(app, game_with_hands(30), cold=True),
        ),
        (
            "scoreboard warm (another phone at the same version)",
            board_viewer(app, game_with_hands(30), cold=False),
        ),
        *(
            (
                f"hand submission, {how}",
                hand_poster(app, [game_with_hands(10) for _ in range(20)], how),
            )
            for how in ("htmx", "form", "api")
        ),
        (
            "watcher's streamed board, first process after a hand",
            streamed_board(game_with_hands(30), again=False),
        ),
        (
            "watcher's streamed board, another process (shared cache)",
            streamed_board(game_with_hands(30), again=True),
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.calls")
    parser.add_argument("--asgi", action="store_true", help="through the ASGI handler")
    asgi = parser.parse_args().asgi
    if asgi:
        # As smear_scores.asgi sets them for a served process.
        os.environ.update({"DATABASE_CONN_MAX_AGE": "0", "DATABASE_POOL": "true"})
    with bench_django():
        if asgi:
            from smear_scores.asgi import application

            HOPS.install()
            app = AsgiAsWsgi(application)
            print("| request (ASGI) | Python calls per request | hops per request |")
            print("| --- | ---: | ---: |")
        else:
            from django.core.wsgi import get_wsgi_application

            app = get_wsgi_application()
            print("| request | Python calls per request |")
            print("| --- | ---: |")
        for name, call in rows(app):
            calls, hops = calls_per_request(call)
            hops_cell = f" {hops:.1f} |" if asgi else ""
            print(f"| {name} | {calls:,.0f} |{hops_cell}", flush=True)


if __name__ == "__main__":
    main()
