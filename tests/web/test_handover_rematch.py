"""Handing scoring to another phone, and a rematch."""

import gzip
import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from smear_scores import rules
from smear_scores.models import Game

from .conftest import HTMX, SCHMIER_ALL_A, find_all, notices, scores, text

WIN = rules.HandEntry(bidder=0, bid=6, awards=SCHMIER_ALL_A)


def _handover(client: Client, game, code: str, **headers):
    return client.post(reverse("game_handover", args=[game.public_id]), {"code": code}, **headers)


def _can_score(client: Client, game) -> bool:
    return 'id="hand-form"' in text(client.get(reverse("game", args=[game.public_id])))


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_game_handover_get_asks_before_granting(client, make_game, headers):
    game = make_game("schmier", hands=1)
    response = client.get(reverse("game_handover", args=[game.public_id]), **headers)
    page = text(response)
    assert response.status_code == 200
    assert ("<html" in page) == (not headers)
    assert find_all(page, "button", "record") == ["Yes, score from this phone"]
    assert find_all(page, "li", "team-chip") == ["Ann & Dee 3", "Bo & Eli 3", "Cy & Flo 0"]
    # The page never holds the secret: the link's fragment stays in the browser.
    assert game.scoring_secret not in page
    # Only asking: this phone still only watches.
    assert not _can_score(client, game)


def test_game_handover_post_lets_a_second_phone_score(make_game, db):
    game = make_game("schmier")
    first, second = Client(), Client()
    _handover(first, game, game.scoring_secret)
    response = _handover(second, game, game.scoring_secret, **HTMX)
    page = text(response)
    assert response.status_code == 200
    assert notices(page) == ["This phone can now score this game."]
    assert 'id="hand-form"' in page
    # The first phone keeps scoring too.
    assert _can_score(first, game)


def test_game_handover_code_typed_with_dashes_and_small_letters_is_accepted(client, make_game):
    game = make_game("schmier")
    code = game.scoring_secret.lower()
    response = _handover(client, game, f" {code[:4]}-{code[4:8]} {code[8:]} ")
    assert response.status_code == 302
    assert _can_score(client, game)


@pytest.mark.parametrize("code", ["guess", "", "EDIT-TOKEN"], ids=["wrong", "empty", "api-token"])
def test_game_handover_wrong_code_is_refused(client, make_game, code):
    game = make_game("schmier")
    # The API's edit token is another secret: it never lets a phone score on screen.
    response = _handover(client, game, game.edit_token if code == "EDIT-TOKEN" else code)
    assert response.status_code == 403
    assert find_all(text(response), "p", "problem") == [
        "This scoring code is not the game's: check it against the scorer's screen. "
        "If the scorer stopped other phones scoring, ask for the new link."
    ]
    assert not _can_score(client, game)


def test_game_scoring_link_is_shown_to_scorers_only_with_its_secret_in_the_fragment(
    client, make_game, scorer_for
):
    game = make_game("schmier")
    link = f"http://testserver/g/{game.public_id}/score/#{game.scoring_secret}"
    watcher = text(Client().get(reverse("game", args=[game.public_id])))
    assert game.scoring_secret not in watcher
    page = text(scorer_for(game).get(reverse("game", args=[game.public_id])))
    assert re.findall(r'value="([^"]*)" aria-label="Scoring link"', page) == [link]
    code = game.scoring_secret
    assert find_all(page, "b", "scoring-code") == [f"{code[:4]}-{code[4:8]}-{code[8:]}"]
    # Offered at once, before any hand, so the scorer can keep it.
    assert '<details id="scoring-share" class="handover" open>' in page
    assert game.edit_token not in page


def test_game_links_are_built_from_the_address_the_phone_used(client, make_game, scorer_for):
    game = make_game("schmier")
    page = text(
        scorer_for(game).get(reverse("game", args=[game.public_id]), HTTP_HOST="192.0.2.2:8123")
    )
    assert re.findall(r'value="([^"]*)" aria-label="(?:Scoring|Game) link"', page) == [
        f"http://192.0.2.2:8123/g/{game.public_id}/score/#{game.scoring_secret}",
        f"http://192.0.2.2:8123/g/{game.public_id}/",
    ]
    # Each as a QR code drawn on the server.
    assert re.findall(r'<figure class="qr" role="img" aria-label="([^"]*)"><svg ', page) == [
        "QR code of the scoring link",
        "QR code of the link to watch the game",
    ]


def test_game_scoring_rotate_stops_other_phones_and_old_links(make_game, db):
    game = make_game("schmier")
    old = game.scoring_secret
    keeper, other = Client(), Client()
    _handover(keeper, game, old)
    _handover(other, game, old)
    assert (_can_score(keeper, game), _can_score(other, game)) == (True, True)
    response = keeper.post(reverse("game_scoring_rotate", args=[game.public_id]), **HTMX)
    game.refresh_from_db()
    assert response.status_code == 200
    assert notices(text(response)) == [
        "Other phones can no longer score this game. To let one score again, give it the new "
        "scoring link or code."
    ]
    # And in the link box, open with the new link and code.
    assert find_all(text(response), "p", "notice-box") == [
        "Done: other phones can no longer score this game. This is the new link and code; the "
        "old ones no longer work."
    ]
    assert game.scoring_secret != old
    assert (_can_score(keeper, game), _can_score(other, game)) == (True, False)
    # The old link is refused; the new one works; the API's token did not change.
    assert _handover(Client(), game, old).status_code == 403
    assert _handover(other, game, game.scoring_secret).status_code == 302
    assert _can_score(other, game)


def test_game_scoring_rotate_by_a_watcher_is_refused(client, make_game):
    game = make_game("schmier")
    old = game.scoring_secret
    response = client.post(reverse("game_scoring_rotate", args=[game.public_id]))
    game.refresh_from_db()
    assert response.status_code == 403
    assert game.scoring_secret == old


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


def test_a_hands_htmx_answer_keeps_the_link_boxes_and_carries_no_secret(make_game, scorer_for):
    game = make_game("schmier", hands=3)
    scorer = scorer_for(game)
    url = reverse("hand_record", args=[game.public_id])
    response = scorer.post(
        url, {"number": "4", "thrown_in": "1"}, **HTMX, HTTP_ACCEPT_ENCODING="gzip, br"
    )
    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    page = gzip.decompress(response.content).decode()
    assert notices(page) == ["Hand 4: Thrown in: no score; the same dealer deals again."]
    # The boxes the phone shows stay as they are (htmx keeps them): no QR code, no link.
    kept = re.findall(r'<details id="([a-z-]+)" [^>]*hx-preserve="true">', page)
    assert kept == ["scoring-share", "watch-share"]
    # A board that had no boxes (a page kept for offline use) still says what they are.
    assert re.findall(r"<summary>([^<]*)</summary>", page) == [
        "Scoring link: for another phone, or if this one is lost",
        "Show this game on another phone",
    ]
    assert game.scoring_secret not in page
    assert "<svg" not in page
    # What one hand sends the phone, headers included.
    head = "".join(f"{k}: {v}\r\n" for k, v in response.items())
    assert len(head) + len(response.content) <= 4096
    # A board drawn afresh still has them, with the link.
    board = text(scorer.get(reverse("game", args=[game.public_id]), **HTMX))
    assert game.scoring_secret in board
    assert "hx-preserve" not in board
