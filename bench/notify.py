"""Section 5 of `make bench`: what NOTIFY inside a hand's transaction costs PostgreSQL.

A NOTIFY queued in a transaction takes one database-wide lock at commit and holds it through
the commit's flush, so notifying commits are serialised where plain ones are not. This drives
this machine's PostgreSQL with hand-shaped commits (lock the game row, insert the hand,
update the game) from a rising number of writer processes, each writing its own game as
tables do, while LISTENERS connections listen (68: the app processes of docs/scale.md), in
three ways:

- "plain": the commit alone (no board would hear it: the baseline);
- "notify": ``SELECT pg_notify(...)`` inside the transaction, as the app did before;
- "redis": the commit, then a Redis PUBLISH after it (the listeners subscribe to Redis), as
  the app does with LIVE_REDIS_URL;
- "after": the commit, then a ``pg_notify`` in a transaction of its own whose commit waits
  for no flush (``synchronous_commit`` off: the hand is durable already, and a notice lost
  in a crash is read again by every feed), sent as the app sends it on PostgreSQL alone
  (live.notify): one statement, ``pg_notify`` with ``set_config('synchronous_commit',
  'off', true)``;
- "after-txn": the same notice as the app sent it before, in a transaction of three
  statements (``BEGIN``, ``SET LOCAL synchronous_commit TO OFF``, ``pg_notify``, ``COMMIT``).

For each way and writer count it reports commits per second and the commit's p95, and each
way's ceiling (the most commits per second any writer count reached). Every notification
sent is counted on arrival, so a way that loses one says so.

BENCH_NOTIFY_WRITERS (default "1,2,4,8,16"), BENCH_NOTIFY_SECONDS (default 4),
BENCH_NOTIFY_LISTENERS (default 68) change its size; REDIS_URL (default
redis://127.0.0.1:6379/0) is the Redis of the third way. The table's rows keep their
names ("notify ÷ plain"); "after" and "after-txn" are columns of their own."""

from __future__ import annotations

import multiprocessing as mp
import os
import statistics
import threading
import time

from smear_scores.live import NOTIFY_ALONE

CHANNEL = "smear_bench_live"
WAYS = ("plain", "notify", "redis", "after", "after-txn")


def _dsn() -> str:
    from django.db import connection

    s = connection.settings_dict
    auth = s["USER"] + (f":{s['PASSWORD']}" if s["PASSWORD"] else "")
    return f"postgresql://{auth}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"


def _redis_url() -> str:
    return os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")


def _prepare(dsn: str, games: int) -> None:
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("DROP TABLE IF EXISTS bench_hand, bench_game")
        conn.execute(
            "CREATE TABLE bench_game (id int PRIMARY KEY, version int NOT NULL DEFAULT 0, "
            "updated_at timestamptz NOT NULL DEFAULT now())"
        )
        conn.execute(
            "CREATE TABLE bench_hand (id bigserial PRIMARY KEY, game_id int NOT NULL "
            "REFERENCES bench_game, number int NOT NULL, entry jsonb NOT NULL)"
        )
        conn.execute("INSERT INTO bench_game (id) SELECT generate_series(1, %s)", [games])


def _writer(dsn: str, way: str, game_id: int, seconds: float, start, out) -> None:
    """One table's scorer: hand-shaped commits, one after another, for ``seconds``."""
    import psycopg

    publish = None
    if way == "redis":
        import redis

        publish = redis.Redis.from_url(_redis_url()).publish
    entry = '{"bidder": 1, "bid": 4, "awards": {"high": 0, "low": 1, "jack": 0, "game": 2}}'
    latencies: list[float] = []
    # Autocommit, as Django's connections are: a transaction is the block that says so,
    # and a statement outside one is a transaction of its own (the "after" way's notice).
    with psycopg.connect(dsn, autocommit=True) as conn:
        start.wait()
        end = time.perf_counter() + seconds
        number = 0
        while (now := time.perf_counter()) < end:
            number += 1
            with conn.transaction():
                conn.execute("SELECT id FROM bench_game WHERE id = %s FOR UPDATE", [game_id])
                conn.execute(
                    "INSERT INTO bench_hand (game_id, number, entry) VALUES (%s, %s, %s)",
                    [game_id, number, entry],
                )
                conn.execute(
                    "UPDATE bench_game SET version = version + 1, updated_at = now() WHERE id = %s",
                    [game_id],
                )
                if way == "notify":
                    conn.execute("SELECT pg_notify(%s, %s)", [CHANNEL, f"game:{game_id}:{number}"])
            if publish is not None:
                publish(CHANNEL, f"game:{game_id}:{number}")
            if way == "after":
                # As live.notify sends it: one statement, its own transaction, whose commit
                # waits for no flush.
                conn.execute(NOTIFY_ALONE, [CHANNEL, f"game:{game_id}:{number}"])
            elif way == "after-txn":
                # As live.notify sent it before: the same in a transaction of three statements.
                with conn.transaction():
                    conn.execute("SET LOCAL synchronous_commit TO OFF")
                    conn.execute("SELECT pg_notify(%s, %s)", [CHANNEL, f"game:{game_id}:{number}"])
            latencies.append(time.perf_counter() - now)
    out.put(latencies)


# After the writers stop, a listener reads on until it has heard nothing for this long
# (at most DRAIN_LIMIT seconds): what it had not read by then is counted missed.
QUIET_SECONDS = 1.0
DRAIN_LIMIT = 60.0


def _drain(sources: list, receive, stop: threading.Event, heard: list[int]) -> None:
    """One thread per listening connection, each counting what ``receive`` brings it, and
    what was still on its way when the writers stopped (read until it goes quiet)."""

    def drain(i: int) -> None:
        while not stop.is_set():
            heard[i] += receive(sources[i])
        ends = time.monotonic() + DRAIN_LIMIT
        quiet_since = time.monotonic()
        while time.monotonic() < ends and time.monotonic() - quiet_since < QUIET_SECONDS:
            got = receive(sources[i])
            heard[i] += got
            if got:
                quiet_since = time.monotonic()

    threads = [threading.Thread(target=drain, args=(i,), daemon=True) for i in range(len(sources))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for source in sources:
        source.close()


def _listen_pg(dsn: str, count: int, stop: threading.Event, heard: list[int], ready) -> None:
    import psycopg

    conns = [psycopg.connect(dsn, autocommit=True) for _ in range(count)]
    for conn in conns:
        conn.execute(f"LISTEN {CHANNEL}")
    ready.set()
    _drain(conns, lambda conn: sum(1 for _ in conn.notifies(timeout=0.2)), stop, heard)


def _listen_redis(count: int, stop: threading.Event, heard: list[int], ready) -> None:
    import redis

    subs = []
    for _ in range(count):
        pubsub = redis.Redis.from_url(_redis_url()).pubsub(ignore_subscribe_messages=True)
        pubsub.subscribe(CHANNEL)
        pubsub.get_message(timeout=1)  # the subscription's confirmation
        subs.append(pubsub)
    ready.set()
    _drain(subs, lambda pubsub: int(pubsub.get_message(timeout=0.2) is not None), stop, heard)


def _listeners(dsn: str, way: str, count: int, stop, ready, result) -> None:
    """A process standing for the app processes: ``count`` connections that hear every
    board's news; puts how many notifications each heard."""
    heard = [0] * count
    done = threading.Event()
    threading.Thread(target=lambda: (stop.wait(), done.set()), daemon=True).start()
    if way == "redis":
        _listen_redis(count, done, heard, ready)
    else:
        _listen_pg(dsn, count, done, heard, ready)
    result.put(heard)


def _one(dsn: str, way: str, writers: int, seconds: float, listeners: int) -> dict:
    ctx = mp.get_context("spawn")
    stop, ready, start = ctx.Event(), ctx.Event(), ctx.Barrier(writers + 1)
    heard_q, out = ctx.Queue(), ctx.Queue()
    listening = ctx.Process(target=_listeners, args=(dsn, way, listeners, stop, ready, heard_q))
    listening.start()
    if not ready.wait(60):
        raise RuntimeError("the listeners did not connect within 60 s")
    procs = [
        ctx.Process(target=_writer, args=(dsn, way, g + 1, seconds, start, out))
        for g in range(writers)
    ]
    for p in procs:
        p.start()
    start.wait()
    began = time.perf_counter()
    latencies: list[float] = []
    for _ in procs:
        latencies += out.get()
    elapsed = time.perf_counter() - began
    for p in procs:
        p.join()
    time.sleep(1.0)  # the last notifications in flight reach the listeners
    stop.set()
    heard = heard_q.get()
    listening.join()
    commits = len(latencies)
    expected = commits if way != "plain" else 0
    return {
        "way": way,
        "writers": writers,
        "commits_per_s": commits / elapsed,
        "p95_ms": statistics.quantiles(latencies, n=20)[-1] * 1000 if commits > 20 else None,
        "missed": sum(expected - h for h in heard),
        "listeners": listeners,
    }


def measure() -> list[dict]:
    writers = [int(w) for w in os.environ.get("BENCH_NOTIFY_WRITERS", "1,2,4,8,16").split(",")]
    seconds = float(os.environ.get("BENCH_NOTIFY_SECONDS", 4))
    listeners = int(os.environ.get("BENCH_NOTIFY_LISTENERS", 68))
    dsn = _dsn()
    _prepare(dsn, max(writers))
    results = []
    for count in writers:
        for way in WAYS:
            row = _one(dsn, way, count, seconds, listeners)
            print(
                f"  {way:9} {count:3} writers: {row['commits_per_s']:7.0f} commits/s, "
                f"p95 {row['p95_ms']:.1f} ms, missed {row['missed']}",
                flush=True,
            )
            results.append(row)
    return results


def report(results: list[dict]) -> list[str]:
    if not results:
        return []
    listeners = results[0]["listeners"]
    out = [
        "",
        f"## 5. NOTIFY in a hand's commit ({listeners} listening connections)",
        "",
        "| writers | plain commits/s (p95 ms) | notify commits/s (p95 ms) | "
        "redis after commit/s (p95 ms) | notify after commit/s (p95 ms) | "
        "notify after commit, 3 statements/s (p95 ms) | notify ÷ plain |",
        "| ---: | --- | --- | --- | --- | --- | ---: |",
    ]
    by = {(r["way"], r["writers"]): r for r in results}
    for count in sorted({r["writers"] for r in results}):
        cells = [
            f"{by[(w, count)]['commits_per_s']:.0f} ({by[(w, count)]['p95_ms']:.1f})" for w in WAYS
        ]
        ratio = by[("notify", count)]["commits_per_s"] / by[("plain", count)]["commits_per_s"]
        out.append(f"| {count} | {' | '.join(cells)} | {ratio:.2f} |")
    out.append("")
    for way in WAYS:
        best = max((r for r in results if r["way"] == way), key=lambda r: r["commits_per_s"])
        missed = sum(r["missed"] for r in results if r["way"] == way)
        out.append(
            f"- notify: ceiling {way}: {best['commits_per_s']:.0f} commits/s "
            f"({best['writers']} writers), notifications missed: {missed}"
        )
    return out
