"""The new-game screen with nine presets: the first two games as buttons, every other
preset a link under "Other games" that opens the screen with it chosen."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from smear_scores import rules

pytestmark = pytest.mark.django_db


def _buttons(page: str) -> list[str]:
    return re.findall(r'<input type="radio" name="variant" value="([^"]+)"', page)


def _links(page: str) -> list[str]:
    return re.findall(r'<a href="/new/\?variant=([^"]+)"', page)


def test_new_game_offers_two_games_as_buttons_and_lists_the_others(client):
    page = client.get(reverse("game_new")).content.decode()
    assert _buttons(page) == ["schmier", "ne-wisconsin"]
    others = [slug for slug in rules.VARIANTS if slug not in ("schmier", "ne-wisconsin")]
    assert _links(page) == others
    assert "Ten-point Pitch" in page


def test_new_game_opened_from_another_game_has_it_chosen_with_its_seats(client):
    page = client.get(reverse("game_new"), {"variant": "pedro"}).content.decode()
    assert _buttons(page) == ["schmier", "ne-wisconsin", "pedro"]
    assert re.search(r'value="pedro" id="variant-pedro" checked', page)
    assert "pedro" not in _links(page)
    assert len(re.findall(r'name="player_\d"', page)) == rules.get_variant("pedro").players
