"""Small helpers that read settings from the environment and refuse bad values clearly."""

from __future__ import annotations

import os
from typing import Any

from django.core.exceptions import ImproperlyConfigured

TRUE = {"1", "true", "yes", "on"}
FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str) -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in TRUE:
        return True
    if value in FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name}={raw!r} is not a yes/no value: use one of 1, true, yes, on or 0, false, no, off."
    )


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        return int(raw.strip())
    except ValueError:
        raise ImproperlyConfigured(
            f"{name}={raw!r} is not a whole number: give digits only, e.g. {name}={default}."
        ) from None


def env_choice(name: str, default: str, choices: tuple[str, ...]) -> str:
    """One of ``choices`` (any case, spaces around ignored)."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value not in choices:
        raise ImproperlyConfigured(
            f"{name}={raw!r} is not one of the values it takes: use one of "
            f"{', '.join(choices)}, e.g. {name}={default}."
        )
    return value


# One client address may hold at most this share of a process's streams (a quarter), so
# that one address, however it sets its caps, leaves the other phones most of them.
CLIENT_SHARE = 4


def client_share(limit: int) -> int:
    """The most streams one address may hold in a process that holds ``limit``."""
    return max(1, limit // CLIENT_SHARE)


def env_stream_caps() -> tuple[int | None, int, int]:
    """The live boards' caps: the streams one process holds (LIVE_MAX_STREAMS; None when
    unset, worked out by live.hub.stream_limit), one client address (…_PER_CLIENT, 60) and
    one game (…_PER_GAME, 200). A cap of 0 per address or game, or a per-address cap above
    a quarter of an explicit process limit, is refused: one address could take every
    stream. The hub caps a default per-address cap at that share too."""
    limit: int | None = env_int("LIVE_MAX_STREAMS", -1)
    if limit is not None and limit < 0:
        limit = None
    per_client = env_int("LIVE_MAX_STREAMS_PER_CLIENT", 60)
    per_game = env_int("LIVE_MAX_STREAMS_PER_GAME", 200)
    for name, value in (
        ("LIVE_MAX_STREAMS_PER_CLIENT", per_client),
        ("LIVE_MAX_STREAMS_PER_GAME", per_game),
    ):
        if value < 1:
            raise ImproperlyConfigured(
                f"{name}={value} would let no board stream: give 1 or more, or set "
                "LIVE_MAX_STREAMS=0 to turn the streams off (every board then checks every "
                "few seconds)."
            )
    explicit = os.environ.get("LIVE_MAX_STREAMS_PER_CLIENT") is not None
    if limit and explicit and per_client > client_share(limit):
        raise ImproperlyConfigured(
            f"LIVE_MAX_STREAMS_PER_CLIENT={per_client} is more than a quarter of "
            f"LIVE_MAX_STREAMS={limit}: one address could hold every live board of a "
            f"process. Give LIVE_MAX_STREAMS_PER_CLIENT={client_share(limit)} or less, a "
            "larger LIVE_MAX_STREAMS, or leave either unset."
        )
    return limit, per_client, per_game


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    items = [item.strip() for item in raw.split(",") if item.strip()]
    if not items:
        raise ImproperlyConfigured(
            f"{name} is set but empty: give a comma-separated list, e.g. {name}=scores.example.org"
        )
    return items


def env_database(name: str, default: str) -> dict[str, Any]:
    import dj_database_url

    raw = os.environ.get(name) or default
    try:
        # Under ASGI (smear_scores.asgi) each request has a thread of its own, so a
        # connection kept for the next request would only wait for the garbage collector.
        keep = env_int("DATABASE_CONN_MAX_AGE", 60)
        config = dj_database_url.parse(raw, conn_max_age=keep, conn_health_checks=True)
    except ValueError as exc:
        raise ImproperlyConfigured(
            f"{name}={raw!r} is not a database URL ({exc}). Use sqlite:///path/to/db.sqlite3 "
            f"or postgres://user:password@host:5432/name."
        ) from exc
    engine = config.get("ENGINE", "")
    if engine not in ("django.db.backends.sqlite3", "django.db.backends.postgresql"):
        raise ImproperlyConfigured(
            f"{name}={raw!r} selects {engine or 'an unknown engine'}; Smear Scores runs on SQLite "
            f"(sqlite:///...) or PostgreSQL (postgres://...)."
        )
    if engine == "django.db.backends.postgresql" and env_bool("DATABASE_POOL", False):
        # A pool of connections per process (psycopg_pool), which each request borrows and
        # gives back as it ends: under ASGI every request has a thread of its own, so
        # without it every request would open (and PostgreSQL fork) a connection.
        config["CONN_MAX_AGE"] = 0
        config.setdefault("OPTIONS", {})["pool"] = {
            "min_size": env_int("DATABASE_POOL_MIN", 2),
            "max_size": env_int("DATABASE_POOL_MAX", 16),
            "timeout": 10,
        }
    if engine == "django.db.backends.sqlite3":
        # One writer at a time: wait for the lock instead of failing, and take the write
        # lock at BEGIN so a read-then-write transaction cannot deadlock.
        config["CONN_MAX_AGE"] = 0
        config.setdefault("OPTIONS", {}).update(
            {
                "timeout": 20,
                "transaction_mode": "IMMEDIATE",
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            }
        )
    return dict(config)


# The cache keeps each scoreboard's parts by the game's version (templatetags.parts). Each
# process keeps its own by default; several app processes on several machines share one
# Redis so that a hand is drawn once for all of them.
LOCAL_CACHE_ENTRIES = 2000


def env_cache(names: tuple[str, ...] = ("CACHE_URL", "REDIS_URL")) -> dict[str, Any]:
    """The default cache from the first of ``names`` that is set: ``locmem://`` (the
    default: this process's memory), ``redis://host:6379/0`` (or ``rediss://``,
    ``unix://``: Django's own RedisCache) or ``dummy://`` (no cache: every page drawn
    afresh)."""
    name, raw = next(((n, os.environ[n]) for n in names if os.environ.get(n)), (names[0], ""))
    scheme = raw.split("://", 1)[0].lower() if "://" in raw else raw.lower()
    if scheme in ("", "locmem"):
        return {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "smear-scores",
            "OPTIONS": {"MAX_ENTRIES": LOCAL_CACHE_ENTRIES},
        }
    if scheme == "dummy":
        return {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
    if scheme in ("redis", "rediss", "unix"):
        try:
            import redis  # noqa: F401 - Django's RedisCache needs the client library
        except ImportError:
            raise ImproperlyConfigured(
                f"{name} names a Redis server, but the Python client for Redis is not "
                "installed: pip install 'redis~=8.1' (or pip install -e '.[redis]'), or "
                f"unset {name} to keep the cache in each process's memory."
            ) from None
        return {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": raw}
    raise ImproperlyConfigured(
        f"{name}={raw!r} is not a cache this app knows: use redis://host:6379/0 (several "
        "app machines sharing one cache), locmem:// (each process its own, the default) or "
        "dummy:// (no cache)."
    )
