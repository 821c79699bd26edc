"""The league pages' lines read as words: the game a league plays is named before its
dates, and a line of scores with a negative one reads "18 – −3", not "18–-3"."""

from __future__ import annotations

import html as html_lib
import re

from .conftest import make_league, play


def _lines(response) -> list[str]:
    page = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", response.content.decode(), flags=re.S)
    text = html_lib.unescape(re.sub(r"<[^>]+>", "\n", page))
    return [line.strip() for line in text.splitlines() if line.strip()]


# Bob & Dan bid 3, take 1 and are set: -3; Ann & Cat then make four bids of 4.
SET_THEN_WON = [(1, 3, (2, 1)), *[(0, 4, (4, 0))] * 4]


def test_club_and_league_pages_name_the_game_before_its_dates(client, club, league, four):
    play(league, four, SET_THEN_WON)
    name = "Four Point Northeastern Wisconsin Smear"
    league_page = _lines(client.get(f"/leagues/{league.pk}/"))
    assert f"{name} · 1 Jan 2020–open" in league_page
    club_page = _lines(client.get(f"/clubs/{club.slug}/"))
    assert f"{name} · 1 Jan 2020–open · 1 finished game" in club_page
    assert not [line for line in league_page + club_page if line.startswith("·")]


def test_league_of_another_preset_is_named_by_it(client, club, four):
    pedro = make_league(club, variant="pedro", name="Pedro nights")
    assert pedro.variant_name == "Pedro (Cinch)"


def test_player_page_scores_with_a_negative_one_read_with_a_minus_sign(client, league, four):
    play(league, four, SET_THEN_WON)
    page = _lines(client.get(f"/players/{four[0].pk}/"))
    # The game's final scores (Ann & Cat took 2 in the set hand), then each hand Ann bid:
    # what each team took and the scores after it.
    assert page.count("18 – −3") == 2
    assert page.count("4 – 0") == 4
    assert "6 – −3" in page
    assert not [line for line in page if "–-" in line]
