"""How often one address may get something wrong, per minute, counted in the default cache
(CACHES["default"]: this process's memory, or the Redis every process shares). Used where
a wrong guess is what an attacker repeats: a night's check-in code (six letters). Sign-ins
are counted by django-axes (smear_scores.signin); new games by the push engine's nginx."""

from __future__ import annotations

import time

from django.core.cache import cache
from django.http import HttpRequest

from smear_scores.live.stream import client_address

WINDOW = 60


def _key(request: HttpRequest, what: str) -> str:
    return f"pace:{what}:{client_address(request)}:{int(time.time() // WINDOW)}"


def spent(request: HttpRequest, what: str, limit: int) -> bool:
    """Has this address got ``what`` wrong ``limit`` times this minute?"""
    return int(cache.get(_key(request, what), 0)) >= limit


def missed(request: HttpRequest, what: str) -> None:
    """Count one wrong ``what`` for this address this minute."""
    key = _key(request, what)
    if not cache.add(key, 1, timeout=2 * WINDOW):
        try:
            cache.incr(key)
        except ValueError:  # expired between the two calls
            cache.add(key, 1, timeout=2 * WINDOW)


def seconds_left() -> int:
    return WINDOW - int(time.time()) % WINDOW
