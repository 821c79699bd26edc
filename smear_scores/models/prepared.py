"""Reads built by the ORM once and then run with new values (``PreparedRead``: the game
with its players' names, the game under its row lock), and the write every recorded hand
makes (``rows_write``: its row, its audit record and the game's standings, one statement
on PostgreSQL). Both are here because building the same SQL again cost Django more than
the database took to run it (docs/benchmarks.md); rows come back as the ORM makes them, and
values are prepared as ``save()`` prepares them. No model signal is sent: none is listened
for on these models."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections, transaction
from django.db.models import Field, Model, QuerySet

# The model a prepared read returns.
_M = TypeVar("_M", bound=Model)


@dataclass(frozen=True)
class _Compiled(Generic[_M]):
    sql: str
    params: tuple[Any, ...]
    slot: int
    model: type[_M]
    # Where the model's own columns are in a row, and their attribute names.
    start: int
    end: int
    fields: tuple[str, ...]
    annotations: tuple[tuple[str, int], ...]
    converters: tuple[tuple[int, tuple[Callable[..., Any], ...], Any], ...]


class PreparedRead(Generic[_M]):
    """``build(slot)`` returns the queryset with ``slot`` where the value goes (one
    parameter of the SQL, compared by identity of type and value); ``first(value)`` and
    ``all(value)`` run it with ``value``."""

    def __init__(self, build: Callable[[Any], QuerySet[_M]], slot: Any):
        self._build = build
        self._slot = slot
        self._compiled: dict[tuple[str, bool], _Compiled[_M]] = {}

    def _compile(self, using: str) -> _Compiled[_M]:
        queryset = self._build(self._slot)
        compiler = queryset.query.get_compiler(using=using)
        sql, params = compiler.as_sql()
        slots = [i for i, p in enumerate(params) if type(p) is type(self._slot) and p == self._slot]
        if len(slots) != 1:
            raise ValueError(f"The prepared read's SQL takes its value {len(slots)} times: {sql}")
        select_fields = compiler.klass_info["select_fields"]
        start, end = select_fields[0], select_fields[-1] + 1
        expressions = [column for column, _, _ in compiler.select]
        return _Compiled(
            sql=sql,
            params=tuple(params),
            slot=slots[0],
            model=queryset.model,
            start=start,
            end=end,
            fields=tuple(expressions[i].target.attname for i in range(start, end)),
            annotations=tuple(compiler.annotation_col_map.items()),
            converters=tuple(
                (i, tuple(converters), expression)
                for i, (converters, expression) in compiler.get_converters(expressions).items()
            ),
        )

    def first(self, value: Any, *, using: str = DEFAULT_DB_ALIAS) -> _M | None:
        """The first row as a model (with its annotations), or None."""
        found = self._run(value, using, many=False)
        return found[0] if found else None

    def all(self, value: Any, *, using: str = DEFAULT_DB_ALIAS) -> list[_M]:
        """Every row as a model, in the queryset's order."""
        return self._run(value, using, many=True)

    def _run(self, value: Any, using: str, *, many: bool) -> list[_M]:
        connection = connections[using]
        # A locking read compiles only inside a transaction (select_for_update).
        key = (using, connection.in_atomic_block)
        compiled = self._compiled.get(key)
        if compiled is None:
            compiled = self._compiled[key] = self._compile(using)
        params = list(compiled.params)
        params[compiled.slot] = value
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            rows = cursor.fetchall() if many else cursor.fetchmany(1)
        return [self._model(compiled, list(row), using, connection) for row in rows]

    @staticmethod
    def _model(compiled: _Compiled[_M], row: list[Any], using: str, connection: Any) -> _M:
        for i, converters, expression in compiled.converters:
            for convert in converters:
                row[i] = convert(row[i], expression, connection)
        found = compiled.model.from_db(using, compiled.fields, row[compiled.start : compiled.end])
        for name, i in compiled.annotations:
            setattr(found, name, row[i])
        return found


def _column(model: type[Model], name: str) -> Field[Any, Any]:
    """The model's concrete field ``name`` (a column, never a reverse relation)."""
    field = model._meta.get_field(name)
    assert isinstance(field, Field), f"{model.__name__}.{name} is no column"
    return field


def _column_name(field: Field[Any, Any]) -> str:
    assert field.column is not None
    return field.column


def _insert_fields(model: type[Model]) -> tuple[Field[Any, Any], ...]:
    """The columns an insert writes, as ``save()`` chooses them: the model's own concrete
    fields, less an automatic primary key and generated columns."""
    meta = model._meta
    return tuple(
        f for f in meta.local_concrete_fields if not f.generated and f is not meta.auto_field
    )


@dataclass(frozen=True)
class _Write:
    # One statement (PostgreSQL: the inserts' keys come back from it), or one a row.
    one: bool
    statements: tuple[str, ...]
    inserts: tuple[tuple[Field[Any, Any], ...], ...]
    updated: tuple[Field[Any, Any], ...]


_WRITES: dict[tuple[Any, ...], _Write] = {}


def _compile_write(
    connection: Any, inserted: tuple[type[Model], ...], updated: type[Model], names: tuple[str, ...]
) -> _Write:
    quote = connection.ops.quote_name
    one = connection.vendor == "postgresql"
    inserts, statements = [], []
    for model in inserted:
        fields = _insert_fields(model)
        columns = ", ".join(quote(f.column) for f in fields)
        marks = ", ".join(["%s"] * len(fields))
        # In one statement, each insert says its new key to the update's RETURNING.
        returning = f" RETURNING {quote(model._meta.pk.column)}" if one else ""
        inserts.append(fields)
        statements.append(
            f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({marks}){returning}"
        )
    fields = tuple(_column(updated, name) for name in names)
    assignments = ", ".join(f"{quote(f.column)} = %s" for f in fields)
    pk = quote(updated._meta.pk.column)
    update = f"UPDATE {quote(updated._meta.db_table)} SET {assignments} WHERE {pk} = %s"
    if one:
        ctes = ", ".join(f"w{i} AS ({sql})" for i, sql in enumerate(statements))
        keys = ", ".join(
            f"(SELECT {quote(m._meta.pk.column)} FROM w{i})" for i, m in enumerate(inserted)
        )
        update = f"{update} RETURNING {keys or pk}"
        statements = [f"WITH {ctes} {update}" if ctes else update]
    else:
        statements.append(update)
    return _Write(one, tuple(statements), tuple(inserts), fields)


def rows_write(
    inserted: list[Model], updated: Model, names: list[str], *, using: str = DEFAULT_DB_ALIAS
) -> None:
    """Insert ``inserted`` (new rows, their primary keys given by the database and set on
    them) and save the fields ``names`` of ``updated`` (an existing row), as
    ``save(force_insert=True)`` and ``save(update_fields=names)`` would, in one statement
    where the database allows it. An ``auto_now`` field is stamped on the instance as
    ``save()`` stamps it; an ``updated`` row that is not there raises DatabaseError, as
    ``save(update_fields=...)`` does. Run it inside the caller's transaction: its parts
    stand or fall together only there, and a failure marks that transaction for rollback
    (as a failed ``save()`` does), so no caller can commit half of it."""
    connection = connections[using]
    key = (using, tuple(type(row) for row in inserted), type(updated), tuple(names))
    write = _WRITES.get(key)
    if write is None:
        write = _WRITES[key] = _compile_write(connection, *key[1:])
    values: list[list[Any]] = [
        [f.get_db_prep_save(f.pre_save(row, True), connection) for f in fields]
        for row, fields in zip(inserted, write.inserts, strict=True)
    ]
    update = [f.get_db_prep_save(f.pre_save(updated, False), connection) for f in write.updated]
    values.append([*update, updated.pk])
    with transaction.mark_for_rollback_on_error(using), connection.cursor() as cursor:
        if write.one:
            cursor.execute(write.statements[0], [v for row in values for v in row])
            found = cursor.fetchone()
            keys = list(found[: len(inserted)]) if found else []
        else:
            keys = []
            for sql, params in zip(write.statements[:-1], values[:-1], strict=True):
                cursor.execute(sql, params)
                keys.append(cursor.lastrowid)
            cursor.execute(write.statements[-1], values[-1])
            found = cursor.rowcount > 0
        if not found:
            raise DatabaseError(
                f"{type(updated).__name__} {updated.pk} is not there: nothing was written."
            )
    for row, pk in zip(inserted, keys, strict=True):
        row.pk = pk
        row._state.adding, row._state.db = False, using


# Parameters one statement of rows_update takes at most (SQLite allows 32,766).
UPDATE_PARAMS = 30_000


def rows_update(
    rows: Sequence[Model], names: Sequence[str], *, using: str = DEFAULT_DB_ALIAS
) -> None:
    """Save the fields ``names`` of ``rows`` (existing rows of one model) as
    ``bulk_update`` would, in one statement: ``UPDATE … FROM (VALUES …)``, a row of
    values for each row. ``bulk_update`` writes a ``CASE`` per field and row, which
    Django took over a second to build for an edit that moved 500 hands' dealers, and on
    SQLite splits it at 999 values. Each value is prepared as ``save()`` prepares it; no
    ``auto_now`` stamp and no signal, as with ``bulk_update``. Run it inside the
    caller's transaction."""
    if not rows:
        return
    connection = connections[using]
    model = type(rows[0])
    meta = model._meta
    assert meta.pk is not None
    fields = [meta.pk, *(_column(model, name) for name in names)]
    quote = connection.ops.quote_name
    table = quote(meta.db_table)
    # PostgreSQL types the values by the columns they go to; SQLite needs no cast.
    if connection.vendor == "postgresql":
        row_marks = ", ".join(f"CAST(%s AS {f.cast_db_type(connection)})" for f in fields)
    else:
        row_marks = ", ".join(["%s"] * len(fields))
    sets = ", ".join(f"{quote(_column_name(f))} = v.column{i}" for i, f in enumerate(fields[1:], 2))
    per = max(1, UPDATE_PARAMS // len(fields))
    with transaction.mark_for_rollback_on_error(using), connection.cursor() as cursor:
        for start in range(0, len(rows), per):
            chunk = rows[start : start + per]
            values = ", ".join([f"({row_marks})"] * len(chunk))
            cursor.execute(
                f"UPDATE {table} SET {sets} FROM (VALUES {values}) AS v "
                f"WHERE {table}.{quote(_column_name(meta.pk))} = v.column1",
                [
                    f.get_db_prep_save(getattr(row, f.attname), connection)
                    for row in chunk
                    for f in fields
                ],
            )
