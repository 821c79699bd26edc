"""A server asked to stop ends its live boards' streams as a finished answer (the boards
then reconnect elsewhere or poll), instead of holding them until gunicorn kills it."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests import app_env

ROOT = Path(__file__).resolve().parent.parent.parent
DEADLINE = 90  # seconds; only reached when something is broken


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("how", ["SIGTERM", "Ctrl-C"])
def test_live_streams_end_cleanly_when_the_server_stops(tmp_path, how):
    port = _free_port()
    env = app_env.served(tmp_path, WEB_CONCURRENCY="1", BIND=f"127.0.0.1:{port}")
    python = Path(sys.executable)
    subprocess.run(
        [python, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    server = subprocess.Popen(
        [python.parent / "gunicorn", "--config", "gunicorn.conf.py"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        for line in server.stdout:
            if "Application startup complete" in line:
                break
        api = http.client.HTTPConnection("127.0.0.1", port, timeout=DEADLINE)
        body = {"variant": "ne-wisconsin", "players": ["Ann", "Bo", "Cy", "Dee"]}
        api.request("POST", "/api/games", json.dumps(body), {"Content-Type": "application/json"})
        game = json.loads(api.getresponse().read())
        api.close()
        stream = http.client.HTTPConnection("127.0.0.1", port, timeout=DEADLINE)
        stream.request("GET", f"/g/{game['id']}/events/")
        events = stream.getresponse()
        assert events.readline() == b"retry: 3000\n"

        if how == "SIGTERM":
            server.send_signal(signal.SIGTERM)
        else:
            # A terminal's Ctrl-C reaches gunicorn and its workers alike.
            os.killpg(server.pid, signal.SIGINT)
        # The rest of the stream, to its end: a finished answer (the last, empty chunk),
        # never a connection cut off by a killed worker (http.client.IncompleteRead).
        assert events.read().startswith(b"data: ")
        stream.close()
        server.wait(DEADLINE)
        assert "was sent SIGKILL" not in server.stdout.read()
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
        server.stdout.close()
