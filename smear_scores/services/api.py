"""Writes made through the JSON API: repeat-safe requests (Idempotency-Key) and the
hand-number check, around the game services the screens use too."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction

from smear_scores.models import Game, IdempotencyKey
from smear_scores.rules import HandEntry, HandRefused, HandResult
from smear_scores.services import games
from smear_scores.services.games import Conflict

MAX_KEY = 200


@dataclass(frozen=True)
class Answer:
    status: int
    body: Any
    replayed: bool = False


class KeyReused(Exception):
    """The Idempotency-Key was first sent with a different request."""


def request_fingerprint(*, method: str, path: str, body: Any) -> str:
    """The same request sent twice gives the same fingerprint, whatever its JSON spacing."""
    canonical = json.dumps([method, path, body], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def _stored(scope: str, key: str, fingerprint: str) -> Answer | None:
    row = IdempotencyKey.objects.filter(scope=scope, key=key).first()
    if row is None:
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
            earlier = _stored(scope, key, fingerprint)
            if earlier is not None:
                return earlier
            answer = write()
            if 200 <= answer.status < 300:
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
        earlier = _stored(scope, key, fingerprint)
        if earlier is None:
            raise
        return earlier


@transaction.atomic
def hand_record_numbered(
    *, game: Game, entry: HandEntry, number: int | None, source: str = "api"
) -> tuple[Game, HandResult]:
    """Record the next hand; ``number``, when given, must be the next hand's number.

    Unlike a resubmitted form on the scoring screen, an API repeat of the last hand under
    its number is a conflict (409): repeats are made safe with an Idempotency-Key instead.

    One lock and one transaction (no savepoint): the number is checked on the locked game,
    then the hand is stored as the scoring screens store it."""
    locked = games._locked(game)
    state = locked.state()
    if number is not None and number != state.next_number:
        if 1 <= number <= state.hands_played:
            raise Conflict(
                f"Hand {number} is already recorded; the next hand is hand "
                f"{state.next_number}. Read the game again and send the hand with "
                f'"number": {state.next_number}, or edit hand {number} with PUT.'
            )
        raise Conflict(
            f"The next hand is hand {state.next_number}, not hand {number}: send it with "
            f'"number": {state.next_number}.'
        )
    return locked, games._record_next(locked, state, entry, source=source)
