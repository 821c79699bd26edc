"""Each row of a hands table (the board's last hands, the history) is drawn once per
process and kept by everything it shows (HandRow.key): an edited hand, a hand seen by the
scorer or by a watcher, on the history or on the board, under another address prefix, is
never shown as another's row."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache, caches
from django.test import Client
from django.test.utils import override_script_prefix
from django.urls import reverse

from smear_scores.rules import HandEntry
from smear_scores.services.editing import hand_edit

from .conftest import _plain, grant, text

# Schmier, seats 0..5 (teams 0, 1, 2, 0, 1, 2): the first hand as recorded, then edited.
FIRST = HandEntry(bidder=0, bid=3, points=(3, 2, 1))
EDITED = HandEntry(bidder=1, bid=5, points=(1, 5, 0))


@pytest.fixture(autouse=True)
def kept_rows():
    caches["rows"].clear()
    yield caches["rows"]
    caches["rows"].clear()


def rows(page: str) -> list[str]:
    """Each body row of the page's hands table, as its text reads."""
    body = re.search(r"<tbody>(.*?)</tbody>", page, flags=re.S)
    assert body, "the page has no hands table"
    return [_plain(r) for r in re.findall(r"<tr\b[^>]*>(.*?)</tr>", body.group(1), flags=re.S)]


def board(client: Client, game) -> str:
    response = client.get(f"/g/{game.public_id}/")
    assert response.status_code == 200
    return text(response)


def test_an_edited_hand_shows_its_new_bid_and_points_not_the_row_kept(make_game, kept_rows):
    game = make_game(entries=[FIRST])
    watcher = Client()
    assert rows(board(watcher, game)) == ["1 Ann 3 made 3 3 2 2 1 1"]
    assert len(kept_rows._cache) == 1  # noqa: SLF001 (the local-memory cache's entries)

    hand_edit(game=game, number=1, entry=EDITED)

    assert rows(board(watcher, game)) == ["1 Bo 5 made edited 1 1 5 5 0 0"]
    history = text(watcher.get(reverse("game_history", args=[game.public_id])))
    assert rows(history) == ["1 Ann dealt Bo 5 made edited 1 1 5 5 0 0"]


def test_the_scorers_row_links_to_its_edit_and_a_watchers_row_does_not(make_game):
    game = make_game(entries=[FIRST])
    edit = reverse("hand_edit", args=[game.public_id, 1])
    watched = board(Client(), game)
    scored = board(grant(Client(), game), game)
    watched_again = board(Client(), game)

    assert f'href="{edit}"' in scored
    assert f'href="{edit}"' not in watched
    assert f'href="{edit}"' not in watched_again
    assert rows(scored) == rows(watched) == rows(watched_again)


def test_a_row_drawn_under_one_address_prefix_links_under_that_prefix_only(make_game):
    game = make_game(entries=[FIRST])
    scorer = grant(Client(), game)
    edit = reverse("hand_edit", args=[game.public_id, 1])

    assert f'href="{edit}"' in board(scorer, game)
    # Served under /club/ (a proxy's SCRIPT_NAME), then at the root again; the board's
    # kept parts (templatetags.parts, keyed by the game's version) are let go between
    # them, so that only the rows are kept.
    cache.clear()
    with override_script_prefix("/club/"):
        assert f'href="/club{edit}"' in board(scorer, game)
    cache.clear()
    assert f'href="{edit}"' in board(scorer, game)


def test_the_boards_kept_parts_link_under_the_prefix_the_page_is_served_under(make_game):
    game = make_game(entries=[FIRST])
    watcher = Client()
    history = reverse("game_history", args=[game.public_id])

    # The same version of the board, kept parts and all, served at the root and then
    # under /club/: every address on the second page is under /club/.
    assert f'href="{history}"' in board(watcher, game)
    with override_script_prefix("/club/"):
        page = board(watcher, game)
    assert f'href="/club{history}"' in page
    assert f'href="{history}"' not in page
