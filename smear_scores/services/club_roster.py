"""A director's roster on the club's own pages: a list of names read from a paste or an
uploaded CSV (its encoding found), renaming, retiring and bringing back a player. The
import's check and write are services.clubs' (roster_check, players_create), the same
name rules as every other way onto the roster; merging is services.clubs.player_merge."""

from __future__ import annotations

import codecs
import csv
import io

from django.db import IntegrityError, transaction

from smear_scores.models import Player
from smear_scores.services.clubs import MergeRefused, name_refusal, roster_clash

# An upload is a list of names, not a spreadsheet of a season: refused above this size.
MAX_UPLOAD_BYTES = 200_000
HEADERS = {"name", "names", "player", "players"}


class UploadRefused(MergeRefused):
    """A file that is not a list of names this page can read."""


def upload_text(data: bytes) -> str:
    """The text of an uploaded file: UTF-8 (with or without the BOM spreadsheets write), else
    Windows-1252 (Excel's "CSV" on Windows), whichever reads it whole; UTF-16 with its
    byte-order mark."""
    if len(data) > MAX_UPLOAD_BYTES:
        raise UploadRefused(
            f"The file is {len(data):,} bytes, more than the {MAX_UPLOAD_BYTES:,} a list of "
            "names needs: save only the names' column, or paste them."
        )
    unreadable = UploadRefused(
        "This file is neither UTF-8 nor Windows-1252 text: save it as CSV (UTF-8) from the "
        "spreadsheet, or paste the names."
    )
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        # A spreadsheet's "Unicode text": UTF-16 says so with its byte-order mark.
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise unreadable from None
    if b"\x00" in data:
        # No list of names holds a NUL: a file of another kind, or UTF-16 with no mark,
        # which Windows-1252 would read as names with a NUL between each letter.
        raise unreadable
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        raise unreadable from None


def csv_names(text: str) -> str:
    """The names of a CSV, one per line: each row's first cell (a header "Name" left out),
    so "Smith, Ann" in quotes stays one name. A plain list (no commas) reads the same."""
    rows = list(csv.reader(io.StringIO(text)))
    names = [(row[0] if row else "") for row in rows]
    if names and names[0].strip().casefold() in HEADERS:
        names[0] = ""  # kept as a blank line, so every later line keeps its number
    return "\n".join(names)


@transaction.atomic
def player_rename(*, player: Player, name: str) -> Player:
    """The player's name becomes ``name`` (the roster's name rules); every game they sat
    at keeps the name it was played under until its seats are corrected."""
    name = " ".join(name.split())
    refusal = name_refusal(name) or roster_clash(club=player.club, name=name, exclude=player.pk)
    if refusal is not None:
        raise MergeRefused(refusal)
    player = Player.objects.select_for_update().get(pk=player.pk)
    player.name = name
    try:
        with transaction.atomic():
            player.save(update_fields=["name"])
    except IntegrityError:
        raise MergeRefused(roster_clash(club=player.club, name=name) or name) from None
    return player


@transaction.atomic
def player_retire(*, player: Player, retired: bool = True) -> Player:
    """A retired player stays in every game, table and rating they have, and leaves the
    pickers of new games and nights; ``retired=False`` brings them back."""
    Player.objects.filter(pk=player.pk).update(retired=retired)
    player.retired = retired
    return player
