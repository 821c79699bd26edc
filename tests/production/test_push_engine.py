"""The push engine (LIVE_ENGINE=nchan, deploy/nchan/): nginx with its nchan module holds
the phones' streams in front of two app processes, which hold none.

A hand recorded through either app process reaches a phone's stream held by the engine;
with the engine away a write still commits, the app says "no stream" (503, the board
polls, static/js/live.js ``fail``) and polling answers; a phone that reconnects is given
the latest version; nothing published to the engine carries a scoring secret; a phone
that follows a board marks it followed; and a hand costs the engine one request for its
version and one per board ever followed, drawn (counted at the app's publisher).

Needs Debian's nginx and libnginx-mod-nchan: `make push-engine` installs them."""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bench.data import filler_entry
from tests import app_env

ROOT = Path(__file__).resolve().parent.parent.parent
DEADLINE = 60  # seconds; only reached when something is broken
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
MODULE = Path("/usr/lib/nginx/modules/ngx_nchan_module.so")

# Its app processes run on SQLite files of their own: `make test` runs it once, with the
# browser tests on SQLite, whatever DATABASE_URL the other runs use.
pytestmark = pytest.mark.engine


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for_port(port: int, process: subprocess.Popen) -> None:
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        assert process.poll() is None, f"exited with {process.returncode}"
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)  # a server starting: nothing to wait on but its port
    raise AssertionError(f"nothing answers on port {port}")


class Shape:
    def __init__(self, tmp: Path, pages: bool = False, engine: dict | None = None):
        self.tmp = tmp
        # The engine's limits where a test sets its own (deploy/nchan/render.py: DEFAULTS).
        self.limits = engine or {}
        # Pages (not only the API and the streams) need the static files collected.
        self.pages = pages
        self.front, self.publisher = _free_port(), _free_port()
        self.apps = [_free_port(), _free_port()]
        self.env = app_env.served(
            tmp,
            WEB_CONCURRENCY="1",
            LIVE_ENGINE="nchan",
            LIVE_ENGINE_PUBLISH_URL=f"http://127.0.0.1:{self.publisher}/_live/pub/",
        )
        self.servers: list[subprocess.Popen] = []
        self.nginx: subprocess.Popen | None = None

    def start(self) -> Shape:
        python = Path(sys.executable)
        subprocess.run(
            [python, "manage.py", "migrate", "--noinput", "-v0"],
            cwd=ROOT,
            env=self.env,
            check=True,
        )
        if self.pages:
            subprocess.run(
                [python, "manage.py", "collectstatic", "--noinput", "-v0"],
                cwd=ROOT,
                env=self.env,
                check=True,
            )
        for port in self.apps:
            server = subprocess.Popen(
                [python.parent / "gunicorn", "--config", "gunicorn.conf.py"],
                cwd=ROOT,
                env={**self.env, "BIND": f"127.0.0.1:{port}"},
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
            self.servers.append(server)
        for port, server in zip(self.apps, self.servers, strict=True):
            _wait_for_port(port, server)
        sys.path.insert(0, str(ROOT / "deploy" / "nchan"))
        try:
            from render import render
        finally:
            sys.path.pop(0)
        prefix = self.tmp / "nginx"
        prefix.mkdir()
        (prefix / "nginx.conf").write_text(
            render(
                PREFIX=str(prefix),
                LISTEN=f"127.0.0.1:{self.front}",
                PUBLISH_LISTEN=f"127.0.0.1:{self.publisher}",
                APP_SERVERS=" ".join(f"server 127.0.0.1:{port};" for port in self.apps),
                NCHAN_MODULE=str(MODULE),
                **self.limits,
            )
        )
        self.engine_up()
        return self

    def engine_up(self) -> None:
        prefix = self.tmp / "nginx"
        self.nginx = subprocess.Popen(
            [NGINX, "-p", str(prefix), "-c", str(prefix / "nginx.conf"), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        _wait_for_port(self.front, self.nginx)
        _wait_for_port(self.publisher, self.nginx)

    def engine_down(self) -> None:
        assert self.nginx is not None
        self.nginx.send_signal(signal.SIGTERM)
        self.nginx.wait(DEADLINE)
        self.nginx.stderr.close()
        self.nginx = None

    def stop(self) -> None:
        if self.nginx is not None:
            self.engine_down()
        for server in self.servers:
            if server.poll() is None:
                os.killpg(server.pid, signal.SIGTERM)
        for server in self.servers:
            try:
                server.wait(DEADLINE)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)


def _started(tmp: Path, pages: bool = False, engine: dict | None = None):
    if not (os.access(NGINX, os.X_OK) and MODULE.exists()):
        pytest.fail(
            "The push engine's test needs nginx and its nchan module: run `make push-engine` "
            "(Debian's nginx-light and libnginx-mod-nchan)."
        )
    shape = Shape(tmp, pages, engine).start()
    yield shape
    shape.stop()


@pytest.fixture
def shape(tmp_path):
    yield from _started(tmp_path)


@pytest.fixture
def shape_with_pages(tmp_path):
    yield from _started(tmp_path, pages=True)


def _call(port: int, method: str, path: str, body=None, headers=None, source="127.0.0.1"):
    conn = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=DEADLINE, source_address=(source, 0)
    )
    conn.request(
        method,
        path,
        json.dumps(body) if body is not None else None,
        {"Content-Type": "application/json", **(headers or {})},
    )
    answer = conn.getresponse()
    data = answer.read()
    conn.close()
    return answer, data


def _game(port: int) -> dict:
    body = {"variant": "ne-wisconsin", "players": ["Ann", "Bo", "Cy", "Dee"]}
    answer, data = _call(port, "POST", "/api/games", body)
    assert answer.status == 201, data
    return json.loads(data)


def _hand(port: int, game: dict) -> None:
    answer, data = _call(
        port,
        "POST",
        f"/api/games/{game['id']}/hands",
        {"thrown_in": True},
        {"Authorization": f"Bearer {game['edit_token']}"},
    )
    assert answer.status == 201, data


class Stream:
    """A phone's EventSource, as far as the test reads it: whole events, in order."""

    def __init__(self, port: int, path: str, source: str = "127.0.0.1"):
        # ``source``: the phone's address (any of 127.0.0.0/8 reaches the engine).
        self.conn = http.client.HTTPConnection(
            "127.0.0.1", port, timeout=DEADLINE, source_address=(source, 0)
        )
        self.conn.request("GET", path, headers={"Accept": "text/event-stream"})
        self.sock = self.conn.sock
        self.answer = self.conn.getresponse()
        self.raw = b""

    def next(self) -> dict:
        """The next event other than the engine's sign of life."""
        while True:
            lines: list[bytes] = []
            while True:
                line = self.answer.fp.readline()
                assert line, "the stream ended"
                self.raw += line
                if line in (b"\n", b"\r\n"):
                    break
                lines.append(line.rstrip(b"\r\n"))
            event: dict = {"event": "message", "data": []}
            for line in lines:
                if line.startswith(b":"):
                    continue
                name, _, value = line.decode().partition(":")
                value = value.removeprefix(" ")
                if name == "data":
                    event["data"].append(value)
                elif name in ("event", "id"):
                    event[name] = value
            if event["data"] or event["event"] != "message":
                event["data"] = "\n".join(event["data"])
                if event["event"] != "ping":
                    return event

    def close(self) -> None:
        self.conn.close()


def _version(event: dict) -> str:
    if event["event"] == "board":
        return re.search(r'data-version="([^"]+)"', event["data"]).group(1)
    return event["data"]


def test_a_hand_recorded_through_either_app_reaches_the_phones_held_by_the_engine(shape):
    app_a, app_b = shape.apps
    game = _game(app_a)
    # Through the engine: nginx spreads the two phones over the two app processes, which
    # each hand its stream to the engine.
    phones = [Stream(shape.front, f"/g/{game['id']}/events/?v=") for _ in range(2)]
    table = Stream(shape.front, f"/g/{game['id']}/table/events/?v=")
    try:
        for stream in [*phones, table]:
            assert stream.answer.status == 200
            assert stream.answer.getheader("Content-Type").startswith("text/event-stream")
        first = {_version(stream.next()) for stream in [*phones, table]}
        assert len(first) == 1

        for app in (app_a, app_b):
            _hand(app, game)
            for stream in phones:
                event = stream.next()
                assert event["event"] == "board"
                assert 'id="game-board"' in event["data"]
                assert int(_version(event)) > int(min(first))
            event = table.next()
            assert event["event"] == "board"
            assert 'id="table-board"' in event["data"]
        everything = b"".join(stream.raw for stream in [*phones, table])
        assert game["edit_token"].encode() not in everything
        # A phone can neither name a channel nor publish: the subscriber location is
        # internal, and the publisher listens on the app machines' address only.
        assert _call(shape.front, "GET", "/_live/sub/game-1-board")[0].status == 404
        assert _call(shape.front, "POST", "/_live/pub/game-1", {"x": 1})[0].status != 201
    finally:
        for stream in [*phones, table]:
            stream.close()


def test_with_the_engine_away_a_hand_commits_and_the_board_polls(shape):
    app_a, _ = shape.apps
    game = _game(app_a)
    phone = Stream(shape.front, f"/g/{game['id']}/events/?v=")
    shown = _version(phone.next())
    phone.close()

    shape.engine_down()
    _hand(app_a, game)
    # The stream the board asks for is refused at once (EventSource error: live.js polls
    # and asks again later), and its poll answers the fresh board.
    answer, _ = _call(app_a, "GET", f"/g/{game['id']}/events/?v={shown}")
    assert answer.status == 503
    assert answer.getheader("Retry-After")
    answer, data = _call(
        app_a, "GET", f"/g/{game['id']}/live/", headers={"If-None-Match": f'"{shown}"'}
    )
    assert answer.status == 200
    assert b'id="game-board"' in data
    now = re.search(rb'data-version="([^"]+)"', data).group(1).decode()
    assert int(now) > int(shown)

    # The engine back (empty: a restarted engine keeps nothing), a board that reconnects
    # saying what it shows is given the version written while the engine was away.
    shape.engine_up()
    phone = Stream(shape.front, f"/g/{game['id']}/events/?v={shown}")
    try:
        assert _version(phone.next()) == now
    finally:
        phone.close()


def test_stale_stream_requests_make_the_app_publish_nothing_more_to_the_watchers(shape):
    # Any visitor may ask for a board's stream saying an old version. The channel holds
    # the current one already: a hundred such requests are given it by the engine, and
    # the watchers hear nothing of them (at most one repair per app process while the
    # engine's clock cannot tell the channel's message from the version's write).
    app_a, _ = shape.apps
    game = _game(app_a)
    watcher = Stream(shape.front, f"/g/{game['id']}/events/?v=")
    try:
        shown = _version(watcher.next())
        for _ in range(100):
            stale = Stream(shape.front, f"/g/{game['id']}/events/?v=1")
            assert stale.answer.status == 200
            assert _version(stale.next()) == shown  # the engine gives it the current one
            stale.close()

        _hand(app_a, game)

        heard = []
        while (event := watcher.next()) and _version(event) == shown:
            heard.append(event)
        assert int(_version(event)) > int(shown)  # the hand's version
        assert len(heard) <= len(shape.apps)
    finally:
        watcher.close()


def test_one_address_holds_its_share_of_the_engine_and_makes_games_at_its_pace(shape):
    # deploy/nchan/render.py's defaults: 60 streams an address, 20 new games at once and
    # then 10 a minute. Past them that address is refused; the rest of the site is not.
    app_a, _ = shape.apps
    game = _game(shape.front)
    events = f"/g/{game['id']}/events/?v="
    held = [Stream(shape.front, events, source="127.0.0.2") for _ in range(61)]
    try:
        assert [s.answer.status for s in held] == [200] * 60 + [503]
        # Another phone still streams; the full address still reads and writes.
        other = Stream(shape.front, events, source="127.0.0.3")
        held.append(other)
        assert other.answer.status == 200
        answer, _ = _call(shape.front, "GET", f"/api/games/{game['id']}", source="127.0.0.2")
        assert answer.status == 200
        _hand(shape.front, game)
        assert _version(other.next())  # the hand reached the other phone
    finally:
        for stream in held:
            stream.close()

    body = {"variant": "ne-wisconsin", "players": ["Ann", "Bo", "Cy", "Dee"]}
    made = [_call(shape.front, "POST", "/api/games", body, source="127.0.0.4") for _ in range(22)]
    assert [answer.status for answer, _ in made] == [201] * 21 + [429]
    answer, data = made[-1]
    assert answer.getheader("Retry-After") == "60"
    words = (
        "This address has made as many new games as it may for now: wait a minute and try "
        "again, or score the games already made."
    )
    assert json.loads(data) == {
        "message": words,
        "detail": [{"field": "", "message": words, "rule": ""}],
    }
    # The new-game form is counted with the API, and answered in words.
    answer, data = _call(shape.front, "POST", "/new/", source="127.0.0.4")
    assert (answer.status, data.decode()) == (429, words + "\n")
    # Another address makes its games; the full one still records hands.
    assert _call(shape.front, "POST", "/api/games", body, source="127.0.0.5")[0].status == 201
    _hand(shape.front, json.loads(made[0][1]))


@pytest.fixture
def small_engine(tmp_path):
    # The smallest shared memory nchan takes, filled by the test.
    yield from _started(tmp_path, engine={"MEMORY": "1M"})


def test_a_board_whose_engine_refuses_a_publish_polls(small_engine):
    shape = small_engine
    app_a, _ = shape.apps
    game = _game(app_a)
    watcher = Stream(shape.front, f"/g/{game['id']}/events/?v=")
    shown = _version(watcher.next())
    # The engine's memory filled by other channels until it refuses a message.
    publisher = http.client.HTTPConnection("127.0.0.1", shape.publisher, timeout=DEADLINE)
    for n in range(10_000):
        publisher.request("POST", f"/_live/pub/filler-{n}", "x" * 1000)
        answer = publisher.getresponse()
        answer.read()
        if answer.status >= 300:
            break
    else:
        raise AssertionError("the engine took every message")
    publisher.close()
    assert answer.status == 500

    _hand(app_a, game)

    # The watcher's stream ends (rather than go on with pings and no hand): its board
    # polls, and its poll answers the hand.
    def ends() -> str:
        try:
            while True:
                watcher.next()  # the engine's pings never come out of next()
        except (AssertionError, OSError, ValueError) as error:
            return str(error)

    reading = ThreadPoolExecutor(1)
    try:
        assert reading.submit(ends).result(DEADLINE).startswith("the stream ended")
    finally:
        watcher.sock.shutdown(socket.SHUT_RDWR)  # a read still waiting returns
        watcher.close()
        reading.shutdown()
    answer, data = _call(
        app_a, "GET", f"/g/{game['id']}/live/", headers={"If-None-Match": f'"{shown}"'}
    )
    assert answer.status == 200
    assert int(re.search(rb'data-version="([^"]+)"', data).group(1)) > int(shown)
    # While the engine's memory is full, a board asking for a stream again is refused one
    # (the app's 503 when its publish is refused, or the engine's own 403 when it cannot
    # hold one more stream): EventSource gives up on it, and the board polls on.
    answer, _ = _call(shape.front, "GET", f"/g/{game['id']}/events/?v={shown}")
    assert answer.status in (403, 503)


def test_one_publish_to_several_channels_leaves_its_message_on_each(shape):
    # The engine's publisher takes several channels in one request (deploy/nchan/).
    json_please = {"Accept": "text/json"}
    answer, data = _call(shape.publisher, "POST", "/_live/pub/pub-a,pub-b", "x", json_please)
    assert answer.status == 202, data  # published, and nobody follows either
    for channel in ("pub-a", "pub-b"):
        answer, data = _call(shape.publisher, "GET", f"/_live/pub/{channel}", None, json_please)
        assert answer.status == 200, f"no channel {channel}"
        assert json.loads(data)["messages"] == 1

    app_a, app_b = shape.apps
    game = _game(app_a)
    _hand(app_b, game)
    answer, data = _call(app_a, "GET", f"/g/{game['id']}/live/")
    now = re.search(rb'data-version="([^"]+)"', data).group(1).decode()
    # Phones that come later, showing the version already: the app sends nothing more
    # (nchan.subscribe), so what they are given is what the hand left on their channel.
    streams = [
        Stream(shape.front, f"/g/{game['id']}/events/?v={now}"),
        Stream(shape.front, f"/g/{game['id']}/table/events/?v={now}"),
    ]
    try:
        for stream in streams:
            event = stream.next()
            assert (event["event"], event["data"]) == ("message", now)
    finally:
        for stream in streams:
            stream.close()


def test_the_engine_lets_an_idle_app_connection_go_before_the_app_closes_it():
    # nginx keeps connections to the app open between requests (the upstream's keepalive).
    # One it keeps longer than the app does is closed by the app while nginx may be sending
    # on it: the app resets it and the phone's hand is answered 502 (seen at 8,000 tables
    # in `make bench`). nginx's idle time (keepalive_timeout; 60 s unless set) must be the
    # shorter.
    from gunicorn.config import Config

    config = Config()
    settings = {}
    exec(compile((ROOT / "gunicorn.conf.py").read_text(), "gunicorn.conf.py", "exec"), settings)
    for name, value in settings.items():
        if name in config.settings:
            config.set(name, value)
    template = (ROOT / "deploy" / "nchan" / "nginx.conf.template").read_text()
    template = template.replace("${APP_SERVERS}", "server 127.0.0.1:8000;")
    (upstream,) = re.findall(r"upstream smear_app \{(.*?)\}", template, re.S)
    assert re.search(r"^\s*keepalive \d+;", upstream, re.M), "the upstream keeps no connection"
    idle = re.search(r"^\s*keepalive_timeout (\d+)s;", upstream, re.M)
    nginx_idle = int(idle.group(1)) if idle else 60
    assert nginx_idle < config.keepalive, (
        f"nginx keeps an idle connection to the app {nginx_idle} s, the app only "
        f"{config.keepalive} s"
    )


@pytest.fixture
def published(settings, monkeypatch) -> list[tuple[str, str, bytes]]:
    """Everything the app hands the engine, in this process: (method, channel, body)."""
    from smear_scores.live import nchan

    settings.LIVE_ENGINE = "nchan"
    sent: list[tuple[str, str, bytes]] = []

    def call(method, channel, body=b"", headers=None):
        sent.append((method, channel, body))
        return 200, b'{"subscribers": 1, "messages": 1}'

    monkeypatch.setattr(nchan, "_call", call)
    return sent


@pytest.mark.django_db(transaction=True)
def test_no_scoring_secret_crosses_the_engine(client, make_game, published):
    from django.db import connections
    from django.test import Client
    from django.urls import reverse

    from smear_scores.services.handover import game_scoring_rotate
    from smear_scores.services.recording import hand_record
    from tests.web.conftest import grant

    game = make_game("schmier", hands=2)
    grant(client, game)
    watcher = Client()
    watcher.get(reverse("game", args=[game.public_id]))
    # A scorer's stream follows versions only; a watcher's the watchers' board. (Asked on
    # a thread of its own: the stream is an async view, and the browser tests of this
    # session may hold an event loop on this one.)
    events = reverse("game_events", args=[game.public_id])
    table_events = reverse("game_table_events", args=[game.public_id])

    def get(phone, address=events):
        try:
            return phone.get(address)
        finally:
            connections.close_all()

    with ThreadPoolExecutor(1) as thread:
        scorer_stream = thread.submit(get, client).result()
        watcher_stream = thread.submit(get, watcher).result()
        # Followed, the table view is drawn and sent too.
        thread.submit(get, watcher, table_events).result()
    assert scorer_stream["X-Accel-Redirect"] == f"/_live/sub/game-{game.pk}"
    assert watcher_stream["X-Accel-Redirect"] == f"/_live/sub/game-{game.pk}-board"

    old_secret = game.scoring_secret
    published.clear()
    game = game_scoring_rotate(game=game)
    game, _ = hand_record(game=game, entry=filler_entry(game.state()))
    posted = [(channel, body) for method, channel, body in published if method == "POST"]
    assert {one for channel, _ in posted for one in channel.split(",")} == {
        f"game-{game.pk}",
        f"game-{game.pk}-board",
        f"game-{game.pk}-table",
    }
    assert any(b'id="game-board"' in body for _, body in posted)
    assert any(b'id="table-board"' in body for _, body in posted)
    secrets = [old_secret, game.scoring_secret, game.edit_token]
    # The scorer's session (its scoring grant) and CSRF cookies.
    cookies = [morsel.value for morsel in client.cookies.values() if morsel.value]
    assert cookies
    secrets += cookies
    for _, body in posted:
        for secret in secrets:
            assert secret.encode() not in body


class Engine:
    """The engine as the app's publisher sees it, in this process: every request the app
    makes, as (method, the channels it names, its body, its event). Every channel has a
    follower and a message, whatever the app was told: the app must not ask."""

    def __init__(self) -> None:
        self.requests: list[tuple[str, frozenset[str], bytes, str | None]] = []

    def call(self, method, channel, body=b"", headers=None):
        event = (headers or {}).get("X-EventSource-Event")
        self.requests.append((method, frozenset(channel.split(",")), body, event))
        return (200 if method == "GET" else 201), b'{"subscribers": 1, "messages": 1}'


@pytest.fixture
def engine_requests(settings, monkeypatch) -> Engine:
    from smear_scores.live import nchan

    settings.LIVE_ENGINE = "nchan"
    fake = Engine()
    monkeypatch.setattr(nchan, "_call", fake.call)
    return fake


def _requests_of_a_hand(fake: Engine, game, room: str = "") -> tuple[list, int]:
    """The engine's requests that recording one hand of ``game`` makes, each as (method,
    channels, what it carries: "" for a question, "version" for the game's version,
    "room version" for ``room``'s, or "board"); and how many times the app asked the
    database which night the game is played at."""
    from smear_scores.live import nchan
    from smear_scores.selectors.games import version_of
    from smear_scores.selectors.night_stamps import night_version
    from smear_scores.services.recording import hand_record

    asked = []
    nights_of = nchan.game_nights

    def counted(game_id):
        asked.append(game_id)
        return nights_of(game_id)

    fake.requests.clear()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(nchan, "game_nights", counted)
        game, _ = hand_record(game=game, entry=filler_entry(game.state()))
    said = {version_of(game).encode(): "version"}
    if room:
        said[night_version(int(room.split("-")[1])).encode()] = "room version"
    requests = []
    for method, channels, body, event in fake.requests:
        what = "board" if event == "board" else said.get(body, body.decode()[:40])
        requests.append((method, channels, what if method == "POST" else ""))
    return requests, len(asked)


def _one(method, *channels, what=""):
    return (method, frozenset(channels), what)


@pytest.mark.parametrize(
    ("followed", "count"),
    [((), 1), (("board",), 2), (("table",), 2), (("board", "table"), 3)],
)
@pytest.mark.django_db(transaction=True)
def test_a_hand_gives_its_version_to_every_channel_nobody_watches_in_one_request(
    make_game, engine_requests, followed, count
):
    from smear_scores.models import Game

    game = make_game("schmier", hands=1)
    g = f"game-{game.pk}"
    Game.objects.filter(pk=game.pk).update(**{f"{kind}_followed": True for kind in followed})
    requests, nights_asked = _requests_of_a_hand(engine_requests, game)

    # The engine is asked nothing: the version in one request to the game's channel and
    # every board never followed; then each board once followed, drawn once.
    bare = [g, *(f"{g}-{kind}" for kind in ("board", "table") if kind not in followed)]
    assert requests == [
        _one("POST", *bare, what="version"),
        *(_one("POST", f"{g}-{kind}", what="board") for kind in followed),
    ]
    assert len(requests) == count
    # A game that is no table of a night: nobody asks the database for its night.
    assert nights_asked == 0


@pytest.mark.django_db(transaction=True)
def test_an_engine_that_takes_one_channel_a_request_is_sent_each_alone(
    make_game, engine_requests, monkeypatch, caplog
):
    from smear_scores.live import nchan
    from smear_scores.models import Game

    game = make_game("schmier", hands=1)
    g = f"game-{game.pk}"

    def one_channel_only(method, channel, body=b"", headers=None):
        status, data = engine_requests.call(method, channel, body, headers)
        # nginx answers 404 where no location takes the address (a configuration of
        # before, whose publisher takes no comma).
        return (404, b"") if "," in channel else (status, data)

    monkeypatch.setattr(nchan, "_call", one_channel_only)
    # What this process learns of the engine, learnt afresh here.
    monkeypatch.setattr(nchan, "_one_channel_a_request", threading.Event())
    requests, _ = _requests_of_a_hand(engine_requests, game)

    assert requests == [
        _one("POST", g, f"{g}-board", f"{g}-table", what="version"),
        _one("POST", g, what="version"),
        _one("POST", f"{g}-board", what="version"),
        _one("POST", f"{g}-table", what="version"),
    ]
    assert caplog.text.count("render its configuration again") == 1

    # The next hand does not ask for what the engine refused, nor warn again.
    requests, _ = _requests_of_a_hand(engine_requests, Game.objects.get(pk=game.pk))
    assert requests == [
        _one("POST", g, what="version"),
        _one("POST", f"{g}-board", what="version"),
        _one("POST", f"{g}-table", what="version"),
    ]
    assert caplog.text.count("render its configuration again") == 1


@pytest.mark.parametrize("room_followed", [False, True])
@pytest.mark.django_db(transaction=True)
def test_a_hand_at_a_table_of_a_night_also_tells_its_room(engine_requests, room_followed):
    from datetime import date

    from smear_scores.models import Club, Player
    from smear_scores.services import night_phones, nights

    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    night = nights.night_open(
        club=club, name="Tuesday", day=date(2026, 11, 29), variant="schmier", rounds=2
    )
    for name in ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]:
        night_phones.night_check_in(night=night, player=Player.objects.create(club=club, name=name))
    (table,) = nights.round_draw(night=night, seed=1).tables.select_related("game")
    g, room = f"game-{table.game.pk}", f"night-{night.pk}-room"
    night.room_followed = room_followed
    night.save(update_fields=["room_followed"])
    requests, nights_asked = _requests_of_a_hand(engine_requests, table.game, room)

    assert requests == [
        _one("POST", g, f"{g}-board", f"{g}-table", what="version"),
        _one("POST", room, what="board" if room_followed else "room version"),
    ]
    assert nights_asked == 1


@pytest.mark.django_db(transaction=True)
def test_a_phone_that_follows_a_board_marks_it_for_every_hand_after(
    client, make_game, engine_requests
):
    from django.db import connections
    from django.test import Client
    from django.urls import reverse

    from smear_scores.models import Game
    from tests.web.conftest import grant

    game = make_game("schmier", hands=1)
    g = f"game-{game.pk}"
    grant(client, game)

    def follow(phone, name):
        # On a thread of its own: the stream is an async view (as above).
        def get():
            try:
                return phone.get(reverse(name, args=[game.public_id]))
            finally:
                connections.close_all()

        with ThreadPoolExecutor(1) as thread:
            return thread.submit(get).result()

    # The scorer's own stream follows versions only: no board of the game is marked.
    assert follow(client, "game_events")["X-Accel-Redirect"] == f"/_live/sub/{g}"
    game.refresh_from_db()
    assert (game.board_followed, game.table_followed) == (False, False)
    requests, _ = _requests_of_a_hand(engine_requests, game)
    assert requests == [_one("POST", g, f"{g}-board", f"{g}-table", what="version")]

    # A watcher's phone follows the watchers' board: every hand after draws it for them,
    # whichever app process records it, without asking the engine.
    assert follow(Client(), "game_events")["X-Accel-Redirect"] == f"/_live/sub/{g}-board"
    assert follow(Client(), "game_events").status_code == 200  # marked once is enough
    game = Game.objects.get(pk=game.pk)
    assert (game.board_followed, game.table_followed) == (True, False)
    requests, _ = _requests_of_a_hand(engine_requests, game)
    assert requests == [
        _one("POST", g, f"{g}-table", what="version"),
        _one("POST", f"{g}-board", what="board"),
    ]


@pytest.mark.django_db(transaction=True)
def test_a_hands_boards_are_drawn_from_the_game_its_write_left_without_reading_it_again(
    make_game, engine_requests, monkeypatch
):
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from smear_scores.boards import table_board, watcher_board
    from smear_scores.live import nchan
    from smear_scores.models import Game
    from smear_scores.selectors.games import version_of
    from smear_scores.services.recording import hand_record

    game = make_game("schmier", hands=1)
    Game.objects.filter(pk=game.pk).update(board_followed=True, table_followed=True)
    game = Game.objects.get(pk=game.pk)
    published = nchan.publish
    reads: list[list[str]] = []

    def counted(*args, **kwargs):
        with CaptureQueriesContext(connection) as queries:
            published(*args, **kwargs)
        reads.append([q["sql"] for q in queries.captured_queries])

    monkeypatch.setattr(nchan, "publish", counted)
    engine_requests.requests.clear()
    game, _ = hand_record(game=game, entry=filler_entry(game.state()))

    # The publish reads the game's last hands (for each board) and not the game itself.
    [queries] = reads
    assert queries
    assert not any('"smear_scores_game"."public_id" =' in sql for sql in queries), queries
    boards = {
        next(iter(channels)).rsplit("-", 1)[1]: body.decode()
        for _, channels, body, event in engine_requests.requests
        if event == "board"
    }
    # What they show is the board of the hand just recorded, as a phone reading it anew
    # is shown it.
    cache.clear()
    assert boards == {
        "board": watcher_board(game.public_id),
        "table": table_board(game.public_id),
    }
    assert f'data-version="{version_of(game)}"' in boards["board"]


@pytest.mark.django_db(transaction=True)
def test_a_game_written_twice_in_one_transaction_publishes_each_version_with_the_last_board(
    make_game, engine_requests
):
    from django.db import transaction

    from smear_scores.models import Game
    from smear_scores.selectors.games import version_of
    from smear_scores.services.recording import hand_record

    game = make_game("schmier", hands=1)
    Game.objects.filter(pk=game.pk).update(board_followed=True)
    game = Game.objects.get(pk=game.pk)
    engine_requests.requests.clear()
    with transaction.atomic():
        game, _ = hand_record(game=game, entry=filler_entry(game.state()))
        first = version_of(game)
        game, _ = hand_record(game=game, entry=filler_entry(game.state()))
    last = version_of(game)
    assert first != last
    said = [body.decode() for _, _, body, event in engine_requests.requests if event is None]
    boards = [body.decode() for _, _, body, event in engine_requests.requests if event]
    # Both versions are said, in order; each board drawn shows the game as committed, never
    # the first write's standings under the second write's version (or the reverse).
    assert said == [first, last]
    assert len(boards) == 2
    for board in boards:
        assert f'data-version="{last}"' in board
        assert "Hand 4 ·" in board


def _in_a_browser(drive) -> None:
    """``drive(browser)`` with Chromium, on a thread of its own: the browser tests of this
    session may hold Playwright's own loop on this one."""
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if not os.path.exists(chromium):
        pytest.fail(f"No Chromium at {chromium}: `make chromium` installs Debian's.")
    failed: list[BaseException] = []

    def run() -> None:
        from playwright.sync_api import sync_playwright

        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=chromium, args=["--no-sandbox", "--disable-gpu"], headless=True
                )
                try:
                    drive(browser)
                finally:
                    browser.close()
        except BaseException as error:  # handed to the test's thread
            failed.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]


@pytest.mark.browser
def test_a_phone_follows_through_the_engine_and_polls_without_it(shape_with_pages):
    from playwright.sync_api import expect

    shape = shape_with_pages
    app_a, app_b = shape.apps
    game = _game(app_a)

    def drive(chromium) -> None:
        phone = chromium.new_page()
        phone.goto(f"http://127.0.0.1:{shape.front}/g/{game['id']}/")
        body = phone.locator("body")
        expect(body).to_have_attribute("data-live-mode", "stream")
        _hand(app_b, game)
        # The board came in the engine's stream: no poll was needed.
        expect(phone.locator("#game-board .deal")).to_contain_text("Hand 2")
        expect(body).to_have_attribute("data-live-mode", "stream")

        # The engine away: a phone on an app process is refused a stream and polls.
        shape.engine_down()
        direct = chromium.new_page()
        direct.goto(f"http://127.0.0.1:{app_a}/g/{game['id']}/")
        expect(direct.locator("body")).to_have_attribute("data-live-mode", "poll")
        _hand(app_b, game)
        expect(direct.locator("#game-board .deal")).to_contain_text("Hand 3")
        expect(direct.locator("body")).to_have_attribute("data-live-mode", "poll")

    _in_a_browser(drive)
