"""The table view: big scores that follow the game, as a page and as its fragment."""

from __future__ import annotations

import pytest
from django.urls import reverse

from smear_scores import rules

from .conftest import HTMX, find_all, text


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_table_view_shows_each_team_by_name_with_its_score(client, make_game, headers):
    game = make_game(
        "schmier", first_dealer=0, entries=[rules.HandEntry(bidder=1, bid=3, points=(1, 4, 1))]
    )
    response = client.get(reverse("game_table", args=[game.public_id]), **headers)
    page = text(response)
    assert response.status_code == 200
    assert ("<html" in page) == (not headers)
    assert find_all(page, "span", "table-name") == ["Ann & Dee", "Bo & Eli", "Cy & Flo"]
    assert find_all(page, "span", "table-score") == ["1", "4", "1"]
    assert find_all(page, "p", "table-deal") == ["Hand 2 · Bo deals"]
    # It asks for itself again, and keeps the screen awake (static/js/wakelock.js).
    assert f'hx-get="/g/{game.public_id}/table/" hx-trigger="every 5s"' in page
    assert ("js/wakelock.js" in page) == (not headers)


def test_table_view_of_a_finished_game_names_the_winner(client, make_game):
    win = rules.HandEntry(bidder=0, bid=6, points=(6, 0, 0))
    game = make_game("schmier", entries=[win] * 4)
    page = text(client.get(reverse("game_table", args=[game.public_id])))
    assert find_all(page, "p", "table-banner") == ["Ann & Dee win!"]
