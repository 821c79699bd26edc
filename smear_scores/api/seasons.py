"""A club's season standings, as JSON: the rows the season page shows."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from django.http import HttpRequest
from ninja import Field, Router, Schema

from smear_scores.models import Club
from smear_scores.request_refusals import NotFound
from smear_scores.selectors.leagues import club_get
from smear_scores.selectors.seasons import fraction_text, rank_label, season_get, season_table

from .schemas import ErrorOut

router = Router(tags=["seasons"])


class SeasonRowOut(Schema):
    rank: int | None = Field(description="Shared by level rows; null below the minimum nights.")
    rank_label: str = Field(description='As printed: "3", "=3" when shared, "–" when unranked.')
    ranked: bool
    player_ids: list[int] = Field(description="The player, or a fixed pair's two players.")
    name: str
    nights: int = Field(description="Nights played (a round played or sat out).")
    nights_won: int
    rounds_won: int
    best_night: float | None
    counted: list[float] = Field(description="The night totals that count, highest first.")
    total: float
    total_text: str = Field(description="As printed: whole points, or one decimal.")


class SeasonOut(Schema):
    id: int
    name: str
    club: str
    start: str
    end: str
    nights_planned: int
    count: str = Field(description='"sum" or "average".')
    best: int
    drop: int
    minimum: int
    threshold: int
    tie_breaks: list[str]
    rules: list[str] = Field(description="Each choice of the season, in one sentence.")


class SeasonStandingsOut(Schema):
    season: SeasonOut
    nights: int = Field(description="Nights of the season read.")
    rows: list[SeasonRowOut]


def _player_ids(player: Hashable) -> list[int]:
    """The roster ids a row of the season's table stands for, in order: the engine keys a
    row by any value, selectors.seasons by the frozenset of its players' ids."""
    if not isinstance(player, frozenset):
        raise TypeError(f"A season's row is keyed by its players' ids, not by {player!r}.")
    return sorted(player)


@router.get(
    "/{slug}/seasons/{id}/standings",
    response={200: SeasonStandingsOut, 404: ErrorOut},
    summary="A season's standings",
    description="Every player of the season's nights, in standings order; only results "
    "that count (agreed, or past the window).",
)
def get_season_standings(request: HttpRequest, slug: str, id: int) -> dict[str, Any]:
    try:
        club = club_get(slug=slug)
    except Club.DoesNotExist:
        raise NotFound(f"There is no club {slug!r}: check the link.", field="slug") from None
    season = season_get(club=club, season_id=id)
    table = season_table(season)
    return {
        "season": {
            **{
                f: getattr(season, f)
                for f in ("id", "name", "nights_planned", "count", "best", "drop", "minimum")
            },
            "club": club.name,
            "start": season.start.isoformat(),
            "end": season.end.isoformat(),
            "threshold": season.threshold,
            "tie_breaks": list(season.tie_breaks or []),
            "rules": table.lines,
        },
        "nights": table.nights,
        "rows": [
            {
                "rank": r.rank,
                "rank_label": rank_label(r),
                "ranked": r.ranked,
                "player_ids": _player_ids(r.player),
                "name": r.name,
                "nights": r.nights,
                "nights_won": r.nights_won,
                "rounds_won": r.rounds_won,
                "best_night": float(r.best_night) if r.best_night is not None else None,
                "counted": [float(c) for c in r.counted],
                "total": float(r.total),
                "total_text": fraction_text(r.total),
            }
            for r in table.rows
        ],
    }
