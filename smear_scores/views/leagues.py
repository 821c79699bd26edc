"""Club, league, player and night pages. Public pages are read-only; starting a league game
takes a logged-in member of the club. The pages only read the ratings: the writes that
finish or reopen a league game bring them up to date (services.ratings)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import Any

from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods

from smear_scores import permissions
from smear_scores.forms.leagues import LeagueGameForm
from smear_scores.models import Club, League, Player
from smear_scores.selectors import leagues, nights
from smear_scores.selectors.seasons import club_seasons
from smear_scores.services.league_games import league_game_create, league_is_open

from .answers import HtmxRequest, page_or_fragment
from .exports import SafeWriter

NIGHT_POLL_SECONDS = 10
NIGHTS_FROM, NIGHTS_UNTIL = date(1900, 1, 1), date(9998, 12, 31)


def _league(league_id: int) -> League:
    try:
        return leagues.league_get(league_id=league_id)
    except League.DoesNotExist:
        raise Http404("No such league: check the link.") from None


def _club(slug: str) -> Club:
    try:
        return leagues.club_get(slug=slug)
    except Club.DoesNotExist:
        raise Http404("No such club: check the link.") from None


class LoginView(auth_views.LoginView):
    template_name = "leagues/login.html"
    redirect_authenticated_user = True
    # Without ?next= Django would send the member to /accounts/profile/, which this
    # site does not have: land on the clubs list instead.
    next_page = "clubs"

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        # A refused sign-in answers 422, as every refused form of the app does.
        response = super().form_invalid(form)
        response.status_code = 422
        return response


class LogoutView(auth_views.LogoutView):
    next_page = "home"


def _login_url() -> str:
    return reverse("league_login")


@require_GET
def club_list(request: HttpRequest) -> HttpResponse:
    return render(request, "leagues/clubs.html", {"clubs": leagues.club_list()})


@require_GET
def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(slug)
    return render(
        request,
        "leagues/club.html",
        {
            "club": club,
            "leagues": leagues.club_leagues(club),
            "days": leagues.club_days(club),
            "nights": nights.club_progressive_nights(club),
            "seasons": club_seasons(club),
            "roster": leagues.club_roster(club),
            "member": permissions.is_member(request.user, club.pk),
            "club_admin": permissions.is_club_admin(request.user, club.pk),
            "today": timezone.localdate(),
        },
    )


@require_GET
def league_detail(request: HtmxRequest, league_id: int) -> HttpResponse:
    """The league's tables; its poll (htmx) gets the #league-tables fragment only."""
    league = _league(league_id)
    table = leagues.league_table(league)
    return page_or_fragment(
        request,
        "leagues/league.html",
        "league-tables",
        {
            "league": league,
            "table": table,
            "member": permissions.is_member(request.user, league.club_id),
            "open": league_is_open(league, timezone.localdate()),
            "provisional_games": leagues.PROVISIONAL_GAMES,
        },
    )


@require_GET
def league_games(request: HttpRequest, league_id: int) -> HttpResponse:
    league = _league(league_id)
    return render(
        request,
        "leagues/games.html",
        {"league": league, "games": leagues.league_games(league)},
    )


class _Echo:
    def write(self, value: str) -> str:
        return value


def _csv(rows: Iterable[list[Any]], filename: str) -> StreamingHttpResponse:
    writer = SafeWriter(_Echo())
    response = StreamingHttpResponse(
        (writer.writerow(row) for row in rows), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _file_stem(league: League) -> str:
    return slugify(f"{league.club.slug} {league.name}") or f"league-{league.pk}"


@require_GET
def league_table_csv(request: HttpRequest, league_id: int) -> StreamingHttpResponse:
    league = _league(league_id)
    table = leagues.league_table(league)
    of = request.GET.get("of", "players")
    rows = table.partnerships if of == "partnerships" else table.players
    kind = "partnerships" if of == "partnerships" else "players"
    return _csv(leagues.table_csv_rows(rows, table.with_points), f"{_file_stem(league)}-{kind}.csv")


@require_GET
def league_hands_csv(request: HttpRequest, league_id: int) -> StreamingHttpResponse:
    league = _league(league_id)
    return _csv(leagues.league_hand_rows(league), f"{_file_stem(league)}-hands.csv")


@require_http_methods(["GET", "POST"])
def league_game_new(request: HttpRequest, league_id: int) -> HttpResponse:
    league = _league(league_id)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path(), login_url=_login_url())
    if not permissions.can_start_league_game(request.user, league.club_id):
        return render(
            request,
            "leagues/forbidden.html",
            {
                "league": league,
                "message": f"Only members of {league.club.name} can start or score its league "
                "games. Ask a club admin to add you as a member.",
            },
            status=403,
        )
    form = LeagueGameForm(request.POST or None, league=league)
    game = form.attempt(
        lambda: league_game_create(
            league=league,
            players=form.players(),
            first_dealer=form.cleaned_data["first_dealer"],
        )
    )
    if game is not None:
        return redirect("game", public_id=game.public_id)
    return render(
        request,
        "leagues/new_game.html",
        {"league": league, "form": form, "problems": form.problems},
        status=422 if request.method == "POST" else 200,
    )


@require_GET
def player_detail(request: HttpRequest, player_id: int) -> HttpResponse:
    try:
        player = leagues.player_get(player_id=player_id)
    except Player.DoesNotExist:
        raise Http404("No such player: check the link.") from None
    page = leagues.player_page(
        player,
        games_page=request.GET.get("games", 1),
        hands_page=request.GET.get("hands", 1),
    )
    return render(request, "leagues/player.html", {"page": page, "player": player})


@require_GET
def league_day(request: HtmxRequest, slug: str, day: str) -> HttpResponse:
    club = _club(slug)
    try:
        on = date.fromisoformat(day)
    except ValueError:
        raise Http404("A club night's date is written like 2026-11-29.") from None
    if not NIGHTS_FROM <= on <= NIGHTS_UNTIL:
        # The night's bounds are worked out as times of day, which stop at year 9999.
        raise Http404("No club met on that date: check the year.")
    lines = leagues.day_games(club, on)
    context = {
        "club": club,
        "day": on,
        "games": lines,
        "playing": sum(1 for line in lines if not line.game.finished),
        "poll": NIGHT_POLL_SECONDS,
        "updated": timezone.localtime(),
    }
    return page_or_fragment(request, "leagues/day.html", "night-games", context)


@require_GET
def league_day_today(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(slug)
    return redirect("league_day", slug=club.slug, day=timezone.localdate().isoformat())
