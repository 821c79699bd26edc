"""Home and the new-game screen."""

import re
from datetime import UTC, datetime

import pytest
from django.urls import reverse

from smear_scores import rules
from smear_scores.models import Game

from .conftest import HTMX, checked, find_all, text

NAMES = {"player_0": "Ann", "player_1": "Bo", "player_2": "Cy", "player_3": "Dee"}


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_home_lists_the_games_of_this_phone(client, make_game, scorer_for, headers):
    mine = make_game("ne-wisconsin", hands=2)
    make_game("schmier")  # someone else's
    scorer_for(mine)
    response = client.get(reverse("home"), **headers)
    page = text(response)
    assert response.status_code == 200
    assert ("<html" in page) == (not headers)
    assert re.findall(r'href="/g/([^/]+)/"', page) == [mine.public_id]
    assert find_all(page, "span", "game-title") == [
        "Four Point Northeastern Wisconsin Smear · hand 3"
    ]


def test_home_game_row_shows_date_players_and_state(client, make_game, scorer_for):
    game = make_game("ne-wisconsin", hands=2)
    Game.objects.filter(pk=game.pk).update(created_at=datetime(2026, 11, 27, 19, 30, tzinfo=UTC))
    scorer_for(game)
    page = text(client.get(reverse("home")))
    assert find_all(page, "span", "game-date") == ["Started Fri 27 Nov 2026"]
    assert find_all(page, "span", "team-chip t0") == ["Ann & Cy 4"]
    assert find_all(page, "span", "game-title") == [
        "Four Point Northeastern Wisconsin Smear · hand 3"
    ]


def test_home_without_games_invites_a_new_one(client, db):
    page = text(client.get(reverse("home")))
    assert "No games on this phone yet. Tap New game to start one." in re.sub(r"<[^>]+>", "", page)
    assert 'href="/new/"' in page


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_game_new_get_shows_seats_partners_and_dealer(client, db, headers):
    response = client.get(reverse("game_new"), **headers)
    page = text(response)
    assert response.status_code == 200
    assert ("<html" in page) == (not headers)
    assert find_all(page, "li", "team-chip") == [
        "Team A: Seat 1 & Seat 4",
        "Team B: Seat 2 & Seat 5",
        "Team C: Seat 3 & Seat 6",
    ]
    assert checked(page) == {"variant": "schmier", "first_dealer": "random"}


def test_game_new_switching_variant_keeps_names_and_shows_options(client, db):
    response = client.get(
        reverse("game_new"),
        {"variant": "ne-wisconsin", "player_0": "Ann"},
        HTTP_HX_TARGET="new-game",
        **HTMX,
    )
    page = text(response)
    assert page.strip().startswith('<form id="new-game"')
    assert 'name="player_0" value="Ann"' in page
    assert find_all(page, "li", "team-chip") == ["Team A: Ann & Seat 3", "Team B: Seat 2 & Seat 4"]
    assert checked(page) == {
        "variant": "ne-wisconsin",
        "option_kitty": "0",
        "first_dealer": "random",
    }


def test_game_new_partners_fragment_follows_the_names(client, db):
    response = client.get(
        reverse("game_new"),
        {"variant": "ne-wisconsin", **NAMES, "first_dealer": "2"},
        HTTP_HX_TARGET="partners",
        **HTMX,
    )
    page = text(response)
    assert page.strip().startswith('<div id="partners"')
    assert find_all(page, "li", "team-chip") == ["Team A: Ann & Cy", "Team B: Bo & Dee"]
    assert checked(page) == {}
    assert re.findall(r'<span id="dealer-name-(\d)" hx-swap-oob="true">(\w+)</span>', page) == [
        ("0", "Ann"),
        ("1", "Bo"),
        ("2", "Cy"),
        ("3", "Dee"),
    ]


def test_game_new_post_creates_and_lets_this_phone_score(client, db):
    data = {
        "variant": "ne-wisconsin",
        **NAMES,
        "option_kitty": "2",
        "option_cap_non_bidder": "on",
        "first_dealer": "1",
    }
    response = client.post(reverse("game_new"), data)
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("game", args=[game.public_id])
    assert game.options == {"kitty": 2, "win_only_on_made_bid": False, "cap_non_bidder": True}
    assert [s.name for s in game.seats.order_by("position")] == ["Ann", "Bo", "Cy", "Dee"]
    page = text(client.get(response["Location"]))
    assert find_all(page, "p", "deal") == ["Hand 1 · Bo deals · Cy bids first"]
    assert 'id="hand-form"' in page


def test_game_new_htmx_post_loads_the_scoreboard(client, db):
    data = {
        "variant": "schmier",
        "player_0": "A1",
        "player_1": "B1",
        "player_2": "C1",
        "player_3": "A2",
        "player_4": "B2",
        "player_5": "C2",
        "first_dealer": "random",
    }
    response = client.post(reverse("game_new"), data, **HTMX)
    game = Game.objects.get()
    assert response.status_code == 200
    assert response["HX-Redirect"] == reverse("game", args=[game.public_id])
    assert 0 <= game.first_dealer < 6


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_game_new_refused_names_each_empty_seat(client, db, headers):
    data = {
        "variant": "ne-wisconsin",
        "player_0": "Ann",
        "player_2": "  ",
        "player_3": "Dee",
        "option_kitty": "1",
        "first_dealer": "random",
    }
    response = client.post(reverse("game_new"), data, **headers)
    page = text(response)
    assert response.status_code == 422
    assert ("<html" in page) == (not headers)
    # Each refused seat says why, with the rule on the variant's rules page.
    assert find_all(page, "p", "error") == [
        "Seat 2 needs a player's name. why?",
        "Seat 3 needs a player's name. why?",
    ]
    seats = rules.get_variant("ne-wisconsin").rule("seats")
    assert page.count(f'<a class="why" href="/rules/ne-wisconsin/#{seats}"') == 2
    assert 'name="player_0" value="Ann"' in page
    assert checked(page)["option_kitty"] == "1"
    assert Game.objects.count() == 0


def test_home_marks_a_finished_game_with_its_winner(client, make_game, scorer_for):
    win = rules.HandEntry(bidder=1, bid=6, points=(0, 6, 0))
    game = make_game("schmier", entries=[win] * 4)
    scorer_for(game)
    page = text(client.get(reverse("home")))
    assert find_all(page, "span", "game-title") == ["Schmier Bo & Eli won"]


def test_game_new_without_script_switches_variant_by_get(client, db):
    response = client.get(reverse("game_new"), {"variant": "ne-wisconsin", "player_0": "Ann"})
    page = text(response)
    assert "<html" in page
    assert re.findall(r'name="(player_\d)"', page) == [
        "player_0",
        "player_1",
        "player_2",
        "player_3",
    ]
    assert 'name="player_0" value="Ann"' in page


def test_game_new_without_script_switches_variant_by_post_keeping_the_token_out_of_the_address(
    client, db
):
    # The no-script "Show the seats for this game" button: a POST of the form, not a GET
    # that would put the CSRF token in the address bar (and the server's access log).
    page = text(client.get(reverse("game_new")))
    button = re.search(r"<noscript><button ([^>]*)>Show the seats for this game", page).group(1)
    assert button == 'type="submit" name="switch" value="1" class="secondary outline"'
    response = client.post(
        reverse("game_new"),
        {"variant": "ne-wisconsin", "player_0": "Ann", "switch": "1", "first_dealer": "random"},
    )
    page = text(response)
    assert response.status_code == 200
    assert re.findall(r'name="(player_\d)"', page) == [
        "player_0",
        "player_1",
        "player_2",
        "player_3",
    ]
    assert 'name="player_0" value="Ann"' in page
    assert Game.objects.count() == 0
