"""A club's settings page: hours to agree, nights' defaults, its game, its leagues (new,
closed) and who directs it, each setting with what it does in a sentence. Directors and
the owner only (permissions.SETTINGS, LEAGUES)."""

from __future__ import annotations

from datetime import date
from typing import TypedDict

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from smear_scores import permissions
from smear_scores.forms.club_settings import (
    ClubSettingsForm,
    LeagueCloseForm,
    LeagueNewForm,
)
from smear_scores.models import Club, League, Role
from smear_scores.selectors import club_people
from smear_scores.selectors.house_rules import club_house_rules
from smear_scores.selectors.leagues import club_leagues
from smear_scores.services import club_settings as services
from smear_scores.wording import clubs as words

from .guards import club_gate, club_of


class _Initial(TypedDict):
    """The club settings form's starting values: the club's as they are."""

    confirm_hours: int
    night_walk_ins: bool
    night_reveal: str
    night_sub_policy: str
    night_bye_points: int
    game: str


def _initial(club: Club) -> _Initial:
    game = club.default_game or "schmier"
    return {
        "confirm_hours": club.confirm_hours,
        "night_walk_ins": club.night_walk_ins,
        "night_reveal": club.night_reveal,
        "night_sub_policy": club.night_sub_policy,
        "night_bye_points": club.night_bye_points,
        "game": game,
    }


def _page(
    request: HttpRequest,
    club: Club,
    *,
    form: ClubSettingsForm | None = None,
    league_form: LeagueNewForm | None = None,
    notice: str = "",
    problem: str = "",
    status: int = 200,
) -> HttpResponse:
    house = club_house_rules(club)
    context = {
        "club": club,
        "form": form or ClubSettingsForm(initial=_initial(club), house_rules=house),
        "league_form": league_form
        or LeagueNewForm(
            initial={"start_date": timezone.localdate(), "game": _initial(club)["game"]},
            house_rules=house,
        ),
        "leagues": club_leagues(club),
        "directors": [
            m for m in club_people.members(club) if m.role in (Role.OWNER, Role.DIRECTOR)
        ],
        "today": timezone.localdate(),
        "notice": notice,
        "problem": problem,
    }
    return render(request, "clubs/settings.html", context, status=status)


@require_http_methods(["GET", "POST"])
def club_settings(request: HttpRequest, slug: str) -> HttpResponse:
    club = club_of(slug)
    refused = club_gate(request, club, permissions.SETTINGS)
    if refused:
        return refused
    if request.method == "GET":
        return _page(request, club)
    form = ClubSettingsForm(request.POST, house_rules=club_house_rules(club))
    saved = form.attempt(
        lambda: services.club_settings_change(
            club=club,
            confirm_hours=form.cleaned_data["confirm_hours"],
            night_walk_ins=form.cleaned_data["night_walk_ins"],
            night_reveal=form.cleaned_data["night_reveal"],
            night_sub_policy=form.cleaned_data["night_sub_policy"] or "absent",
            night_bye_points=form.cleaned_data["night_bye_points"] or 0,
            **form.chosen(),
        )
    )
    if saved is None:
        return _page(request, club, form=form, status=422)
    return _page(request, saved, notice=words.SETTINGS_SAVED)


@require_POST
def league_new(request: HttpRequest, slug: str) -> HttpResponse:
    club = club_of(slug)
    refused = club_gate(request, club, permissions.LEAGUES)
    if refused:
        return refused
    form = LeagueNewForm(request.POST, house_rules=club_house_rules(club))
    league = form.attempt(
        lambda: services.league_create(
            club=club,
            name=form.cleaned_data["name"],
            start_date=form.cleaned_data["start_date"],
            ranking=form.cleaned_data["ranking"],
            **form.chosen(),
        )
    )
    if league is None:
        return _page(request, club, league_form=form, status=422)
    return redirect("league", league.pk)


@require_POST
def league_close(request: HttpRequest, slug: str, league_id: int) -> HttpResponse:
    club = club_of(slug)
    refused = club_gate(request, club, permissions.LEAGUES)
    if refused:
        return refused
    league = League.objects.filter(club=club, pk=league_id).first()
    if league is None:
        raise Http404("This league is not the club's: check the link.")
    form = LeagueCloseForm(request.POST)
    closed = form.attempt(
        lambda: services.league_close(league=league, end_date=form.cleaned_data["end_date"])
    )
    if closed is None:
        problem = " ".join([*form.problems, *(str(e) for e in form.errors.get("end_date", []))])
        return _page(request, club, problem=problem, status=422)
    closes: date = form.cleaned_data["end_date"]  # as league_close wrote it
    day = closes.isoformat()
    return _page(request, club, notice=f"{closed.name} closes after {day}.")
