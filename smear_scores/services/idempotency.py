"""Repeat-safe writes (Idempotency-Key), for both doorways: the scoring screen's offline
resends (scope ``web:<id>:hands``) and the API's keyed writes. The key arrives in a header,
which the doorway reads; keeping, replaying and pruning the answers is a write like any
other, so it lives here. The writes themselves are the game services every screen uses.

A kept answer is replayed for KEY_TTL (a day: long enough for any retry, short enough
that the table does not grow for ever). An expired answer is never replayed (checked when
it is read) and is replaced when its key comes again; the others are deleted now and then
(about one keyed write in PRUNE_EVERY, on the created_at index) or by `manage.py
idempotency_prune`, not on every write: every hand a phone sends carries a key.

Whoever repeats a key gets its answer, and the answer to a new game holds the
game's edit token: so on the routes that start a game (no token asked) the key is a
secret (at least MIN_NEW_GAME_KEY characters, a UUID) and is bound to its request's body,
so that a stranger trying keys learns nothing (no "already used" answer there)."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from smear_scores.models import IdempotencyKey
from smear_scores.request_refusals import Conflict
from smear_scores.rules import HandRefused

MAX_KEY = 200
MIN_NEW_GAME_KEY = 16
WEAK_NEW_GAME_KEY = (
    f"A key sent to start a game must be a secret of at least {MIN_NEW_GAME_KEY} "
    "characters: repeating it gives the game and its edit token back. Send a new random "
    "UUID with each new game."
)
KEY_TTL = timedelta(hours=24)
PRUNE_EVERY = 500


@dataclass(frozen=True)
class Answer:
    """What a keyed write answers: ``status`` and ``body`` are kept with its key and
    replayed; ``value`` is what the write returned, for this request alone (never kept,
    so an answer replayed, or stored by a request that won a race, has none)."""

    status: int
    body: Any
    replayed: bool = False
    value: Any = field(default=None, compare=False)


class KeyReused(Conflict):
    """The Idempotency-Key was first sent with a different request (409 on the screens;
    the API answers it as a malformed request, 422, in its own words)."""

    def __init__(self, key: str):
        self.key = key
        super().__init__(
            "This phone sent another hand under the same key before: nothing was recorded. "
            "Enter the hand again.",
            field="Idempotency-Key",
        )


def request_fingerprint(*, method: str, path: str, body: Any) -> str:
    """The same request sent twice gives the same fingerprint, whatever its JSON spacing."""
    canonical = json.dumps([method, path, body], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def new_game_scope(fingerprint: str) -> str:
    """The scope of a key sent to start a game: the request itself, so that the same key
    with another body is another request, not a refusal that says the key exists."""
    return f"new:{fingerprint}"


def idempotency_keys_prune() -> int:
    """Delete the answers too old to be replayed; how many were deleted."""
    expired = IdempotencyKey.objects.filter(created_at__lt=timezone.now() - KEY_TTL)
    return expired.delete()[0]


def _prune_due() -> bool:
    return random.randrange(PRUNE_EVERY) == 0


def stored_answer(scope: str, key: str, fingerprint: str) -> Answer | None:
    row = IdempotencyKey.objects.filter(scope=scope, key=key).first()
    if row is None:
        return None
    if row.created_at < timezone.now() - KEY_TTL:
        # Too old to replay: the key is free again (its row would block the new answer).
        row.delete()
        return None
    if row.response.get("request") != fingerprint:
        raise KeyReused(key)
    return Answer(row.status, row.response["body"], replayed=True)


def idempotent_write(
    *, scope: str, key: str | None, fingerprint: str, write: Callable[[], Answer]
) -> Answer:
    """Run ``write`` once per (scope, key): a repeat gets the first answer back and writes
    nothing. Only answers that changed something (2xx) are kept, in the write's own
    transaction; a refused request changes nothing, so it may be corrected and sent again
    with the same key. Without a key the write simply runs."""
    if key is None:
        return write()
    try:
        with transaction.atomic():
            earlier = stored_answer(scope, key, fingerprint)
            if earlier is not None:
                return earlier
            answer = write()
            if not 200 <= answer.status < 300:
                # Refused, e.g. "hand 1 is already recorded": a request with this key may
                # have stored its answer while this one waited for the game's lock (a
                # new snapshot per statement on PostgreSQL). Its answer stands.
                return stored_answer(scope, key, fingerprint) or answer
            if _prune_due():
                idempotency_keys_prune()
            IdempotencyKey.objects.create(
                scope=scope,
                key=key,
                status=answer.status,
                response={"request": fingerprint, "body": answer.body},
            )
            return answer
    except (IntegrityError, Conflict, HandRefused):
        # Two requests with the same key at once: the other one stored its answer first,
        # and this one, having waited for the game's lock, failed on the insert or found
        # its hand already taken; its write was rolled back. The first answer stands.
        earlier = stored_answer(scope, key, fingerprint)
        if earlier is None:
            raise
        return earlier
