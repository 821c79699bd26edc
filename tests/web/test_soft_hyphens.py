"""Where a long name may break across lines: soft hyphens inside its runs of letters, where
the hyphenation dictionary (pyphen's en_US patterns) puts them, with three letters or more
each side."""

from __future__ import annotations

import pytest

from smear_scores.templatetags.teams import soft_hyphens

SHY = "\u00ad"


@pytest.mark.parametrize(
    ("name", "marked"),
    [
        ("Christopher", f"Christo{SHY}pher"),
        ("Katherine", f"Kather{SHY}ine"),
        ("Elizabeth", f"Eliz{SHY}a{SHY}beth"),
        # No break the dictionary does not know: "Michelle" stays whole (never "Michell-e").
        ("Michelle", "Michelle"),
        # A possessive or a double-barrelled name breaks inside its letters, never beside
        # the apostrophe or hyphen (it was left whole, to break mid-word at 200 % text).
        ("Katherine's", f"Kather{SHY}ine's"),
        ("O'Sullivan-Smith", f"O'Sul{SHY}li{SHY}van-Smith"),
        ("Champions!", f"Cham{SHY}pi{SHY}ons!"),
        # Short words and numbers are left as they are.
        ("Ann & Bo", "Ann & Bo"),
        ("Table 12345678", "Table 12345678"),
    ],
)
def test_a_long_name_may_break_inside_its_letters_only(name, marked):
    assert soft_hyphens(name) == marked
    assert soft_hyphens(name).replace(SHY, "") == name


# -- the same marks on every screen that shows a name in a narrow box ----------------------
LONG = ["Christopher", "Katherine", "Jonathan", "Elizabeth"]
TEAM = ["Christopher's Comeback Crew", "Second Street Tavern Regulars"]


def _page(client, url, **kwargs) -> str:
    return client.get(url, **kwargs).content.decode()


def test_the_typed_totals_labels_break_names_where_the_dictionary_does(make_game, scorer_for):
    from django.urls import reverse

    game = make_game("ne-wisconsin", players=LONG)
    page = _page(scorer_for(game), reverse("game", args=[game.public_id]))
    assert f'<label class="total t0">Christo{SHY}pher &amp; Jonathan' in page


def test_the_win_banner_breaks_a_team_name_where_the_dictionary_does(make_game, scorer_for):
    from django.urls import reverse

    from smear_scores import rules

    win = rules.HandEntry(bidder=0, bid=4, awards={"high": 0, "low": 0, "jack": 0, "game": 0})
    game = make_game("ne-wisconsin", players=LONG, team_names=TEAM, entries=[win] * 4)
    assert game.finished
    page = _page(scorer_for(game), reverse("game", args=[game.public_id]))
    assert f'<p class="banner-title">Christo{SHY}pher\'s Come{SHY}back Crew win' in page.replace(
        "&#x27;", "'"
    )


def test_the_new_game_dealer_buttons_break_names_where_the_dictionary_does(client):
    from django.urls import reverse

    data = {"variant": "ne-wisconsin", **{f"player_{i}": n for i, n in enumerate(LONG)}}
    page = _page(client, reverse("game_new"), data=data)
    assert f'<span id="dealer-name-0">Christo{SHY}pher</span>' in page
