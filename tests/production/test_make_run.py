"""`make run` serves the table as production does: DEBUG off, gunicorn, static files from
WhiteNoise, this machine's own addresses as hosts and nothing else, SQLite by default.

The test runs `make table`, which is `make run` without its install step (the virtualenv
is the one running the tests), in a fresh environment with its files in a temporary
folder."""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from smear_scores import lan
from tests import app_env

ROOT = Path(__file__).resolve().parents[2]
VENV = Path(sys.executable).parent.parent
DEADLINE = 90  # seconds; only reached when something is broken


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(port: int, path: str, host: str) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=DEADLINE)
    connection.request("GET", path, headers={"Host": host})
    answer = connection.getresponse()
    answer.body = answer.read().decode("utf-8", "replace")
    connection.close()
    return answer


@pytest.fixture(scope="module")
def table_server(tmp_path_factory):
    """`make table` on a free port, started once for the module (its migrate and
    collectstatic took a minute each time on a busy machine): yields (port, what it
    printed before serving, its folder). The tests read what it printed and ask it
    things; the one that records a game leaves nothing the other reads."""
    tmp_path = tmp_path_factory.mktemp("table")
    port = _free_port()
    env = {
        **app_env.machine(),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "STATIC_ROOT": str(tmp_path / "static"),
    }
    process = subprocess.Popen(
        [
            "make",
            "--no-print-directory",
            "table",
            f"VENV={VENV}",
            "HOST=0.0.0.0",
            f"PORT={port}",
            "WORKERS=2",
            f"SECRET_KEY_FILE={tmp_path / 'var' / 'secret_key'}",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    printed = []
    try:
        # gunicorn says "Listening at" once the socket is bound; requests wait for a worker.
        for line in process.stdout:
            printed.append(line)
            if "Listening at:" in line:
                break
        else:
            pytest.fail("make table stopped before serving:\n" + "".join(printed))
        yield port, "".join(printed), tmp_path
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=DEADLINE)
        process.stdout.close()


def test_make_run_serves_the_table_with_debug_off_from_gunicorn(table_server):
    port, printed, tmp_path = table_server
    address = lan.table_address("0.0.0.0")
    assert address != "127.0.0.1", "this machine needs a network address for this test"
    lines = printed.splitlines()
    # It says what it does, then the address a phone opens and its QR code.
    assert (
        lines[0]
        == f"Making a secret key, kept in {tmp_path / 'var' / 'secret_key'} for the next runs"
    )
    assert (
        lines[1]
        == "Preparing the database (migrate) and the static files (collected when they changed)..."
    )
    assert (
        lines[2] == f"Phones on the same Wi-Fi: open http://{address}:{port}/ (or scan this code)"
    )
    assert "Serving with DEBUG off (2 gunicorn workers). Ctrl-C stops it." in lines
    assert any("Booting worker" in line or "Listening at" in line for line in lines)
    # The key stays with this machine's user only, for the next runs.
    key = tmp_path / "var" / "secret_key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert len(key.read_text().strip()) >= 50

    # A phone on the Wi-Fi opens the machine's address: the home page, from SQLite.
    home = _get(port, "/", f"{address}:{port}")
    assert home.status == 200
    assert (tmp_path / "db.sqlite3").exists()
    # Static files are collected with hashed names and served by WhiteNoise for ever.
    css = re.search(r'href="(/static/css/app\.[0-9a-f]{12}\.css)"', home.body)
    assert css, "the stylesheet is not the collected, hashed one"
    style = _get(port, css.group(1), f"{address}:{port}")
    assert (style.status, style.getheader("Cache-Control")) == (
        200,
        "max-age=315360000, public, immutable",
    )
    # DEBUG is off: an error is a plain page, never Django's technical one.
    missing = _get(port, "/no/such/page/", f"{address}:{port}")
    assert missing.status == 404
    assert "DEBUG = True" not in missing.body and "URLconf" not in missing.body
    # Only this machine's own names: another host is refused.
    assert _get(port, "/", "table.example.org").status == 400
    assert _get(port, "/", f"localhost:{port}").status == 200


def test_make_run_pushes_live_boards(table_server):
    """`make run` serves ASGI: a board's stream says its game's version at once, then the
    board itself when a hand is recorded on another phone."""
    import json

    port, _, _ = table_server
    host = f"localhost:{port}"
    api = http.client.HTTPConnection("127.0.0.1", port, timeout=DEADLINE)
    body = {"variant": "ne-wisconsin", "players": ["Ann", "Bo", "Cy", "Dee"], "first_dealer": 0}
    api.request(
        "POST", "/api/games", json.dumps(body), {"Host": host, "Content-Type": "application/json"}
    )
    game = json.loads(api.getresponse().read())
    stream = http.client.HTTPConnection("127.0.0.1", port, timeout=DEADLINE)
    stream.request("GET", f"/g/{game['id']}/events/", headers={"Host": host})
    events = stream.getresponse()
    assert (events.status, events.getheader("Content-Type")) == (200, "text/event-stream")
    assert events.readline() == b"retry: 3000\n"
    assert events.readline().startswith(b"data: ")

    hand = {"number": 1, "bidder": 1, "bid": 2, "points": [1, 3]}
    api.request(
        "POST",
        f"/api/games/{game['id']}/hands",
        json.dumps(hand),
        {
            "Host": host,
            "Content-Type": "application/json",
            "Authorization": f"Bearer {game['edit_token']}",
        },
    )
    assert api.getresponse().status == 201
    assert events.readline() == b"\n"
    lines = [events.readline()]
    while lines[-1] != b"\n":
        lines.append(events.readline())
    assert lines[0] == b"event: board\n"
    assert b'<span class="score" data-team="1">3</span>' in b"".join(lines)
    stream.close()
    api.close()


def test_make_dev_is_the_development_server_with_debug_on():
    # What `make dev` would run (make -n prints the commands and runs none of them).
    planned = subprocess.run(
        ["make", "-n", "--no-print-directory", "dev", f"VENV={VENV}", "PORT=8123"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    assert planned[-3:] == [
        f"{VENV}/bin/python manage.py migrate --noinput",
        f"{VENV}/bin/python manage.py table_address --host 0.0.0.0 --port 8123",
        f"{VENV}/bin/python manage.py runserver 0.0.0.0:8123",
    ]
    assert not any("DEBUG=false" in line for line in planned)
