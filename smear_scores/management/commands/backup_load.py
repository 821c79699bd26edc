"""manage.py backup_load FILE: a backup_dump file into an empty, migrated database."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable
from typing import Any

from django.core import serializers
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.core.management.color import no_style
from django.core.serializers.base import DeserializationError
from django.db import DEFAULT_DB_ALIAS, IntegrityError, connections, transaction
from django.db.models import Model

from smear_scores.backup import backup_models, label, plural


class Command(BaseCommand):
    help = (
        "Load a file written by backup_dump into an empty database (run `manage.py "
        "migrate` on it first). Everything is loaded in one transaction: on any error "
        "nothing is written."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="A file written by backup_dump; - reads stdin.")
        parser.add_argument("--database", default=DEFAULT_DB_ALIAS)

    def handle(self, *args: Any, file: str, database: str, **options: Any) -> None:
        connection = connections[database]
        models = backup_models()
        try:
            stream = sys.stdin if file == "-" else open(file, encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"Cannot read {file}: {exc.strerror}.") from None
        counts: Counter[type[Model]] = Counter()
        with stream, transaction.atomic(using=database):
            self._refuse_unless_empty(models, database)
            try:
                with connection.constraint_checks_disabled():
                    deferred = []
                    for obj in serializers.deserialize(
                        "json", stream, using=database, handle_forward_references=True
                    ):
                        obj.save(using=database)
                        counts[type(obj.object)] += 1
                        if obj.deferred_fields:
                            deferred.append(obj)
                    for obj in deferred:
                        obj.save_deferred_fields(using=database)
                tables = [m._meta.db_table for m in counts]
                connection.check_constraints(table_names=tables)
            except DeserializationError as exc:
                raise CommandError(
                    f"{file} is not a backup written by backup_dump, or it is damaged: {exc}"
                ) from None
            except IntegrityError as exc:
                raise CommandError(
                    f"{file} does not hold together, so nothing was loaded: {exc}".strip()
                ) from None
            stray = [m for m in counts if m not in models]
            if stray:
                names = ", ".join(label(m) for m in stray)
                raise CommandError(
                    f"{file} holds {names}, which a backup never holds: nothing was loaded."
                )
            # Ids came from the file: move each table's id counter past them (PostgreSQL).
            sql = connection.ops.sequence_reset_sql(no_style(), list(counts))
            with connection.cursor() as cursor:
                for statement in sql:
                    cursor.execute(statement)
        summary = ", ".join(plural(model, counts[model]) for model in models if counts[model])
        self.stdout.write(f"Loaded {file}: {summary or 'nothing (the backup is empty)'}.")

    def _refuse_unless_empty(self, models: Iterable[type[Model]], database: str) -> None:
        held = []
        for model in models:
            count = model._base_manager.using(database).count()
            if count:
                held.append(plural(model, count))
        if held:
            raise CommandError(
                f"This database already holds {', '.join(held)}: backup_load only loads into "
                "an empty database, so nothing was loaded. Create a new database, point "
                "DATABASE_URL at it, run `manage.py migrate`, then run backup_load again."
            )
