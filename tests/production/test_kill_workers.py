"""Hands acknowledged are hands stored, whatever happens to the app processes: writers
record hands while app workers are killed outright (kill -9, no chance to tidy up), each
writer sending a hand again under the same Idempotency-Key until it is acknowledged. On a
PostgreSQL cluster of the test's own, under gunicorn as `make serve` runs it."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from tests import app_env
from tests.asgi_server import ROOT, free_port
from tests.production.private_postgres import Cluster

DEADLINE = 60  # seconds; only reached when something is broken
WRITERS = 4
HANDS = 12
KILLS = 3


def _workers(master: int) -> list[int]:
    found = subprocess.run(
        ["ps", "-o", "pid=", "--ppid", str(master)], capture_output=True, text=True
    ).stdout.split()
    return [int(pid) for pid in found]


def _send(port: int, method: str, path: str, body: dict, headers: dict) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request(
            method, path, json.dumps(body), {"Content-Type": "application/json", **headers}
        )
        answer = conn.getresponse()
        return answer.status, json.loads(answer.read() or b"{}")
    finally:
        conn.close()


def test_every_hand_acknowledged_through_kill_9_of_app_workers_is_stored(tmp_path):
    cluster = Cluster()
    port = free_port()
    env = app_env.served(
        tmp_path,
        DATABASE_URL=cluster.url,
        WEB_CONCURRENCY="2",
        BIND=f"127.0.0.1:{port}",
        PYTHONPATH=str(ROOT),
    )
    python = Path(sys.executable)
    server = None
    try:
        subprocess.run(
            [python, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
        )
        server = subprocess.Popen(
            [python.parent / "gunicorn", "--config", "gunicorn.conf.py"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.monotonic() + DEADLINE
        while True:
            try:
                body = {"variant": "ne-wisconsin", "players": ["Ann", "Bo", "Cy", "Dee"]}
                status, _ = _send(port, "POST", "/api/games", body, {})
                if status == 201:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, "gunicorn did not answer"
            time.sleep(0.2)
        games = [
            _send(port, "POST", "/api/games", body, {"Idempotency-Key": f"a-new-game-key-{n:04d}"})[
                1
            ]
            for n in range(WRITERS)
        ]
        assert all("id" in g for g in games), games
        acknowledged: dict[str, list[int]] = {g["id"]: [] for g in games}
        halfway = threading.Barrier(WRITERS + 1)

        def writer(game: dict) -> None:
            auth = {"Authorization": f"Bearer {game['edit_token']}"}
            for number in range(1, HANDS + 1):
                if number == HANDS // 2:
                    halfway.wait(DEADLINE)
                # Set hands, turn about: the scores go back and forth, the game never ends.
                points = [4, 0] if number % 2 else [0, 4]
                hand = {"number": number, "bidder": number % 2, "bid": 4, "points": points}
                key = {"Idempotency-Key": f"{game['id']}-{number}"}
                until = time.monotonic() + DEADLINE
                while time.monotonic() < until:
                    try:
                        status, _ = _send(
                            port, "POST", f"/api/games/{game['id']}/hands", hand, auth | key
                        )
                    # The worker answering was killed: before the answer (a refused or reset
                    # connection) or while it was being read (IncompleteRead, an
                    # HTTPException). Send it again under the same key.
                    except (OSError, http.client.HTTPException):
                        continue
                    if status == 201:
                        acknowledged[game["id"]].append(number)
                    if status < 500:
                        break

        threads = [threading.Thread(target=writer, args=(g,)) for g in games]
        for t in threads:
            t.start()
        halfway.wait(DEADLINE)
        killed = 0
        while killed < KILLS:
            workers = _workers(server.pid)
            if workers:
                os.kill(workers[0], signal.SIGKILL)
                killed += 1
                # The master notices and starts another: wait for it before the next kill.
                until = time.monotonic() + DEADLINE
                while workers[0] in _workers(server.pid) and time.monotonic() < until:
                    time.sleep(0.05)
        for t in threads:
            t.join(DEADLINE)

        stored = {
            g["id"]: [
                h["number"] for h in _send(port, "GET", f"/api/games/{g['id']}", {}, {})[1]["hands"]
            ]
            for g in games
        }
        assert acknowledged == {g["id"]: list(range(1, HANDS + 1)) for g in games}
        assert stored == acknowledged
    finally:
        if server is not None:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(DEADLINE)
        cluster.remove()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # Reparented and exited, but not yet reaped: a zombie holds no socket.
    state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    return state != "Z"


def _gunicorn(env: dict) -> subprocess.Popen:
    return subprocess.Popen(
        [Path(sys.executable).parent / "gunicorn", "--config", "gunicorn.conf.py"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def _answers(port: int, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + DEADLINE
    while True:
        assert server.poll() is None, f"gunicorn exited with {server.returncode}"
        try:
            status, _ = _send(port, "GET", "/api/variants", {}, {})
            if status == 200:
                return
        except OSError:
            pass
        assert time.monotonic() < deadline, "gunicorn did not answer"
        time.sleep(0.1)  # a server starting: nothing to wait on but its port


def test_workers_end_with_their_master_and_a_restart_binds_its_port(tmp_path):
    # kill -9 of gunicorn's master (an out-of-memory kill, a crash): its workers, with a
    # board's stream open, end with it rather than serve the old code with nobody to
    # replace them, and the server started again binds the same port and answers.
    port = free_port()
    env = app_env.served(tmp_path, WEB_CONCURRENCY="2", BIND=f"127.0.0.1:{port}")
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    first = _gunicorn(env)
    second = None
    stream = None
    workers: list[int] = []
    try:
        _answers(port, first)
        body = {"variant": "ne-wisconsin", "players": ["Ann", "Bo", "Cy", "Dee"]}
        game = _send(port, "POST", "/api/games", body, {})[1]
        stream = http.client.HTTPConnection("127.0.0.1", port, timeout=DEADLINE)
        stream.request(
            "GET", f"/g/{game['id']}/events/?v=", headers={"Accept": "text/event-stream"}
        )
        assert stream.getresponse().status == 200
        workers = _workers(first.pid)
        assert len(workers) == 2

        os.kill(first.pid, signal.SIGKILL)
        first.wait(DEADLINE)
        deadline = time.monotonic() + DEADLINE
        while any(_alive(pid) for pid in workers):
            assert time.monotonic() < deadline, "the workers outlived their master"
            time.sleep(0.05)  # nothing to wait on but the processes' end

        second = _gunicorn(env)
        _answers(port, second)
    finally:
        if stream is not None:
            stream.close()
        for server in (first, second):
            if server is not None and server.poll() is None:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait(DEADLINE)
        for pid in workers:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
