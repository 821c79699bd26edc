"""Two keys at a club night: a phone checked in to a seat agrees for that seat's team from
its guide card ("Agree", no code to type); the scoring phone's team is the team of its
seat; the history names the phone ("Bo's phone")."""

from __future__ import annotations

import pytest
from django.test import Client

from smear_scores.models import Game, HandRevision
from smear_scores.services import nights

from .test_pages import login
from .test_phones import open_night, phone_of, text

# Club flows: `make security` runs them again as production does (DEBUG off, no LAN hosts).
pytestmark = [pytest.mark.django_db, pytest.mark.security]

# Schmier, seats 1 & 4, 2 & 5, 3 & 6 partners: the first partnership bids 3 and takes 4.
HAND = {"number": "1", "bidder": "0", "bid": "3", "by_totals": "on"}
HAND |= {"points_0": "4", "points_1": "1", "points_2": "1"}


@pytest.fixture
def table(club, players):
    """Round 1 of a night of its own, every player checked in on a phone of their own; the
    phone of seat 1 of table 1 scores it and records a hand."""
    night = open_night(club, players, n=0, round_hands=4)
    phones = {p.pk: phone_of(night, p) for p in players[:12]}
    round_ = nights.round_draw(night=night, seed=7)
    game = round_.tables.get(number=1).game
    seats = list(game.seats.order_by("position").select_related("player"))
    scorer = phones[seats[0].player_id]
    response = scorer.post(f"/tournaments/{night.pk}/me/score/")
    assert response.status_code == 302
    assert scorer.post(f"/g/{game.public_id}/hands/", HAND).status_code == 302
    return night, game, seats, phones


def test_the_scoring_phones_team_is_its_seats_and_the_others_agree_from_their_card(table):
    night, game, seats, phones = table
    game.refresh_from_db()
    assert game.scored_by == [0]
    second = seats[1]  # seat 2: the second partnership
    card = phones[second.player_id]

    page = text(card.get(f"/tournaments/{night.pk}/me/"))
    assert f"{second.player.name}'s phone: agree? Hand 1:" in page
    response = card.post(
        f"/g/{game.public_id}/agree/hands/",
        {"number": "1", "version": "1.0", "back": "guide"},
    )

    assert response.status_code == 302
    assert response["Location"] == f"/tournaments/{night.pk}/me/"
    game.refresh_from_db()
    assert game.agreed_through == [0, 1, 0]
    row = HandRevision.objects.get(game=game, action=HandRevision.Action.AGREE)
    assert row.new["by"] == f"{second.player.name}'s phone"
    assert "agree?" not in text(card.get(f"/tournaments/{night.pk}/me/"))
    history = text(Client().get(f"/g/{game.public_id}/history/"))
    assert f"agreed to hands 1–1 ({second.player.name}'s phone, " in history


def test_the_scorers_partners_card_has_no_strip_and_cannot_agree_for_another_team(table):
    night, game, seats, phones = table
    partner = phones[seats[3].player_id]  # seat 4: the scorer's partner

    assert "agree?" not in text(partner.get(f"/tournaments/{night.pk}/me/"))
    response = partner.post(f"/g/{game.public_id}/agree/hands/", {"number": "1", "version": "1.0"})

    assert response.status_code == 403
    game.refresh_from_db()
    assert game.agreed_through in ([], [0, 0, 0])


def test_a_phone_of_another_table_and_a_phone_with_no_check_in_agree_for_nobody(table):
    night, game, seats, phones = table
    at_table = {s.player_id for s in seats}
    elsewhere = next(phone for pk, phone in phones.items() if pk not in at_table)
    for phone in (elsewhere, Client()):
        response = phone.post(
            f"/g/{game.public_id}/agree/hands/", {"number": "1", "version": "1.0"}
        )
        assert response.status_code == 403
    assert Game.objects.get(pk=game.pk).agreed_through in ([], [0, 0, 0])


# -- a name checked in on another phone -----------------------------------------------------
def test_a_takeover_needs_the_director_and_tells_the_first_phone_at_once(client, table, director):
    night, game, seats, phones = table
    ann = seats[0].player  # seat 1: keeps the score, and scored hand 1 on her phone
    first = phones[ann.pk]
    version = text(first.get(f"/tournaments/{night.pk}/me/"))
    assert "Score table 1" in version
    stranger = Client()

    asked = stranger.post(f"/join/{night.join_code}/", {"player": ann.pk, "confirm": "yes"})

    assert asked.status_code == 302
    card = text(first.get(f"/tournaments/{night.pk}/me/"))
    assert f"Another phone asks to check in as {ann.name}." in card
    assert "Score table" not in card
    assert first.post(f"/tournaments/{night.pk}/me/score/").status_code == 404
    theirs = text(stranger.get(f"/tournaments/{night.pk}/me/"))
    assert f"{ann.name} is checked in on another phone. The director moves the name" in theirs
    assert "Score table" not in theirs
    assert stranger.post(f"/tournaments/{night.pk}/me/score/").status_code == 404

    login(client, director)
    dashboard = text(client.get(f"/tournaments/{night.pk}/"))
    assert f"Another phone asks to check in as {ann.name}." in dashboard
    response = client.post(
        f"/tournaments/{night.pk}/check-in/move/", {"player": ann.pk, "answer": "move"}
    )
    assert response.status_code == 302

    assert "Score table 1" in text(stranger.get(f"/tournaments/{night.pk}/me/"))
    card = text(first.get(f"/tournaments/{night.pk}/me/"))
    assert f"{ann.name} is checked in on another phone now" in card
    assert "Score table" not in card
    # The first phone's scoring grant no longer scores the table.
    hand = HAND | {"number": "2"}
    assert first.post(f"/g/{game.public_id}/hands/", hand).status_code == 403
    assert Game.objects.get(pk=game.pk).hands_played == 1


def test_the_director_refuses_a_takeover_and_the_first_phone_can_release_one(
    client, table, director
):
    night, game, seats, phones = table
    bo = seats[1].player
    first = phones[bo.pk]
    new = Client()
    new.post(f"/join/{night.join_code}/", {"player": bo.pk, "confirm": "yes"})
    login(client, director)
    client.post(f"/tournaments/{night.pk}/check-in/move/", {"player": bo.pk, "answer": "refuse"})
    assert "agree?" in text(first.get(f"/tournaments/{night.pk}/me/"))

    new.post(f"/join/{night.join_code}/", {"player": bo.pk, "confirm": "yes"})
    assert "agree?" not in text(first.get(f"/tournaments/{night.pk}/me/"))
    assert new.post(f"/tournaments/{night.pk}/me/release/").status_code == 409
    assert first.post(f"/tournaments/{night.pk}/me/release/").status_code == 302
    assert "agree?" in text(new.get(f"/tournaments/{night.pk}/me/"))


# -- check-in codes guessed ------------------------------------------------------------------
def test_an_address_guessing_check_in_codes_is_refused_after_ten_misses(club, players, settings):
    from django.core.cache import cache

    cache.clear()
    night = open_night(club, players, n=0)
    guesser = Client(REMOTE_ADDR="203.0.113.9")
    for n in range(10):
        assert guesser.get(f"/join/AAAA{n:02d}/").status_code == 404

    refused = guesser.get(f"/join/{night.join_code}/")
    typed = guesser.get("/join/", {"code": night.join_code})

    assert (refused.status_code, typed.status_code) == (429, 429)
    assert "This address has typed too many check-in codes that open no night" in text(refused)
    assert 0 < int(refused["Retry-After"]) <= 60
    assert night.join_code not in refused.content.decode()
    # Another address checks in as ever.
    other = Client(REMOTE_ADDR="203.0.113.10")
    assert other.get(f"/join/{night.join_code}/").status_code == 200
    cache.clear()


# -- walk-ins ---------------------------------------------------------------------------------
def test_one_walk_in_a_phone_a_night_kept_off_the_roster_until_the_director_keeps_them(
    client, club, players, director
):
    from smear_scores.models import Night, Player
    from smear_scores.selectors.clubs import club_roster

    night = open_night(club, players, n=0)
    Night.objects.filter(pk=night.pk).update(walk_ins=True)
    phone = Client()
    assert phone.post(f"/join/{night.join_code}/", {"walk_in": "Zed"}).status_code == 302

    again = phone.post(f"/join/{night.join_code}/", {"walk_in": "Zoe"})

    assert again.status_code == 422
    assert "This phone already checked in Zed as a walk-in tonight: one walk-in a phone." in (
        text(again)
    )
    assert not Player.objects.filter(name="Zoe").exists()
    zed = Player.objects.get(name="Zed")
    assert zed not in club_roster(club)
    login(client, director)
    assert "Zed (phone) (walk-in)" in text(client.get(f"/tournaments/{night.pk}/"))
    response = client.post(f"/tournaments/{night.pk}/walk-ins/keep/", {"player": zed.pk})
    assert response.status_code == 302
    assert zed in club_roster(club)
