"""The same API request, sent twice at once with one Idempotency-Key (a client retrying
before the first answer arrived), records the hand (or saves the house rules) once and both
get the first answer."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from smear_scores.models import Hand, HouseRules, IdempotencyKey
from smear_scores.services import new_games

from .conftest import WAIT, HeldWrite, in_thread, wait_until_a_writer_waits

pytestmark = pytest.mark.django_db(transaction=True)


def _post(game, body: dict, key: str):
    return Client().post(
        f"/api/games/{game.public_id}/hands",
        data=json.dumps(body),
        content_type="application/json",
        headers={"Authorization": f"Bearer {game.edit_token}", "Idempotency-Key": key},
    )


def test_api_same_key_twice_at_once_records_once_and_answers_alike(held_write):
    game = new_games.game_create(
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


@pytest.fixture
def held_key_store(monkeypatch) -> HeldWrite:
    """Once armed, the first keyed write to store its answer waits right after, inside its
    transaction and before its commit, until released."""
    held = HeldWrite()
    manager = IdempotencyKey.objects
    create = manager.create

    def create_then_hold(**kwargs):
        stored = create(**kwargs)
        held.hold_here()
        return stored

    monkeypatch.setattr(manager, "create", create_then_hold)
    yield held
    held.release()


def test_api_same_house_rules_key_twice_at_once_saves_one_set(held_key_store):
    body = {"name": "Tuesday Smear", "based_on": "ne-wisconsin", "target": 21}

    def save():
        return Client().post(
            "/api/house-rules",
            data=json.dumps(body),
            content_type="application/json",
            headers={"Idempotency-Key": "rules-retry-1"},
        )

    held_key_store.arm()
    first = in_thread(save)
    held_key_store.wait_inside()
    second = in_thread(save)
    wait_until_a_writer_waits()
    held_key_store.release()

    answers = [first.result(WAIT), second.result(WAIT)]

    assert [a.status_code for a in answers] == [201, 201]
    assert answers[0].json() == answers[1].json()
    assert HouseRules.objects.count() == 1
    assert IdempotencyKey.objects.filter(key="rules-retry-1").count() == 1


def _undo(game, number: int):
    return Client().delete(
        f"/api/games/{game.public_id}/hands/{number}",
        headers={"Authorization": f"Bearer {game.edit_token}"},
    )


def test_api_two_undos_of_one_hand_at_once_undo_it_once(held_write):
    game = new_games.game_create(
        variant="ne-wisconsin", players=["Ann", "Bo", "Cy", "Di"], first_dealer=0
    )
    for number in (1, 2):
        response = _post(
            game, {"number": number, "bidder": 1, "bid": 2, "points": [1, 3]}, f"h{number}"
        )
        assert response.status_code == 201
    held_write.arm()
    first = in_thread(lambda: _undo(game, 2))
    held_write.wait_inside()  # the first undo has taken hand 2 back, not yet committed
    second = in_thread(lambda: _undo(game, 2))
    wait_until_a_writer_waits()
    held_write.release()

    answers = [first.result(WAIT), second.result(WAIT)]

    assert [a.status_code for a in answers] == [200, 409]
    assert answers[1].json()["detail"][0]["message"] == (
        "There is no hand 2 to undo: the last hand is hand 1, and nothing was undone. "
        "Read the game again and name its last hand to undo it."
    )
    assert list(Hand.objects.filter(game=game).values_list("number", flat=True)) == [1]
