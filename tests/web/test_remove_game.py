"""A scorer can remove a casual game from the home list; nothing is deleted, the removal
is in the audit, its pages say it was removed, and its scorer can restore it."""

import re
from datetime import UTC, datetime

import pytest
from django.test import Client
from django.urls import reverse

from smear_scores.models import Game, GameRevision, Hand, HandRevision
from smear_scores.request_refusals import Conflict
from smear_scores.services.editing import hand_undo
from smear_scores.services.handover import game_scoring_rotate
from smear_scores.services.league_games import league_game_create
from smear_scores.services.removal import game_remove
from tests.league.conftest import PASSWORD, make_league, make_user, roster

from .conftest import HTMX, SCHMIER_ALL_A, awards_post, find_all, notices, text

REMOVED_AT = datetime(2026, 11, 30, 6, 52, tzinfo=UTC)


def _remove(client: Client, game: Game, **kwargs):
    return client.post(reverse("game_remove", args=[game.public_id]), **kwargs)


def _listed(client: Client) -> list[str]:
    return re.findall(r'href="/g/([^/]+)/"', text(client.get(reverse("home"))))


def test_home_row_offers_its_scorer_to_remove_the_game(client, make_game, scorer_for):
    game = make_game("schmier", hands=2)
    scorer_for(game)
    page = text(client.get(reverse("home")))
    assert re.findall(r'<a href="([^"]+)" class="remove-link"', page) == [
        reverse("game_remove", args=[game.public_id])
    ]


def test_home_row_has_no_remove_once_another_phone_took_scoring_back(client, make_game, scorer_for):
    game = make_game("schmier", hands=2)
    scorer_for(game)
    game_scoring_rotate(game=game)  # the old scoring code no longer scores
    page = text(client.get(reverse("home")))
    assert 'class="remove-link"' not in page


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_remove_asks_first_and_changes_nothing(client, make_game, scorer_for, headers):
    game = make_game("schmier", hands=2)
    response = scorer_for(game).get(reverse("game_remove", args=[game.public_id]), **headers)
    page = text(response)
    assert response.status_code == 200
    assert ("<html" in page) == (not headers)
    assert "<h1>Remove this game?</h1>" in page
    assert re.findall(r'<form method="post" action="([^"]+)"', page) == [
        reverse("game_remove", args=[game.public_id])
    ]
    assert find_all(page, "button", "record danger") == ["Yes, remove this game"]
    game.refresh_from_db()
    assert game.removed_at is None
    assert GameRevision.objects.count() == 0


def test_remove_takes_the_game_off_the_list_and_keeps_every_row(client, make_game, scorer_for):
    game = make_game("schmier", hands=3)
    other = make_game("ne-wisconsin")
    scorer_for(game)
    scorer_for(other)
    revisions = HandRevision.objects.filter(game=game).count()

    response = _remove(client, game)

    assert response.status_code == 302
    assert response["Location"] == reverse("game", args=[game.public_id])
    game.refresh_from_db()
    assert game.removed_at is not None
    assert list(GameRevision.objects.values_list("game", "action", "source")) == [
        (game.pk, "remove", "web")
    ]
    assert Hand.objects.filter(game=game).count() == 3
    assert HandRevision.objects.filter(game=game).count() == revisions
    assert _listed(client) == [other.public_id]

    # The page it lands on says so, and offers the restore a mis-tap needs.
    page = client.get(response["Location"])
    assert page.status_code == 410
    assert notices(text(page)) == ["The game was removed from this phone's list."]
    assert find_all(text(page), "button", "record") == ["Restore this game"]


def test_removed_page_says_when_and_offers_no_restore_to_a_watcher(client, make_game):
    game = make_game("schmier", hands=1)
    game_remove(game=game)
    Game.objects.filter(pk=game.pk).update(removed_at=REMOVED_AT)
    response = client.get(reverse("game", args=[game.public_id]))
    page = text(response)
    assert response.status_code == 410
    assert "This game was removed on Mon 30 Nov 2026 at 06:52 (UTC)." in page
    assert "Restore this game" not in page
    assert "Only its scorer can restore it, on the phone that scored it." in page


@pytest.mark.parametrize(
    ("name", "method"),
    [
        ("game", "get"),
        ("game_table", "get"),
        ("game_history", "get"),
        ("game_history_csv", "get"),
        ("game_handover", "get"),
        ("game_live", "get"),
        ("hand_undo", "get"),
        ("hand_undo", "post"),
        ("game_rematch", "post"),
        ("game_scoring_rotate", "post"),
        ("game_remove", "get"),
        ("hand_preview", "post"),
    ],
)
def test_every_page_of_a_removed_game_answers_410(client, make_game, scorer_for, name, method):
    game = make_game("schmier", hands=1)
    scorer = scorer_for(game)
    game_remove(game=game)
    response = getattr(scorer, method)(reverse(name, args=[game.public_id]))
    assert response.status_code == 410
    assert "This game was removed on " in text(response)


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_hand_for_a_removed_game_is_refused_and_not_recorded(
    client, make_game, scorer_for, headers
):
    game = make_game("schmier", hands=1)
    scorer = scorer_for(game)
    game_remove(game=game)
    response = scorer.post(
        reverse("hand_record", args=[game.public_id]),
        awards_post(2, 1, 3, SCHMIER_ALL_A),
        **headers,
    )
    assert response.status_code == 410
    assert ("<html" in text(response)) == (not headers)
    assert Hand.objects.filter(game=game).count() == 1


def test_services_refuse_writes_to_a_removed_game(make_game):
    game = make_game("schmier", hands=1)
    game_remove(game=game)
    with pytest.raises(Conflict) as refused:
        hand_undo(game=game)
    assert refused.value.message.startswith("This game was removed on ")
    assert refused.value.message.endswith("Restore it on its page to change it.")
    assert Hand.objects.filter(game=game).count() == 1


def test_restore_brings_the_game_back_as_it_was(client, make_game, scorer_for):
    game = make_game("schmier", hands=3)
    scorer_for(game)
    assert client.get(_remove(client, game)["Location"]).status_code == 410

    response = client.post(reverse("game_restore", args=[game.public_id]))

    assert response.status_code == 302
    assert response["Location"] == reverse("game", args=[game.public_id])
    page = client.get(response["Location"])
    assert page.status_code == 200
    assert notices(text(page)) == ["The game is back, as it was."]
    assert 'id="hand-form"' in text(page)
    assert _listed(client) == [game.public_id]
    assert list(GameRevision.objects.values_list("action", flat=True)) == ["remove", "restore"]


def test_restore_by_a_watcher_is_refused(client, make_game):
    game = make_game("schmier", hands=1)
    game_remove(game=game)
    response = client.post(reverse("game_restore", args=[game.public_id]))
    assert response.status_code == 410
    game.refresh_from_db()
    assert game.removed_at is not None
    assert GameRevision.objects.filter(action="restore").count() == 0


def test_remove_by_a_watcher_is_refused(client, make_game):
    game = make_game("schmier", hands=1)
    response = _remove(client, game)
    assert response.status_code == 403
    game.refresh_from_db()
    assert game.removed_at is None


def test_remove_without_the_csrf_token_is_refused(make_game):
    game = make_game("schmier", hands=1)
    phone = Client(enforce_csrf_checks=True)
    phone.post(reverse("game_handover", args=[game.public_id]), {"code": game.scoring_secret})
    response = _remove(phone, game)
    assert response.status_code == 403
    game.refresh_from_db()
    assert game.removed_at is None


def test_remove_twice_records_one_removal(client, make_game, scorer_for):
    game = make_game("schmier", hands=1)
    scorer_for(game)
    _remove(client, game)
    game_remove(game=Game.objects.get(pk=game.pk))
    assert GameRevision.objects.count() == 1


# -- the club's record cannot be removed this way ----------------------------------------------
@pytest.fixture
def club_game(db):
    from smear_scores.models import Club

    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    league = make_league(club, start_date=datetime(2020, 1, 1).date())
    game = league_game_create(
        league=league, players=roster(club, "Ann", "Bob", "Cat", "Dan"), first_dealer=0
    )
    make_user("mia", club=club)
    return game


def test_league_game_cannot_be_removed_by_a_member(client, club_game):
    assert client.login(username="mia", password=PASSWORD)
    response = _remove(client, club_game)
    assert response.status_code == 403
    assert find_all(text(response), "p", "problem") == [
        "League and club night games are the club's record and cannot be removed here. "
        "Ask a club admin."
    ]
    club_game.refresh_from_db()
    assert club_game.removed_at is None
    with pytest.raises(Conflict) as refused:
        game_remove(game=club_game)
    assert refused.value.message == (
        "This is a league game: league and club night games are the club's record and "
        "cannot be removed here. Ask a club admin."
    )


def test_club_night_round_cannot_be_removed(db):
    from smear_scores.models import Club, Player
    from smear_scores.services import night_phones, nights

    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    night = nights.night_open(
        club=club,
        name="Tuesday progressive",
        day=datetime(2026, 11, 29).date(),
        variant="ne-wisconsin",
        rounds=2,
    )
    for name in ["Ann", "Bo", "Cy", "Di"]:
        night_phones.night_check_in(night=night, player=Player.objects.create(club=club, name=name))
    game = nights.round_draw(night=night, seed=1).tables.get().game
    assert game.league_id is None
    with pytest.raises(Conflict) as refused:
        game_remove(game=game)
    assert refused.value.message.startswith("This is a round of a club night: ")
    game.refresh_from_db()
    assert game.removed_at is None


def test_preview_of_a_hand_in_a_removed_game_is_one_line(client, make_game, scorer_for):
    """Removed on another phone while a hand is half tapped in: the preview line (inside
    the entry bar) says so in one line, not with the removed page's section."""
    game = make_game("schmier", hands=1)
    scorer = scorer_for(game)
    game_remove(game=game)
    Game.objects.filter(pk=game.pk).update(removed_at=REMOVED_AT)
    response = scorer.post(
        reverse("hand_preview", args=[game.public_id]),
        {"number": "2", "bidder": "0", "bid": "3"},
        **HTMX,
    )
    assert response.status_code == 410
    assert text(response).strip() == (
        '<span class="pending gone">This game was removed on Mon 30 Nov 2026 at 06:52 (UTC); '
        "reload the page to restore it.</span>"
    )
    assert Hand.objects.filter(game=game).count() == 1
