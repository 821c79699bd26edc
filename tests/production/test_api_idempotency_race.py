"""The same API request, sent twice at once with one Idempotency-Key (a client retrying
before the first answer arrived), records the hand once and both get the first answer."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from smear_scores.models import Hand, IdempotencyKey
from smear_scores.services import games as services

from .conftest import WAIT, in_thread, wait_until_a_writer_waits

pytestmark = pytest.mark.django_db(transaction=True)


def _post(game, body: dict, key: str):
    return Client().post(
        f"/api/games/{game.public_id}/hands",
        data=json.dumps(body),
        content_type="application/json",
        headers={"Authorization": f"Bearer {game.edit_token}", "Idempotency-Key": key},
    )


def test_api_same_key_twice_at_once_records_once_and_answers_alike(held_write):
    game = services.game_create(
        variant="ne-wisconsin", players=["Ann", "Bo", "Cy", "Di"], first_dealer=0
    )
    body = {"number": 1, "bidder": 1, "bid": 2, "points": [1, 3]}
    held_write.arm()
    first = in_thread(lambda: _post(game, body, "retry-1"))
    held_write.wait_inside()
    second = in_thread(lambda: _post(game, body, "retry-1"))
    wait_until_a_writer_waits()
    held_write.release()

    answers = [first.result(WAIT), second.result(WAIT)]

    assert [a.status_code for a in answers] == [201, 201]
    assert answers[0].json() == answers[1].json()
    assert Hand.objects.filter(game=game).count() == 1
    assert IdempotencyKey.objects.filter(key="retry-1").count() == 1
