"""The club's archive: the whole club downloaded as versioned JSON and imported into a
fresh server gives the same league tables, night standings and ratings; an archive that is
corrupt, from a newer version, or names a club that exists is refused whole, with why."""

from __future__ import annotations

import json
from dataclasses import astuple

import pytest
from django.core.management import call_command

from smear_scores.archive_format import TABLES, VERSION, archived_fields
from smear_scores.models import Club, Game, Player, Rating, Role, Season
from smear_scores.rules import HandEntry
from smear_scores.selectors import leagues as league_selectors
from smear_scores.selectors.agreements import agree_version
from smear_scores.selectors.club_archive import club_rows
from smear_scores.selectors.nights import night_standings
from smear_scores.selectors.seasons import season_csv_rows, season_table
from smear_scores.services import night_phones, nights
from smear_scores.services.agreements import dispute_settle, hand_dispute
from smear_scores.services.night_substitutes import sub_seat

from ..league.conftest import wisconsin_win
from ..nights.test_nights import games_of, play_out
from ..web.conftest import find_all, text
from .conftest import make_league, make_user, member, roster


def tables_of(club: Club) -> dict:
    """What a club's pages show from its games: every league's tables, every night's
    standings, every player's ratings, by names (ids differ between servers)."""
    out = {}
    for league in club.leagues.order_by("name"):
        table = league_selectors.league_table(league)
        out[f"league {league.name} players"] = list(
            league_selectors.table_csv_rows(table.players, table.with_points)
        )
        out[f"league {league.name} partnerships"] = list(
            league_selectors.table_csv_rows(table.partnerships, table.with_points)
        )
    for night in club.nights.order_by("name"):
        out[f"night {night.name}"] = [astuple(s)[1:] for s in night_standings(night)]
    for season in club.seasons.order_by("name"):
        out[f"season {season.name}"] = season_csv_rows(season_table(season))
    # Every stored row of the club (its games' hands, agreements, decisions, the nights'
    # rounds…) by its own values: the same rows, the same times.
    for name, rows in club_rows(club).items():
        fields = [f.name for f in archived_fields(TABLES[name]) if not f.is_relation]
        out[f"rows {name}"] = sorted(map(repr, rows.values_list(*fields)))
    out["ratings"] = list(
        Rating.objects.filter(player__club=club)
        .order_by("player__name", "seq")
        .values_list("player__name", "seq", "mu", "sigma", "ordinal")
    )
    return out


@pytest.fixture
def played(club):
    """A club with a league of agreed, disputed and settled games and a progressive night."""
    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"]
    players = roster(club, *names)
    league = make_league(club)
    wisconsin_win(league, players[:4], 0, 2)
    wisconsin_win(league, [players[0], players[2], players[1], players[3]], 1)
    disputed = wisconsin_win(league, players[4:8], 0, agreed=False)
    hand_dispute(game=disputed, team=1, number=2, version=agree_version(disputed, 2), words="no")
    dispute_settle(
        game=Game.objects.get(pk=disputed.pk), number=2, decision="keep", reason="checked", by=None
    )
    night = nights.night_open(
        club=club,
        name="Progressive",
        day=league.start_date,
        variant="schmier",
        rounds=2,
        round_hands=2,
        win_bonus=2,
    )
    for player in players:
        night_phones.night_check_in(night=night, player=player)
    (max_,) = roster(club, "Max")
    for seed in (1, 2):
        if seed == 2:  # Ann leaves after round 1; Max sits in for her
            night_phones.night_check_out(night=night, player=players[0])
            sub_seat(night=night, absent=players[0], sub=max_, first=2)
        round_ = nights.round_draw(night=night, seed=seed)
        for game in games_of(round_):
            play_out(game, [HandEntry(bidder=0, bid=3, points=(5, 1, 0))] * 2)
    nights.round_correct(table=round_.tables.first(), team=1, points=3, reason="miscount")
    Season.objects.create(
        club=club,
        name="Season",
        start=league.start_date,
        end=league.start_date,
        nights_planned=1,
        best=1,
        tie_breaks=["nights_won"],
    )
    return club


def download(client, club) -> bytes:
    client.force_login(member("dora", club, Role.DIRECTOR))
    response = client.get(f"/clubs/{club.slug}/archive.json")
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="{club.slug}-archive.json"'
    return response.content


# The import is onto a fresh server: the database is flushed inside the test, which
# PostgreSQL refuses in the test's own transaction (pending deferred constraint checks).
@pytest.mark.django_db(transaction=True)
def test_export_fresh_server_import_gives_the_same_tables_and_ratings(client, played, settings):
    settings.CLUB_STARTERS = "anyone"
    before = tables_of(played)
    data = download(client, played)
    archive = json.loads(data)
    assert (archive["format"], archive["version"]) == ("smear-scores-club", VERSION)
    assert list(archive["tables"]) == list(TABLES)
    assert "scoring_secret" not in data.decode() and "edit_token" not in data.decode()

    call_command("flush", interactive=False, verbosity=0)
    assert (Club.objects.count(), Game.objects.count(), Player.objects.count()) == (0, 0, 0)
    client.force_login(make_user("nina"))
    imported = client.post("/import-a-club/", {"file": _file(data)})

    club = Club.objects.get()
    assert imported["Location"] == f"/clubs/{club.slug}/"
    assert tables_of(club) == before
    # Two league tables, the night, the season and the ratings, and each table's rows.
    assert before["ratings"] and len(before) == 5 + len(TABLES)
    assert [n for n in TABLES if not before[f"rows {n}"]] == ["house_rules", "game_revisions"]
    assert list(club.memberships.values_list("user__username", "role")) == [("nina", "owner")]


def _file(data: bytes):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("club.json", data, "application/json")


# The import is onto a fresh server: the database is flushed inside the test, which
# PostgreSQL refuses in the test's own transaction (pending deferred constraint checks).
@pytest.mark.django_db(transaction=True)
def test_a_bad_archive_is_refused_whole_with_why(client, played, settings):
    settings.CLUB_STARTERS = "anyone"
    data = download(client, played)
    newer = json.loads(data) | {"version": VERSION + 1}
    damaged = json.loads(data)
    damaged["tables"]["seats"][0]["game"] = 999_999
    client.force_login(make_user("nina"))
    counts = (Club.objects.count(), Game.objects.count(), Player.objects.count())

    answers = {
        "corrupt": client.post("/import-a-club/", {"file": _file(data[:-40])}),
        "newer": client.post("/import-a-club/", {"file": _file(json.dumps(newer).encode())}),
        "exists": client.post("/import-a-club/", {"file": _file(data)}),
    }
    after = (Club.objects.count(), Game.objects.count(), Player.objects.count())
    call_command("flush", interactive=False, verbosity=0)
    client.force_login(make_user("nina"))
    answers["damaged"] = client.post(
        "/import-a-club/", {"file": _file(json.dumps(damaged).encode())}
    )

    problems = {k: find_all(text(r), "p", "problem") for k, r in answers.items()}
    assert problems["corrupt"][0].startswith("This file is not a club archive (it is not JSON: ")
    assert problems["newer"] == [
        f"This archive is version {VERSION + 1}, newer than this server reads (version "
        f"{VERSION}): update this server first; nothing was imported."
    ]
    assert problems["exists"] == [
        "This server already has a club at /clubs/tuesday/: the archive was imported before, "
        "or the address is taken. Nothing was imported."
    ]
    assert problems["damaged"] == [
        "The archive is damaged (KeyError: 999999): nothing was imported."
    ]
    assert {r.status_code for r in answers.values()} == {422}
    assert after == counts
    assert (Club.objects.count(), Game.objects.count(), Player.objects.count()) == (0, 0, 0)


# The import is onto a fresh server: the database is flushed inside the test.
@pytest.mark.django_db(transaction=True)
def test_an_archive_from_before_seasons_and_substitutes_imports_without_them(
    client, played, settings
):
    settings.CLUB_STARTERS = "anyone"
    older = json.loads(download(client, played))
    del older["tables"]["substitutions"], older["tables"]["seasons"]
    call_command("flush", interactive=False, verbosity=0)
    client.force_login(make_user("nina"))

    imported = client.post("/import-a-club/", {"file": _file(json.dumps(older).encode())})

    club = Club.objects.get()
    assert imported["Location"] == f"/clubs/{club.slug}/"
    assert (club.seasons.count(), club.nights.get().substitutions.count()) == (0, 0)
    assert club.nights.get().round_set.count() == 2
