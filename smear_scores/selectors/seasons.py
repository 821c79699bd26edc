"""Reads for a club's season: its nights and leagues, and its standings from the nights'
own standings (only results that count: a table agreed, or past its window)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.db.models import QuerySet

from smear_scores.models import Club, League, Night, Season
from smear_scores.request_refusals import NotFound
from smear_scores.rules.nights import points_text
from smear_scores.rules.seasons import NightPlace, NightResult, SeasonRow, season_standings
from smear_scores.selectors.nights import night_standings
from smear_scores.wording.seasons import season_rule_lines


def season_get(*, club: Club, season_id: int) -> Season:
    season = Season.objects.filter(club=club, pk=season_id).select_related("club").first()
    if season is None:
        raise NotFound(f"{club.name} has no such season: check the link.")
    return season


def club_seasons(club: Club) -> list[Season]:
    return list(club.seasons.order_by("-start", "-created_at"))


def season_nights(season: Season) -> QuerySet[Night]:
    """The club's nights on a day of the season, oldest first."""
    return Night.objects.filter(
        club_id=season.club_id, day__gte=season.start, day__lte=season.end
    ).order_by("day", "created_at")


def season_leagues(season: Season) -> QuerySet[League]:
    """The club's leagues that start within the season."""
    return League.objects.filter(
        club_id=season.club_id, start_date__gte=season.start, start_date__lte=season.end
    ).order_by("start_date")


def season_results(season: Season) -> tuple[list[NightResult], dict[int, str]]:
    """Each night of the season as its standings counted it (every player who played or
    sat out a round), and every such player's name."""
    results = []
    names: dict[int, str] = {}
    for night in season_nights(season).select_related("club", "house_rules"):
        places = {}
        for s in night_standings(night):
            if s.played or s.sat_out:
                places[s.player_id] = NightPlace(points=s.total, place=s.rank, rounds_won=s.won)
                names[s.player_id] = s.name
        results.append(NightResult(night=night.pk, places=places))
    return results, names


@dataclass
class SeasonTable:
    season: Season
    rows: list[SeasonRow]
    lines: list[str]  # each choice of the season in one sentence
    nights: int  # nights with a result that counts

    @property
    def ranked(self) -> list[SeasonRow]:
        return [r for r in self.rows if r.ranked]

    @property
    def unranked(self) -> list[SeasonRow]:
        return [r for r in self.rows if not r.ranked]


def season_table(season: Season) -> SeasonTable:
    results, names = season_results(season)
    rows = season_standings(season.rules, results, names)
    return SeasonTable(
        season=season,
        rows=rows,
        lines=season_rule_lines(season.rules),
        nights=sum(1 for r in results if r.places),
    )


def rank_label(row: SeasonRow) -> str:
    if row.rank is None:
        return "–"
    return f"={row.rank}" if row.tied else str(row.rank)


def fraction_text(value: Fraction | None) -> str:
    return "" if value is None else points_text(value)


CSV_HEAD = ["Place", "Player", "Nights", "Nights won", "Rounds won", "Best night", "Counted"]


def season_csv_rows(table: SeasonTable) -> list[list[object]]:
    rows: list[list[object]] = [[*CSV_HEAD, "Total"]]
    for r in table.rows:
        rows.append(
            [
                rank_label(r),
                r.name,
                r.nights,
                r.nights_won,
                r.rounds_won,
                fraction_text(r.best_night),
                " ".join(points_text(c) for c in r.counted),
                points_text(r.total),
            ]
        )
    return rows
