"""manage.py backup_dump FILE: the whole club in one JSON file (see backup_load)."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from django.core import serializers
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.models import Model

from smear_scores.backup import ExactJSONEncoder, backup_models, plural


class Command(BaseCommand):
    help = (
        "Write every game (with its seats, hands and audit records), club, league, player, "
        "rating and user account to one JSON file, from one consistent snapshot; the site "
        "may keep running. Load it into an empty database with backup_load."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="Where to write the backup; - writes to stdout.")
        parser.add_argument("--database", default=DEFAULT_DB_ALIAS)

    def handle(self, *args: Any, file: str, database: str, **options: Any) -> None:
        connection = connections[database]
        counts = []
        outermost = not connection.in_atomic_block
        with transaction.atomic(using=database):
            if connection.vendor == "postgresql" and outermost:
                # One snapshot for every table: a hand recorded mid-dump is either wholly
                # in the backup (hand, audit record and standings) or wholly absent.
                with connection.cursor() as cursor:
                    cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
            # (SQLite: the transaction holds the write lock, so writes wait for the dump.)

            def objects() -> Iterator[Model]:
                for model in backup_models():
                    queryset = model._base_manager.using(database).order_by("pk")
                    counts.append((model, queryset.count()))
                    yield from queryset.iterator(chunk_size=2000)

            if file == "-":
                self._write(objects(), sys.stdout)
            else:
                self._write_file(objects(), Path(file))
        if file != "-":
            summary = ", ".join(plural(model, n) for model, n in counts if n)
            self.stdout.write(f"Wrote {file}: {summary or 'an empty database'}.")

    def _write(self, objects: Iterator[Model], stream: TextIO) -> None:
        serializers.serialize(
            "json",
            objects,
            stream=stream,
            indent=None,
            use_natural_foreign_keys=True,
            cls=ExactJSONEncoder,
        )
        stream.write("\n")

    def _write_file(self, objects: Iterator[Model], path: Path) -> None:
        # Written beside the target and renamed at the end: a failed dump never leaves a
        # half-written file under the backup's name.
        directory = path.resolve().parent
        if not directory.is_dir():
            raise CommandError(f"Cannot write {path}: the folder {directory} does not exist.")
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=directory)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as stream:
                self._write(objects, stream)
            os.replace(temp, path)
        except BaseException:
            os.unlink(temp)
            raise
