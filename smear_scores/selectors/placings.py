"""Where each team of a finished game placed: 1st, 2nd … (ties share a place)."""

from __future__ import annotations

from collections.abc import Sequence

# -- placings ---------------------------------------------------------------------------


def game_placings(scores: Sequence[int], winner: int | None) -> tuple[int, ...]:
    """Each team's place in a finished game: the winner first, then the other teams by
    final score; teams on the same score share the better place (2, 2)."""
    places = []
    for team, score in enumerate(scores):
        if team == winner:
            places.append(1)
        else:
            better = sum(1 for t, s in enumerate(scores) if t != winner and s > score)
            places.append(2 + better if winner is not None else 1 + better)
    return tuple(places)


def ordinal_word(place: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")
