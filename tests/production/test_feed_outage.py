"""The live boards through a database that goes away and comes back (a restart, a
failover): every stream says its process cannot hear writes while it is away, so the
boards poll, then carries the hands recorded after it, and the log has one line for the
outage, not one per retry. On a PostgreSQL cluster of the test's own, never a shared one."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request

import pytest

from tests.asgi_server import ROOT, EventStream, ProcessServer
from tests.production.private_postgres import Cluster

DEADLINE = 30  # seconds; only reached when something is broken


@pytest.fixture
def cluster():
    cluster = Cluster()
    try:
        env = {"PATH": "/usr/bin:/bin", "DATABASE_URL": cluster.url, "PYTHONPATH": str(ROOT)}
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
            cwd=ROOT,
            env=env,
            check=True,
        )
        yield cluster
    finally:
        cluster.remove()


def _post(url: str, body: dict, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, json.dumps(body).encode(), headers, method="POST")
    with urllib.request.urlopen(request, timeout=DEADLINE) as answer:
        assert answer.status == 201
        return json.loads(answer.read())


def _until(stream: EventStream, wanted) -> list[tuple[str | None, str]]:
    """The events the stream says until one is ``wanted(kind, version)``."""
    said = []
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        version = stream.next()
        said.append((stream.kind, version))
        if wanted(stream.kind, version):
            return said
    raise AssertionError(f"the stream never said what was awaited; it said {said}")


@pytest.mark.parametrize("pool", [False, True], ids=["connections", "pool"])
def test_boards_follow_the_hands_recorded_after_the_database_restarts(
    cluster, tmp_path, monkeypatch, pool
):
    monkeypatch.setenv("DATABASE_POOL", "true" if pool else "false")
    server = ProcessServer(cluster.url, tmp_path / "app.log").start()
    streams = []
    try:
        players = ["Ann", "Bo", "Cy", "Dee"]
        game = _post(
            f"{server.url}/api/games",
            {"variant": "ne-wisconsin", "players": players, "first_dealer": 0},
        )
        hand = {"bidder": 1, "bid": 2, "points": [1, 3]}
        _post(
            f"{server.url}/api/games/{game['id']}/hands", {"number": 1, **hand}, game["edit_token"]
        )
        paths = [f"/g/{game['id']}/events/", f"/g/{game['id']}/table/events/"]
        streams = [EventStream(server.url + path, timeout=DEADLINE) for path in paths]
        shown = [stream.next() for stream in streams]
        before = shown[0]
        assert shown == [before, before]

        cluster.stop()
        for stream in streams:
            assert _until(stream, lambda kind, v: kind == "deaf")[-1] == ("deaf", before)
        cluster.start()

        for number in (2, 3):
            _post(
                f"{server.url}/api/games/{game['id']}/hands",
                {"number": number, **hand},
                game["edit_token"],
            )
            for stream in streams:
                said = _until(stream, lambda kind, v, was=before: kind == "board" and v != was)
                # Nothing but the boards' own version while it was away, and no word of
                # the database being away once it is back.
                assert {v for _, v in said[:-1]} <= {before}
            after = {stream.board for stream in streams}
            assert len({s for s in after if s}) == 2
            before = said[-1][1]
        assert '<span class="score" data-team="1">9</span>' in streams[0].board
    finally:
        for stream in streams:
            stream.close()
        server.stop()
    told = [
        line for line in (tmp_path / "app.log").read_text().splitlines() if "Live boards" in line
    ]
    assert len(told) == 2, told
    assert "the boards poll until the database answers again" in told[0]
    assert "the database answers again after" in told[1]
    assert "Traceback" not in (tmp_path / "app.log").read_text()
