"""Writes for a club's season: open one, or change how it counts its nights. One
transaction each; every rule that cannot hold is refused beside its field, nothing saved."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from django.db import transaction

from smear_scores.models import Club, Season
from smear_scores.rules import Refused, RuleError
from smear_scores.rules.seasons import (
    MAX_NIGHTS,
    SeasonRules,
    season_errors,
    threshold_error,
)
from smear_scores.selectors.seasons import season_results


def _checked(
    *,
    club: Club,
    start: date,
    end: date,
    nights_planned: int,
    rules: SeasonRules,
    season: Season | None,
) -> None:
    errors = []
    if end < start:
        errors.append(
            RuleError(
                "end",
                f"The season ends on {end:%-d %B %Y}, before it starts ({start:%-d %B %Y}): "
                "pick a later end.",
                "",
            )
        )
    if not 1 <= nights_planned <= MAX_NIGHTS:
        errors.append(
            RuleError(
                "nights_planned",
                f"A season plans 1 to {MAX_NIGHTS} nights, not {nights_planned}.",
                "",
            )
        )
    else:
        errors += season_errors(rules, nights_planned=nights_planned)
    if season is not None and rules.threshold:
        results, _ = season_results(season)
        if (error := threshold_error(rules, results)) is not None:
            errors.append(error)
    if errors:
        raise Refused(errors)


@transaction.atomic
def season_save(
    *,
    club: Club,
    name: str,
    start: date,
    end: date,
    nights_planned: int,
    count: str = Season.SUM,
    best: int = 0,
    drop: int = 0,
    minimum: int = 0,
    threshold: int = 0,
    tie_breaks: list[str] | tuple[str, ...] = (),
    pairs: bool = False,
    season: Season | None = None,
) -> Season:
    """A new season of ``club`` or, given ``season``, its dates and rules changed (its
    standings are read from the nights, so they follow at once)."""
    rules = SeasonRules(
        count=count,
        best=best,
        drop=drop,
        minimum=minimum,
        threshold=Fraction(threshold),
        tie_breaks=tuple(tie_breaks),
    )
    if season is not None:
        season = Season.objects.select_for_update().get(pk=season.pk, club=club)
        season.start, season.end = start, end
    _checked(
        club=club, start=start, end=end, nights_planned=nights_planned, rules=rules, season=season
    )
    season = season or Season(club=club)
    season.name = " ".join((name or "").split())[:80] or f"{club.name} {start:%Y}"
    season.start, season.end, season.nights_planned = start, end, nights_planned
    season.count, season.best, season.drop = count, best, drop
    season.minimum, season.threshold = minimum, threshold
    season.tie_breaks = list(tie_breaks)
    season.pairs = pairs
    season.save()
    return season
