"""`make bench`: measure, then print one table (docs/benchmarks.md quotes the latest figures).

1. Server time per request (a WSGI call in this process), median and p99, each as a
   ratio to a minimal Django view measured in the same run.
2. Throughput: gunicorn with 4 workers on 127.0.0.1, driven by locust.
3. How cost grows with the data, with the queries each request makes.
4. Live boards pushed: how many tables of six one server keeps live (bench/live.py).
5. NOTIFY in a hand's commit against the same commits without it (bench/notify.py).
6. Live boards through the push engine, nginx + nchan (bench/engine.py; `make push-engine`).
9. A season page of 40 nights × 60 players beside the one-query view (bench/seasons.py).

Everything runs on a bench database created on the local PostgreSQL and dropped at the
end (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/smear_bench).
BENCH_SECTIONS (default "1,2,3,4,5,6,9") runs some of them only: 1 and 3 run together."""

from __future__ import annotations

import argparse
import csv
import json
import os
import platform
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/smear_bench"


@dataclass
class Row:
    section: str
    name: str
    values: dict = field(default_factory=dict)


# -- the bench database ------------------------------------------------------------------------
def _server_dsn(url: str) -> tuple[str, str]:
    parts = urlsplit(url)
    if parts.scheme not in ("postgres", "postgresql"):
        sys.exit(f"BENCH_DATABASE_URL={url!r}: the benchmarks run on PostgreSQL (postgres://...).")
    name = parts.path.lstrip("/")
    if not name:
        sys.exit(f"BENCH_DATABASE_URL={url!r} names no database: add one, e.g. /smear_bench.")
    return parts._replace(path="/postgres").geturl(), name


def _admin(url: str, *statements: str) -> None:
    import psycopg

    server, _ = _server_dsn(url)
    try:
        with psycopg.connect(server, autocommit=True, connect_timeout=5) as conn:
            for statement in statements:
                conn.execute(statement)
    except psycopg.OperationalError as exc:
        sys.exit(
            f"Cannot reach PostgreSQL for the benchmarks ({exc}). Start it (on Debian: "
            "pg_ctlcluster <version> main start) or set BENCH_DATABASE_URL."
        )


def create_database(url: str) -> None:
    _, name = _server_dsn(url)
    _admin(url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)', f'CREATE DATABASE "{name}"')


def drop_database(url: str) -> None:
    _, name = _server_dsn(url)
    _admin(url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


# -- 1 and 3: in process -----------------------------------------------------------------------
def measure(call, samples: int, warmup: int) -> tuple:
    from bench.wsgi import timing

    for _ in range(warmup):
        call()
    spent = [call() for _ in range(samples)]
    return timing(spent)


def queries_of(call) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        call()
    return len(captured.captured_queries)


def get_ok(browser, path: str, **headers):
    def call() -> float:
        status, body, spent = browser.call("GET", path, **headers)
        if status != 200:
            raise SystemExit(f"GET {path} answered {status}: {body[:300]!r}")
        return spent

    return call


def live_check(browser, game):
    """What an open board asks every 2 s when nothing changed: If-None-Match with the
    version it shows; the answer is an empty 304."""
    from smear_scores.selectors.games import game_version

    etag = f'"{game_version(public_id=game.public_id)}"'
    path = f"/g/{game.public_id}/live/"

    def call() -> float:
        status, body, spent = browser.call("GET", path, If_None_Match=etag)
        if status != 304 or body:
            raise SystemExit(f"GET {path} with nothing new answered {status}: {body[:300]!r}")
        return spent

    return call


def scorer(app, game):
    """A phone that may score ``game`` (it followed the hand-over link)."""
    from bench.wsgi import Browser

    browser = Browser(app)
    link = f"/g/{game.public_id}/score/"
    browser.call("GET", link)
    status, body, _ = browser.call("POST", link, {"code": game.scoring_secret}, HX_Request="true")
    if status != 200:
        raise SystemExit(f"The hand-over link answered {status}: {body[:300]!r}")
    return browser


def board_viewer(app, game, *, cold: bool, phones: int = 5):
    """Phones that watch ``game`` (each opened its board before, so it has its cookies)
    opening its scoreboard, in turn. Cold: the first phone to look after a hand was
    recorded (on another phone, before the clock starts), which draws the board; warm:
    another phone at a version a phone has already seen, which gets the board drawn for
    it. ``call.queries()`` counts one view's queries (not the hand's); ``call.view`` is the
    view alone, ``call.before`` what comes before it (the hand, when cold)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from bench.data import filler
    from bench.wsgi import Browser
    from smear_scores.services.recording import hand_record

    path = f"/g/{game.public_id}/"
    current = [game]
    watchers = [Browser(app) for _ in range(phones)]
    for phone in watchers:
        phone.call("GET", path)
    turn = [0]

    def next_hand() -> None:
        state = current[0].state()
        current[0], _ = hand_record(game=current[0], entry=filler(state), number=None)

    def view() -> float:
        phone = watchers[turn[0] % len(watchers)]
        turn[0] += 1
        status, body, spent = phone.call("GET", path)
        if status != 200:
            raise SystemExit(f"GET {path} answered {status}: {body[:300]!r}")
        return spent

    def call() -> float:
        if cold:
            next_hand()
        return view()

    def queries() -> int:
        """One more view, its queries counted (not the hand's before it)."""
        if cold:
            next_hand()
        with CaptureQueriesContext(connection) as captured:
            view()
        return len(captured.captured_queries)

    call()
    # The view alone, and what comes before it (bench.calls counts the view's work only).
    call.view, call.before, call.queries = view, next_hand if cold else None, queries
    return call


def hand_poster(app, games, how: str):
    """Records the next hand of each game in turn: as the scorer's phone does with htmx
    (the answer is the fresh board), as a plain form post (the answer is a redirect to the
    board), or through the JSON API (the answer is the game as JSON)."""
    from bench.data import filler, form_fields
    from bench.wsgi import Browser

    browsers = [Browser(app) if how == "api" else scorer(app, g) for g in games]
    states = [g.state() for g in games]
    expected = {"htmx": 200, "form": 302, "api": 201}[how]
    turn = [0]

    def call() -> float:
        i = turn[0] % len(games)
        turn[0] += 1
        entry = filler(states[i])
        number = states[i].next_number
        if how == "api":
            status, body, spent = browsers[i].call(
                "POST",
                f"/api/games/{games[i].public_id}/hands",
                json_body={
                    "number": number,
                    "bidder": entry.bidder,
                    "bid": entry.bid,
                    "points": list(entry.points),
                },
                Authorization=f"Bearer {games[i].edit_token}",
                Accept_Encoding=PHONE_ENCODINGS,
            )
        else:
            headers = {"HX_Request": "true"} if how == "htmx" else {}
            # As a phone's browser asks.
            headers["Accept_Encoding"] = PHONE_ENCODINGS
            status, body, spent = browsers[i].call(
                "POST", f"/g/{games[i].public_id}/hands/", form_fields(entry, number), **headers
            )
        if status != expected:
            raise SystemExit(f"A hand submission ({how}) answered {status}: {body[:300]!r}")
        states[i], _ = states[i].play(entry)
        sent.append(browsers[i].wire_bytes)
        return spent

    sent: list[int] = []
    call.sent = sent
    return call


# What a phone's browser says it accepts (a hand's answer is measured as it would travel).
PHONE_ENCODINGS = "gzip, deflate, br, zstd"

_leagues: dict[int, str] = {}


def league_page(games: int) -> str:
    """The page of a league of ``games`` finished Schmier games among 40 players, built as
    bench/league_table.py builds it (bench/bulk.py)."""
    if games in _leagues:
        return _leagues[games]
    from datetime import date

    from django.db import connection

    from bench.bulk import build_league
    from smear_scores.models import Club, League, Player
    from smear_scores.names import name_key
    from smear_scores.services.ratings import ratings_recompute

    club = Club.objects.create(name=f"Club of {games}", slug=f"bench-{games}")
    league = League.objects.create(
        club=club, name="Season", variant="schmier", start_date=date(2020, 1, 1)
    )
    players = Player.objects.bulk_create(
        [
            Player(club=club, name=f"Player {i:02d}", name_key=name_key(f"Player {i:02d}"))
            for i in range(40)
        ]
    )
    build_league(league, players, games)
    ratings_recompute(club=club)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    _leagues[games] = f"/leagues/{league.pk}/"
    return _leagues[games]


def league_cases(app, sizes: list[int]):
    """(games, call) for the league page of each size."""
    from bench.wsgi import Browser

    return [(size, get_ok(Browser(app), league_page(size))) for size in sizes]


def in_process(args, rows: list[Row]) -> None:
    from django.core.wsgi import get_wsgi_application

    from bench.data import game_with_hands
    from bench.wsgi import Browser

    app = get_wsgi_application()
    s, w = args.samples, max(10, args.samples // 10)

    minimal = get_ok(Browser(app), "/bench/minimal/")
    base = measure(minimal, s, w)
    rows.append(Row("1", "minimal Django view", {"t": base, "q": queries_of(minimal)}))

    def timed(name: str, call) -> None:
        rows.append(Row("1", name, {"t": measure(call, s, w), "q": queries_of(call)}))

    board_game = game_with_hands(30)
    timed("one-query view (for scale)", get_ok(Browser(app), "/bench/one-query/"))
    timed("one-write view (for scale)", get_ok(Browser(app), "/bench/one-write/"))
    timed(
        "hand-shaped write: lock, 2 inserts, 1 update (for scale)",
        get_ok(Browser(app), "/bench/hand-shaped-write/"),
    )
    timed("live check, nothing new (empty 304)", live_check(scorer(app, board_game), board_game))
    timed(
        "scoreboard, 30-hand game",
        get_ok(scorer(app, board_game), f"/g/{board_game.public_id}/"),
    )
    for cold, name in (
        (True, "scoreboard cold (first view after a hand)"),
        (False, "scoreboard warm (another phone at the same version)"),
    ):
        view = board_viewer(app, game_with_hands(30), cold=cold)
        t = measure(view, s, w)
        rows.append(Row("1", name, {"t": t, "q": view.queries()}))

    for how, name in (
        ("htmx", "hand submission, htmx (answer: the fresh board)"),
        ("form", "hand submission, plain form (answer: redirect)"),
        ("api", "hand submission, JSON API"),
    ):
        post = hand_poster(app, [game_with_hands(10) for _ in range(20)], how)
        t = measure(post, s, w)
        wire = statistics.median(post.sent)
        rows.append(Row("1", name, {"t": t, "q": queries_of(post), "wire": wire}))

    [(_, call)] = league_cases(app, [5000])
    rows.append(
        Row(
            "1",
            "league page, 5,000 games",
            {"t": measure(call, max(20, s // 4), 5), "q": queries_of(call)},
        )
    )
    for row in rows:
        if row.section == "1" and "t" in row.values:
            row.values["ratio"] = row.values["t"].median_ms / base.median_ms

    # 3. How cost grows.
    first = None
    for hands in (10, 100, 1000):
        game = game_with_hands(hands)
        call = get_ok(scorer(app, game), f"/g/{game.public_id}/")
        t = measure(call, s // 2, w)
        first = first or t
        rows.append(
            Row(
                "3",
                f"scoreboard, {hands:,} hands",
                {"t": t, "q": queries_of(call), "growth": t.median_ms / first.median_ms},
            )
        )
    first = None
    for size, call in league_cases(app, [50, 500, 5000]):
        t = measure(call, max(20, s // 8), 3)
        first = first or t
        rows.append(
            Row(
                "3",
                f"league page, {size:,} games",
                {"t": t, "q": queries_of(call), "growth": t.median_ms / first.median_ms},
            )
        )


# -- 9: a season page --------------------------------------------------------------------------
SEASON_ROW = "season page, 40 nights x 60 players"
SEASON_GOAL_MS = 500


def season_section(args, rows: list[Row]) -> None:
    """The season page of 40 nights of 60 players (bench/seasons.py) beside the one-query
    view, measured in the same run: its time, its queries, its ratio to that view."""
    from django.core.wsgi import get_wsgi_application

    from bench.seasons import build_season
    from bench.wsgi import Browser

    app = get_wsgi_application()
    one = get_ok(Browser(app), "/bench/one-query/")
    base = measure(one, args.samples, max(10, args.samples // 10))
    rows.append(Row("9", "one-query view (for scale)", {"t": base, "q": queries_of(one)}))
    season = get_ok(Browser(app), build_season(nights=40, players=60))
    t = measure(season, max(10, args.samples // 10), 2)
    rows.append(Row("9", SEASON_ROW, {"t": t, "q": queries_of(season)}))
    for row in rows:
        if row.section == "9":
            row.values["ratio"] = row.values["t"].median_ms / base.median_ms


def season_report(rows: list[Row]) -> list[str]:
    measured = [r for r in rows if r.section == "9"]
    if not measured:
        return []
    lines = [
        "",
        "9. A season page (bench/seasons.py: 40 Schmier nights of 60 players, two rounds each)",
        "",
        "| request | median ms | p99 ms | × one-query view | queries |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for row in measured:
        v = row.values
        lines.append(
            f"| {row.name} | {v['t'].median_ms:.2f} | {v['t'].p99_ms:.2f} | "
            f"{v['ratio']:.1f}× | {v['q']} |"
        )
    return lines


def season_target(rows: list[Row]) -> list[str]:
    season = next((r.values for r in rows if r.section == "9" and r.name == SEASON_ROW), None)
    if season is None:
        return []
    ok = "met" if season["t"].median_ms <= SEASON_GOAL_MS else "MISSED"
    return [
        f"- season page of 40 nights × 60 players within {SEASON_GOAL_MS} ms: "
        f"{season['t'].median_ms:.0f} ms, {season['ratio']:.0f}× the one-query view in the "
        f"same run, {season['q']} queries ({ok})"
    ]


# -- 2: under load -----------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_serving(url: str, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit("gunicorn stopped while starting; see bench-results/gunicorn.log")
        try:
            with urllib.request.urlopen(url + "/", timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("gunicorn did not answer within 60 s; see bench-results/gunicorn.log")


def locust(user_class: str, host: str, games_file: Path, args, out: Path) -> dict:
    prefix = out / f"locust-{user_class}"
    env = {**os.environ, "BENCH_GAMES": str(games_file), "PYTHONPATH": str(ROOT)}
    command = [
        sys.executable, "-m", "locust", "-f", str(ROOT / "bench" / "locustfile.py"),
        "--headless", "--users", str(args.users), "--spawn-rate", str(args.users),
        "--run-time", f"{args.seconds}s", "--host", host, "--csv", str(prefix),
        "--only-summary", "--loglevel", "WARNING", "--stop-timeout", "5", user_class,
    ]  # fmt: skip
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    (out / f"locust-{user_class}.log").write_text(done.stdout + done.stderr)
    with open(f"{prefix}_stats.csv", newline="") as stats:
        table = {row["Name"]: row for row in csv.DictReader(stats)}
    return table


def under_load(args, rows: list[Row], out: Path) -> None:
    from bench.data import PLAYERS, game_with_hands
    from smear_scores.services.new_games import game_create

    boards = [game_with_hands(30) for _ in range(args.users)]
    scoring = [
        game_create(variant="schmier", players=PLAYERS["schmier"], first_dealer=0)
        for _ in range(args.users)
    ]
    games_file = out / "games.json"

    def public(g):
        from smear_scores.selectors.games import game_version

        return {
            "version": game_version(public_id=g.public_id),
            "public_id": g.public_id,
            "scoring_secret": g.scoring_secret,
            "variant": g.variant,
        }

    games_file.write_text(
        json.dumps({"boards": [public(g) for g in boards], "scoring": [public(g) for g in scoring]})
    )
    port = free_port()
    host = f"http://127.0.0.1:{port}"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "smear_scores.settings",
        "WEB_CONCURRENCY": str(args.workers),
        "BIND": f"127.0.0.1:{port}",
        "GUNICORN_ACCESSLOG": "",
        "GUNICORN_LOGLEVEL": "warning",
    }
    log = open(out / "gunicorn.log", "w")  # noqa: SIM115 - closed in finally
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn"), "--config", "gunicorn.conf.py"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        wait_until_serving(host, server)
        for user_class, name, label in (
            ("ScoreboardReader", "scoreboard", "scoreboard page"),
            ("HandScorer", "hand submission", "hand submissions"),
            ("LiveWatcher", "live check", "live checks, nothing new (304)"),
        ):
            table = locust(user_class, host, games_file, args, out)
            row, total = table.get(name), table.get("Aggregated")
            if row is None or total is None:
                raise SystemExit(f"locust measured no {name!r}; see {out}/locust-{user_class}.log")
            rows.append(
                Row(
                    "2",
                    label,
                    {
                        "requests": int(row["Request Count"]),
                        "errors": int(total["Failure Count"]),
                        "rps": float(row["Requests/s"]),
                        "median": float(row["50%"]),
                        "p99": float(row["99%"]),
                    },
                )
            )
    finally:
        server.terminate()
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


# -- the table ---------------------------------------------------------------------------------
def report(args, rows: list[Row], versions: str, live: dict | None = None) -> str:
    cores = os.cpu_count()
    lines = [f"Smear Scores benchmark: {cores} cores, {versions}"]
    if any(r.section == "1" for r in rows):
        lines += [
            "",
            "1. Server time per request (WSGI call in process, "
            f"{args.samples} requests each after a warm-up)",
            "",
            "| request | median ms | p99 ms | × minimal view | queries (BEGIN, COMMIT count) |",
            "| --- | ---: | ---: | ---: | ---: |",
        ]
    for row in (r for r in rows if r.section == "1"):
        v = row.values
        lines.append(
            f"| {row.name} | {v['t'].median_ms:.2f} | {v['t'].p99_ms:.2f} | "
            f"{v['ratio']:.1f}× | {v['q']} |"
        )
    load = [r for r in rows if r.section == "2"]
    if load:
        lines += [
            "",
            f"2. Throughput: gunicorn, {args.workers} workers on 127.0.0.1, PostgreSQL; locust "
            f"with {args.users} phones and no pause, {args.seconds} s each",
            "",
            "| load | requests | errors | requests/s | median ms | p99 ms |",
            "| --- | ---: | ---: | ---: | ---: | ---: |",
        ]
        for row in load:
            v = row.values
            lines.append(
                f"| {row.name} | {v['requests']:,} | {v['errors']} | {v['rps']:.0f} | "
                f"{v['median']:.0f} | {v['p99']:.0f} |"
            )
    if any(r.section == "3" for r in rows):
        lines += [
            "",
            "3. How cost grows with the data",
            "",
            "| request | median ms | p99 ms | × smallest | queries (BEGIN, COMMIT count) |",
            "| --- | ---: | ---: | ---: | ---: |",
        ]
    for row in (r for r in rows if r.section == "3"):
        v = row.values
        lines.append(
            f"| {row.name} | {v['t'].median_ms:.2f} | {v['t'].p99_ms:.2f} | "
            f"{v['growth']:.2f}× | {v['q']} |"
        )
    if live is not None:
        from bench.live import report as live_report

        checks = next((r for r in rows if r.name == "live checks, nothing new (304)"), None)
        lines += live_report(live, checks.values["rps"] if checks else None)
    lines += season_report(rows)
    lines += ["", *targets(rows, cores)]
    return "\n".join(lines)


def targets(rows: list[Row], cores: int | None) -> list[str]:
    by_name = {r.name: r.values for r in rows}
    out = [f"Targets (set for a 2-core machine; this one has {cores}):"]

    def verdict(ok: bool) -> str:
        return "met" if ok else "MISSED"

    def within(what: str, ratio: float, limit: float, than: str, places: int = 1) -> str:
        return f"- {what} within {limit:g}× {than}: {ratio:.{places}f}× ({verdict(ratio <= limit)})"

    def ms(name: str) -> float | None:
        timed = by_name.get(name, {}).get("t")
        return timed.median_ms if timed else None

    write = ms("one-write view (for scale)")
    one = ms("one-query view (for scale)")
    shaped = ms("hand-shaped write: lock, 2 inserts, 1 update (for scale)")
    # A hand's write near the floor every hand write pays (the hand-shaped write): htmx
    # within 3× (its answer is the fresh board), the plain form and the API within 2×;
    # what it sends within 4 KB.
    for name, v in by_name.items():
        if name.startswith("hand submission") and "ratio" in v:
            out.append(within(name, v["ratio"], 4, "the minimal view"))
            if shaped:
                limit = 3 if "htmx" in name else 2
                out.append(within(name, v["t"].median_ms / shaped, limit, "the hand-shaped write"))
                if write:
                    out.append(
                        f"  ({v['t'].median_ms / write:.1f}× the one-write view; the "
                        f"hand-shaped write is itself {shaped / write:.1f}× it)"
                    )
            if "wire" in v:
                out.append(
                    f"- {name}: {v['wire'] / 1024:.1f} KB on the wire, headers included, "
                    f"within 4 KB ({verdict(v['wire'] <= 4096)})"
                )
    board = ms("scoreboard, 30-hand game")
    if board and one:
        out.append(within("scoreboard of a 30-hand game", board / one, 4, "the one-query view"))
    # A hand is drawn once per kind of phone: the first phone after it (cold) draws the
    # board, every other phone at that version (warm) gets it from the cache.
    for name, limit in (
        ("scoreboard cold (first view after a hand)", 4),
        ("scoreboard warm (another phone at the same version)", 1.5),
    ):
        seen = ms(name)
        if seen and one:
            out.append(within(name, seen / one, limit, "the one-query view", places=2))
    idle = by_name.get("live check, nothing new (empty 304)", {})
    if "t" in idle and one:
        ratio = idle["t"].median_ms / one
        out.append(
            within("live check with nothing new", ratio, 1.5, "the one-query view", places=2)
            + f"; {idle['q']} query"
        )
    live = by_name.get("live checks, nothing new (304)", {})
    if "rps" in live:
        out.append(
            f"- phones one server keeps live, each asking every 2 s: about "
            f"{int(live['rps'] * 2):,} ({live['rps']:.0f} checks/s × 2 s, no other load)"
        )
    big = by_name.get("scoreboard, 1,000 hands", {})
    if "growth" in big:
        out.append(
            f"- scoreboard at 1,000 hands within 2× the same at 10 hands: "
            f"{big['growth']:.2f}× ({verdict(big['growth'] <= 2)})"
        )
    load = [r.values for r in rows if r.section == "2"]
    if load:
        errors = sum(v["errors"] for v in load)
        out.append(f"- zero errors under load: {errors} errors ({verdict(errors == 0)})")
    return out + season_target(rows)


@contextmanager
def bench_django() -> Iterator[None]:
    """Django set up on a fresh bench database (BENCH_DATABASE_URL, created here and dropped
    at the end) with production settings (DEBUG off, hashed and compressed static files,
    collected into a temporary folder), over plain http on loopback."""
    url = os.environ.get("BENCH_DATABASE_URL", DEFAULT_URL)
    static_root = Path(tempfile.mkdtemp(prefix="smear-bench-static-"))
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "bench.settings",
            "DATABASE_URL": url,
            "DEBUG": "false",
            "HTTPS": "false",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "STATIC_ROOT": str(static_root),
            "LOG_LEVEL": "ERROR",
        }
    )
    create_database(url)
    try:
        import django
        from django.core.management import call_command

        django.setup()
        call_command("migrate", verbosity=0)
        call_command("collectstatic", verbosity=0, interactive=False)
        yield
    finally:
        from django.db import connections

        connections.close_all()
        drop_database(url)
        shutil.rmtree(static_root, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(prog="make bench", description=__doc__.split("\n")[0])
    parser.add_argument("--samples", type=int, default=int(os.environ.get("BENCH_SAMPLES", 400)))
    parser.add_argument("--users", type=int, default=int(os.environ.get("BENCH_USERS", 16)))
    parser.add_argument("--seconds", type=int, default=int(os.environ.get("BENCH_SECONDS", 20)))
    parser.add_argument("--workers", type=int, default=int(os.environ.get("BENCH_WORKERS", 4)))
    args = parser.parse_args()

    out = ROOT / "bench-results"
    out.mkdir(exist_ok=True)
    with bench_django():
        import django
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute("SHOW server_version")
            pg = cursor.fetchone()[0].split()[0]
        load = os.getloadavg()[0]
        versions = (
            f"PostgreSQL {pg}, Python {platform.python_version()}, Django {django.__version__}; "
            f"load average {load:.1f} at the start"
        )
        rows: list[Row] = []
        sections = os.environ.get("BENCH_SECTIONS", "1,2,3,4,5,6,9").split(",")
        if "1" in sections or "3" in sections:
            print("Measuring in process (1 and 3) ...", flush=True)
            in_process(args, rows)
        if "9" in sections:
            print("Measuring the season page (9) ...", flush=True)
            season_section(args, rows)
        if "2" in sections:
            print("Measuring under load (2) ...", flush=True)
            under_load(args, rows, out)
        live = None
        if "4" in sections:
            from bench import live as live_bench

            print("Measuring live boards pushed (4) ...", flush=True)
            live = live_bench.measure(args, out)
        notified = []
        if "5" in sections:
            from bench import notify as notify_bench

            print("Measuring NOTIFY in a hand's commit (5) ...", flush=True)
            notified = notify_bench.measure()
        engine = None
        if "6" in sections:
            from bench import engine as engine_bench

            print("Measuring live boards through the push engine (6) ...", flush=True)
            engine = engine_bench.measure(out)
        text = report(args, rows, versions, live)
        if notified:
            text += "\n" + "\n".join(notify_bench.report(notified))
        if "6" in sections:
            text += "\n" + "\n".join(engine_bench.report(engine))
        (out / "latest.md").write_text(text + "\n")
        print()
        print(text)
        print(f"\n(also in {out.relative_to(ROOT)}/latest.md)")
