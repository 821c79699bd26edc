"""Every game has a rules page it can link to: ``/g/<id>/rules/``, written from the rules the
game froze when it started. A game of rules given inline (the API's ``settings``) has no
other page, so its "why?" links and its "Rules of …" link go there; a preset's game and a
saved set's keep their own pages."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.urls import reverse

from smear_scores.models import Game, HouseRules
from smear_scores.services.new_games import game_create
from smear_scores.services.removal import game_remove
from tests.api.helpers import ApiClient

from .conftest import HTMX, grant, text

pytestmark = pytest.mark.django_db

FOUR = ["Katherine", "Christopher", "Elizabeth", "Jonathan"]
TUESDAY = {"name": "Tuesday Smear", "based_on": "ne-wisconsin", "target": 21}


def _inline_game(client) -> Game:
    created = ApiClient(client).post(
        "/api/games", {"settings": TUESDAY, "players": FOUR, "first_dealer": 0}
    )
    assert created.status_code == 201, created.json()
    return Game.objects.get(public_id=created.json()["id"])


def _anchors(page: str) -> set[str]:
    return set(re.findall(r'<dt id="([^"]+)"', page))


def _without_token(page: str) -> str:
    return re.sub(r'"X-CSRFToken": "[^"]*"', "", page)


def _refusal_links(client, game: Game) -> list[str]:
    """The "why?" links of two refused hands: nothing tapped, and points that add up to
    more than a hand gives out."""
    refused = client.post(reverse("hand_record", args=[game.public_id]), {"number": "1"})
    too_many = {"number": "1", "bidder": "0", "bid": "2", "by_totals": "on"}
    too_many |= {"points_0": "9", "points_1": "9"}
    refused_too = client.post(reverse("hand_record", args=[game.public_id]), too_many)
    assert (refused.status_code, refused_too.status_code) == (422, 422)
    return re.findall(r'<a class="why" href="([^"]+)"', text(refused) + text(refused_too))


def test_a_refusal_in_a_game_of_inline_rules_links_to_the_rule_on_the_games_rules_page(client):
    game = _inline_game(client)
    grant(client, game)

    links = _refusal_links(client, game)

    assert links
    for link in links:
        path, _, anchor = link.partition("#")
        assert path == f"/g/{game.public_id}/rules/"
        page = client.get(path)
        assert page.status_code == 200
        assert anchor in _anchors(text(page)), link


def test_the_rules_page_of_a_game_of_inline_rules_says_its_own_rules(client):
    game = _inline_game(client)
    board = text(client.get(reverse("game", args=[game.public_id])))
    (link,) = re.findall(r'<a href="([^"]*)">Rules of Tuesday Smear</a>', board)

    page = text(client.get(link))

    assert link == f"/g/{game.public_id}/rules/"
    assert "<h1>Rules of Tuesday Smear</h1>" in page
    target = re.search(r'<dt id="H2">H2 · [^<]*</dt>\s*<dd>(.*?)</dd>', page, re.S).group(1)
    # The game's own target (the preset plays to 15).
    assert re.sub(r"<[^>]+>", "", target).startswith("A team wins by reaching 21 points")
    assert f'<a href="/g/{game.public_id}/">Back to the game</a>' in page


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_the_rules_page_of_a_removed_game_is_the_removed_page(client, headers):
    game = game_remove(game=_inline_game(client))

    rules_page = client.get(f"/g/{game.public_id}/rules/", **headers)
    board = client.get(reverse("game", args=[game.public_id]), **headers)

    assert (rules_page.status_code, board.status_code) == (410, 410)
    assert _without_token(text(rules_page)) == _without_token(text(board))


def test_no_game_at_a_rules_address_is_not_found(client):
    assert client.get("/g/nosuchgame/rules/").status_code == 404


def test_a_presets_game_keeps_its_presets_page_and_has_its_own_too(client, make_game):
    game = make_game("ne-wisconsin")
    board = text(client.get(reverse("game", args=[game.public_id])))

    own = client.get(f"/g/{game.public_id}/rules/")

    name = "Four Point Northeastern Wisconsin Smear"
    assert re.findall(rf'<a href="([^"]*)">Rules of {name}</a>', board) == ["/rules/ne-wisconsin/"]
    assert own.status_code == 200
    # A long word of the name may break, with a hyphen, on a narrow screen.
    assert f"<h1>Rules of {name}</h1>" in text(own).replace("\u00ad", "")


def test_a_game_of_saved_rules_since_deleted_links_to_its_own_rules_page(client):
    house_rules = ApiClient(client).post("/api/house-rules", TUESDAY).json()
    game = game_create(
        house_rules=HouseRules.objects.get(public_id=house_rules["id"]),
        players=FOUR,
        first_dealer=0,
    )
    board = text(client.get(reverse("game", args=[game.public_id])))
    assert re.findall(r'<a href="([^"]*)">Rules of Tuesday Smear</a>', board) == [
        f"/rules/house-{house_rules['id']}/"
    ]

    HouseRules.objects.all().delete()
    # The board's parts are kept for the game's version (templatetags.parts): a set deleted
    # in the admin shows from the next hand, or once they expire.
    cache.clear()
    board = text(client.get(reverse("game", args=[game.public_id])))

    (link,) = re.findall(r'<a href="([^"]*)">Rules of Tuesday Smear</a>', board)
    assert (link, client.get(link).status_code) == (f"/g/{game.public_id}/rules/", 200)
