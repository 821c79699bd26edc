"""`make bench`, section 4: live boards pushed, measured on one `make serve` server (gunicorn
with uvicorn workers, gunicorn.conf.py) on loopback.

Tables of six phones (bench/live_load.py, in as many processes as their open files need):
every phone holds its board's stream; then, for BENCH_LIVE_SECONDS, each table records one
hand a minute and the five other phones fetch the fresh board when their stream says so.
The number of tables grows in steps (BENCH_LIVE_TABLES; "none" runs the engine's run
alone), the streams of one step kept open into the next, until a step's push delay p95 is
over 1 s or a request fails. At each step,
before any hand, the server's memory and CPU are read over an idle window (one heartbeat,
45 s) with every board open, against the same with none open.

Pinned (BENCH_LIVE_PIN, default "both"): the server (one uvicorn worker, or
BENCH_LIVE_PIN_WORKERS of them, for more streams than one process's open files) runs on core 0 and
the load generator on core 1 (taskset), so the figure is the server's own, not shared with
up to 30,000 client streams; "off" runs it as before, unpinned with one worker per core,
"both" runs pinned, then unpinned, for comparison. PostgreSQL is not pinned. Each run reports
the tables kept live (p95 ≤ 1 s, every stream opened, no error) and the server's CPU per
recorded hand, its fan-out included (the write, the boards drawn, the sends)."""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# A load process keeps at most this many streams (its open files).
PER_PROCESS = 15_000
IDLE_SECONDS = 45
DELAY_LIMIT_MS = 1000
# A core this busy over a step has no time to spare.
FULL = 0.95


def _server_usage(pid: int) -> tuple[float, int]:
    """CPU seconds spent and resident bytes of the server (its master and workers)."""
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


def _cores() -> list:
    """Each core's CPU times so far (psutil), for _busy."""
    import psutil

    return psutil.cpu_times(percpu=True)


def _busy(before: list, after: list) -> list[float]:
    """How busy each core was between two _cores readings (1.0: never idle), whatever ran
    on it: the server, the load, the engine or PostgreSQL (which is not pinned)."""
    shares = []
    for b, a in zip(before, after, strict=True):
        total = sum(a) - sum(b)
        idle = (a.idle - b.idle) + (getattr(a, "iowait", 0) - getattr(b, "iowait", 0))
        shares.append(1 - idle / total if total > 0 else 0.0)
    return shares


def _idle(*pids: int) -> list[tuple[float, int]]:
    """Each process's CPU seconds per second over one idle window, and its memory after it
    (a process with its children, as _server_usage counts them)."""
    cpu0 = [_server_usage(pid)[0] for pid in pids]
    time.sleep(IDLE_SECONDS)
    after = [_server_usage(pid) for pid in pids]
    return [((cpu1 - c0) / IDLE_SECONDS, rss) for c0, (cpu1, rss) in zip(cpu0, after, strict=True)]


class Loads:
    """The load processes, each with its share of the tables (table i to process i % n)."""

    def __init__(self, games: list[dict], port: int, out: Path, pin: list[str]):
        count = max(2, -(-6 * len(games) // PER_PROCESS))
        self.shares = [games[k::count] for k in range(count)]
        self.opened = [0] * count
        self.processes = []
        for k, share in enumerate(self.shares):
            path = out / f"live-games-{k}.json"
            path.write_text(json.dumps(share))
            self.processes.append(
                subprocess.Popen(
                    [
                        *pin,
                        sys.executable,
                        "-m",
                        "bench.live_load",
                        "--port",
                        str(port),
                        "--sources",
                        # Four loopback addresses of its own (live_load.Load.connect).
                        ",".join(f"127.0.{1 + k}.{11 + a}" for a in range(4)),
                        "--games",
                        str(path),
                    ],
                    cwd=ROOT,
                    env={**os.environ, "PYTHONPATH": str(ROOT)},
                    text=True,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=open(out / f"live-load-{k}.log", "w"),  # noqa: SIM115
                )  # fmt: skip
            )

    def ask(self, commands: list[str | None]) -> list[dict]:
        for process, command in zip(self.processes, commands, strict=True):
            if command:
                process.stdin.write(command + "\n")
                process.stdin.flush()
        answers = []
        for process, command in zip(self.processes, commands, strict=True):
            if not command:
                continue
            line = process.stdout.readline()
            if not line:
                raise SystemExit("a live load process stopped; see bench-results/live-load-*.log")
            answers.append(json.loads(line))
        return answers

    def open(self, tables: int) -> tuple[int, list[str]]:
        """The streams open once ``tables`` are, and what failed opening them (a stream
        refused or cut)."""
        commands: list[str | None] = []
        for k in range(len(self.shares)):
            want = len(range(k, tables, len(self.shares)))
            commands.append(f"open {self.opened[k]} {want - self.opened[k]}")
            self.opened[k] = want
        answers = self.ask(commands)
        return sum(a["opened"] for a in answers), [e for a in answers for e in a["errors"]]

    def go(self, seconds: int) -> list[dict]:
        return self.ask([f"go {seconds}"] * len(self.processes))

    def cpu(self) -> float:
        """CPU seconds the load processes have spent."""
        return sum(_server_usage(process.pid)[0] for process in self.processes)

    def stop(self) -> None:
        for process in self.processes:
            try:
                process.stdin.write("quit\n")
                process.stdin.flush()
                process.wait(20)
            except (OSError, subprocess.TimeoutExpired):
                process.kill()


# A pinned run: the server on core 0, the load (and an engine) on core 1.
SERVER_PIN, LOAD_PIN = ["taskset", "-c", "0"], ["taskset", "-c", "1"]


def can_pin() -> bool:
    """Two cores or more, and taskset to pin to them."""
    return (os.cpu_count() or 1) >= 2 and bool(shutil.which("taskset"))


def _pin_modes() -> list[bool]:
    mode = os.environ.get("BENCH_LIVE_PIN", "both")
    if mode not in ("both", "on", "off"):
        raise SystemExit(f"BENCH_LIVE_PIN={mode!r}: say both, on or off.")
    if not can_pin():
        return [False]
    return {"both": [True, False], "on": [True], "off": [False]}[mode]


def _steps(name: str, default: str) -> list[int]:
    return [int(s) for s in os.environ.get(name, default).split(",")]


def _engine_on() -> bool:
    """Whether to measure the pinned run with the push engine holding the streams
    (BENCH_LIVE_ENGINE: on, or off; on by default where nginx with nchan is installed)."""
    from bench import engine

    mode = os.environ.get("BENCH_LIVE_ENGINE", "on")
    if mode not in ("on", "off"):
        raise SystemExit(f"BENCH_LIVE_ENGINE={mode!r}: say on or off.")
    return mode == "on" and engine.available() and True in _pin_modes()


def measure(args, out: Path) -> list[dict]:
    """One run per pinning mode (pinned first), then pinned with the push engine: the
    steps measured, and the server."""
    runs = []
    # BENCH_LIVE_TABLES=none: the engine's run alone.
    if os.environ.get("BENCH_LIVE_TABLES") != "none":
        steps = _steps("BENCH_LIVE_TABLES", "1000,2000,3000,4000,5000")
        runs = [_measure_one(_games(max(steps)), steps, out, pinned=p) for p in _pin_modes()]
    if _engine_on():
        steps = _steps("BENCH_LIVE_ENGINE_TABLES", "2000,4000,6000,8000,10000")
        runs.append(_measure_one(_games(max(steps)), steps, out, pinned=True, engine=True))
    return runs


def _games(count: int) -> list[dict]:
    """New games for one run (a run's load numbers its hands from the first)."""
    from smear_scores.services.new_games import game_create

    players = ["Ann", "Bo", "Cy", "Dee", "Eli", "Flo"]
    games = []
    for _ in range(count):
        game = game_create(variant="schmier", players=players, first_dealer=0)
        games.append(
            {"public_id": game.public_id, "edit_token": game.edit_token, "variant": "schmier"}
        )
    return games


# Open files the server may hold when the bench may raise the limit (root): more streams
# than steps of 10,000 tables of six need in one process.
OPEN_FILES = 262_144


def _raise_open_files() -> int:
    """The open-file limit the server and the load inherit, raised (hard and soft) to
    OPEN_FILES where this process may (root, under fs.nr_open), so one process's streams
    are limited by its core, not by a machine's default 20,000 files."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        nr_open = int(Path("/proc/sys/fs/nr_open").read_text())
    except (OSError, ValueError):
        nr_open = hard
    wanted = min(OPEN_FILES, nr_open)
    if wanted > hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, wanted))
        except (ValueError, OSError):  # not root: the limit stays, and the rows say it
            return hard
        return wanted
    return hard


def _measure_one(
    games: list[dict], steps: list[int], out: Path, *, pinned: bool, engine: bool = False
) -> dict:
    """With ``engine``, the push engine (nginx with nchan, pinned with the load to core 1,
    one worker per PER_PROCESS streams) holds the streams; the server is the app alone."""
    seconds = int(os.environ.get("BENCH_LIVE_SECONDS", "30"))
    from bench import engine as push_engine
    from bench.run import free_port, wait_until_serving

    # Pinned: one uvicorn worker on core 0, the load on core 1. Unpinned: as `make serve`
    # runs by default, one uvicorn worker per core.
    workers = (
        int(os.environ.get("BENCH_LIVE_PIN_WORKERS", "1"))
        if pinned
        else int(os.environ.get("BENCH_LIVE_WORKERS", os.cpu_count() or 2))
    )
    server_pin, load_pin = (SERVER_PIN, LOAD_PIN) if pinned else ([], [])
    if engine:
        workers = 1
    open_files = _raise_open_files()
    port = app_port = free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "smear_scores.settings",
        "WEB_CONCURRENCY": str(workers),
        "BIND": f"127.0.0.1:{port}",
        "GUNICORN_ACCESSLOG": "",
        "GUNICORN_LOGLEVEL": "warning",
        # The load's phones come from a few loopback addresses: the limit of streams per
        # address (a hostile network's) would refuse all but 60 of each.
        "LIVE_MAX_STREAMS_PER_CLIENT": str(10**9),
    }
    nginx = prefix = None
    engine_workers = 1 + -(-6 * max(steps) // PER_PROCESS) if engine else 0
    if engine:
        port, publisher = free_port(), free_port()
        env.update(push_engine.app_settings(publisher))
    log = open(out / "live-server.log", "w")  # noqa: SIM115 - closed in finally
    server = subprocess.Popen(
        [*server_pin, str(Path(sys.executable).parent / "gunicorn"), "-c", "gunicorn.conf.py"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    loads = None
    done: list[dict] = []
    try:
        if engine:
            nginx, prefix = push_engine.start(
                front=port,
                publisher=publisher,
                app=app_port,
                log=log,
                # One worker more than the streams need: the kernel spreads the phones over
                # them (reuseport) by address, not evenly.
                workers=engine_workers,
                pin=load_pin,
            )
        wait_until_serving(f"http://127.0.0.1:{app_port}", server)
        if nginx is not None:
            wait_until_serving(f"http://127.0.0.1:{port}", nginx)
        # The streams' holder: the server, or the engine (whose idle figures the board
        # rows then are; the server's own idle CPU is still taken off its CPU a hand).
        holders = [server.pid] if nginx is None else [server.pid, nginx.pid]
        (idle_cpu, idle_rss), *engine_idle = _idle(*holders)
        held_cpu, held_rss = engine_idle[0] if engine_idle else (idle_cpu, idle_rss)
        loads = Loads(games, port, out, load_pin)
        for tables in steps:
            print(f"  {tables:,} tables of six ...", flush=True)
            opened, refused = loads.open(tables)
            (cpu, rss), *engine_now = _idle(*holders)
            holder_cpu, holder_rss = engine_now[0] if engine_now else (cpu, rss)
            cpu0, _ = _server_usage(server.pid)
            engine0 = _server_usage(nginx.pid)[0] if nginx else 0.0
            cores0, load0 = _cores(), loads.cpu()
            answers = loads.go(seconds)
            cores, load1 = _busy(cores0, _cores()), loads.cpu()
            cpu1, _ = _server_usage(server.pid)
            engine1 = _server_usage(nginx.pid)[0] if nginx else 0.0
            delays = sorted(d for a in answers for d in a["delays"])
            writes = sorted(d for a in answers for d in a["writes"])
            errors = refused + [e for a in answers for e in a["errors"]]
            hands = sum(a["recorded"] for a in answers)
            step = {
                "tables": tables,
                "boards": opened,
                "hands": hands,
                "fetches": sum(a["fetches"] for a in answers),
                "boards_pushed": sum(a["boards"] for a in answers),
                "seconds": seconds,
                "p50": statistics.median(delays) if delays else None,
                "p95": delays[int(len(delays) * 0.95)] if delays else None,
                "write_p50": statistics.median(writes) if writes else None,
                "write_p95": writes[int(len(writes) * 0.95)] if writes else None,
                "errors": errors,
                "busy": (cpu1 - cpu0) / (seconds + 3),
                # Each core's share busy over the step, whatever ran on it; the load's
                # and the engine's own CPU over it (cores).
                "cores": cores,
                "load_cores": (load1 - load0) / (seconds + 3),
                "engine_cores": (engine1 - engine0) / (seconds + 3) if nginx else None,
                "memory_per_board": (holder_rss - held_rss) / opened if opened else None,
                "cpu_per_board": (holder_cpu - held_cpu) / opened if opened else None,
                "idle_cpu": holder_cpu,
                # The step's CPU less what the open boards cost idle, ÷ hands.
                "cpu_ms_per_hand": (
                    ((cpu1 - cpu0) - cpu * (seconds + 3)) * 1000 / hands if hands else None
                ),
                # The engine's own CPU over the step ÷ hands (its idle CPU not taken off).
                "engine_ms_per_hand": (
                    (engine1 - engine0) * 1000 / hands if nginx is not None and hands else None
                ),
            }
            step["ok"] = (
                opened == 6 * tables
                and not errors
                and step["p95"] is not None
                and step["p95"] <= DELAY_LIMIT_MS
            )
            done.append(step)
            if not step["ok"]:
                break
    finally:
        if loads is not None:
            loads.stop()
        for process in (nginx, server):
            if process is None:
                continue
            process.terminate()
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
        log.close()
        if prefix is not None:
            push_engine.removed(prefix, out)
    name = "live-engine.json" if engine else "live-pinned.json" if pinned else "live.json"
    (out / name).write_text(json.dumps(done, indent=1))
    return {
        "steps": done,
        "workers": workers,
        "seconds": seconds,
        "pinned": pinned,
        "engine": engine,
        "engine_workers": engine_workers,
        "open_files": open_files,
    }


def _ms1(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def _shares(cores: list[float] | None) -> str:
    return "-" if not cores else " / ".join(f"{c:.2f}" for c in cores)


def _others(step: dict) -> list[float] | None:
    """The load's CPU and the engine's over a step, in cores (older results: None)."""
    if step.get("load_cores") is None:
        return None
    engine = step.get("engine_cores")
    return [step["load_cores"]] + ([engine] if engine is not None else [])


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}"


def report(runs: list[dict], polling_rps: float | None) -> list[str]:
    """Each run's table and rows: pinned ones named "live, pinned: …", unpinned "live: …"."""
    return [line for live in runs for line in _report_run(live, polling_rps)]


def _report_run(live: dict, polling_rps: float | None) -> list[str]:
    steps = live["steps"]
    pinned = live.get("pinned", False)
    engine = live.get("engine", False)
    row = "live, pinned, engine:" if engine else "live, pinned:" if pinned else "live:"
    where = (
        "the app server pinned to core 0; the push engine, nginx + nchan, holding the "
        "streams, and the load generator on core 1 (taskset)"
        if engine
        else "the server pinned to core 0, the load generator to core 1 (taskset)"
        if pinned
        else "unpinned, sharing both cores with the load generator"
    )
    held = "holding its board's stream in the engine" if engine else "holding its board's stream"
    lines = [
        "",
        f"4. Live boards pushed ({where}): gunicorn, {live['workers']} uvicorn workers on "
        "127.0.0.1, "
        f"PostgreSQL; tables of six phones, each {held}, each table "
        f"recording one hand a minute ({live['seconds']} s a step) from one phone; the five others "
        "watch, and their streams carry the fresh board",
        "",
        "| tables of six | open boards | hands | boards pushed | fetches | hand written p50/p95 "
        "ms | board shown p50 ms | p95 ms | errors | server CPU (cores) | server CPU ms a hand "
        "| each core busy | load / engine CPU (cores) |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
        "| ---: |",
    ]
    for s in steps:
        p50 = f"{s['p50']:.0f}" if s["p50"] is not None else "-"
        p95 = f"{s['p95']:.0f}" if s["p95"] is not None else "-"
        lines.append(
            f"| {s['tables']:,} | {s['boards']:,} | {s['hands']:,} | {s['boards_pushed']:,} "
            f"| {s['fetches']:,} | {_ms(s['write_p50'])} / {_ms(s['write_p95'])} | {p50} "
            f"| {p95} | {len(s['errors'])} | {s['busy']:.2f} | {_ms1(s.get('cpu_ms_per_hand'))} "
            f"| {_shares(s.get('cores'))} | {_shares(_others(s))} |"
        )
    kept = [s for s in steps if s["ok"]]
    best = kept[-1] if kept else None
    polling = f"about {int(polling_rps * 2 / 6):,}" if polling_rps else "not measured"
    lines += ["", "| row | push | beside it |", "| --- | --- | --- |"]
    if best:
        more = "" if best is steps[-1] and best["tables"] else ""
        lines.append(
            f"| {row} tables one server {'core ' if pinned else ''}keeps live | "
            f"{best['tables']:,}{more} (p95 "
            f"{best['p95']:.0f} ms ≤ 1 s, no error) | polling: {polling} (checks/s of "
            "section 2 × 2 s ÷ 6 phones) |"
        )
        lines.append(
            f"| {row} push delay p50/p95 ms | {best['p50']:.0f} / {best['p95']:.0f} | at "
            f"{best['tables']:,} tables |"
        )
    else:
        lines.append(
            f"| {row} tables one server keeps live | none of the steps (p95 over 1 s or "
            f"errors) | polling: {polling} |"
        )
    top = best or steps[-1]
    if top.get("memory_per_board") is not None:
        holder = "the engine's" if engine else "server"
        lines.append(
            f"| {row} memory per open board | {top['memory_per_board'] / 1024:.1f} KB | "
            f"{holder} RSS with {top['boards']:,} boards open, less with none, ÷ boards |"
        )
        lines.append(
            f"| {row} CPU per idle board | {top['cpu_per_board'] * 1e6:.1f} µs/s | {holder} CPU "
            f"over {IDLE_SECONDS} s with {top['boards']:,} boards open and nothing recorded, "
            f"less with none, ÷ boards ({top['idle_cpu']:.3f} cores in all) |"
        )
    if top.get("cpu_ms_per_hand") is not None:
        engine_cpu = (
            f"; the engine's own CPU over the step ÷ hands: {top['engine_ms_per_hand']:.2f} ms"
            if top.get("engine_ms_per_hand") is not None
            else ""
        )
        lines.append(
            f"| {row} server CPU per hand, with its fan-out | {top['cpu_ms_per_hand']:.1f} ms | "
            f"server CPU over the step less its idle CPU, ÷ hands, at {top['tables']:,} tables"
            f"{engine_cpu} |"
        )
    if steps and steps[-1]["ok"]:
        lines.append(
            f"(every step held: {steps[-1]['tables']:,} tables is as far as this run went, "
            "not a limit found; BENCH_LIVE_TABLES sets the steps)"
        )
    elif steps:
        last = steps[-1]
        why = f"{len(last['errors'])} errors" if last["errors"] else f"p95 {last['p95']:.0f} ms"
        first = f" (first: {last['errors'][0]})" if last["errors"] else ""
        lines.append(f"(the step of {last['tables']:,} tables did not hold: {why}{first})")
        cores = last.get("cores") or []
        if pinned and len(cores) > 1 and cores[1] >= FULL and last["busy"] < FULL:
            whose = "the load's and the engine's" if engine else "the load's"
            lines.append(
                f"(at that step core 1, {whose}, "
                f"was {cores[1]:.2f} busy and the server's own CPU {last['busy']:.2f} of a "
                "core: the limit found is the shared core's, not the server's)"
            )
    if engine:
        lines.append(
            f"(the engine: nginx with {live['engine_workers']} worker processes, each holding "
            f"at most {live['open_files']:,} open files; the app server holds no stream)"
        )
    elif live.get("open_files"):
        lines.append(
            f"(open files a server process may hold: {live['open_files']:,}; a stream refused "
            "past them (503) is an error of its step)"
        )
    return lines
