"""Reads built by the ORM once and then run with new values.

The reads that every board and every hand makes (the game with its players' names; the
game under its row lock) are querysets with subqueries, and building and compiling one
costs Django more than PostgreSQL takes to answer it: in a profile of a hand's request,
0.8 ms of game_get's 1.8 ms went on the ORM putting its SQL together, every time the same.
``PreparedRead`` builds the queryset once per database (and per transaction state, for a
locking read), keeps its SQL, and turns each row into a model instance as the ORM would
(the same converters, ``Model.from_db``, annotations as attributes)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Model, QuerySet


@dataclass(frozen=True)
class _Compiled:
    sql: str
    params: tuple[Any, ...]
    slot: int
    model: type[Model]
    # Where the model's own columns are in a row, and their attribute names.
    start: int
    end: int
    fields: tuple[str, ...]
    annotations: tuple[tuple[str, int], ...]
    converters: tuple[tuple[int, tuple[Callable[..., Any], ...], Any], ...]


class PreparedRead:
    """``build(slot)`` returns the queryset with ``slot`` where the value goes (one
    parameter of the SQL, compared by identity of type and value); ``first(value)`` and
    ``all(value)`` run it with ``value``."""

    def __init__(self, build: Callable[[Any], QuerySet], slot: Any):
        self._build = build
        self._slot = slot
        self._compiled: dict[tuple[str, bool], _Compiled] = {}

    def _compile(self, using: str) -> _Compiled:
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

    def first(self, value: Any, *, using: str = DEFAULT_DB_ALIAS) -> Model | None:
        """The first row as a model (with its annotations), or None."""
        found = self._run(value, using, many=False)
        return found[0] if found else None

    def all(self, value: Any, *, using: str = DEFAULT_DB_ALIAS) -> list[Model]:
        """Every row as a model, in the queryset's order."""
        return self._run(value, using, many=True)

    def _run(self, value: Any, using: str, *, many: bool) -> list[Model]:
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
    def _model(compiled: _Compiled, row: list[Any], using: str, connection: Any) -> Model:
        for i, converters, expression in compiled.converters:
            for convert in converters:
                row[i] = convert(row[i], expression, connection)
        found = compiled.model.from_db(using, compiled.fields, row[compiled.start : compiled.end])
        for name, i in compiled.annotations:
            setattr(found, name, row[i])
        return found
