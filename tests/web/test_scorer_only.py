"""Every action that changes a game is refused the same way on a phone that only watches."""

import pytest
from django.urls import reverse

from smear_scores.models import Game, Hand

from .conftest import SCHMIER_ALL_A, awards_post, find_all, text

READ_ONLY = (
    "This phone can only watch this game: the scores are changed on the scorer's phone. "
    "Ask the scorer for the scoring link or code to score from here too."
)


@pytest.mark.parametrize(
    ("method", "name", "extra", "data"),
    [
        ("post", "hand_record", [], awards_post(3, 2, 3, SCHMIER_ALL_A)),
        ("post", "hand_undo", [], {"number": "2"}),
        ("get", "hand_edit", [1], {}),
        ("post", "hand_edit", [1], {**awards_post(1, 2, 3, SCHMIER_ALL_A), "confirm": "yes"}),
        ("post", "game_scoring_rotate", [], {}),
        ("post", "game_rematch", [], {}),
    ],
)
def test_scorer_only_action_from_a_watching_phone_is_refused_and_changes_nothing(
    client, make_game, method, name, extra, data
):
    game = make_game("schmier", hands=2)
    secret = game.scoring_secret
    response = getattr(client, method)(reverse(name, args=[game.public_id, *extra]), data)
    assert response.status_code == 403
    assert find_all(text(response), "p", "problem") == [READ_ONLY]
    game.refresh_from_db()
    assert (Game.objects.count(), Hand.objects.filter(game=game).count()) == (1, 2)
    assert (game.hands_played, game.scoring_secret) == (2, secret)
