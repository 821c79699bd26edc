"""Client helpers for the page tests: a scoring device, htmx headers, reading pages."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.test import Client
from django.urls import reverse

HTMX = {"HTTP_HX_REQUEST": "true"}


def grant(client: Client, game) -> Client:
    """Give ``client`` scoring rights the way a phone gets them: the scoring link's page
    posts the game's scoring code."""
    response = client.post(
        reverse("game_handover", args=[game.public_id]), {"code": game.scoring_secret}
    )
    assert response.status_code == 302
    # Open the scoreboard it redirects to, as the phone would (shows the hand-over notice).
    assert client.get(response["Location"]).status_code == 200
    return client


@pytest.fixture
def scorer_for(client):
    """scorer_for(game): the test client, now allowed to score ``game``."""
    return lambda game: grant(client, game)


def text(response) -> str:
    return response.content.decode()


def _plain(fragment: str) -> str:
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def find_all(page: str, tag: str, css_class: str) -> list[str]:
    """The text of every ``<tag class="... css_class ...">``, tags stripped, spaces collapsed."""
    css = re.escape(css_class)
    pattern = rf'<{tag}\b[^>]*class="(?:[^"]*\s)?{css}(?:\s[^"]*)?"[^>]*>(.*?)</{tag}>'
    return [_plain(m) for m in re.findall(pattern, page, flags=re.S)]


def notices(page: str) -> list[str]:
    """What a page says was just done: at the top, or in the entry bar beside Record."""
    return find_all(page, "p", "notice") + find_all(page, "span", "notice")


def scores(page: str) -> list[int]:
    return [int(s) for s in re.findall(r'class="score" data-team="\d">(-?\d+)<', page)]


def checked(page: str) -> dict[str, str]:
    """name -> value of every checked radio button."""
    found = {}
    for tag in re.findall(r"<input\b[^>]*>", page):
        if 'type="radio"' in tag and " checked" in tag:
            name = re.search(r'name="([^"]+)"', tag).group(1)
            found[name] = re.search(r'value="([^"]*)"', tag).group(1)
    return found


def awards_post(number: int, bidder: int, bid: int, awards: dict[str, object]) -> dict:
    """The hand form's fields for a hand entered point by point (team index or "none")."""
    data = {"number": str(number), "bidder": str(bidder), "bid": str(bid)}
    data.update({f"award_{key}": str(team) for key, team in awards.items()})
    return data


SCHMIER_ALL_A = {
    "high": 0,
    "low": 0,
    "right_bauer": 0,
    "left_bauer": 0,
    "joker": 0,
    "game": 0,
}
