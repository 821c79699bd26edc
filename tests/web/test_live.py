"""Live boards: a board asks whether its game changed; nothing new is an empty 304."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from smear_scores import rules
from smear_scores.selectors.games import version_of
from smear_scores.services.editing import hand_edit, hand_undo
from smear_scores.services.handover import game_scoring_rotate
from smear_scores.services.recording import hand_record

from .conftest import find_all, scores, text

HAND = rules.HandEntry(bidder=0, bid=3, points=(3, 2, 1))


def _ask(client: Client, game, version: str, **headers):
    url = reverse("game_live", args=[game.public_id])
    return client.get(url, HTTP_IF_NONE_MATCH=f'"{version}"', **headers)


def test_live_check_with_nothing_new_is_an_empty_304_after_one_query(
    client, make_game, django_assert_num_queries
):
    game = make_game("schmier", hands=3)
    with django_assert_num_queries(1) as captured:
        response = _ask(client, game, version_of(game))
    assert response.status_code == 304
    assert response.content == b""
    assert response["ETag"] == f'"{version_of(game)}"'
    # By the game's unique public id, nothing else.
    assert 'WHERE "smear_scores_game"."public_id" =' in captured.captured_queries[0]["sql"]


def test_live_check_after_another_phone_records_a_hand_answers_the_fresh_board(client, make_game):
    game = make_game("schmier", hands=1)
    seen = version_of(game)
    game, _ = hand_record(game=game, entry=HAND, number=2)
    response = _ask(client, game, seen)
    page = text(response)
    assert response.status_code == 200
    assert response["ETag"] == f'"{version_of(game)}"'
    assert response["Cache-Control"] == "private, no-cache"
    assert page.strip().startswith(
        f'<section id="game-board" class="board" data-version="{version_of(game)}"'
    )
    assert "<html" not in page
    assert find_all(page, "p", "deal") == ["Hand 3 · Cy deals · Dee bids first"]
    assert scores(page) == game.scores
    # Once seen, the same board is not sent again.
    assert _ask(client, game, version_of(game)).status_code == 304


@pytest.mark.parametrize("change", ["undo", "edit", "rotate"])
def test_live_version_moves_on_with_every_write(make_game, change):
    game = make_game("schmier", hands=2)
    before = version_of(game)
    if change == "undo":
        game = hand_undo(game=game)
    elif change == "edit":
        game = hand_edit(game=game, number=1, entry=HAND)
    else:
        game = game_scoring_rotate(game=game)
    game.refresh_from_db()
    assert version_of(game) != before


def test_live_check_of_an_unknown_game_is_404(client, db):
    response = client.get(reverse("game_live", args=["nope"]), HTTP_IF_NONE_MATCH='"1"')
    assert response.status_code == 404
