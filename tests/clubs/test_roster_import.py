"""The roster on the club's own pages: a paste or a CSV file is previewed line by line
with each line's fate (the roster's name rules), nothing written until the director adds
the list; UTF-8 with a BOM and Windows-1252 are read; 1,000 names, blank lines and a name
twice. Rename, retire (kept in history, out of the pickers), merge two entries."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from smear_scores.forms.leagues import LeagueGameForm
from smear_scores.models import Player, Role

from ..web.conftest import find_all, text
from .conftest import make_league, member, roster

URL = "/clubs/tuesday/roster/"


@pytest.fixture
def director(client, club):
    dora = member("dora", club, Role.DIRECTOR)
    client.force_login(dora)
    return dora


def fates(response) -> list[tuple[str, str, str]]:
    rows = re.findall(
        r"<tr[^>]*><td>(\d+)</td><td>(.*?)</td><td>(.*?)</td></tr>", text(response), re.S
    )
    return [(n, name, fate) for n, name, fate in rows]


def upload(client, data: bytes, name: str = "players.csv"):
    return client.post(
        URL, {"action": "preview", "file": SimpleUploadedFile(name, data, "text/csv")}
    )


def names(club) -> list[str]:
    return list(Player.objects.filter(club=club).values_list("name", flat=True))


def test_a_paste_is_previewed_line_by_line_and_nothing_written(client, club, director):
    roster(club, "Ann")
    pasted = "Bo\n\n  ann \nCy\nBO\nCу\n" + "x" * 41

    response = client.post(URL, {"action": "preview", "text": pasted})

    assert response.status_code == 200
    assert fates(response) == [
        ("1", "Bo", "added"),
        (
            "3",
            "ann",
            "Tuesday Smear Club already has a player called Ann: pick that player, "
            "or tell the two apart (e.g. add an initial). Remove the line.",
        ),
        ("4", "Cy", "added"),
        ("5", "BO", "BO is also on line 1: keep one of them."),
        (
            "6",
            "Cу",
            "Cу looks the same as Cy on line 4: keep one of them, or tell the two "
            "apart (e.g. add an initial).",
        ),
        (
            "7",
            "x" * 41,
            "xxxxxxxxxxxxxxxxxxxx… is 41 characters long: a name has at most 40; shorten it.",
        ),
    ]
    assert find_all(text(response), "p", "problem") == [
        "4 lines cannot be added, so nothing is added yet: fix them below and check again."
    ]
    assert 'value="add"' not in text(response)
    assert names(club) == ["Ann"]


def test_a_clean_list_is_added_only_when_confirmed(client, club, director):
    preview = client.post(URL, {"action": "preview", "text": "Bo\nCy\n"})
    assert names(club) == []
    assert "Add 2 players" in text(preview)

    added = client.post(URL, {"action": "add", "text": "Bo\nCy\n"})

    assert find_all(text(added), "p", "notice") == ["Added 2 to the roster: Bo, Cy."]
    assert names(club) == ["Bo", "Cy"]


def test_csv_in_utf8_with_bom_windows_1252_and_utf16_read_the_same(client, club, director):
    rows = 'Name\r\nZoë\r\n"Smith, Ann"\r\nRenée\r\n'
    with_bom = upload(client, b"\xef\xbb\xbf" + rows.encode("utf-8"))
    windows = upload(client, rows.encode("cp1252"))

    utf16 = upload(client, rows.encode("utf-16"))

    expected = [("2", "Zoë", "added"), ("3", "Smith, Ann", "added"), ("4", "Renée", "added")]
    assert fates(with_bom) == fates(windows) == fates(utf16) == expected


def test_a_file_of_neither_encoding_or_too_big_is_refused_with_the_reason(client, club, director):
    utf16 = upload(client, "Zoë\n".encode("utf-16-le"))
    huge = upload(client, b"a\n" * 100_001)

    assert find_all(text(utf16), "p", "problem") == [
        "This file is neither UTF-8 nor Windows-1252 text: save it as CSV (UTF-8) from the "
        "spreadsheet, or paste the names."
    ]
    assert find_all(text(huge), "p", "problem") == [
        "The file is 200,002 bytes, more than the 200,000 a list of names needs: save only "
        "the names' column, or paste them."
    ]
    assert (utf16.status_code, huge.status_code, names(club)) == (422, 422, [])


def test_a_thousand_names_are_previewed_and_added(client, club, director):
    pasted = "\n".join(f"Player {n}" for n in range(1000))

    preview = client.post(URL, {"action": "preview", "text": pasted})
    added = client.post(URL, {"action": "add", "text": pasted})
    over = client.post(URL, {"action": "preview", "text": pasted + "\nOne more"})

    assert len(fates(preview)) == 1000
    assert added.status_code == 200
    assert Player.objects.filter(club=club).count() == 1000
    assert fates(over) == [
        ("1001", "One more", "Paste at most 1000 names at a time: split the list.")
    ]


def test_rename_retire_and_merge(client, club, director):
    ann, bo, bob = roster(club, "Ann", "Bo", "Bob")
    league = make_league(club)

    renamed = client.post(f"/clubs/tuesday/roster/{ann.pk}/rename/", {"name": "Anne"})
    clash = client.post(f"/clubs/tuesday/roster/{ann.pk}/rename/", {"name": "BO"})
    client.post(f"/clubs/tuesday/roster/{bo.pk}/retire/")
    merged = client.post("/clubs/tuesday/roster/merge/", {"keep": bo.pk, "duplicate": bob.pk})

    assert find_all(text(renamed), "p", "notice") == ["Ann is now Anne."]
    assert find_all(text(clash), "p", "problem") == [
        "Tuesday Smear Club already has a player called Bo: pick that player, or tell the two "
        "apart (e.g. add an initial)."
    ]
    assert find_all(text(merged), "p", "notice") == [
        "Merged Bob into Bo: every game of both is now Bo's, and the ratings are replayed."
    ]
    assert list(Player.objects.values_list("name", "retired")) == [("Anne", False), ("Bo", True)]
    picker = LeagueGameForm(league=league).fields["seat_0"].queryset
    assert [p.name for p in picker] == ["Anne"]
