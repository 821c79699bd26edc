"""The load of `make bench`'s live boards (bench/live.py starts several of these): phones
at tables of six, each phone holding its board's stream, on loopback.

Per table, six phones open ``/g/<game>/events/``; after "go" (stdin), each table records
one hand a minute (at a random second of the minute) through the JSON API from one of
them, and the five others, which watch, get the fresh board in their stream (a phone told
only a version fetches its board as live.js does: ``/g/<game>/live/`` with If-None-Match,
gzip). The push delay of a phone is from the hand being sent to that phone having the
fresh board. Bounded: a fixed number of tables, a
fixed number of seconds, then it reports (one JSON line) and stops.

Commands on stdin: ``open <first> <count>`` (open the streams of those tables), ``go
<seconds>`` (record for that long), ``quit``. Each answers one JSON line on stdout."""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import random
import re
import resource
import socket
import sys
import time

from bench.data import filler
from smear_scores import rules

OPENING = 256  # streams being opened at once
# Linux's socket option (24; named in Python's socket module from 3.12).
IP_BIND_ADDRESS_NO_PORT = getattr(socket, "IP_BIND_ADDRESS_NO_PORT", 24)
BOARD_VERSION = re.compile(rb'data-version="([^"]*)"')


class Table:
    def __init__(self, game: dict):
        self.id = game["public_id"]
        self.token = game["edit_token"]
        self.state = rules.new_game(rules.get_variant(game["variant"]), {}, 0)
        self.sent_at: float | None = None
        self.phones: list[Phone] = []


class Phone:
    def __init__(self, table: Table, records: bool):
        self.table = table
        self.records = records
        self.shown: str | None = None
        # A hand was sent at this table that this phone does not show yet.
        self.pending = False
        self.task: asyncio.Task | None = None


class Load:
    def __init__(self, host: str, port: int, sources: list[str], games: list[dict]):
        self.host, self.port = host, port
        # The phones' addresses, taken in turn: each holds a few thousand connections to
        # the one address of the server, whose ports (28,000 on Linux) it must not crowd.
        self.sources = itertools.cycle(sources)
        self.games = games
        self.tables: list[Table] = []
        self.delays: list[float] = []
        self.writes: list[float] = []
        self.errors: list[str] = []
        self.opened = 0
        self.dropped = 0
        self.recorded = 0
        self.fetches = 0
        self.boards = 0
        self.first: asyncio.Future | None = None

    async def connect(self):
        """A connection from the phones' own address. Its port is chosen as it connects
        (IP_BIND_ADDRESS_NO_PORT), not as it binds: a bind to port 0 searches the whole
        port range for one no socket of this address holds, and with 15,000 streams from
        one address that search took more of the load's core than everything else (a
        profile of the step of 10,000 tables)."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            sock.setsockopt(socket.IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, 1)
            sock.bind((next(self.sources), 0))
            sock.setblocking(False)
            await asyncio.get_running_loop().sock_connect(sock, (self.host, self.port))
        except BaseException:
            sock.close()
            raise
        return await asyncio.open_connection(sock=sock)

    def error(self, what: str) -> None:
        if len(self.errors) < 50:
            self.errors.append(what)
        else:
            self.errors[-1] = f"... and more ({what})"

    # -- a phone's stream ---------------------------------------------------------------
    async def stream(self, phone: Phone, ready: asyncio.Event) -> None:
        try:
            reader, writer = await self.connect()
            writer.write(
                f"GET /g/{phone.table.id}/events/ HTTP/1.1\r\nHost: {self.host}\r\n"
                "Accept: text/event-stream\r\n\r\n".encode()
            )
            status = await reader.readline()
            if b" 200 " not in status:
                self.error(f"stream answered {status.decode().strip()}")
                ready.set()
                return
            chunked = False
            while (line := await reader.readline()) not in (b"\r\n", b""):
                chunked = chunked or line.lower() == b"transfer-encoding: chunked\r\n"
            buffer = b""
            while True:
                # The app's own streams come in chunks; the push engine's as they are.
                if chunked:
                    size = int((await reader.readline()).strip() or b"0", 16)
                    if size == 0:
                        break
                    buffer += (await reader.readexactly(size + 2))[:-2]
                else:
                    read = await reader.read(65536)
                    if not read:
                        break
                    buffer += read
                while b"\n\n" in buffer:
                    event, buffer = buffer.split(b"\n\n", 1)
                    self.event(phone, event, ready)
            self.dropped += 1
        except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
            self.dropped += 1
            self.error(f"stream: {exc!r}")
            ready.set()

    def event(self, phone: Phone, event: bytes, ready: asyncio.Event) -> None:
        """One event of a stream: a version said, or a board (whose version is its id on
        the app's own streams; the push engine numbers its events its own way, so there
        the board's own data-version, as live.js reads it)."""
        kind, version, data = b"message", None, None
        # The fields (id, event) come before the data: the first three lines are read,
        # not the board's hundred (the load's own CPU shares a core with the engine).
        for line in event.split(b"\n", 3)[:3]:
            if line.startswith(b"event: "):
                kind = line[7:]
            elif line.startswith(b"id: "):
                version = line[4:].decode()
            elif line.startswith(b"data: "):
                data = line[6:].decode()
                break
        if kind == b"board":
            said = BOARD_VERSION.search(event)
            self.shown_board(phone, said.group(1).decode() if said else version, ready)
        elif kind == b"message" and data is not None:
            self.heard(phone, data, ready)

    def heard(self, phone: Phone, version: str, ready: asyncio.Event) -> None:
        if phone.shown is None:
            phone.shown = version
            self.opened += 1
            ready.set()
        elif version != phone.shown and not phone.records:
            asyncio.get_running_loop().create_task(self.fetch(phone, version))

    def shown_board(self, phone: Phone, version: str | None, ready: asyncio.Event) -> None:
        """The stream carried the board itself (a watcher's): shown at once. The push
        engine opens a watcher's stream with the board it keeps."""
        if phone.shown is None:
            phone.shown = version
            self.opened += 1
            ready.set()
            return
        self.boards += 1
        if version is None or version == phone.shown:
            return
        phone.shown = version
        if phone.pending:
            phone.pending = False
            self.delays.append((time.monotonic() - phone.table.sent_at) * 1000)

    async def fetch(self, phone: Phone, version: str) -> None:
        """What live.js does when its stream says a version it does not show."""
        self.fetches += 1
        try:
            reader, writer = await self.connect()
            writer.write(
                f"GET /g/{phone.table.id}/live/ HTTP/1.1\r\nHost: {self.host}\r\n"
                f'If-None-Match: "{phone.shown}"\r\nHX-Request: true\r\n'
                "Accept-Encoding: gzip\r\nConnection: close\r\n\r\n".encode()
            )
            answer = await reader.read()
            writer.close()
        except OSError as exc:
            self.error(f"fetch: {exc!r}")
            return
        head = answer.split(b"\r\n", 1)[0]
        if b" 200 " not in head:
            self.error(f"fetch answered {head.decode()}")
            return
        for line in answer.split(b"\r\n\r\n", 1)[0].split(b"\r\n"):
            if line.lower().startswith(b"etag:"):
                # W/"<version>" once gzipped.
                tag = line.split(b":", 1)[1].strip().removeprefix(b"W/")
                phone.shown = tag.strip(b'"').decode()
        if phone.pending:
            phone.pending = False
            self.delays.append((time.monotonic() - phone.table.sent_at) * 1000)

    async def open(self, first: int, count: int) -> dict:
        started = time.monotonic()
        errors_before = len(self.errors)
        gate = asyncio.Semaphore(OPENING)

        async def one(phone: Phone) -> None:
            async with gate:
                ready = asyncio.Event()
                phone.task = asyncio.get_running_loop().create_task(self.stream(phone, ready))
                await ready.wait()

        new = []
        for game in self.games[first : first + count]:
            table = Table(game)
            table.phones = [Phone(table, records=(i == 0)) for i in range(6)]
            self.tables.append(table)
            new += table.phones
        await asyncio.gather(*(one(p) for p in new))
        return {
            "opened": self.opened,
            "seconds": time.monotonic() - started,
            "errors": self.errors[errors_before:],
        }

    # -- the tables recording ------------------------------------------------------------
    async def record(self, table: Table) -> None:
        entry = filler(table.state)
        body = json.dumps(
            {
                "number": table.state.next_number,
                "bidder": entry.bidder,
                "bid": entry.bid,
                "points": list(entry.points),
            }
        ).encode()
        table.sent_at = time.monotonic()
        for phone in table.phones:
            phone.pending = not phone.records
        try:
            reader, writer = await self.connect()
            writer.write(
                f"POST /api/games/{table.id}/hands HTTP/1.1\r\nHost: {self.host}\r\n"
                f"Authorization: Bearer {table.token}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode()
                + body
            )
            answer = await reader.read()
            writer.close()
        except OSError as exc:
            self.error(f"record: {exc!r}")
            return
        if b" 201 " not in answer.split(b"\r\n", 1)[0]:
            self.error(f"record answered {answer[:200]!r}")
            return
        table.state, _ = table.state.play(entry)
        self.recorded += 1
        self.writes.append((time.monotonic() - table.sent_at) * 1000)

    async def go(self, seconds: float) -> dict:
        self.delays, self.recorded, self.fetches, self.boards = [], 0, 0, 0
        self.writes = []
        errors_before = len(self.errors)
        start = time.monotonic()

        async def table_minute(table: Table) -> None:
            at = random.uniform(0, 60)
            while at < seconds:
                await asyncio.sleep(max(0, start + at - time.monotonic()))
                await self.record(table)
                at += 60

        await asyncio.gather(*(table_minute(t) for t in self.tables))
        # The last hands' boards.
        await asyncio.sleep(3)
        missed = sum(p.pending for t in self.tables for p in t.phones)
        if missed:
            self.error(f"{missed} boards never showed a hand recorded at their table")
        return {
            "recorded": self.recorded,
            "fetches": self.fetches,
            "boards": self.boards,
            "writes": self.writes,
            "delays": self.delays,
            "errors": self.errors[errors_before:],
            "dropped": self.dropped,
        }


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument(
        "--sources", default="127.0.0.1", help="the phones' own addresses, separated by commas"
    )
    parser.add_argument("--games", required=True, help="a JSON file of this process's games")
    args = parser.parse_args()
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    with open(args.games, encoding="utf-8") as f:
        load = Load(args.host, args.port, args.sources.split(","), json.load(f))
    loop = asyncio.get_running_loop()
    while True:
        line = (await loop.run_in_executor(None, sys.stdin.readline)).split()
        if not line or line[0] == "quit":
            return
        if line[0] == "open":
            answer = await load.open(int(line[1]), int(line[2]))
        else:
            answer = await load.go(float(line[1]))
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
