"""An undo or edit confirmed on a screen that another phone has since overtaken changes
nothing: the hand it showed is no longer the hand it would change."""

import re

from django.test import Client
from django.urls import reverse

from smear_scores import rules
from smear_scores.models import Hand
from smear_scores.services.editing import hand_undo
from smear_scores.services.recording import hand_record

from .conftest import HTMX, find_all, grant, text


def _hidden(page: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', page).group(1)


def test_undo_confirmed_after_another_phone_replaced_the_hand_undoes_nothing(make_game):
    game = make_game("schmier", hands=3)
    phone_a, phone_b = grant(Client(), game), grant(Client(), game)
    url = reverse("hand_undo", args=[game.public_id])
    confirm = text(phone_a.get(url))
    # Meanwhile phone B undoes hand 3 and records a different hand 3.
    phone_b.post(url, {"number": "3", "version": _hidden(text(phone_b.get(url)), "version")})
    hand_record(game=game, entry=rules.HandEntry(bidder=1, bid=3, points=(1, 3, 2)), number=3)

    response = phone_a.post(
        url, {"number": _hidden(confirm, "number"), "version": _hidden(confirm, "version")}, **HTMX
    )

    assert response.status_code == 409
    assert find_all(text(response), "p", "problem") == [
        "Hand 3 changed on another device since this screen was opened: nothing was undone. "
        "Check the scoreboard and try again."
    ]
    assert Hand.objects.get(game=game, number=3).bidder == 1


def test_two_phones_confirming_the_same_undo_take_back_one_hand(make_game):
    game = make_game("ne-wisconsin", hands=3)
    phone_a, phone_b = grant(Client(), game), grant(Client(), game)
    url = reverse("hand_undo", args=[game.public_id])
    posted = {"number": "3", "version": _hidden(text(phone_a.get(url)), "version")}

    first = phone_a.post(url, posted)
    second = phone_b.post(url, posted)

    assert (first.status_code, second.status_code) == (302, 409)
    assert Hand.objects.filter(game=game).count() == 2


def test_edit_confirmed_after_another_phone_replaced_the_hand_changes_nothing(make_game):
    game = make_game("schmier", hands=3)
    phone_a = grant(Client(), game)
    url = reverse("hand_edit", args=[game.public_id, 3])
    opened = text(phone_a.get(url))
    fields = {
        "number": "3",
        "version": _hidden(opened, "version"),
        "bidder": "3",
        "bid": "3",
        "by_totals": "on",
        "points_0": "3",
        "points_1": "2",
        "points_2": "1",
    }
    check = text(phone_a.post(url, fields))  # the confirmation screen carries the version
    assert _hidden(check, "version") == fields["version"]
    # Meanwhile another phone undoes hand 3 and records a different hand 3.
    hand_undo(game=game)
    hand_record(game=game, entry=rules.HandEntry(bidder=1, bid=4, points=(1, 4, 1)), number=3)

    response = phone_a.post(url, {**fields, "confirm": "yes"}, **HTMX)

    assert response.status_code == 409
    assert find_all(text(response), "p", "problem") == [
        "Hand 3 changed on another device since this screen was opened: nothing was changed. "
        "Check the scoreboard and try again."
    ]
    hand = Hand.objects.get(game=game, number=3)
    assert (hand.bidder, hand.bid, hand.points) == (1, 4, [1, 4, 1])
