"""A game cannot grow without bound: past MAX_HANDS a hand is refused with the number and
why, and nothing a visitor (a phone that does not score the game) can send does work
that grows with the game's length."""

from __future__ import annotations

import pytest
from django.urls import reverse

from smear_scores.models import Game
from smear_scores.services import editing, recording

from ..api.helpers import ApiClient
from ..web.conftest import grant, text

FULL = (
    "This game has 4 hands, the most one game keeps: a game of Smear rarely passes 60 "
    "hands, and one longer is slow to correct. Start a new game (a rematch) to play on."
)


def test_the_cap_is_far_above_any_game_a_table_plays():
    assert recording.MAX_HANDS == 500


@pytest.fixture
def full_game(make_game, monkeypatch):
    monkeypatch.setattr(recording, "MAX_HANDS", 4)
    return make_game("ne-wisconsin", hands=4)


def test_a_hand_past_the_cap_is_refused_through_the_api(client, full_game):
    response = ApiClient(client).post(
        f"/api/games/{full_game.public_id}/hands",
        {"number": 5, "bidder": 1, "bid": 2, "points": [1, 3]},
        token=full_game.edit_token,
    )

    assert response.status_code == 409
    assert response.json()["detail"] == [{"field": "game", "message": FULL, "rule": ""}]
    assert Game.objects.get(pk=full_game.pk).hands_played == 4


def test_a_hand_past_the_cap_is_refused_on_the_scoreboard(client, full_game):
    grant(client, full_game)
    data = {"number": "5", "bidder": "1", "bid": "2", "by_totals": "on"}
    data |= {"points_0": "1", "points_1": "3"}

    response = client.post(reverse("hand_record", args=[full_game.public_id]), data)

    assert response.status_code == 409
    assert FULL.replace("'", "&#x27;") in text(response)
    assert Game.objects.get(pk=full_game.pk).hands_played == 4


def test_a_visitors_edit_preview_replays_nothing(client, make_game, monkeypatch):
    game = make_game("ne-wisconsin", hands=6)

    def replay(**_):
        raise AssertionError("a visitor's preview replayed the game")

    monkeypatch.setattr(editing, "hand_check", replay)
    response = client.post(
        reverse("hand_preview", args=[game.public_id]),
        {"number": "1", "bidder": "1", "bid": "2", "by_totals": "on", "points_0": "1",
         "points_1": "3"},
    )  # fmt: skip

    assert response.status_code == 403
    assert "Only a phone that scores this game can check a change to a played hand" in text(
        response
    )


def test_a_scorers_edit_preview_still_checks_the_change(client, make_game):
    game = make_game("ne-wisconsin", hands=6)
    grant(client, game)

    response = client.post(
        reverse("hand_preview", args=[game.public_id]),
        {"number": "1", "bidder": "1", "bid": "2", "by_totals": "on", "points_0": "1",
         "points_1": "3"},
    )  # fmt: skip

    assert response.status_code == 200
    assert "Only a phone" not in text(response)
