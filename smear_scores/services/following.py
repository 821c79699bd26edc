"""A phone follows a board through the push engine (live.nchan.subscribe, given this
write by the board's stream view): the board is marked on its game's row
(``Game.board_followed``, ``table_followed``) or its night's (``Night.room_followed``),
and every write after draws it for the engine."""

from __future__ import annotations

from smear_scores.models import Game, Night


def board_followed(*, key: tuple[str, int], kind: str) -> None:
    """``kind``'s board of ``key`` ("game" or "night", and its id) is followed from now on:
    one UPDATE, which changes no row once the mark is set (marks are never taken back)."""
    name, pk = key
    model = Night if name == "night" else Game
    mark = f"{kind}_followed"
    model.objects.filter(pk=pk, **{mark: False}).update(**{mark: True})
