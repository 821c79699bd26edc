"""The environment of an app process a test starts (gunicorn, manage.py, a script that sets
Django up), as a server starts it: only the machine's basics from the test process, so
nothing leaks in from the tests (DJANGO_ALLOW_ASYNC_UNSAFE from the browser tests, the test
database's name), then production's settings."""

from __future__ import annotations

import os
from pathlib import Path

# A key of production's length that says what it is; never a real one.
SECRET_KEY = "a-secret-key-for-this-test-only-0123456789-abcdefghijklmnop"


def machine() -> dict[str, str]:
    """What every process needs from the machine: its PATH, HOME, LANG and TMPDIR."""
    return {k: os.environ[k] for k in ("PATH", "HOME", "LANG", "TMPDIR") if k in os.environ}


def served(tmp: Path, **more: str) -> dict[str, str]:
    """An app process as production runs it, in ``tmp``: DEBUG off over plain http, a
    secret key of its own, this machine as its host, a SQLite database and the collected
    static files in ``tmp``, no access log; ``more`` adds to it or overrides (BIND,
    WEB_CONCURRENCY, another DATABASE_URL...)."""
    return {
        **machine(),
        "DJANGO_SETTINGS_MODULE": "smear_scores.settings",
        "DATABASE_URL": f"sqlite:///{tmp / 'db.sqlite3'}",
        "DEBUG": "false",
        "HTTPS": "false",
        "SECRET_KEY": SECRET_KEY,
        "ALLOWED_HOSTS": "127.0.0.1",
        "STATIC_ROOT": str(tmp / "static"),
        "GUNICORN_ACCESSLOG": "",
        **more,
    }
