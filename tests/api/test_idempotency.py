"""Idempotency-Key: a repeat gets the first answer back and records nothing more."""

from datetime import timedelta

import pytest
from django.utils import timezone

from smear_scores.models import Game, Hand, HandRevision, HouseRules, IdempotencyKey
from smear_scores.services import idempotency
from smear_scores.services.new_games import game_create

from .helpers import SIX

HAND = {"bidder": 1, "bid": 3, "points": [2, 3, 1]}
NEW_GAME_KEY = "3f0c9e1a-7b2d-4c55-9e8a-0d6b1f2a4c77"
IMPORT_KEY = "b9d2a6f0-41c3-4e7a-8f15-6a0e2c9d3b18"
RULES_KEY = "5c1e8b7a-2f94-4d0b-a3c6-9e7d1b0f4a52"
TUESDAY = {"name": "Tuesday Smear", "based_on": "ne-wisconsin", "target": 21}
KEY_REUSED = [
    {
        "field": "Idempotency-Key",
        "message": "This Idempotency-Key was already used for a different request. Send a "
        "new key with each new request, and the same key only to repeat a request exactly.",
        "rule": "",
    }
]


def hands_url(game):
    return f"/api/games/{game['id']}/hands"


def test_repeated_hand_with_the_same_key_returns_the_first_answer_and_records_once(api):
    game = api.create()
    first = api.post(hands_url(game), HAND, token=game["edit_token"], key="k-1")

    again = api.post(hands_url(game), HAND, token=game["edit_token"], key="k-1")

    assert (again.status_code, again.json()) == (first.status_code, first.json())
    assert first.status_code == 201
    assert Hand.objects.count() == 1
    assert HandRevision.objects.count() == 1


def test_repeat_returns_the_first_answer_even_after_later_hands(api):
    game = api.create()
    first = api.post(hands_url(game), HAND, token=game["edit_token"], key="k-1")
    api.hand(game, {"thrown_in": True})

    again = api.post(hands_url(game), HAND, token=game["edit_token"], key="k-1")

    assert (again.status_code, again.json()) == (201, first.json())
    assert [h["number"] for h in api.game(game["id"])["hands"]] == [1, 2]


def test_json_spacing_and_key_order_do_not_make_a_different_request(api):
    game = api.create()
    api.post(
        hands_url(game),
        raw='{"bidder": 1, "bid": 3, "points": [2, 3, 1]}',
        token=game["edit_token"],
        key="k-1",
    )

    again = api.post(
        hands_url(game),
        raw='{"points":[2,3,1],"bid":3,"bidder":1}',
        token=game["edit_token"],
        key="k-1",
    )

    assert again.status_code == 201
    assert Hand.objects.count() == 1


def test_same_key_with_a_different_hand_is_refused_and_records_nothing(api):
    game = api.create()
    api.post(hands_url(game), HAND, token=game["edit_token"], key="k-1")
    before = api.game(game["id"])

    response = api.post(hands_url(game), {"thrown_in": True}, token=game["edit_token"], key="k-1")

    assert response.status_code == 422
    assert response.json()["detail"] == [
        {
            "field": "Idempotency-Key",
            "message": "This Idempotency-Key was already used for a different request. Send a "
            "new key with each new request, and the same key only to repeat a request "
            "exactly.",
            "rule": "",
        }
    ]
    assert api.game(game["id"]) == before


def test_same_key_on_another_game_is_a_separate_request(api):
    game = api.create()
    other = api.create()
    api.post(hands_url(game), HAND, token=game["edit_token"], key="k-1")

    response = api.post(hands_url(other), HAND, token=other["edit_token"], key="k-1")

    assert response.status_code == 201
    assert response.json()["id"] == other["id"]
    assert Hand.objects.filter(game__public_id=other["id"]).count() == 1


def test_refused_request_keeps_no_answer_so_the_corrected_one_may_reuse_the_key(api):
    game = api.create()
    refused = api.post(hands_url(game), {**HAND, "bid": 9}, token=game["edit_token"], key="k-1")

    response = api.post(hands_url(game), {**HAND, "bid": 9}, token=game["edit_token"], key="k-1")

    assert (refused.status_code, response.status_code) == (422, 422)
    assert IdempotencyKey.objects.count() == 0


def test_key_is_not_replayed_to_a_request_without_the_games_token(api):
    game = api.create()
    api.post(hands_url(game), HAND, token=game["edit_token"], key="k-1")

    response = api.post(hands_url(game), HAND, token="someone-else", key="k-1")

    assert response.status_code == 403


def test_repeated_create_with_the_same_key_makes_one_game(api):
    body = {"variant": "schmier", "players": SIX, "first_dealer": 2}
    first = api.post("/api/games", body, key=NEW_GAME_KEY)

    again = api.post("/api/games", body, key=NEW_GAME_KEY)

    assert (again.status_code, again.json()) == (201, first.json())
    assert Game.objects.count() == 1


def test_repeated_import_with_the_same_key_makes_one_game(api):
    record = {"variant": "schmier", "players": SIX, "first_dealer": 0, "hands": [HAND]}
    first = api.post("/api/games/import", record, key=IMPORT_KEY)

    again = api.post("/api/games/import", record, key=IMPORT_KEY)

    assert (again.status_code, again.json()) == (201, first.json())
    assert Game.objects.count() == 1


def test_new_game_key_with_another_body_is_another_request_not_a_refusal(api):
    # A stranger trying keys must not learn which exist: no "already used" answer here.
    first = api.post("/api/games", {"variant": "schmier", "players": SIX}, key=NEW_GAME_KEY)

    response = api.post(
        "/api/games/import",
        {"variant": "schmier", "players": SIX, "first_dealer": 0},
        key=NEW_GAME_KEY,
    )

    assert (first.status_code, response.status_code) == (201, 201)
    assert response.json()["id"] != first.json()["id"]
    assert response.json()["edit_token"] != first.json()["edit_token"]
    assert Game.objects.count() == 2


def test_repeated_house_rules_with_the_same_key_save_one_set(api):
    first = api.post("/api/house-rules", TUESDAY, key=RULES_KEY)

    again = api.post("/api/house-rules", TUESDAY, key=RULES_KEY)

    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json()
    assert list(HouseRules.objects.values_list("public_id", flat=True)) == [first.json()["id"]]


def test_same_key_with_other_house_rules_is_refused_and_saves_nothing(api):
    first = api.post("/api/house-rules", TUESDAY, key=RULES_KEY)

    response = api.post("/api/house-rules", {**TUESDAY, "target": 15}, key=RULES_KEY)

    assert (response.status_code, response.json()["detail"]) == (422, KEY_REUSED)
    assert list(HouseRules.objects.values_list("public_id", flat=True)) == [first.json()["id"]]


def test_house_rules_without_a_key_are_saved_each_time(api):
    first = api.post("/api/house-rules", TUESDAY)
    again = api.post("/api/house-rules", TUESDAY)

    assert (first.status_code, again.status_code) == (201, 201)
    assert first.json()["id"] != again.json()["id"]
    assert HouseRules.objects.count() == 2


def test_refused_house_rules_keep_no_answer_so_the_corrected_ones_may_reuse_the_key(api):
    refused = api.post("/api/house-rules", {**TUESDAY, "max_bid": 5}, key=RULES_KEY)

    corrected = api.post("/api/house-rules", TUESDAY, key=RULES_KEY)

    assert (refused.status_code, corrected.status_code) == (422, 201)
    assert HouseRules.objects.count() == 1


@pytest.mark.parametrize("url", ["/api/games", "/api/games/import"])
def test_short_key_to_start_a_game_is_refused(api, url):
    body = {"variant": "schmier", "players": SIX, "first_dealer": 0}

    response = api.post(url, body, key="k-1")

    assert response.status_code == 422
    assert response.json()["detail"] == [
        {
            "field": "Idempotency-Key",
            "message": "A key sent to start a game must be a secret of at least 16 characters: "
            "repeating it gives the game and its edit token back. Send a new random UUID with "
            "each new game.",
            "rule": "",
        }
    ]
    assert Game.objects.count() == 0


def test_answer_older_than_a_day_is_not_replayed_and_is_cleared(api):
    body = {"variant": "schmier", "players": SIX, "first_dealer": 2}
    first = api.post("/api/games", body, key=NEW_GAME_KEY)
    IdempotencyKey.objects.update(created_at=timezone.now() - timedelta(hours=24, seconds=1))

    again = api.post("/api/games", body, key=NEW_GAME_KEY)

    assert again.status_code == 201
    assert again.json()["id"] != first.json()["id"]
    assert Game.objects.count() == 2
    # The expired answer is gone; only the new one is kept.
    assert [row.response["body"]["id"] for row in IdempotencyKey.objects.all()] == [
        again.json()["id"]
    ]


def test_answer_a_little_under_a_day_old_is_still_replayed(api):
    body = {"variant": "schmier", "players": SIX, "first_dealer": 2}
    first = api.post("/api/games", body, key=NEW_GAME_KEY)
    IdempotencyKey.objects.update(created_at=timezone.now() - timedelta(hours=23, minutes=59))

    again = api.post("/api/games", body, key=NEW_GAME_KEY)

    assert (again.status_code, again.json()) == (201, first.json())
    assert Game.objects.count() == 1


def test_repeated_undo_with_the_same_key_removes_one_hand(api):
    game = api.create()
    api.hand(game, HAND)
    api.hand(game, {"thrown_in": True})
    first = api.delete(f"/api/games/{game['id']}/hands/2", token=game["edit_token"], key="u")

    again = api.delete(f"/api/games/{game['id']}/hands/2", token=game["edit_token"], key="u")

    assert (again.status_code, again.json()) == (200, first.json())
    assert [h["number"] for h in api.game(game["id"])["hands"]] == [1]


def test_key_longer_than_200_characters_is_refused(api):
    game = api.create()

    response = api.post(hands_url(game), HAND, token=game["edit_token"], key="k" * 201)

    assert response.status_code == 422
    assert response.json()["detail"] == [
        {
            "field": "Idempotency-Key",
            "message": "Idempotency-Key is too long: keep it to 200 characters.",
            "rule": "",
        }
    ]
    assert Hand.objects.count() == 0


def test_key_stored_by_a_concurrent_request_wins_and_this_write_is_rolled_back(db, monkeypatch):
    # Another request with the same key committed its answer after this one looked for it
    # and before this one stored its own: the insert fails, this write is undone, and the
    # other request's answer is returned.
    fingerprint = idempotency.request_fingerprint(method="POST", path="/api/games", body={})
    IdempotencyKey.objects.create(
        scope="games", key="k-1", status=201, response={"request": fingerprint, "body": "first"}
    )
    real_stored = idempotency.stored_answer
    looks = []

    def stored_missed_once(scope, key, fingerprint):
        looks.append(key)
        return None if len(looks) == 1 else real_stored(scope, key, fingerprint)

    monkeypatch.setattr(idempotency, "stored_answer", stored_missed_once)

    def write():
        game_create(variant="schmier", players=SIX, first_dealer=0)
        return idempotency.Answer(201, "second")

    answer = idempotency.idempotent_write(
        scope="games", key="k-1", fingerprint=fingerprint, write=write
    )

    assert answer == idempotency.Answer(201, "first", replayed=True)
    assert Game.objects.count() == 0


def test_keyed_write_leaves_other_expired_answers_until_a_prune_is_due(api, monkeypatch):
    game = api.create()
    old = timezone.now() - timedelta(hours=24, seconds=1)
    IdempotencyKey.objects.create(scope="games", key="old-1", status=201, response={})
    IdempotencyKey.objects.update(created_at=old)

    monkeypatch.setattr(idempotency, "_prune_due", lambda: False)
    api.post(hands_url(game), HAND, token=game["edit_token"], key="hand-1")
    assert sorted(IdempotencyKey.objects.values_list("key", flat=True)) == ["hand-1", "old-1"]

    monkeypatch.setattr(idempotency, "_prune_due", lambda: True)
    api.post(hands_url(game), {**HAND, "bidder": 2}, token=game["edit_token"], key="hand-2")
    assert sorted(IdempotencyKey.objects.values_list("key", flat=True)) == ["hand-1", "hand-2"]


def test_expired_answer_not_yet_pruned_is_not_replayed(api, monkeypatch):
    monkeypatch.setattr(idempotency, "_prune_due", lambda: False)
    game = api.create()
    first = api.post(hands_url(game), HAND, token=game["edit_token"], key="hand-1")
    IdempotencyKey.objects.update(created_at=timezone.now() - timedelta(hours=24, seconds=1))

    # The same key a day later is a new request: hand 2, not hand 1's answer again.
    again = api.post(hands_url(game), HAND, token=game["edit_token"], key="hand-1")

    assert again.status_code == 201
    assert again.json() != first.json()
    assert list(Hand.objects.order_by("number").values_list("number", flat=True)) == [1, 2]


def test_idempotency_prune_command_deletes_only_expired_answers(db):
    from io import StringIO

    from django.core.management import call_command

    for key in ("old", "new"):
        IdempotencyKey.objects.create(scope="games", key=key, status=201, response={})
    IdempotencyKey.objects.filter(key="old").update(
        created_at=timezone.now() - timedelta(hours=24, seconds=1)
    )
    out = StringIO()
    call_command("idempotency_prune", stdout=out)
    assert out.getvalue() == "Deleted 1 answer(s) older than 24 hours.\n"
    assert list(IdempotencyKey.objects.values_list("key", flat=True)) == ["new"]
