"""Handing scoring to another phone, and a rematch."""

import random

import pytest
from django.test import Client
from django.urls import reverse

from smear_scores import rules
from smear_scores.models import Game

from .conftest import HTMX, SCHMIER_ALL_A, find_all, notices, scores, text

WIN = rules.HandEntry(bidder=0, bid=6, awards=SCHMIER_ALL_A)


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_game_handover_get_asks_before_granting(client, make_game, headers):
    game = make_game("schmier", hands=1)
    url = reverse("game_handover", args=[game.public_id, game.edit_token])
    response = client.get(url, **headers)
    page = text(response)
    assert response.status_code == 200
    assert ("<html" in page) == (not headers)
    assert find_all(page, "button", "record") == ["Yes, score from this phone"]
    # Only asking: this phone still only watches.
    board = text(client.get(reverse("game", args=[game.public_id])))
    assert 'id="hand-form"' not in board


def test_game_handover_post_lets_a_second_phone_score(make_game, db):
    game = make_game("schmier")
    first, second = Client(), Client()
    first.post(reverse("game_handover", args=[game.public_id, game.edit_token]))
    response = second.post(reverse("game_handover", args=[game.public_id, game.edit_token]), **HTMX)
    page = text(response)
    assert response.status_code == 200
    assert notices(page) == ["This phone can now score this game."]
    assert 'id="hand-form"' in page
    # The first phone keeps scoring too.
    assert 'id="hand-form"' in text(first.get(reverse("game", args=[game.public_id])))


def test_game_handover_wrong_token_is_refused(client, make_game):
    game = make_game("schmier")
    response = client.post(reverse("game_handover", args=[game.public_id, "guess"]))
    assert response.status_code == 403
    assert find_all(text(response), "p", "problem") == [
        "This hand-over link is not valid for this game: ask the scorer to show the link again."
    ]
    board = text(client.get(reverse("game", args=[game.public_id])))
    assert 'id="hand-form"' not in board


def test_game_handover_link_is_shown_to_scorers_only(client, make_game, scorer_for):
    game = make_game("schmier")
    link = f"http://testserver/g/{game.public_id}/score/{game.edit_token}/"
    assert link not in text(Client().get(reverse("game", args=[game.public_id])))
    assert f'value="{link}"' in text(scorer_for(game).get(reverse("game", args=[game.public_id])))


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_game_rematch_same_seats_next_dealer_when_the_table_keeps_the_rotation_d12(
    client, make_game, scorer_for, headers
):
    game = make_game("schmier", first_dealer=0, entries=[WIN] * 4)
    scorer = scorer_for(game)
    response = scorer.post(
        reverse("game_rematch", args=[game.public_id]), {"dealer": "next"}, **headers
    )
    new = Game.objects.exclude(pk=game.pk).get()
    url = reverse("game", args=[new.public_id])
    if headers:
        assert response.status_code == 200
        assert response["HX-Push-Url"] == url
        page = text(response)
        assert "<html" not in page
    else:
        assert response.status_code == 302
        assert response["Location"] == url
        page = text(scorer.get(url))
    assert new.rematch_of == game
    assert find_all(page, "p", "deal") == ["Hand 1 · Eli deals · Flo bids first"]
    assert scores(page) == [0, 0, 0]
    assert find_all(page, "span", "team-label") == ["Ann & Dee", "Bo & Eli", "Cy & Flo"]


def test_game_rematch_tapped_twice_starts_one_game(client, make_game, scorer_for):
    game = make_game("schmier", first_dealer=0, entries=[WIN] * 4)
    scorer = scorer_for(game)
    first = scorer.post(reverse("game_rematch", args=[game.public_id]))
    second = scorer.post(reverse("game_rematch", args=[game.public_id]))
    new = Game.objects.get(rematch_of=game)
    assert first["Location"] == second["Location"] == reverse("game", args=[new.public_id])


def test_game_rematch_before_the_end_is_refused(client, make_game, scorer_for):
    game = make_game("schmier", hands=2)
    response = scorer_for(game).post(reverse("game_rematch", args=[game.public_id]))
    assert response.status_code == 409
    assert Game.objects.count() == 1


def test_game_rematch_watcher_is_refused(client, make_game):
    game = make_game("schmier", entries=[WIN] * 4)
    response = client.post(reverse("game_rematch", args=[game.public_id]), **HTMX)
    assert response.status_code == 403
    assert Game.objects.count() == 1


@pytest.mark.parametrize("drawn", [0, 3, 5])
def test_game_rematch_draws_the_first_dealer_at_random_d12(
    client, make_game, scorer_for, monkeypatch, drawn
):
    game = make_game("schmier", first_dealer=0, entries=[WIN] * 4)
    asked = []

    def randrange(players):
        asked.append(players)
        return drawn

    monkeypatch.setattr(random, "randrange", randrange)
    scorer = scorer_for(game)
    response = scorer.post(reverse("game_rematch", args=[game.public_id]), {"dealer": "draw"})
    new = Game.objects.get(rematch_of=game)
    page = text(scorer.get(response["Location"]))
    names = ["Ann", "Bo", "Cy", "Dee", "Eli", "Flo"]
    assert (asked, new.first_dealer) == ([6], drawn)
    assert notices(page) == [f"Rematch: same seats; {names[drawn]} deals first (drawn at random)."]
