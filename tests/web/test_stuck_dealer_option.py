"""A per-game option that sets a setting (Auction Pitch's "Stick the dealer") holds on the
scoreboard from the first hand, not only when the game is replayed: no "All passed"
button, and a thrown-in deal posted anyway is refused with the reason."""

from __future__ import annotations

import pytest
from django.urls import reverse

from smear_scores.services.new_games import game_create

from .conftest import HTMX, grant, text

pytestmark = pytest.mark.django_db

NAMES = ["Katherine", "Jonathan", "Jessica", "Brandon"]


def _game(stick: bool):
    return game_create(
        variant="auction-pitch", players=NAMES, first_dealer=0, options={"stick_dealer": stick}
    )


def test_stuck_dealer_option_takes_all_passed_off_the_board(client):
    game = _game(stick=True)
    page = grant(client, game).get(reverse("game", args=[game.public_id])).content.decode()
    assert "All passed" not in page
    plain = _game(stick=False)
    page = grant(client, plain).get(reverse("game", args=[plain.public_id])).content.decode()
    assert "All passed" in page


def test_stuck_dealer_option_refuses_a_thrown_in_deal_when_it_is_recorded(client):
    game = _game(stick=True)
    response = grant(client, game).post(
        reverse("hand_record", args=[game.public_id]), {"number": "1", "thrown_in": "1"}, **HTMX
    )
    assert response.status_code == 422
    assert "the dealer is stuck when everyone passes and must bid 2" in text(response)
    game.refresh_from_db()
    assert game.hands.count() == 0
