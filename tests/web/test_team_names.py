"""A table may name its teams: the new-game screen, the API, and every place a team is
named for people (scoreboard, hand buttons, banner, history, CSV, table view, home)."""

import re
from html import escape

import pytest
from django.urls import reverse

from smear_scores import rules
from smear_scores.models import Game
from smear_scores.rules import HandRefused
from smear_scores.services import new_games

from .conftest import HTMX, SCHMIER_ALL_A, awards_post, find_all, notices, text

SIX = {f"player_{s}": name for s, name in enumerate(["Ann", "Bo", "Cy", "Dee", "Eli", "Flo"])}
NEW = {"variant": "schmier", **SIX, "first_dealer": "0"}
WIN = rules.HandEntry(bidder=0, bid=6, awards=SCHMIER_ALL_A)


def _placeholders(page: str) -> list[str]:
    return re.findall(r'name="team_name_\d"[^>]*placeholder="([^"]*)"', page, flags=re.S)


def _team_names_open(page: str) -> bool:
    tag = re.search(r'<details class="team-names"[^>]*>', page).group(0)
    return " open" in tag


# -- the new-game screen -------------------------------------------------------------------
def test_game_new_team_names_are_folded_away_and_optional(client, db):
    page = text(client.get(reverse("game_new")))
    assert not _team_names_open(page)
    assert [p.replace("&amp;", "&") for p in _placeholders(page)] == [
        "Seat 1 & Seat 4",
        "Seat 2 & Seat 5",
        "Seat 3 & Seat 6",
    ]

    response = client.post(reverse("game_new"), NEW)
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.team_names == []
    page = text(client.get(response["Location"]))
    assert find_all(page, "span", "team-label") == ["Ann & Dee", "Bo & Eli", "Cy & Flo"]
    assert find_all(page, "span", "team-partners") == []


def test_game_new_names_a_team_and_the_scoreboard_shows_its_partners_too(client, db):
    data = {**NEW, "team_name_0": "  Sharks ", "team_name_1": "", "team_name_2": "cy & FLO"}
    response = client.post(reverse("game_new"), data)
    game = Game.objects.get()
    # A name equal to the team's own partners is no name: the team is called by them.
    assert game.team_names == ["Sharks", "", ""]

    page = text(client.get(response["Location"]))
    assert find_all(page, "span", "team-label") == ["Sharks", "Bo & Eli", "Cy & Flo"]
    assert find_all(page, "span", "team-partners") == ["Ann & Dee"]
    # The pad's column heads name it, and the point buttons say it to a screen reader.
    assert find_all(page, "span", "pad-name") == ["Sharks", "Bo & Eli", "Cy & Flo"]
    assert [
        re.sub(r"<[^>]+>", "", label)
        for label in re.findall(r'<label for="award_high-\d" class="t\d at-\d">(.*?)</label>', page)
    ] == ["High: Sharks", "High: Bo &amp; Eli", "High: Cy &amp; Flo"]


def test_game_new_hand_recorded_and_preview_name_the_team(client, db):
    response = client.post(reverse("game_new"), {**NEW, "team_name_0": "Sharks"})
    game = Game.objects.get()
    hand = awards_post(1, 0, 6, SCHMIER_ALL_A)
    preview = text(client.post(reverse("hand_preview", args=[game.public_id]), hand, **HTMX))
    assert "Sharks bid 6 and took 6" in preview
    page = text(client.post(reverse("hand_record", args=[game.public_id]), hand, follow=True))
    assert response.status_code == 302
    assert notices(page)[0].startswith("Hand 1: Sharks bid 6 and took 6: made, +6")


@pytest.mark.parametrize(
    ("names", "error"),
    [
        (
            {"team_name_0": "Sharks", "team_name_2": "sharks "},
            "Ann & Dee are called “Sharks” already: give Cy & Flo another name, or leave it "
            "empty to call them Cy & Flo.",
        ),
        (
            {"team_name_0": "Bo & Eli"},
            "“Bo & Eli” is what the table calls Bo & Eli: give Ann & Dee another name, or "
            "leave it empty to call them Ann & Dee.",
        ),
        (
            {"team_name_1": "Team A"},
            "“Team A” is what the table calls Ann & Dee: give Bo & Eli another name, or "
            "leave it empty to call them Bo & Eli.",
        ),
        (
            {"team_name_0": " flo"},
            "“flo” is a player's name: give Ann & Dee a name no player has, or leave it "
            "empty to call them Ann & Dee.",
        ),
        (
            {"team_name_1": "The Unbeatable Smear Champions!"},
            "The name for Bo & Eli is 31 characters long; keep it to 30.",
        ),
        (
            {"team_name_2": "Sharks\u202e"},
            "The name for Cy & Flo contains a character that reverses the text's direction "
            "(U+202E): type the name again in plain text.",
        ),
    ],
    ids=[
        "same-name",
        "other-partners",
        "other-letter",
        "player-name",
        "too-long",
        "hidden-character",
    ],
)
@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_game_new_refused_team_name_says_why_and_starts_nothing(client, db, names, error, headers):
    response = client.post(reverse("game_new"), {**NEW, **names}, **headers)
    page = text(response)
    assert response.status_code == 422
    assert find_all(page, "p", "error") == [error]
    assert Game.objects.count() == 0
    # The section is open on the refused name, every name kept, placeholders by partners.
    assert _team_names_open(page)
    for field, value in names.items():
        assert f'name="{field}" value="{escape(value.strip())}"' in page
    assert [p.replace("&amp;", "&") for p in _placeholders(page)] == [
        "Ann & Dee",
        "Bo & Eli",
        "Cy & Flo",
    ]


def test_game_new_partners_fragment_shows_the_names_typed(client, db):
    response = client.get(
        reverse("game_new"),
        {**NEW, "team_name_1": "Sharks"},
        HTTP_HX_TARGET="partners",
        **HTMX,
    )
    assert find_all(text(response), "li", "team-chip") == [
        "Team A: Ann & Dee",
        "Sharks: Bo & Eli",
        "Team C: Cy & Flo",
    ]


# -- everywhere the team is named -------------------------------------------------------------
@pytest.fixture
def sharks(make_game):
    """Schmier, won by the team named Sharks (Ann & Dee) in four hands."""
    return make_game("schmier", entries=[WIN] * 4, team_names=["Sharks", "", ""])


def test_banner_and_table_view_name_the_winning_team(client, sharks):
    page = text(client.get(reverse("game", args=[sharks.public_id])))
    assert find_all(page, "p", "banner-title") == ["Sharks win!"]
    banner = find_all(page, "div", "banner t0")[0]
    assert "Sharks" in banner and "Team A" not in banner

    table = text(client.get(reverse("game_table", args=[sharks.public_id])))
    assert find_all(table, "p", "table-banner t0") == ["Sharks win!"]
    assert find_all(table, "span", "table-name") == ["Sharks", "Bo & Eli", "Cy & Flo"]
    assert find_all(table, "span", "table-partners") == ["Ann & Dee"]


def test_history_and_csv_name_the_team(client, sharks):
    page = text(client.get(reverse("game_history", args=[sharks.public_id])))
    assert find_all(page, "li", "team-chip") == [
        "Sharks (Ann & Dee) 24",
        "Bo & Eli 0",
        "Cy & Flo 0",
    ]
    assert find_all(page, "th", "num") == ["Sharks", "Bo & Eli", "Cy & Flo"]

    csv = text(client.get(reverse("game_history_csv", args=[sharks.public_id])))
    assert csv.splitlines()[0] == (
        "hand,dealer,bidder,bid,result,Sharks points,Bo & Eli points,Cy & Flo points,"
        "Sharks total,Bo & Eli total,Cy & Flo total,edited,Sharks card points,"
        "Bo & Eli card points,Cy & Flo card points"
    )


def test_home_row_names_the_team_with_its_partners(client, sharks, scorer_for):
    scorer_for(sharks)
    page = text(client.get(reverse("home")))
    assert find_all(page, "span", "team-chip") == [
        "Sharks (Ann & Dee) 24",
        "Bo & Eli 0",
        "Cy & Flo 0",
    ]
    assert find_all(page, "mark", "done") == ["Sharks won"]


def test_rematch_keeps_the_team_names(client, sharks, scorer_for):
    response = scorer_for(sharks).post(reverse("game_rematch", args=[sharks.public_id]))
    new = Game.objects.get(rematch_of=sharks)
    assert new.team_names == ["Sharks", "", ""]
    page = text(client.get(response["Location"]))
    assert find_all(page, "span", "team-label") == ["Sharks", "Bo & Eli", "Cy & Flo"]


# -- the rule itself, as every caller meets it ---------------------------------------------------
def test_game_create_refuses_every_bad_team_name_at_once(db):
    with pytest.raises(HandRefused) as refused:
        new_games.game_create(
            variant="ne-wisconsin",
            players=["Ann", "Bo", "Cy", "Dee"],
            team_names=["Bo & DEE", "\x00"],
        )
    assert [(e.field, e.message) for e in refused.value.errors] == [
        (
            "team_names.0",
            "“Bo & DEE” is what the table calls Bo & Dee: give Ann & Cy another name, or "
            "leave it empty to call them Ann & Cy.",
        ),
        (
            "team_names.1",
            "The name for Bo & Dee contains a control character (U+0000): type the name "
            "again in plain text.",
        ),
    ]
    assert Game.objects.count() == 0


def test_game_create_wants_one_team_name_per_team(db):
    with pytest.raises(HandRefused) as refused:
        new_games.game_create(
            variant="ne-wisconsin", players=["Ann", "Bo", "Cy", "Dee"], team_names=["Sharks"]
        )
    assert [(e.field, e.message) for e in refused.value.errors] == [
        (
            "team_names",
            "Four Point Northeastern Wisconsin Smear has 2 teams: give 2 team names in team "
            'order, or "" for a team called by its partners.',
        )
    ]
