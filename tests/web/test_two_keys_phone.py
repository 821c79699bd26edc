"""Two keys on the phones: a team agrees as one of its own players (a signed-in member
seated on it), in one tap; no board, a team-mate's or the director's, shows anything that
agrees for a team, and a code read off the scorer's board agrees for nobody."""

from __future__ import annotations

import html
import re
from datetime import date

import pytest
from django.test import Client

from smear_scores.models import Club, Dispute, Game, HandRevision
from smear_scores.selectors.agreements import agree_version
from tests.first_version_codes import first_version_code
from tests.league.conftest import make_league, make_user, play, roster

# Club flows: `make security` runs them again as production does (DEBUG off, no LAN hosts).
pytestmark = [pytest.mark.django_db, pytest.mark.security]


@pytest.fixture
def game() -> Game:
    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    league = make_league(club, start_date=date(2020, 1, 1))
    players = roster(club, "Ann", "Bo", "Cy", "Di")
    # Wisconsin: Ann & Cy (seats 1, 3) against Bo & Di; Ann & Cy make 4 twice, recorded
    # by a player of Ann & Cy.
    return play(league, players, [(0, 4, (4, 0)), (0, 4, (3, 1))], agreed=False)


def text(response) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())))


def signed_in_as_player(game: Game, name: str) -> Client:
    """A club member whose account is the roster player ``name``, signed in on a phone."""
    club = game.league.club
    member = make_user(name.lower() + "-member", club=club)
    club.players.filter(name=name).update(user=member)
    phone = Client()
    phone.force_login(member)
    return phone


def agree(phone: Client, game: Game, number: int):
    return phone.post(
        f"/g/{game.public_id}/agree/hands/",
        {"number": str(number), "version": agree_version(game, number)},
    )


@pytest.mark.parametrize("who", ["member with no seat", "team-mate", "director"])
def test_no_scorers_board_shows_a_key_that_agrees_for_another_team(game, who):
    club = game.league.club
    if who == "team-mate":
        phone = signed_in_as_player(game, "Cy")
    else:
        phone = Client()
        phone.force_login(make_user("mia", club=club, admin=who == "director"))

    page = phone.get(f"/g/{game.public_id}/").content.decode()

    assert "Other teams agree: their codes" not in page
    assert "/agree/#" not in page
    for team in (0, 1):
        code = first_version_code(game, team)
        assert code not in page
        assert f"{code[:4]}-{code[4:]}" not in page
    assert "The other teams agree on their own phones" in text(phone.get(f"/g/{game.public_id}/"))


def test_a_second_browser_with_a_code_read_off_the_scorers_board_agrees_for_nobody(game):
    code = first_version_code(game, 1)
    second = Client()

    joined = second.post(f"/g/{game.public_id}/agree/", {"code": code})
    agreed = agree(second, game, 2)

    assert joined.status_code == 405
    assert agreed.status_code == 403
    assert "Only the team's own players agree for it" in text(agreed)
    game.refresh_from_db()
    assert game.agreed_through in ([], [0, 0])
    assert not HandRevision.objects.filter(action=HandRevision.Action.AGREE).exists()


def test_a_seated_member_of_the_other_team_agrees_in_one_tap_and_is_named(game):
    phone = signed_in_as_player(game, "Di")  # Di plays with Bo: the team that agrees

    board = text(phone.get(f"/g/{game.public_id}/agree/"))
    assert "Hand 1: Ann & Cy bid 4 and took 4: made, +4 · Bo & Di +0" in board
    assert "Hand 2: Ann & Cy bid 4 and took 3: set, -4 · Bo & Di +1" in board
    response = agree(phone, game, 2)

    assert "Bo & Di agreed to hands 1–2 (Di)." in text(response)
    assert "Every hand so far is agreed." in text(response)
    game.refresh_from_db()
    assert game.agreed_through == [0, 2]
    history = text(phone.get(f"/g/{game.public_id}/history/"))
    assert "Bo & Di agreed to hands 1–2 (Di, " in history


def test_a_stale_board_is_told_and_nothing_is_agreed(game):
    phone = signed_in_as_player(game, "Bo")
    response = phone.post(f"/g/{game.public_id}/agree/hands/", {"number": "2", "version": "x"})
    assert response.status_code == 409
    assert "changed since this board showed them: nothing was agreed" in text(response)
    game.refresh_from_db()
    assert game.agreed_through in ([], [0, 0])


def test_an_agreement_naming_its_hand_in_other_digits_is_refused(game):
    """int() reads "٢" (Arabic-Indic two) as hand 2; no board sends it: refused on the
    team's board in the form's words (422), and nothing agreed."""
    phone = signed_in_as_player(game, "Bo")
    response = phone.post(
        f"/g/{game.public_id}/agree/hands/", {"number": "٢", "version": agree_version(game, 2)}
    )
    assert response.status_code == 422
    assert (
        "The hand's number is a whole number written in digits 0 to 9, such as 3, not “٢”"
    ) in text(response)
    game.refresh_from_db()
    assert game.agreed_through in ([], [0, 0])


def test_not_right_marks_the_hand_on_every_board(client, game):
    phone = signed_in_as_player(game, "Bo")
    response = phone.post(
        f"/g/{game.public_id}/agree/dispute/",
        {"number": "2", "version": agree_version(game, 2), "words": "we took low"},
    )
    assert "Hand 2 is marked “not right” on every board." in text(response)
    assert Dispute.objects.get().words == "we took low"
    watcher = text(client.get(f"/g/{game.public_id}/"))
    assert "not right Hand 2, says Bo & Di: “we took low”." in watcher


def test_the_scoring_team_agrees_for_nobody_else(game):
    phone = signed_in_as_player(game, "Cy")  # Cy plays with Ann, who recorded the hands

    response = agree(phone, game, 2)

    assert response.status_code == 403
    assert "Ann & Cy recorded every hand so far" in text(response)
    game.refresh_from_db()
    assert game.agreed_through in ([], [0, 0])


def test_a_member_with_no_seat_agrees_for_nobody(game):
    phone = Client()
    phone.force_login(make_user("mia", club=game.league.club))

    response = agree(phone, game, 1)

    assert response.status_code == 403
    assert "Only the team's own players agree for it" in text(response)


def test_the_team_that_records_a_hand_is_the_team_of_the_member_who_records_it(game):
    bo = signed_in_as_player(game, "Bo")
    hand = {"number": "3", "bidder": "1", "bid": "2", "by_totals": "on"}
    hand |= {"points_0": "1", "points_1": "3"}

    assert bo.post(f"/g/{game.public_id}/hands/", hand).status_code == 302

    game.refresh_from_db()
    assert game.scored_by == [0, 0, 1]
    # Ann & Cy are asked for Bo's hand 3; Bo & Di for hands 1 and 2 only.
    cy = signed_in_as_player(game, "Cy")
    board = text(cy.get(f"/g/{game.public_id}/agree/"))
    assert "Hand 3: Bo & Di bid 2 and took 3: made, +3 · Ann & Cy +1" in board
    assert "Hand 2:" not in board
    assert "Bo & Di agreed to hands 1–2 (Bo)." in text(agree(bo, game, 2))
    game.refresh_from_db()
    assert (game.agreed_through, agree(cy, game, 3).status_code) == ([0, 2], 200)
    game.refresh_from_db()
    assert game.agreed_through == [3, 2]


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
    phone = signed_in_as_player(game, "Di")
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


def test_a_board_that_agrees_for_nobody_is_not_live(client, game):
    page = client.get(f"/g/{game.public_id}/agree/").content.decode()
    assert "data-stream" not in page and "hx-trigger" not in page


def play_more(game: Game) -> None:
    from smear_scores import rules
    from smear_scores.services.recording import hand_record

    entry = rules.HandEntry(bidder=1, bid=3, awards={"high": 1, "low": 1, "jack": 0, "game": 1})
    hand_record(game=game, entry=entry, number=3)


@pytest.mark.parametrize(
    "bad",
    ["the \x00 jack", "bell \x07", "esc \x1b[31m", "del \x7f", "\u202eruoy", "a \u2066b", "\u200d"],
)
def test_a_disputes_words_refuse_control_and_bidi_characters_naming_the_field(game, bad):
    phone = signed_in_as_player(game, "Bo")

    response = phone.post(
        f"/g/{game.public_id}/agree/dispute/",
        {"number": "2", "version": agree_version(game, 2), "words": bad},
    )

    assert response.status_code == 422
    assert "What you typed contains " in text(response)
    assert not Dispute.objects.exists()
