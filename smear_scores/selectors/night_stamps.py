"""What the live boards read of a night to know it moved: its room view's stamp, the games
at its tables, and the nights' own counters (a check-in, a draw, a correction)."""

from __future__ import annotations

from django.db.models import Count, Max, Sum

from smear_scores.models import Night, RoundTable


def night_version(night_id: int) -> str:
    """A stamp that changes whenever the room view would: any hand written, undone or
    edited at a table of the night (the game's updated_at and hand count), a check-in, a
    draw or a correction (the night's own counter). One query."""
    row = (
        Night.objects.filter(pk=night_id)
        .annotate(
            stamp=Max("round_set__tables__game__updated_at"),
            hands=Sum("round_set__tables__game__hands_played"),
            tables=Count("round_set__tables"),
        )
        .values_list("version", "stamp", "hands", "tables")
        .first()
    )
    if row is None:
        return ""
    version, stamp, hands, tables = row
    return f"{version}.{tables}.{hands or 0}.{stamp.timestamp() if stamp else 0}"


def night_games(night_id: int) -> list[int]:
    """The row ids of every game played at the night's tables (what its room view shows)."""
    return list(
        RoundTable.objects.filter(round__night_id=night_id)
        .order_by()
        .values_list("game_id", flat=True)
    )


def night_versions(ids: list[int]) -> list[tuple[int, int]]:
    """(row id, own counter) of the given nights: a check-in, a draw or a correction moves
    it (the games' own writes move their updated_at instead)."""
    return list(Night.objects.filter(pk__in=ids).order_by().values_list("pk", "version"))
