"""A club's seasons: the standings page (anyone may read it, as a league's table), its
CSV, its print sheet, and the form a club admin opens or changes a season with."""

from __future__ import annotations

from typing import Any, TypedDict

from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods

from smear_scores.forms.seasons import CHAIN, SeasonForm
from smear_scores.models import Club, League, Night, Season
from smear_scores.selectors import seasons as season_selectors
from smear_scores.services.seasons import season_save
from smear_scores.views.guards import club_of as _club
from smear_scores.views.guards import director_only
from smear_scores.views.leagues import _csv


def _season(slug: str, season_id: int) -> Season:
    return season_selectors.season_get(club=_club(slug), season_id=season_id)


def _initial(season: Season) -> dict[str, Any]:
    chain = dict(zip(CHAIN, season.tie_breaks or [], strict=False))
    fields = ("name", "start", "end", "nights_planned", "count", "best", "drop", "minimum", "pairs")
    return {**{f: getattr(season, f) for f in fields}, "threshold": season.threshold, **chain}


def _edit(request: HttpRequest, slug: str, season: Season | None) -> HttpResponse:
    club = _club(slug)
    refused = director_only(request, club)
    if refused:
        return refused
    initial = _initial(season) if season else {"tie_break_1": "nights_won"}
    form = SeasonForm(request.POST or None, initial=initial)
    saved = form.attempt(lambda: season_save(club=club, season=season, **form.season_fields()))
    if saved is not None:
        return redirect("season", slug=club.slug, season_id=saved.pk)
    return render(
        request,
        "seasons/edit.html",
        {"club": club, "form": form, "season": season},
        status=422 if request.method == "POST" else 200,
    )


@require_http_methods(["GET", "POST"])
def season_new(request: HttpRequest, slug: str) -> HttpResponse:
    return _edit(request, slug, None)


@require_http_methods(["GET", "POST"])
def season_edit(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    return _edit(request, slug, _season(slug, season_id))


class _SeasonPage(TypedDict):
    """What the season's page and its print show."""

    club: Club
    season: Season
    table: season_selectors.SeasonTable
    nights: list[Night]
    leagues: list[League]


def _context(season: Season) -> _SeasonPage:
    return {
        "club": season.club,
        "season": season,
        "table": season_selectors.season_table(season),
        "nights": list(season_selectors.season_nights(season)),
        "leagues": list(season_selectors.season_leagues(season)),
    }


@require_GET
def season(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    found = _season(slug, season_id)
    return render(request, "seasons/season.html", _context(found))


@require_GET
def season_print(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    found = _season(slug, season_id)
    return render(request, "seasons/print.html", _context(found))


@require_GET
def season_csv(request: HttpRequest, slug: str, season_id: int) -> StreamingHttpResponse:
    found = _season(slug, season_id)
    table = season_selectors.season_table(found)
    stem = slugify(f"{found.club.slug} {found.name}") or f"season-{found.pk}"
    return _csv(season_selectors.season_csv_rows(table), f"{stem}-standings.csv")
