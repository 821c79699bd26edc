"""`make bench`, section 6: live boards through the push engine (LIVE_ENGINE=nchan,
deploy/nchan/): nginx with nchan in front of one app process (gunicorn, one uvicorn worker)
on loopback, the app on the bench's PostgreSQL.

BENCH_ENGINE_STREAMS phones (default 3,000; six per game, every one a watcher, whose stream
carries the board) open their streams through the engine; the engine's memory (its master
and worker, resident) is read before and after, over the streams. Then BENCH_ENGINE_HANDS
hands (default one per game) are recorded through the engine's front, four at a time, and
the app server's CPU over them ÷ hands is its cost per hand with the engine (the write, the
boards drawn once, the publishes); the engine's own CPU is beside it, and what share of the
boards due reached their phones. Needs `make push-engine`; without it the section says so.

Pinned where it can be (two cores or more, `taskset`; BENCH_ENGINE_PIN=off runs it
unpinned): the app server on core 0, nginx and the phones (this process) on core 1, as
section 4 pins them, so the server's CPU a hand is its own, not inflated by sharing a core
with the engine and the phones. PostgreSQL is not pinned."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULE = Path("/usr/lib/nginx/modules/ngx_nchan_module.so")
SETTLE_SECONDS = 5
DELIVERY_SECONDS = 30


def available() -> bool:
    return bool(shutil.which("nginx") or Path("/usr/sbin/nginx").exists()) and MODULE.exists()


class Phones:
    """Streams held open through the engine, each counting the boards it is sent."""

    def __init__(self, port: int):
        self.port = port
        self.boards = 0
        self.opened = 0
        self.tasks: list[asyncio.Task] = []
        self.writers: list[asyncio.StreamWriter] = []

    async def _one(self, public_id: str, first: asyncio.Future) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        self.writers.append(writer)
        writer.write(
            f"GET /g/{public_id}/events/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Accept: text/event-stream\r\n\r\n".encode()
        )
        await writer.drain()
        status = await reader.readline()
        if b" 200 " not in status:
            first.set_result(False)
            return
        opened = False
        while line := await reader.readline():
            if line.startswith(b"data:") and not opened:
                opened = True
                self.opened += 1
                first.set_result(True)
            elif line.startswith(b"event: board"):
                self.boards += 1
        if not first.done():
            first.set_result(False)

    async def open(self, games: list[str], per_game: int, at_once: int = 200) -> None:
        gate = asyncio.Semaphore(at_once)

        async def start(public_id: str) -> None:
            async with gate:
                first = asyncio.get_running_loop().create_future()
                self.tasks.append(asyncio.create_task(self._one(public_id, first)))
                await asyncio.wait_for(first, 60)

        await asyncio.gather(*(start(g) for g in games for _ in range(per_game)))

    async def close(self) -> None:
        for writer in self.writers:
            writer.close()
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


def _hand(port: int, game: dict, number: int) -> None:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/games/{game['public_id']}/hands",
        data=json.dumps({"thrown_in": True}).encode(),
        headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {game['edit_token']}",
        },
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert answer.status == 201, answer.status


def app_settings(publisher: int) -> dict[str, str]:
    """The app's settings for an engine whose publisher listens on ``publisher``."""
    return {
        "LIVE_ENGINE": "nchan",
        "LIVE_ENGINE_PUBLISH_URL": f"http://127.0.0.1:{publisher}/_live/pub/",
    }


def start(
    *, front: int, publisher: int, app: int, log, workers: int = 1, pin: list[str] = ()
) -> tuple[subprocess.Popen, Path]:
    """nginx with nchan (deploy/nchan/'s configuration) on loopback: phones at ``front``,
    the app's publishes at ``publisher``, the app at ``app``; with ``workers`` worker
    processes (each holds at most its open-file limit of streams), run under ``pin``
    (taskset). The caller stops it and removes its directory, the second value."""
    prefix = Path(tempfile.mkdtemp(prefix="smear-engine-"))
    sys.path.insert(0, str(ROOT / "deploy" / "nchan"))
    from render import render

    sys.path.pop(0)
    conf = render(
        PREFIX=str(prefix),
        # Several workers take the phones by their address (the kernel's reuseport).
        LISTEN=f"127.0.0.1:{front}" + (" reuseport" if workers > 1 else ""),
        PUBLISH_LISTEN=f"127.0.0.1:{publisher}",
        APP_SERVERS=f"server 127.0.0.1:{app};",
        NCHAN_MODULE=str(MODULE),
        MEMORY="64M",  # as the measured runs had it (docs/benchmarks.md section 6)
    )
    # Every phone of the load is one address (loopback): the per-address limits go.
    conf, lifted = re.subn(r"(?m)^\s*limit_(conn|req) [^;]*;\n", "", conf)
    if not lifted:
        raise SystemExit("deploy/nchan/nginx.conf.template's per-address limits moved")
    conf, found = re.subn(r"(?m)^worker_processes \d+;", f"worker_processes {workers};", conf)
    if found != 1:
        raise SystemExit("deploy/nchan/nginx.conf.template no longer says worker_processes")
    (prefix / "nginx.conf").write_text(conf)
    nginx = subprocess.Popen(
        [*pin, shutil.which("nginx") or "/usr/sbin/nginx", "-p", str(prefix), "-c",
         str(prefix / "nginx.conf"), "-g", "daemon off;"],
        stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    return nginx, prefix


def removed(prefix: Path, out: Path) -> None:
    """The engine's directory removed, its error log kept in ``out`` (engine-error.log:
    why nginx answered 502 to a request, say)."""
    error_log = prefix / "error.log"
    if error_log.exists():
        shutil.copyfile(error_log, out / "engine-error.log")
    shutil.rmtree(prefix, ignore_errors=True)


def pinned() -> bool:
    mode = os.environ.get("BENCH_ENGINE_PIN", "on")
    if mode not in ("on", "off"):
        raise SystemExit(f"BENCH_ENGINE_PIN={mode!r}: say on or off.")
    from bench.live import can_pin

    return mode == "on" and can_pin()


def measure(out: Path) -> dict | None:
    if not available():
        return None
    from bench.live import LOAD_PIN, SERVER_PIN, _server_usage
    from bench.run import free_port, wait_until_serving
    from smear_scores.services.new_games import game_create

    streams = int(os.environ.get("BENCH_ENGINE_STREAMS", "3000"))
    per_game = 6
    players = ["Ann", "Bo", "Cy", "Dee", "Eli", "Flo"]
    games = []
    for _ in range(max(1, streams // per_game)):
        game = game_create(variant="schmier", players=players, first_dealer=0)
        games.append({"public_id": game.public_id, "edit_token": game.edit_token})
    hands = int(os.environ.get("BENCH_ENGINE_HANDS", str(len(games))))

    front, publisher, app = free_port(), free_port(), free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "smear_scores.settings",
        "WEB_CONCURRENCY": "1",
        "BIND": f"127.0.0.1:{app}",
        "GUNICORN_ACCESSLOG": "",
        "GUNICORN_LOGLEVEL": "warning",
        **app_settings(publisher),
    }
    pin = pinned()
    server_pin, engine_pin = (SERVER_PIN, LOAD_PIN) if pin else ([], [])
    log = open(out / "engine-server.log", "w")  # noqa: SIM115 - closed in finally
    server = subprocess.Popen(
        [*server_pin, str(Path(sys.executable).parent / "gunicorn"), "-c", "gunicorn.conf.py"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    nginx, prefix = start(front=front, publisher=publisher, app=app, log=log, pin=engine_pin)
    # The phones (this process's event loop) share the engine's core, not the server's.
    cores = os.sched_getaffinity(0)
    if pin:
        os.sched_setaffinity(0, {1})
    phones = Phones(front)
    loop = asyncio.new_event_loop()
    try:
        wait_until_serving(f"http://127.0.0.1:{app}", server)
        wait_until_serving(f"http://127.0.0.1:{front}", nginx)
        time.sleep(SETTLE_SECONDS)
        _, engine_before = _server_usage(nginx.pid)
        print(f"  {streams:,} streams through the engine ...", flush=True)
        loop.run_until_complete(phones.open([g["public_id"] for g in games], per_game))
        loop.run_until_complete(asyncio.sleep(SETTLE_SECONDS))
        _, engine_after = _server_usage(nginx.pid)

        print(f"  {hands:,} hands ...", flush=True)
        app_cpu0, _ = _server_usage(server.pid)
        engine_cpu0, _ = _server_usage(nginx.pid)
        started = time.monotonic()
        pool = ThreadPoolExecutor(4)
        done = loop.run_until_complete(
            asyncio.gather(
                *(
                    loop.run_in_executor(pool, _hand, front, games[k % len(games)], k)
                    for k in range(hands)
                )
            )
        )
        wrote = time.monotonic() - started
        due = hands * per_game
        end = time.monotonic() + DELIVERY_SECONDS
        while phones.boards < due and time.monotonic() < end:
            loop.run_until_complete(asyncio.sleep(0.1))
        delivered_after = time.monotonic() - started
        app_cpu1, _ = _server_usage(server.pid)
        engine_cpu1, _ = _server_usage(nginx.pid)
        pool.shutdown()
        result = {
            "streams": streams,
            "opened": phones.opened,
            "engine_bytes_per_stream": (engine_after - engine_before) / max(1, phones.opened),
            "engine_rss": engine_after,
            "hands": len(done),
            "hands_seconds": wrote,
            "due": due,
            "delivered": phones.boards,
            "delivered_seconds": delivered_after,
            "app_cpu_ms_per_hand": (app_cpu1 - app_cpu0) * 1000 / max(1, hands),
            "engine_cpu_ms_per_hand": (engine_cpu1 - engine_cpu0) * 1000 / max(1, hands),
            "pinned": pin,
        }
    finally:
        os.sched_setaffinity(0, cores)
        loop.run_until_complete(phones.close())
        loop.close()
        for process in (nginx, server):
            process.terminate()
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
        log.close()
        removed(prefix, out)
    (out / "engine.json").write_text(json.dumps(result, indent=1))
    return result


def report(result: dict | None) -> list[str]:
    """Rows named "live, engine: …", beside section 4's "live: …"."""
    if result is None:
        return [
            "",
            "6. Live boards through the push engine: not measured (nginx with nchan is not "
            "installed here: `make push-engine`).",
        ]
    r = result
    share = 100 * r["delivered"] / r["due"] if r["due"] else 0
    return [
        "",
        "6. Live boards through the push engine (nginx + nchan, deploy/nchan/) in front of "
        "gunicorn with 1 uvicorn worker on 127.0.0.1, PostgreSQL; six watchers per game, "
        "each holding its stream in the engine; hands recorded four at a time through it; "
        + (
            "the server pinned to core 0, the engine and the phones to core 1 (taskset)"
            if r.get("pinned")
            else "not pinned"
        ),
        "",
        "| row | engine | beside it |",
        "| --- | --- | --- |",
        f"| live, engine: streams one engine process holds | {r['opened']:,} of "
        f"{r['streams']:,} | {r['engine_bytes_per_stream'] / 1024:.1f} KB per stream (the "
        f"engine's RSS with them open, less without, ÷ streams; "
        f"{r['engine_rss'] / 2**20:.0f} MB in all) |",
        f"| live, engine: server CPU per hand, engine | {r['app_cpu_ms_per_hand']:.1f} ms | the "
        f"app server's CPU over {r['hands']:,} hands ÷ hands (the write, each board drawn "
        f"once, the publishes); the engine's own: {r['engine_cpu_ms_per_hand']:.2f} ms a hand |",
        f"| live, engine: boards delivered | {share:.1f} % | {r['delivered']:,} of "
        f"{r['due']:,} due, {r['delivered_seconds']:.1f} s after the first of {r['hands']:,} "
        f"hands ({r['hands_seconds']:.1f} s to record them) |",
    ]
