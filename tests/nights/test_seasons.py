"""A club's season: its standings page, CSV and API from the nights between its dates (only
results that count), and the rules form's refusals."""

from __future__ import annotations

import csv
import io
from datetime import date

import pytest

from smear_scores.models import Night, Season
from smear_scores.rules import HandEntry, Refused
from smear_scores.services import night_phones, nights
from smear_scores.services.seasons import season_save

from .conftest import make_user
from .test_nights import games_of, play_out
from .test_pages import login

# Schmier, one hand a round: A bids 3 and makes it; A 3, B 2, C 1 (seats 0/3, 1/4, 2/5).
HAND = HandEntry(bidder=0, bid=3, points=(3, 2, 1))
BY_SEAT = {0: 3, 1: 2, 2: 1}


def one_night(club, players, day, seed, *, agreed=True):
    night = nights.night_open(
        club=club, name=f"Night {day:%d %b}", day=day, variant="schmier", rounds=1, round_hands=1
    )
    for player in players[:6]:
        night_phones.night_check_in(night=night, player=player)
    (game,) = games_of(nights.round_draw(night=night, seed=seed))
    game = play_out(game, [HAND], agreed=agreed)
    return {
        name: BY_SEAT[position % 3] for position, name in game.seats.values_list("position", "name")
    }


def season_of(club, players, **rules):
    first = one_night(club, players, date(2026, 3, 3), 1)
    second = one_night(club, players, date(2026, 3, 10), 2)
    one_night(club, players, date(2026, 3, 17), 3, agreed=False)  # awaits agreement
    one_night(club, players, date(2027, 1, 5), 4)  # after the season
    season = season_save(
        club=club,
        name="Spring 2026",
        start=date(2026, 1, 1),
        end=date(2026, 12, 31),
        nights_planned=10,
        **rules,
    )
    return season, {name: first[name] + second[name] for name in first}


def test_the_season_page_adds_each_players_counted_nights_and_says_how(client, club, players):
    season, totals = season_of(club, players, minimum=2, tie_breaks=["nights_won"])

    page = client.get(f"/clubs/{club.slug}/seasons/{season.pk}/").content.decode()

    rows = [
        (cells[1], int(cells[-1]))
        for cells in (
            [c.split(">")[-1] for c in row.split("</t")[:-1]]
            for row in page.split("<tbody>")[1].split("</tbody>")[0].split("</tr>")[:-1]
        )
    ]
    assert dict(rows) == totals
    assert [t for _, t in rows] == sorted(totals.values(), reverse=True)
    assert "Standings after 2 nights" in page  # the night awaiting agreement has no result
    assert "A player&#x27;s season is the sum of their night totals." in page
    assert "A player needs 2 nights to be ranked" in page
    assert "Players level on points are split by more nights won; still level, they share." in (
        page
    )


def test_the_season_csv_and_api_give_the_pages_figures(client, club, players):
    season, totals = season_of(club, players)

    response = client.get(f"/clubs/{club.slug}/seasons/{season.pk}/standings.csv")
    lines = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    api = client.get(f"/api/clubs/{club.slug}/seasons/{season.pk}/standings").json()

    assert lines[0] == [
        "Place",
        "Player",
        "Nights",
        "Nights won",
        "Rounds won",
        "Best night",
        "Counted",
        "Total",
    ]
    assert {row[1]: int(row[-1]) for row in lines[1:]} == totals
    assert {row["name"]: row["total"] for row in api["rows"]} == totals
    assert {row["nights"] for row in api["rows"]} == {2}
    assert api["season"]["rules"][0] == "A player's season is the sum of their night totals."
    missing = client.get(f"/api/clubs/{club.slug}/seasons/{season.pk + 99}/standings")
    assert missing.status_code == 404


def test_season_rules_that_cannot_hold_are_refused_beside_their_field(client, club, director):
    login(client, director)
    form = {
        "name": "Spring",
        "start": "2026-01-01",
        "end": "2026-06-30",
        "nights_planned": "10",
        "count": "sum",
        "best": "0",
        "drop": "10",
        "minimum": "0",
        "threshold": "0",
        "tie_break_1": "nights_won",
        "tie_break_2": "best_night",
        "tie_break_3": "nights_won",
    }

    response = client.post(f"/clubs/{club.slug}/seasons/new/", form)

    page = response.content.decode()
    assert response.status_code == 422
    assert (
        "Dropping 10 nights of a season of 10 leaves none to count: drop fewer than 10, or 0."
        in page
    )
    assert (
        "The tie-break chain names nights won twice: name each rule once, in the order it "
        "breaks ties." in page
    )
    assert Season.objects.count() == 0

    fixed = client.post(
        f"/clubs/{club.slug}/seasons/new/", {**form, "drop": "2", "tie_break_3": ""}
    )
    season = Season.objects.get()
    assert fixed["Location"] == f"/clubs/{club.slug}/seasons/{season.pk}/"
    assert (season.drop, season.tie_breaks) == (2, ["nights_won", "best_night"])


def test_a_threshold_no_night_reached_is_refused_once_the_season_has_nights(club, players):
    season, _ = season_of(club, players)
    keep = {f: getattr(season, f) for f in ("name", "start", "end", "nights_planned")}

    with pytest.raises(Refused) as refused:
        season_save(club=club, season=season, **keep, threshold=4)

    assert [(e.field, e.message) for e in refused.value.errors] == [
        (
            "threshold",
            "No night of the season reached 4 (the highest was 3): a threshold that high "
            "leaves every night adding nothing; lower it.",
        )
    ]
    assert Season.objects.get().threshold == 0
    assert season_save(club=club, season=season, **keep, threshold=3).threshold == 3


def test_only_club_admins_open_a_season_or_change_its_rules(client, club, players):
    season, _ = season_of(club, players)
    response = client.get(f"/clubs/{club.slug}/seasons/new/")
    assert (response.status_code, response["Location"].split("?")[0]) == (302, "/clubs/login/")
    login(client, make_user("mo", club=club))
    assert client.get(f"/clubs/{club.slug}/seasons/new/").status_code == 403
    assert client.post(f"/clubs/{club.slug}/seasons/{season.pk}/rules/", {}).status_code == 403
    assert client.get(f"/clubs/{club.slug}/seasons/{season.pk}/").status_code == 200


def test_with_fixed_pairs_the_standings_are_per_partnership(client, club, players):
    by_name = one_night(club, players, date(2026, 3, 3), 1)
    game = Night.objects.get().round_set.get().tables.get().game
    seats = list(game.seats.order_by("position").values_list("name", flat=True))
    season = season_save(
        club=club,
        name="Pairs 2026",
        start=date(2026, 1, 1),
        end=date(2026, 12, 31),
        nights_planned=10,
        pairs=True,
    )

    api = client.get(f"/api/clubs/{club.slug}/seasons/{season.pk}/standings").json()

    pairs = {team: " & ".join(sorted([seats[team], seats[team + 3]])) for team in range(3)}
    assert [(r["name"], r["total"], r["rank"]) for r in api["rows"]] == [
        (pairs[0], by_name[seats[0]], 1),
        (pairs[1], by_name[seats[1]], 2),
        (pairs[2], by_name[seats[2]], 3),
    ]
    assert [len(r["player_ids"]) for r in api["rows"]] == [2, 2, 2]
    page = client.get(f"/clubs/{club.slug}/seasons/{season.pk}/").content.decode()
    assert '<th scope="col" class="name">Partnership</th>' in page
    assert f'<th scope="row" class="name">{pairs[0].replace("&", "&amp;")}</th>' in page
