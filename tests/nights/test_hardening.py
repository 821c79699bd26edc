"""A night's director's screens refuse what a probe sent: a drawn round closes the last
one to its tables (the director corrects it), player ids are read after the admin check
and only the club's, corrections stay within range and plain text, a walk-in that looks
like a roster name is the roster's, and the screen holding every table's code is kept by
no cache."""

from __future__ import annotations

import html

import pytest

from smear_scores.models import Club, Correction, Entrant, Game, HandRevision, Player
from smear_scores.request_refusals import Conflict
from smear_scores.rules import HandEntry
from smear_scores.services import nights
from smear_scores.services.editing import hand_edit, hand_undo
from smear_scores.services.recording import hand_record

from ..web.conftest import grant
from .conftest import PASSWORD
from .test_nights import games_of, open_night, play_out

C_MAKES = HandEntry(bidder=2, bid=3, points=(1, 1, 4))
CLOSED = (
    "Round 1 of Tuesday progressive is over: the next round is drawn, so this table's hands "
    "stand as they are. If its score is wrong, ask the director to correct the round."
)


def page(response) -> str:
    return " ".join(html.unescape(response.content.decode()).split())


def login(client, user):
    assert client.login(username=user.username, password=PASSWORD)


def finish(round_, *, agreed: bool = True):
    return [play_out(game, [C_MAKES, C_MAKES], agreed=agreed) for game in games_of(round_)]


@pytest.fixture
def two_rounds(club, players):
    """Round 1 played out at both tables, round 2 drawn."""
    night = open_night(club, players)
    first = nights.round_draw(night=night, seed=1)
    finished = finish(first)
    assert [g.finished for g in finished] == [True, True]
    nights.round_draw(night=night, seed=2)
    return night, first


def board(game):
    game = Game.objects.get(pk=game.pk)
    return game.hands_played, list(game.scores), game.finished


@pytest.mark.parametrize("write", ["undo", "record", "edit"])
def test_a_round_takes_no_hand_once_the_next_is_drawn(two_rounds, write):
    night, first = two_rounds
    game = games_of(first)[0]
    before, revisions = board(game), HandRevision.objects.count()

    with pytest.raises(Conflict) as closed:
        if write == "undo":
            hand_undo(game=game)
        elif write == "record":
            hand_record(game=game, entry=HandEntry(bidder=0, bid=3, points=(4, 1, 1)))
        else:
            hand_edit(game=game, number=1, entry=HandEntry(bidder=0, bid=3, points=(4, 1, 1)))

    assert closed.value.message == CLOSED
    assert (board(game), HandRevision.objects.count()) == (before, revisions)


def test_the_round_still_being_played_takes_hands(club, players):
    night = open_night(club, players)
    first = nights.round_draw(night=night, seed=1)
    game = finish(first, agreed=False)[0]

    game = hand_undo(game=game)  # the last round, not closed: a mistake is put right

    assert (game.hands_played, game.finished) == (1, False)


def test_a_table_phone_undoing_a_closed_round_is_told_why(client, two_rounds):
    night, first = two_rounds
    game = games_of(first)[0]
    grant(client, game)
    before = board(game)

    response = client.post(f"/g/{game.public_id}/undo/", {"number": "2"})

    assert response.status_code == 409
    assert CLOSED in page(response)
    assert board(game) == before


def test_the_director_corrects_a_closed_round(client, two_rounds, director):
    night, first = two_rounds
    table = first.tables.get(number=1)
    login(client, director)

    response = client.post(
        f"/tournaments/{night.pk}/tables/{table.pk}/correct/",
        {"team": "0", "points": "3", "reason": "scoresheet says 7"},
    )

    assert response.status_code == 302
    assert list(Correction.objects.values_list("table_id", "team", "points", "reason")) == [
        (table.pk, 0, 3, "scoresheet says 7")
    ]


def test_a_past_round_left_open_does_not_block_the_next_draw(two_rounds):
    night, first = two_rounds
    # As a round reopened before rounds were closed may have been left: unfinished.
    Game.objects.filter(pk=games_of(first)[0].pk).update(finished=False)
    second = night.round_set.get(number=2)
    finish(second)

    third = nights.round_draw(night=night, seed=3)

    assert third.number == 3


# -- the director's forms ----------------------------------------------------------------------


@pytest.fixture
def night(club, players):
    return open_night(club, players, n=0)


@pytest.mark.parametrize("value", ["²", "9" * 5000, "١", "-1", "", "1e3", "\x00"])
@pytest.mark.parametrize("action", ["check-in", "check-out"])
def test_strange_player_ids_from_a_stranger_go_to_the_sign_in(client, night, action, value):
    response = client.post(f"/tournaments/{night.pk}/{action}/", {"player": value})

    assert (response.status_code, response["Location"].split("?")[0]) == (302, "/clubs/login/")
    assert Entrant.objects.count() == 0


@pytest.mark.parametrize("value", ["²", "9" * 5000, "١", "-1", "1e3", "\x00", "99999999"])
@pytest.mark.parametrize("action", ["check-in", "check-out"])
def test_strange_player_ids_are_refused_with_a_reason(client, night, director, action, value):
    login(client, director)

    response = client.post(f"/tournaments/{night.pk}/{action}/", {"player": value})

    assert response.status_code == 422
    assert (
        "1 of the players sent is not on Tuesday Smear Club's roster: reload the director's "
        "screen and tick the players again."
    ) in page(response)
    assert Entrant.objects.count() == 0


def test_check_in_of_another_clubs_players_is_refused_and_checks_in_no_one(
    client, night, players, director
):
    other_club = Club.objects.create(name="Friday Club", slug="friday")
    strangers = [Player.objects.create(club=other_club, name=n) for n in ("Zed", "Yo")]
    login(client, director)

    response = client.post(
        f"/tournaments/{night.pk}/check-in/",
        {"player": [players[0].pk, *(p.pk for p in strangers)]},
    )

    assert response.status_code == 422
    assert (
        "2 of the players sent are not on Tuesday Smear Club's roster: reload the director's "
        "screen and tick the players again."
    ) in page(response)
    assert Entrant.objects.count() == 0


@pytest.mark.parametrize(
    "points, message",
    [
        ("40000", "A correction is -1000 to 1000 points, not 40000"),
        ("-40000", "A correction is -1000 to 1000 points, not -40000"),
        ("1001", "A correction is -1000 to 1000 points, not 1001"),
    ],
)
def test_a_correction_out_of_range_is_refused(client, two_rounds, director, points, message):
    night, first = two_rounds
    table = first.tables.get(number=1)
    login(client, director)

    response = client.post(
        f"/tournaments/{night.pk}/tables/{table.pk}/correct/",
        {"team": "0", "points": points, "reason": "scoresheet"},
    )

    assert response.status_code == 422
    assert f"{message}: give the points the partnership" in page(response)
    assert Correction.objects.count() == 0


@pytest.mark.parametrize(
    "reason", ["scoresheet\x00says 7", "\x00", "a\x1bb", "a\ud800b", "\x1f0", "a\x1cb"]
)
def test_a_correction_whose_reason_holds_a_control_character_is_refused(
    client, two_rounds, director, reason
):
    night, first = two_rounds
    table = first.tables.get(number=1)
    login(client, director)

    with pytest.raises(nights.NightRefused) as refused:
        nights.round_correct(table=table, team=0, points=2, reason=reason, by=director)

    bad = next(c for c in reason if c in "\x00\x1b\x1c\x1f\ud800")
    assert refused.value.message == (
        f"The reason holds a character that cannot be kept in a note (U+{ord(bad):04X}): "
        "type it again in plain words."
    )
    if "\ud800" not in reason:  # a form cannot send a lone surrogate as it is
        response = client.post(
            f"/tournaments/{night.pk}/tables/{table.pk}/correct/",
            {"team": "0", "points": "2", "reason": reason},
        )
        assert response.status_code == 422
    assert Correction.objects.count() == 0


@pytest.mark.parametrize("walk_in", ["İVY", "IVY", "ivy", "Ivy", "\u0399vy", "I\u200dvy"])
def test_a_walk_in_that_looks_like_a_roster_name_is_refused(client, night, director, walk_in):
    login(client, director)  # Ivy is on the roster

    response = client.post(f"/tournaments/{night.pk}/check-in/", {"walk_in": walk_in})

    assert response.status_code == 422
    assert (
        "Tuesday Smear Club already has a player called Ivy: pick that player, or tell the "
        "two apart (e.g. add an initial)."
    ) in page(response)
    assert (Player.objects.filter(club=night.club).count(), Entrant.objects.count()) == (13, 0)


def test_a_refused_walk_in_checks_in_none_of_the_ticked_players(client, night, players, director):
    login(client, director)

    response = client.post(
        f"/tournaments/{night.pk}/check-in/",
        {"player": [players[0].pk, players[1].pk], "walk_in": "\u3164"},
    )

    assert response.status_code == 422
    assert Entrant.objects.count() == 0


def test_the_directors_screen_is_kept_by_no_cache(client, two_rounds, director):
    night, _ = two_rounds
    login(client, director)

    response = client.get(f"/tournaments/{night.pk}/")

    assert response["Cache-Control"] == "private, no-store"
    refused = client.post(f"/tournaments/{night.pk}/check-in/", {"player": "x"})
    assert refused["Cache-Control"] == "private, no-store"


def test_a_correction_in_other_digits_is_refused_and_nothing_written(client, two_rounds, director):
    """int() reads "٣" (Arabic-Indic three) as 3; no page sends it: the form refuses it and
    says what to send, on the director's screen (422), and no correction is kept."""
    night, first = two_rounds
    table = first.tables.get(number=1)
    login(client, director)

    response = client.post(
        f"/tournaments/{night.pk}/tables/{table.pk}/correct/",
        {"team": "٠", "points": "٣", "reason": "scoresheet says 7"},
    )

    assert response.status_code == 422
    shown = page(response)
    assert (
        "The partnership is a whole number written in digits 0 to 9, such as 0, not “٠”"
    ) in shown
    assert "The points to add is a whole number written in digits 0 to 9" in shown
    assert not Correction.objects.exists()
