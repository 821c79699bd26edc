"""Reads for a club's season: its nights and leagues, and its standings from the nights'
own standings (only results that count: a table agreed, or past its window)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import QuerySet

from smear_scores.models import Club, League, Night, Season
from smear_scores.request_refusals import NotFound
from smear_scores.rules.nights import points_text
from smear_scores.rules.seasons import (
    BEST_NIGHT,
    ROUNDS_WON,
    NightPlace,
    NightResult,
    SeasonRow,
    season_standings,
)
from smear_scores.rules.variants import partners_label
from smear_scores.selectors.nights import RoundView
from smear_scores.selectors.season_reads import nights_reads
from smear_scores.wording import seasons as season_words
from smear_scores.wording.seasons import season_rule_lines

# Who a season ranks: a player alone, or with fixed pairs a partnership (its players' ids).
Entry = frozenset[int]


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


def season_results(season: Season) -> tuple[list[NightResult[Entry]], dict[Entry, str]]:
    """Each night of the season as its standings counted it (every player who played or
    sat out a round; with fixed pairs, every partnership), and every such entry's name.
    The nights' rows are read together (selectors.season_reads), each night counted by
    its own standings (selectors.nights.night_standings)."""
    results = []
    player_names: dict[int, str] = {}
    nights = list(season_nights(season).select_related("club", "house_rules"))
    for read in nights_reads(nights):  # a fixed number of queries for every night
        night, rounds = read.night, read.rounds
        key = _pairs(night, rounds) if season.pairs else {}
        places: dict[Entry, NightPlace] = {}
        for s in read.standings(counted_only=True):
            if not (s.played or s.sat_out):
                continue
            who = key.get(s.player_id, frozenset({s.player_id}))
            player_names[s.player_id] = s.name
            # Partners share their night: the first of them places the partnership.
            places.setdefault(who, NightPlace(points=s.total, place=s.rank, rounds_won=s.won))
        results.append(NightResult(night=night.pk, places=places))
    names = {
        who: partners_label(sorted(player_names[p] for p in who))
        for result in results
        for who in result.places
    }
    return results, names


def _pairs(night: Night, rounds: list[RoundView]) -> dict[int, frozenset[int]]:
    """Each player who kept the same partners in every round they played: the
    partnership (their ids)."""
    variant = night.rules_variant
    seen: dict[int, set[frozenset[int]]] = defaultdict(set)
    for r in rounds:
        for card in r.tables:
            ids = card.seat_ids
            for seat, pid in enumerate(ids):
                team = variant.team_of(seat)
                mates = frozenset(
                    p for s, p in enumerate(ids) if p is not None and variant.team_of(s) == team
                )
                if pid is not None:
                    seen[pid].add(mates)
    return {pid: next(iter(teams)) for pid, teams in seen.items() if len(teams) == 1}


@dataclass
class SeasonTable:
    season: Season
    rows: list[SeasonRow[Entry]]
    lines: list[str]  # each choice of the season in one sentence
    nights: int  # nights with a result that counts

    @property
    def ranked(self) -> list[SeasonRow[Entry]]:
        return [r for r in self.rows if r.ranked]

    @property
    def unranked(self) -> list[SeasonRow[Entry]]:
        return [r for r in self.rows if not r.ranked]

    @property
    def shows_rounds_won(self) -> bool:
        """Rounds won have a column where the tie-break chain reads them."""
        return ROUNDS_WON in self.season.rules.tie_breaks

    @property
    def shows_best_night(self) -> bool:
        """Each entry's best night has a column where the tie-break chain reads it."""
        return BEST_NIGHT in self.season.rules.tie_breaks

    @property
    def columns(self) -> int:
        """The standings' columns: place, name, nights, won, total and those shown."""
        return 5 + self.shows_rounds_won + self.shows_best_night


def season_table(season: Season) -> SeasonTable:
    results, names = season_results(season)
    rows = season_standings(season.rules, results, names)
    return SeasonTable(
        season=season,
        rows=rows,
        lines=season_rule_lines(season.rules),
        nights=sum(1 for r in results if r.places),
    )


def rank_label(row: SeasonRow[Entry]) -> str:
    """A row's place as printed (wording.seasons.place)."""
    return season_words.place(row.rank, row.tied)


def fraction_text(value: Fraction | None) -> str:
    return "" if value is None else points_text(value)


CSV_HEAD = ["Place", "Player", "Nights", "Nights won", "Rounds won", "Best night", "Counted"]


def season_csv_rows(table: SeasonTable) -> list[list[object]]:
    head: list[object] = [*CSV_HEAD, "Total"]
    if table.season.pairs:
        head[1] = "Partnership"
    rows: list[list[object]] = [head]
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
