"""Two keys at a club night: a phone checked in to a seat agrees for that seat's team from
its guide card ("Agree", no code to type); the scoring phone's team is the team of its
seat; the history names the phone ("Bo's phone")."""

from __future__ import annotations

import pytest
from django.test import Client

from smear_scores.models import Game, HandRevision
from smear_scores.services import nights

from .test_phones import open_night, phone_of, text

pytestmark = pytest.mark.django_db

# Schmier, seats 1 & 4, 2 & 5, 3 & 6 partners: the first partnership bids 3 and takes 4.
HAND = {"number": "1", "bidder": "0", "bid": "3", "by_totals": "on"}
HAND |= {"points_0": "4", "points_1": "1", "points_2": "1"}


@pytest.fixture
def table(club, players):
    """Round 1 of a night of its own, every player checked in on a phone of their own; the
    phone of seat 1 of table 1 scores it and records a hand."""
    night = open_night(club, players, n=0)
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
