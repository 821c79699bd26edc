"""League tables: the rows the league page shows, as JSON."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Field, Router, Schema

from smear_scores.models import League
from smear_scores.request_refusals import NotFound
from smear_scores.selectors.leagues import league_get, league_table

from .schemas import ErrorOut

router = Router(tags=["leagues"])


class TableRowOut(Schema):
    rank: int | None = Field(description="Shared by equal rows; null below the minimum games.")
    rank_label: str = Field(description='As printed: "3", "=3" when shared, "–" when unranked.')
    ranked: bool
    name: str
    players: list[str]
    player_ids: list[int]
    played: int
    won: int
    lost: int
    win_pct: float | None
    avg_score: float | None = Field(description="Average final score of the player's team.")
    points_for: int
    points_against: float = Field(
        description="Opponents' final scores; with three teams, the average of the other two."
    )
    diff: float = Field(description="points_for - points_against")
    league_points: int | None = Field(description="Only under the league-points rule.")
    hands_bid: int
    made: int
    set: int
    make_rate: float | None
    avg_bid: float | None
    rating: int | None = Field(
        description="The rating as the pages show it: 1000 + 20 x OpenSkill's ordinal "
        "(mu - 3 sigma), never below 0; players only."
    )
    provisional: bool | None = Field(description="Fewer than 10 rated games; players only.")
    rated_games: int | None = Field(description="Games rated; players only.")
    mu: float | None = Field(description="OpenSkill mu (Plackett-Luce); players only.")
    sigma: float | None = Field(description="OpenSkill sigma; players only.")


class LeagueOut(Schema):
    id: int
    name: str
    club: str
    variant: str
    ranking: str = Field(description='"wins" or "points" (league points per placing).')
    rule: str = Field(description="The ranking rule as printed under the table.")
    min_games: int
    start_date: str
    end_date: str | None


class LeagueTableOut(Schema):
    league: LeagueOut
    games: int = Field(description="Finished games counted.")
    players: list[TableRowOut]
    partnerships: list[TableRowOut]


@router.get(
    "/{id}/table",
    response={200: LeagueTableOut, 404: ErrorOut},
    summary="A league's table",
    description="Players and partnerships from the league's finished games, in table order.",
)
def get_league_table(request: HttpRequest, id: int) -> dict[str, Any]:
    try:
        league = league_get(league_id=id)
    except League.DoesNotExist:
        raise NotFound(f"There is no league {id}: check the league's link.", field="id") from None
    table = league_table(league)
    return {
        "league": {
            "id": league.pk,
            "name": league.name,
            "club": league.club.name,
            "variant": league.variant,
            "ranking": league.ranking,
            "rule": table.rule_text,
            "min_games": league.min_games,
            "start_date": league.start_date.isoformat(),
            "end_date": league.end_date.isoformat() if league.end_date else None,
        },
        "games": table.games,
        "players": [r.as_dict(table.with_points) for r in table.players],
        "partnerships": [
            {**r.as_dict(table.with_points), "rating": None} for r in table.partnerships
        ],
    }
