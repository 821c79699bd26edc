"""The hand form in the table's rules: each point by its name and value, who gets Low, the
bids with the moon by its name, and no "All passed" where the dealer is stuck."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from smear_scores.services import new_games

from .conftest import find_all, text

NAMES = ["Ann", "Bo", "Cy", "Dee", "Eli", "Flo"]
ALL_PASSED = '<button type="submit" name="thrown_in" value="1"'


def _board(client, slug: str, **options) -> str:
    players = 6 if slug.startswith("schmier") else 4
    game = new_games.game_create(
        variant=slug, players=NAMES[:players], first_dealer=0, options=options
    )
    client.post(reverse("game_handover", args=[game.public_id]), {"code": game.scoring_secret})
    return text(client.get(reverse("game", args=[game.public_id])))


def _bids(page: str) -> list[str]:
    return [
        re.sub(r"<[^>]+>", "", label).strip()
        for label in re.findall(r'<label for="bid-\d+" class="[^"]*">(.*?)</label>', page)
    ]


def _points(page: str) -> list[str]:
    return find_all(page, "span", "group-label")[3:]


def test_hand_form_of_ten_point_pitch_values_the_trey_names_the_moon_and_sticks_the_dealer(
    client, db
):
    page = _board(client, "ten-point-pitch")
    assert _points(page) == [
        "High",
        "Low who played it",
        "Jack",
        "Off-jack",
        "High joker",
        "Low joker",
        "Ten",
        "Trey 3",
    ]
    assert _bids(page) == ["4", "5", "6", "7", "8", "9", "Shoot the moon 10"]
    assert re.findall(r'<label for="bid-10" class="([^"]*)"', page) == ["bid moon"]
    assert ALL_PASSED not in page


def test_hand_form_of_pedro_values_the_pedros_and_gives_low_to_the_trick(client, db):
    page = _board(client, "pedro")
    assert _points(page) == [
        "High",
        "Low who took the trick",
        "Jack",
        "Game",
        "Pedro 5",
        "Left Pedro 5",
    ]
    assert _bids(page) == [str(b) for b in range(7, 15)]
    assert ALL_PASSED not in page


@pytest.mark.parametrize(
    ("options", "bids", "all_passed"),
    [
        ({}, ["2", "3", "4"], True),
        ({"smudge": True}, ["2", "3", "4", "Smudge 5"], True),
        ({"stick_dealer": True}, ["2", "3", "4"], False),
    ],
    ids=["plain", "smudge", "stick-the-dealer"],
)
def test_hand_form_of_auction_pitch_follows_the_games_options(
    client, db, options, bids, all_passed
):
    page = _board(client, "auction-pitch", **options)
    assert _bids(page) == bids
    assert (ALL_PASSED in page) is all_passed
    assert _points(page) == ["High", "Low who took the trick", "Jack", "Game"]


def test_hand_form_of_the_seeds_keeps_all_passed_and_says_low_goes_to_who_played_it(client, db):
    page = _board(client, "schmier")
    assert ALL_PASSED in page
    assert _bids(page) == ["3", "4", "5", "6"]
    assert _points(page) == [
        "High",
        "Low who played it",
        "Right bauer",
        "Left bauer",
        "Joker",
        "Game",
    ]
