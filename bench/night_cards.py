"""`python -m bench.night_cards`: what a club night's guide cards cost the server while
they are held open, and what one draw pushed to all of them costs.

One server as `make serve` runs it (gunicorn, one uvicorn worker) on a fresh bench database
(BENCH_DATABASE_URL, as bench.run makes it), pinned to core 0 where it can be (taskset), the
phones here on core 1: BENCH_CARDS players (60) checked in to one Schmier night, each
phone holding its guide card's stream (``/tournaments/<id>/events/``) as static/js/live.js
does. The server's CPU and memory are read over an idle window (BENCH_CARDS_IDLE seconds,
one heartbeat: 45) with no card open, then with every card open. Then the director's
draw of round 1 is written from this process (services.nights.round_draw: its wall time is
"draw's write") and every card is told the new version in its stream and fetches its
fresh card (``?v=`` with HX-Request), as a phone does: the server's CPU from the draw to
the last card shown is the push of one draw to every card (the notice heard, the streams
told, each card drawn), and each card's delay is from the draw's commit to it holding its
card. Prints one Markdown table."""

from __future__ import annotations

import asyncio
import os
import re
import secrets
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench.run import bench_django, free_port, wait_until_serving

ROOT = Path(__file__).resolve().parent.parent
CARDS = int(os.environ.get("BENCH_CARDS", "60"))
IDLE = int(os.environ.get("BENCH_CARDS_IDLE", "45"))
VERSION = re.compile(rb'data-version="([^"]*)"')


def _usage(pid: int) -> tuple[float, int]:
    import psutil

    master = psutil.Process(pid)
    cpu, rss = 0.0, 0
    for process in [master, *master.children(recursive=True)]:
        try:
            times = process.cpu_times()
            cpu += times.user + times.system
            rss += process.memory_info().rss
        except psutil.NoSuchProcess:
            pass
    return cpu, rss


def _idle(pid: int) -> tuple[float, int]:
    """The server's CPU seconds per second over one idle window, and its memory after."""
    cpu0, _ = _usage(pid)
    time.sleep(IDLE)
    cpu1, rss = _usage(pid)
    return (cpu1 - cpu0) / IDLE, rss


async def _ask(port: int, path: str, cookie: str, htmx: bool = False) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    extra = "HX-Request: true\r\n" if htmx else ""
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookie}\r\n{extra}"
        "Connection: close\r\n\r\n".encode()
    )
    body = await reader.read()
    writer.close()
    return body


class Card:
    """One phone's guide card: its version, its stream, and when it showed round 1."""

    def __init__(self, port: int, night_id: int, cookie: str):
        self.port, self.night_id, self.cookie = port, night_id, cookie
        self.shown = ""
        self.drawn_at: float | None = None
        self.seated_at: float | None = None
        self.opened = asyncio.Event()

    async def load(self) -> None:
        page = await _ask(self.port, f"/tournaments/{self.night_id}/me/", self.cookie)
        found = VERSION.search(page)
        assert found, page[:500]
        self.shown = found.group(1).decode()

    async def hold(self) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        writer.write(
            f"GET /tournaments/{self.night_id}/events/?v={self.shown} HTTP/1.1\r\n"
            f"Host: 127.0.0.1\r\nCookie: {self.cookie}\r\n"
            "Accept: text/event-stream\r\n\r\n".encode()
        )
        while line := await reader.readline():
            if not line.startswith(b"data: "):
                continue
            self.opened.set()
            said = line[6:].strip().decode()
            if said != self.shown:
                fresh = await _ask(
                    self.port,
                    f"/tournaments/{self.night_id}/me/?v={self.shown}",
                    self.cookie,
                    htmx=True,
                )
                found = VERSION.search(fresh)
                if found:
                    self.shown = found.group(1).decode()
                if b"Round 1 of" in fresh and self.seated_at is None:
                    self.seated_at = time.monotonic()
        writer.close()


def _pin(core: int) -> list[str]:
    if (os.cpu_count() or 1) < 2 or not Path("/usr/bin/taskset").exists():
        return []
    return ["taskset", "-c", str(core)]


def _night() -> tuple[int, list[str]]:
    """A Schmier night of CARDS players, each checked in on a phone of their own: the
    night's id and each phone's cookie (as the check-in page sets it)."""
    from datetime import date

    from django.core import signing

    from smear_scores import phone
    from smear_scores.models import Club, Player
    from smear_scores.services import night_phones, nights

    club = Club.objects.create(name="Bench Smear Club", slug="bench-night")
    night = nights.night_open(
        club=club, name="Bench night", day=date(2026, 12, 1), variant="schmier", rounds=3,
        round_hands=6,
    )  # fmt: skip
    cookies = []
    for n in range(CARDS):
        player = Player.objects.create(club=club, name=f"Player {n + 1}")
        device = secrets.token_hex(16)
        night_phones.night_join(night=night, phone=device, player=player)
        value = f"{device}|{night.pk}:{player.pk}"
        signed = signing.get_cookie_signer(salt=phone.NIGHTS_COOKIE + phone.NIGHTS_SALT).sign(value)
        cookies.append(f"{phone.NIGHTS_COOKIE}={signed}")
    return night.pk, cookies


async def _measure(port: int, server: subprocess.Popen, night_id: int, cookies: list[str]):
    from asgiref.sync import sync_to_async

    from smear_scores.models import Night
    from smear_scores.services import nights

    base_cpu, base_rss = await asyncio.to_thread(_idle, server.pid)
    cards = [Card(port, night_id, cookie) for cookie in cookies]
    await asyncio.gather(*(c.load() for c in cards))
    tasks = [asyncio.create_task(c.hold()) for c in cards]
    await asyncio.wait_for(asyncio.gather(*(c.opened.wait() for c in cards)), 30)
    open_cpu, open_rss = await asyncio.to_thread(_idle, server.pid)

    cpu0, _ = _usage(server.pid)
    start = time.monotonic()
    night = await sync_to_async(Night.objects.get)(pk=night_id)
    await sync_to_async(nights.round_draw)(night=night, seed=1)
    drawn = time.monotonic()
    deadline = drawn + 30
    while any(c.seated_at is None for c in cards) and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    done = max((c.seated_at or deadline) for c in cards)
    cpu1, _ = _usage(server.pid)
    for task in tasks:
        task.cancel()
    delays = sorted(((c.seated_at or deadline) - drawn) * 1000 for c in cards)
    return {
        "memory": (open_rss - base_rss) / CARDS,
        "idle_cpu": (open_cpu - base_cpu) / CARDS,
        "draw_cpu": cpu1 - cpu0 - base_cpu * (done - start),
        "draw_write": (drawn - start) * 1000,
        "p50": statistics.median(delays),
        "max": delays[-1],
        "shown": sum(1 for c in cards if c.seated_at is not None),
    }


def main() -> None:
    with bench_django():
        night_id, cookies = _night()
        port = free_port()
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "smear_scores.settings",
            "WEB_CONCURRENCY": "1",
            "BIND": f"127.0.0.1:{port}",
            "GUNICORN_ACCESSLOG": "",
            "GUNICORN_LOGLEVEL": "warning",
        }
        gunicorn = str(Path(sys.executable).parent / "gunicorn")
        server = subprocess.Popen(
            [*_pin(0), gunicorn, "--config", "gunicorn.conf.py"], cwd=ROOT, env=env
        )
        try:
            wait_until_serving(f"http://127.0.0.1:{port}", server)
            if _pin(1):
                os.sched_setaffinity(0, {1})
            r = asyncio.run(_measure(port, server, night_id, cookies))
        finally:
            server.terminate()
            server.wait(10)
    print(
        "| guide cards | memory a card held open | server CPU a card held open (idle) "
        "| draw pushed: server CPU | draw's write | card shown p50 / max | cards shown |"
    )
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    print(
        f"| {CARDS} | {r['memory'] / 1024:.0f} KiB | {r['idle_cpu'] * 1e6:.0f} µs/s "
        f"| {r['draw_cpu'] * 1000:.0f} ms | {r['draw_write']:.0f} ms "
        f"| {r['p50']:.0f} / {r['max']:.0f} ms | {r['shown']} |"
    )


if __name__ == "__main__":
    main()
