"""Two keys over the API: each hand's and the game's agreement in GET, and a team agreeing
or disputing as one of its own players (a signed-in member seated on it, with the page's
CSRF token); no token agrees for a team: not the scorer's, not a code off a board."""

from __future__ import annotations

import json
from datetime import date

import pytest
from django.test import Client

from smear_scores.models import Club, Dispute
from tests.first_version_codes import first_version_code
from tests.league.conftest import make_league, make_user, play, roster

# Club flows: `make security` runs them again as production does (DEBUG off, no LAN hosts).
pytestmark = [pytest.mark.django_db, pytest.mark.security]


@pytest.fixture
def game():
    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    league = make_league(club, start_date=date(2020, 1, 1))
    players = roster(club, "Ann", "Bo", "Cy", "Di")
    return play(league, players, [(0, 4, (4, 0))] * 4, agreed=False)


def member_of(game, name: str) -> Client:
    """A browser signed in as the member whose roster player is ``name``, CSRF enforced."""
    club = game.league.club
    member = make_user(name.lower() + "-member", club=club)
    club.players.filter(name=name).update(user=member)
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(member)
    browser.get(f"/g/{game.public_id}/agree/")  # the page sets the CSRF cookie
    return browser


def post(browser: Client, url: str, body: dict, *, csrf: bool = True, token: str = ""):
    headers = {}
    if csrf:
        headers["X-CSRFToken"] = browser.cookies["csrftoken"].value
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return browser.post(url, json.dumps(body), content_type="application/json", headers=headers)


def test_get_shows_each_hands_agreement_and_who_recorded_it(api, game):
    body = api.game(game.public_id)
    agreement = body["agreement"]
    assert (agreement["agreed"], agreement["awaiting"], agreement["scored_by"]) == (
        False,
        [1],
        [0, 0, 0, 0],
    )
    assert [(h["number"], h["agreed_by"], h["awaiting"]) for h in agreement["hands"]] == [
        (n, [], [1]) for n in range(1, 5)
    ]
    # A casual game shows none.
    casual = api.create("ne-wisconsin", players=["Ann", "Bo", "Cy", "Di"])
    assert "agreement" not in api.game(casual["id"])


def test_a_seated_member_of_the_other_team_agrees(api, game):
    version = api.game(game.public_id)["agreement"]["hands"][3]["version"]
    browser = member_of(game, "Bo")
    response = post(
        browser, f"/api/games/{game.public_id}/agreements", {"number": 4, "version": version}
    )
    assert response.status_code == 200
    assert (response.json()["agreed"], response.json()["awaiting"]) == (True, [])
    assert api.game(game.public_id)["agreement"]["hands"][0]["agreed_by"] == [1]


def test_no_token_agrees_for_a_team_and_the_401_names_the_teams_key(api, game):
    url = f"/api/games/{game.public_id}/agreements"
    body = {"number": 4, "version": "x"}
    response = api.post(url, body, token=game.edit_token)
    assert response.status_code == 403
    assert "scoring token: no token agrees for a team" in response.json()["message"]
    # The probe: a code read off the first version's scorer's board, as a Bearer token.
    for team in (0, 1):
        response = api.post(url, body, token=first_version_code(game, team))
        assert response.status_code == 403
    response = api.post(url, body)
    assert response.status_code == 401
    assert response.json()["message"] == (
        "This request agrees for nobody: a team agrees as one of its own players: send the "
        "request from a browser signed in as a club member whose roster player sits on that "
        "team (with its CSRF token), or from a phone checked in to the night as one of the "
        "team's players. No code or token agrees for a team."
    )
    assert game.hands.count() == 4 and not Dispute.objects.exists()


def test_a_stale_version_and_a_missing_csrf_token_are_refused(game):
    browser = member_of(game, "Di")
    url = f"/api/games/{game.public_id}/agreements"
    response = post(browser, url, {"number": 4, "version": "x"})
    assert response.status_code == 409
    assert "changed since this board showed them" in response.json()["message"]
    response = post(browser, url, {"number": 4, "version": "4.0"}, csrf=False)
    assert response.status_code == 403
    assert response.json()["detail"][0]["field"] == "X-CSRFToken"


def test_a_dispute_over_the_api_names_who_said_it(game):
    browser = member_of(game, "Di")
    response = post(
        browser,
        f"/api/games/{game.public_id}/disputes",
        {"number": 2, "words": "the jack was ours"},
    )
    assert response.status_code == 201
    body = response.json()
    assert body["disputed"] is True
    assert body["disputes"] == [{"team": 1, "words": "the jack was ours"}]
    assert [h["disputed"] for h in body["hands"]] == [False, True, False, False]
    assert Dispute.objects.get().number == 2
    assert game.revisions.get(action="dispute").new["by"] == "Di"


@pytest.mark.parametrize("bad", ["the \x00 jack", "\u202eruoy", "lone \u200d"])
def test_a_disputes_words_with_a_control_or_bidi_character_answer_422_naming_words(game, bad):
    browser = member_of(game, "Di")
    response = post(browser, f"/api/games/{game.public_id}/disputes", {"number": 2, "words": bad})
    assert response.status_code == 422
    assert response.json()["detail"][0]["field"] == "words"
    assert not Dispute.objects.exists()
