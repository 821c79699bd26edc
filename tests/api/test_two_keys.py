"""Two keys over the API: each hand's and the game's agreement in GET, and the other
team agreeing or disputing with its own code (never the scorer's token)."""

from __future__ import annotations

from datetime import date

import pytest

from smear_scores.models import Club, Dispute
from smear_scores.permissions import team_code
from tests.league.conftest import make_league, play, roster

pytestmark = pytest.mark.django_db


@pytest.fixture
def game():
    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    league = make_league(club, start_date=date(2020, 1, 1))
    players = roster(club, "Ann", "Bo", "Cy", "Di")
    return play(league, players, [(0, 4, (4, 0))] * 4, agreed=False)


def test_get_shows_each_hands_agreement_and_the_games(api, game):
    body = api.game(game.public_id)
    agreement = body["agreement"]
    assert (agreement["agreed"], agreement["awaiting"], agreement["scorer_team"]) == (
        False,
        [1],
        0,
    )
    assert [(h["number"], h["agreed_by"], h["awaiting"]) for h in agreement["hands"]] == [
        (n, [], [1]) for n in range(1, 5)
    ]
    # A casual game shows none.
    casual = api.create("ne-wisconsin", players=["Ann", "Bo", "Cy", "Di"])
    assert "agreement" not in api.game(casual["id"])


def test_the_other_team_agrees_with_its_own_code(api, game):
    version = api.game(game.public_id)["agreement"]["hands"][3]["version"]
    response = api.post(
        f"/api/games/{game.public_id}/agreements",
        {"number": 4, "version": version},
        token=team_code(game, 1),
    )
    assert response.status_code == 200
    assert (response.json()["agreed"], response.json()["awaiting"]) == (True, [])
    assert api.game(game.public_id)["agreement"]["hands"][0]["agreed_by"] == [1]


def test_the_scorers_token_and_a_stale_version_are_refused(api, game):
    url = f"/api/games/{game.public_id}/agreements"
    response = api.post(url, {"number": 4, "version": "x"}, token=game.edit_token)
    assert response.status_code == 403
    assert "scoring token: the scorer never agrees" in response.json()["message"]
    response = api.post(url, {"number": 4, "version": "x"}, token=team_code(game, 0))
    assert response.status_code == 403
    response = api.post(url, {"number": 4, "version": "x"}, token=team_code(game, 1))
    assert response.status_code == 409
    assert "changed since this board showed them" in response.json()["message"]
    assert api.post(url, {"number": 4, "version": "x"}).status_code == 401


def test_a_dispute_over_the_api(api, game):
    response = api.post(
        f"/api/games/{game.public_id}/disputes",
        {"number": 2, "words": "the jack was ours"},
        token=team_code(game, 1),
    )
    assert response.status_code == 201
    body = response.json()
    assert body["disputed"] is True
    assert body["disputes"] == [{"team": 1, "words": "the jack was ours"}]
    assert [h["disputed"] for h in body["hands"]] == [False, True, False, False]
    assert Dispute.objects.get().number == 2
