"""Two keys on the phones: the other team joins with its code from the scorer's table
card, agrees in one tap, says a hand is not right; the scorer's phone cannot agree."""

from __future__ import annotations

import html
import re
from datetime import date

import pytest
from django.test import Client

from smear_scores.models import Club, Dispute, Game
from smear_scores.permissions import team_code
from smear_scores.selectors.agreements import agree_version
from tests.league.conftest import make_league, make_user, play, roster

pytestmark = pytest.mark.django_db


@pytest.fixture
def game() -> Game:
    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    league = make_league(club, start_date=date(2020, 1, 1))
    players = roster(club, "Ann", "Bo", "Cy", "Di")
    # Wisconsin: Ann & Cy (seats 1, 3) against Bo & Di; Ann & Cy make 4 twice.
    return play(league, players, [(0, 4, (4, 0)), (0, 4, (3, 1))], agreed=False)


def text(response) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())))


def joined(game: Game) -> Client:
    phone = Client()
    response = phone.post(f"/g/{game.public_id}/agree/", {"code": team_code(game, 1)})
    assert response.status_code == 200
    assert "This phone agrees for Bo & Di." in text(response)
    return phone


def test_the_scorers_table_card_shows_each_other_teams_code(client, game):
    member = make_user("mia", club=game.league.club)
    client.force_login(member)
    page = client.get(f"/g/{game.public_id}/").content.decode()
    code = team_code(game, 1)
    assert "Other teams agree: their codes" in page
    assert f"{code[:4]}-{code[4:]}" in page
    assert f"/g/{game.public_id}/agree/#{code}" in page
    # Only the other team's: Ann & Cy's phone scores.
    assert team_code(game, 0) not in page


def test_the_other_team_sees_its_hands_in_the_tables_words_and_agrees_in_one_tap(game):
    phone = joined(game)
    board = text(phone.get(f"/g/{game.public_id}/agree/"))
    assert "Hand 1: Ann & Cy bid 4 and took 4: made, +4 · Bo & Di +0" in board
    assert "Hand 2: Ann & Cy bid 4 and took 3: set, -4 · Bo & Di +1" in board

    response = phone.post(
        f"/g/{game.public_id}/agree/hands/",
        {"number": "2", "version": agree_version(game, 2)},
    )
    assert "Bo & Di agreed to hands 1–2." in text(response)
    assert "Every hand so far is agreed." in text(response)
    game.refresh_from_db()
    assert game.agreed_through == [0, 2]


def test_a_stale_board_is_told_and_nothing_is_agreed(game):
    phone = joined(game)
    response = phone.post(f"/g/{game.public_id}/agree/hands/", {"number": "2", "version": "x"})
    assert response.status_code == 409
    assert "changed since this board showed them: nothing was agreed" in text(response)
    game.refresh_from_db()
    assert game.agreed_through in ([], [0, 0])


def test_not_right_marks_the_hand_on_every_board(client, game):
    phone = joined(game)
    response = phone.post(
        f"/g/{game.public_id}/agree/dispute/",
        {"number": "2", "version": agree_version(game, 2), "words": "we took low"},
    )
    assert "Hand 2 is marked “not right” on every board." in text(response)
    assert Dispute.objects.get().words == "we took low"
    watcher = text(client.get(f"/g/{game.public_id}/"))
    assert "not right Hand 2, says Bo & Di: “we took low”." in watcher


def test_a_wrong_code_and_the_scorers_phone_are_refused(client, game):
    response = Client().post(f"/g/{game.public_id}/agree/", {"code": "ABCD-EFGH"})
    assert response.status_code == 403
    assert "This is not a team's code for this game" in text(response)
    # Ann & Cy's own code is no key: their phone scores.
    response = Client().post(f"/g/{game.public_id}/agree/", {"code": team_code(game, 0)})
    assert response.status_code == 403

    member = make_user("mia", club=game.league.club)
    client.force_login(member)
    hand = {"number": "3", "bidder": "0", "bid": "2", "by_totals": "on"}
    hand |= {"points_0": "3", "points_1": "1"}
    assert client.post(f"/g/{game.public_id}/hands/", hand).status_code == 302
    response = client.post(f"/g/{game.public_id}/agree/", {"code": team_code(game, 1)})
    assert response.status_code == 403
    assert "This phone records this game's hands" in text(response)


def test_a_phone_that_has_not_joined_cannot_agree(game):
    response = Client().post(f"/g/{game.public_id}/agree/hands/", {"number": "1", "version": ""})
    assert response.status_code == 403
    assert "has not joined a team of this game" in text(response)


def signed_in_as_player(game: Game, name: str) -> Client:
    """A club member whose account is the roster player ``name``, signed in on a phone."""
    club = game.league.club
    member = make_user(name.lower() + "-member", club=club)
    club.players.filter(name=name).update(user=member)
    phone = Client()
    phone.force_login(member)
    return phone


def test_a_signed_in_member_agrees_for_the_team_they_play_in_with_no_code(game):
    phone = signed_in_as_player(game, "Di")  # Di plays with Bo: the team that agrees

    board = text(phone.get(f"/g/{game.public_id}/agree/"))
    assert "Hand 2: Ann & Cy bid 4 and took 3: set, -4 · Bo & Di +1" in board
    response = phone.post(
        f"/g/{game.public_id}/agree/hands/", {"number": "2", "version": agree_version(game, 2)}
    )

    assert "Bo & Di agreed to hands 1–2." in text(response)
    game.refresh_from_db()
    assert game.agreed_through == [0, 2]


def test_a_signed_in_member_of_the_scoring_team_agrees_for_nobody(game):
    phone = signed_in_as_player(game, "Cy")  # Cy plays with Ann, whose phone scores

    response = phone.post(
        f"/g/{game.public_id}/agree/hands/", {"number": "2", "version": agree_version(game, 2)}
    )

    assert response.status_code == 403
    assert "This phone has not joined a team of this game" in text(response)
    game.refresh_from_db()
    assert game.agreed_through in ([], [0, 0])


def test_the_admin_links_a_player_only_to_a_member_of_their_club(game):
    from smear_scores.admin.clubs import PlayerForm

    club = game.league.club
    # A member of another club (an admin of both clubs sees her in the list).
    outsider = make_user("olga", club=Club.objects.create(name="Friday Club", slug="friday"))
    bo = club.players.get(name="Bo")

    form = PlayerForm({"club": club.pk, "name": "Bo", "user": outsider.pk}, instance=bo)

    assert not form.is_valid()
    assert form.errors["user"] == [
        "olga is not a member of Tuesday Smear Club: add them under Members first, "
        "or leave this empty."
    ]


def test_a_teams_board_follows_the_game_by_itself_and_is_asked_again_with_its_version(game):
    phone = joined(game)
    page = phone.get(f"/g/{game.public_id}/agree/").content.decode()
    version = re.search(r'id="agree-board"[^>]* data-version="(\d+)"', page)
    assert version is not None
    assert f'data-stream="/g/{game.public_id}/agree/events/"' in page
    assert f'hx-get="/g/{game.public_id}/agree/?v={version[1]}" hx-trigger="every 5s"' in page
    # Nothing written since: an empty answer; a hand recorded since: the fresh board.
    asked = phone.get(f"/g/{game.public_id}/agree/?v={version[1]}", HTTP_HX_REQUEST="true")
    assert (asked.status_code, asked.content) == (204, b"")
    play_more(game)
    asked = phone.get(f"/g/{game.public_id}/agree/?v={version[1]}", HTTP_HX_REQUEST="true")
    assert asked.status_code == 200
    assert "Hand 3: Bo & Di bid 3 and took 3: made, +3 · Ann & Cy +1" in text(asked)
    # Under WSGI there is no stream: 204, and the board polls.
    assert phone.get(f"/g/{game.public_id}/agree/events/").status_code == 204


def test_the_code_form_is_not_live(client, game):
    page = client.get(f"/g/{game.public_id}/agree/").content.decode()
    assert "Agree for my team from this phone" in page
    assert "data-stream" not in page and "hx-trigger" not in page


def play_more(game: Game) -> None:
    from smear_scores import rules
    from smear_scores.services.recording import hand_record

    entry = rules.HandEntry(bidder=1, bid=3, awards={"high": 1, "low": 1, "jack": 0, "game": 1})
    hand_record(game=game, entry=entry, number=3)
