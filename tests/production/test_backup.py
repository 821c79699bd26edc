"""backup_dump and backup_load: the whole club survives a round trip."""

from __future__ import annotations

import io
import json
from datetime import date

import pytest
from django.contrib.auth.models import Permission, User
from django.core import serializers
from django.core.management import CommandError, call_command

from smear_scores.backup import backup_models
from smear_scores.models import Club, Game, Hand, HandRevision, League, Membership
from smear_scores.rules import HandEntry
from smear_scores.services import clubs, league_games
from smear_scores.services.editing import hand_edit, hand_undo
from smear_scores.services.new_games import game_create, game_import
from smear_scores.services.recording import hand_record
from smear_scores.services.rematches import game_rematch

pytestmark = pytest.mark.django_db

# NE Wisconsin: seats 0 and 2 are team A, seats 1 and 3 team B (W1).
HANDS = [
    HandEntry(bidder=1, bid=2, points=(1, 3)),
    HandEntry.thrown(),
    HandEntry(bidder=2, bid=3, points=(3, 1)),
    HandEntry(bidder=3, bid=2, points=(2, 1)),
    HandEntry(bidder=0, bid=4, points=(4, 0)),
]


def _club() -> None:
    """A club with a member, a league game, a casual game with edits and an undo, an
    imported game and a rematch."""
    user = User.objects.create_user("ann", password="a long club password")
    user.user_permissions.add(Permission.objects.get(codename="change_game"))
    club = Club.objects.create(name="Tuesday Smear", slug="tuesday")
    Membership.objects.create(user=user, club=club, is_admin=True)
    roster = [clubs.player_create(club=club, name=n) for n in ("Ann", "Bo", "Cy", "Di")]
    league = League.objects.create(
        club=club, name="Winter", variant="ne-wisconsin", start_date=date(2026, 1, 1)
    )
    league_game = league_games.league_game_create(league=league, players=roster, first_dealer=0)
    for number, entry in enumerate(HANDS, start=1):
        hand_record(game=league_game, entry=entry, number=number)

    casual = game_create(
        variant="ne-wisconsin", players=["Eve", "Fay", "Gus", "Hal"], first_dealer=1
    )
    for number, entry in enumerate(HANDS[:4], start=1):
        hand_record(game=casual, entry=entry, number=number)
    hand_edit(game=casual, number=1, entry=HandEntry(bidder=1, bid=2, points=(2, 2)))
    hand_undo(game=casual)
    game_rematch(game=casual)
    game_import(
        record={
            "variant": "schmier",
            "players": ["I", "J", "K", "L", "M", "N"],
            "first_dealer": 0,
            "hands": [HandEntry(bidder=1, bid=3, points=(1, 4, 1))],
        }
    )


def _everything() -> dict[str, list]:
    """Every row a backup holds, as plain data."""
    return {
        model._meta.label: serializers.serialize(
            "python", model._base_manager.order_by("pk"), use_natural_foreign_keys=True
        )
        for model in backup_models()
    }


def _empty_the_database() -> None:
    for model in reversed(backup_models()):
        model._base_manager.all().delete()


def test_backup_round_trip_keeps_every_hand_and_audit_record(tmp_path):
    _club()
    before = _everything()
    assert (Game.objects.count(), Hand.objects.count(), HandRevision.objects.count()) == (
        4,
        5 + 3 + 1,
        5 + 4 + 1 + 1 + 1,
    )
    backup = tmp_path / "club.json"
    call_command("backup_dump", str(backup), stdout=io.StringIO())
    _empty_the_database()
    assert sum(len(rows) for rows in _everything().values()) == 0

    call_command("backup_load", str(backup), stdout=io.StringIO())

    assert _everything() == before
    user = User.objects.get(username="ann")
    assert user.check_password("a long club password") is True
    assert list(user.user_permissions.values_list("codename", flat=True)) == ["change_game"]


def test_backup_load_continues_numbering_after_the_loaded_rows(tmp_path):
    _club()
    backup = tmp_path / "club.json"
    call_command("backup_dump", str(backup), stdout=io.StringIO())
    highest = Game.objects.order_by("-pk").first().pk
    _empty_the_database()
    call_command("backup_load", str(backup), stdout=io.StringIO())

    game = game_create(variant="ne-wisconsin", players=["A", "B", "C", "D"])
    casual = Game.objects.get(seats__name="Eve", rematch_of=None)
    hand_record(game=casual, entry=HANDS[3], number=4)

    assert game.pk == highest + 1
    assert list(casual.hands.values_list("number", flat=True)) == [1, 2, 3, 4]


def test_backup_dump_reports_what_it_wrote(tmp_path):
    _club()
    out = io.StringIO()
    call_command("backup_dump", str(tmp_path / "club.json"), stdout=out)
    assert out.getvalue() == (
        f"Wrote {tmp_path / 'club.json'}: 1 user, 1 club, 1 membership, 4 players, 1 league, "
        "4 games, 18 seats, 9 hands, 12 hand revisions.\n"
    )
    rows = json.loads((tmp_path / "club.json").read_text())
    assert [row["model"] for row in rows][:3] == [
        "auth.user",
        "smear_scores.club",
        "smear_scores.membership",
    ]


def test_backup_load_refuses_a_database_that_is_not_empty(tmp_path):
    _club()
    backup = tmp_path / "club.json"
    call_command("backup_dump", str(backup), stdout=io.StringIO())
    before = _everything()

    with pytest.raises(CommandError) as refused:
        call_command("backup_load", str(backup))

    assert str(refused.value) == (
        "This database already holds 1 user, 1 club, 1 membership, 4 players, 1 league, "
        "4 games, 18 seats, 9 hands, 12 hand revisions: backup_load only loads into an empty "
        "database, so nothing was loaded. Create a new database, point DATABASE_URL at it, "
        "run `manage.py migrate`, then run backup_load again."
    )
    assert _everything() == before


def test_backup_load_of_a_damaged_file_writes_nothing(tmp_path):
    _club()
    backup = tmp_path / "club.json"
    call_command("backup_dump", str(backup), stdout=io.StringIO())
    rows = json.loads(backup.read_text())
    audit = next(row for row in rows if row["model"] == "smear_scores.handrevision")
    audit["fields"]["game"] = 999_999  # an audit record of a game the file lacks
    backup.write_text(json.dumps(rows))
    _empty_the_database()

    with pytest.raises(CommandError) as refused:
        call_command("backup_load", str(backup))

    assert str(refused.value).startswith(f"{backup} does not hold together, so nothing was loaded")
    assert sum(len(rows) for rows in _everything().values()) == 0


def test_backup_load_of_a_file_that_is_not_a_backup_writes_nothing(tmp_path):
    backup = tmp_path / "notes.json"
    backup.write_text('[{"model": "smear_scores.game", "pk": 1, "fields": {"variant": 7}}')

    with pytest.raises(CommandError) as refused:
        call_command("backup_load", str(backup))

    assert str(refused.value).startswith(
        f"{backup} is not a backup written by backup_dump, or it is damaged: "
    )
    assert sum(len(rows) for rows in _everything().values()) == 0


def test_backup_dump_to_stdout_loads_back_from_stdin(tmp_path, monkeypatch, capsys):
    _club()
    before = _everything()
    call_command("backup_dump", "-")
    written = capsys.readouterr().out
    _empty_the_database()
    monkeypatch.setattr("sys.stdin", io.StringIO(written))

    call_command("backup_load", "-", stdout=io.StringIO())

    assert _everything() == before
