"""A night whose game is cutthroat (the club's house rules with each player alone) says its
rules for players alone: the director's screen, the room view, the scoring page and the
printed sheets never speak of partnerships or partners. A night of partnerships says them
as it always did."""

from __future__ import annotations

import pytest

from smear_scores import rules
from smear_scores.models import Night
from smear_scores.services.house_rules import house_rules_create

from .test_pages import login, run_night

# The director's screen, the room view and the printed sheets (the scoring page is below).
PAGES = ("", "room/", "print/", "results/print/")


@pytest.fixture
def house_pitch(club):
    """The club's own Auction Pitch, four at a table and each alone."""
    return house_rules_create(
        settings={**rules.settings_of(rules.AUCTION_PITCH), "name": "Club Pitch", "teams": 4},
        club=club,
    )


def pages(client, night: Night) -> dict[str, str]:
    return {path: client.get(f"/tournaments/{night.pk}/{path}").content.decode() for path in PAGES}


def test_a_cutthroat_nights_pages_speak_of_players_alone(
    client, club, players, director, house_pitch
):
    login(client, director)
    night = run_night(
        client,
        club,
        players,
        variant=f"house:{house_pitch.public_id}",
        round_hands="1",
        win_bonus="5",
        movement="king",
    )
    assert night.rules_variant.cutthroat
    assert client.post(f"/tournaments/{night.pk}/draw/").status_code == 302
    rule = "Each player scores their own points each round, plus 5 points for a round they win."
    close = (
        "A table still playing when the director closes its round keeps its scores as they "
        "stand, and the player ahead wins the round (nobody, if they are level)."
    )
    king = "King of the hill: after each round the player who won at a table moves up a table"

    shown = pages(client, night)
    director_page = shown[""]
    for line in (rule, close, king):
        assert line in director_page
    assert "A correction adds points to one player's round score" in director_page
    assert 'aria-label="Player"' in director_page
    # The dashboard's ask before closing a table as it stands.
    assert "the player ahead wins the round (nobody, if level)." in director_page
    assert rule in shown["room/"]
    assert rule in shown["print/"] and close in shown["print/"]
    assert rule in shown["results/print/"]

    client.logout()
    scoring = client.get(f"/tournaments/{night.pk}/scoring/").content.decode()
    assert rule in scoring
    assert close in scoring
    assert "two rounds, each playing alone, scored as this night scores:" in scoring
    assert "<li>Round 1: Ann 15, Bo 9, Cy 6, Di 4; Ann won.</li>" in scoring
    assert "<li>Ann: 20 + 11 = 31, place 1.</li>" in scoring
    shown["scoring/"] = scoring
    for path, page in shown.items():
        assert "partner" not in page.lower(), path


def test_a_cutthroat_nights_correction_refusal_names_the_player(
    client, club, players, director, house_pitch
):
    login(client, director)
    night = run_night(
        client, club, players, variant=f"house:{house_pitch.public_id}", round_hands="1"
    )
    client.post(f"/tournaments/{night.pk}/draw/")
    table = night.round_set.get().tables.get(number=1)

    response = client.post(
        f"/tournaments/{night.pk}/tables/{table.pk}/correct/",
        {"team": "٠", "points": "2000", "reason": "scoresheet"},
    )
    assert response.status_code == 422
    page = response.content.decode()
    assert "The player is a whole number written in digits 0 to 9" in page
    assert "partner" not in page.lower()
    response = client.post(
        f"/tournaments/{night.pk}/tables/{table.pk}/correct/",
        {"team": "3", "points": "2000", "reason": "scoresheet"},
    )
    assert response.status_code == 422
    assert "give the points the player&#x27;s round score is off by." in response.content.decode()


@pytest.mark.parametrize(
    "scoring, rule",
    [
        (
            {"scoring": "win_points", "win_points": "2", "margin": "5", "margin_points": "3"},
            "Each player scores 2 points for a round they win, 3 points for a win by 5 points "
            "or more, nothing for a round lost; ties are broken by rounds won, then the spread "
            "(points scored less the best other player&#x27;s, over the rounds), then the best "
            "round.",
        ),
        (
            {"scoring": "total_points"},
            "Each player scores their own points each round, nothing added; the highest score "
            "of each round is a prize of its own, shared by the players level on it.",
        ),
        (
            {"scoring": "bid_bonus", "bid_made": "2", "bid_set": "1"},
            "Each player scores their own points each round, plus 2 points for each bid they "
            "made, less 1 point for each bid they were set.",
        ),
    ],
)
def test_each_scoring_system_says_its_rule_for_players_alone(
    client, club, players, director, house_pitch, scoring, rule
):
    login(client, director)
    night = run_night(client, club, players, variant=f"house:{house_pitch.public_id}", **scoring)
    client.logout()
    page = client.get(f"/tournaments/{night.pk}/scoring/").content.decode()
    assert rule in page
    assert "partner" not in page.lower()


def test_a_partnership_nights_pages_say_partnerships_as_before(client, club, players, director):
    login(client, director)
    night = run_night(client, club, players, win_bonus="5", movement="king")
    assert client.post(f"/tournaments/{night.pk}/draw/").status_code == 302
    rule = (
        "Each player scores their partnership&#x27;s points each round, plus 5 points for a "
        "round it wins."
    )
    close = (
        "A table still playing when the director closes its round keeps its scores as they "
        "stand, and the partnership ahead wins the round (nobody, if they are level)."
    )
    king = (
        "King of the hill: after each round the partnership that won at a table moves up a "
        "table (the head table&#x27;s winners stay, its losers go to the last table), the "
        "others stay, and partners split. A table that ends level holds everyone at their "
        "table that round (partners still split)."
    )

    shown = pages(client, night)
    director_page = shown[""]
    for line in (rule, close.replace("'", "&#x27;"), king):
        assert line in director_page
    assert "A correction adds points to one partnership's round score" in director_page
    assert 'aria-label="Partnership"' in director_page
    assert "the partnership ahead wins the round (nobody, if level)." in director_page
    assert rule in shown["room/"]
    assert rule in shown["print/"] and close in shown["print/"]
    assert rule in shown["results/print/"]

    client.logout()
    scoring = client.get(f"/tournaments/{night.pk}/scoring/").content.decode()
    assert rule in scoring
    assert (
        "<p>Four players at one table of four, two rounds, partners opposite each other, "
        "scored as this night scores:</p>"
    ) in scoring
    assert "<li>Round 1: Ann &amp; Cy 11, Bo &amp; Di 6; Ann &amp; Cy won.</li>" in scoring
