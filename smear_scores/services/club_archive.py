"""A club's archive brought into this server (smear_scores.archive_format): refused whole,
with the reason, if it is not an archive, is from a newer version, or names a club (or a
game, or house rules) this server already has; else every row is made afresh, its links
followed, its secrets made anew, and the club's ratings replayed. The one who imports it
is the club's owner. One transaction."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction

from smear_scores.archive_format import (
    ACCOUNT_LINKS,
    FORMAT,
    LATE_LINKS,
    TABLES,
    VERSION,
    archived_fields,
)
from smear_scores.models import Club, Game, HouseRules, Membership, Role
from smear_scores.services.club_start import (
    ClubRefused,
    club_start_allowed,
    start_invitation_spend,
)
from smear_scores.services.ratings import ratings_recompute

MAX_ARCHIVE_BYTES = 50_000_000


class ArchiveRefused(ClubRefused):
    pass


def archive_read(data: bytes) -> dict[str, Any]:
    """The archive in ``data``, its format and version checked, or ArchiveRefused."""
    if len(data) > MAX_ARCHIVE_BYTES:
        raise ArchiveRefused(
            f"The file is larger than {MAX_ARCHIVE_BYTES:,} bytes: not an archive."
        )
    try:
        archive = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ArchiveRefused(
            f"This file is not a club archive (it is not JSON: {error}). Download the "
            "archive again from the club's settings page; nothing was imported."
        ) from None
    if not isinstance(archive, dict) or archive.get("format") != FORMAT:
        raise ArchiveRefused(
            "This file is JSON but not a club archive of Smear Scores: nothing was imported."
        )
    version = archive.get("version")
    if not isinstance(version, int) or version > VERSION:
        raise ArchiveRefused(
            f"This archive is version {version}, newer than this server reads (version "
            f"{VERSION}): update this server first; nothing was imported."
        )
    tables = archive.get("tables")
    if not isinstance(tables, dict) or not all(
        isinstance(tables.get(name, []), list) for name in TABLES
    ):
        raise ArchiveRefused("The archive's tables are damaged: nothing was imported.")
    if len(tables.get("club", [])) != 1:
        raise ArchiveRefused("The archive holds no club, or more than one: nothing was imported.")
    return tables


def _clashes(tables: dict[str, list[Any]]) -> None:
    club = tables["club"][0]
    if Club.objects.filter(slug=club.get("slug")).exists():
        raise ArchiveRefused(
            f"This server already has a club at /clubs/{club.get('slug')}/: the archive was "
            "imported before, or the address is taken. Nothing was imported."
        )
    for name, model in (("games", Game), ("house_rules", HouseRules)):
        ids = [row.get("public_id") for row in tables.get(name, [])]
        taken = _rows_of(model).filter(public_id__in=ids).values_list("public_id", flat=True)
        if taken:
            raise ArchiveRefused(
                f"This server already has {name.replace('_', ' ')} {taken[0]} of the archive: "
                "it was imported before. Nothing was imported."
            )


def _rows_of(model: type[models.Model]) -> models.Manager[Any]:
    """A table's rows, whichever model it is (the archive's tables are named in a dict)."""
    return model._default_manager  # noqa: SLF001 (Django's public name for a model's rows)


def _value(field: models.Field[Any, Any], raw: Any) -> Any:
    if raw is None:
        return None
    if isinstance(field, models.DateTimeField) and isinstance(raw, str):
        return datetime.fromisoformat(raw)
    return field.to_python(raw)


def _make(
    name: str, rows: list[dict[str, Any]], ids: dict[str, dict[int, int]]
) -> list[models.Model]:
    """The rows of one table made afresh (their links followed through ``ids``)."""
    model = TABLES[name]
    fields = archived_fields(model)
    objs: list[models.Model] = []
    kept_times: list[dict[str, Any]] = []
    for row in rows:
        values: dict[str, Any] = {}
        for field in fields:
            raw = row.get(field.name)
            if field.is_relation and field.name in ACCOUNT_LINKS:
                continue  # an account of the server it came from: not linked here
            if field.is_relation:
                if (name, field.name) in LATE_LINKS or raw is None:
                    continue
                target = next(t for t, m in TABLES.items() if m is field.related_model)
                values[field.attname] = ids[target][raw]
            else:
                values[field.attname] = _value(field, raw)
        objs.append(model(**values))
        kept_times.append(values)
    _rows_of(model).bulk_create(objs)
    # bulk_create stamps auto_now(_add) fields with now: put back the archived times.
    stamped = [
        f.attname
        for f in fields
        if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
    ]
    if stamped:
        for obj, values in zip(objs, kept_times, strict=True):
            for attname in stamped:
                setattr(obj, attname, values[attname])
        _rows_of(model).bulk_update(objs, stamped, batch_size=500)
    ids[name] = {row["id"]: obj.pk for row, obj in zip(rows, objs, strict=True)}
    return objs


def _link_late(tables: dict[str, list[Any]], ids: dict[str, dict[int, int]]) -> None:
    for name, field_name in LATE_LINKS:
        model = TABLES[name]
        field = model._meta.get_field(field_name)
        target = next(t for t, m in TABLES.items() if m is field.related_model)
        for row in tables.get(name, []):
            if row.get(field_name) is not None:
                _rows_of(model).filter(pk=ids[name][row["id"]]).update(
                    **{f"{field_name}_id": ids[target][row[field_name]]}
                )
    for name, model in TABLES.items():
        for field in model._meta.many_to_many:
            target = next(t for t, m in TABLES.items() if m is field.related_model)
            for row in tables.get(name, []):
                obj = _rows_of(model).get(pk=ids[name][row["id"]])
                getattr(obj, field.name).set([ids[target][i] for i in row.get(field.name, [])])


@transaction.atomic
def club_import(*, user: User, data: bytes, invitation: str = "") -> Club:
    """The archive in ``data`` as a new club of this server, owned by ``user``, who must be
    one who may start a club here (CLUB_STARTERS)."""
    tables = archive_read(data)
    _clashes(tables)
    used = club_start_allowed(user=user, invitation=invitation)
    ids: dict[str, dict[int, int]] = {}
    try:
        for name in TABLES:
            _make(name, tables.get(name, []), ids)
        _link_late(tables, ids)
    except (
        KeyError,
        TypeError,
        ValueError,
        ValidationError,
        StopIteration,
        IntegrityError,
    ) as error:
        raise ArchiveRefused(
            f"The archive is damaged ({type(error).__name__}: {error}): nothing was imported."
        ) from None
    club = Club.objects.get(pk=ids["club"][tables["club"][0]["id"]])
    Membership.objects.create(user=user, club=club, role=Role.OWNER)
    start_invitation_spend(used, club)
    ratings_recompute(club=club)
    return club
