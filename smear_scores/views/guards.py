"""The guards the screens share: the club by its address and the gate that lets in only the
roles that may (permissions.club_may), a night by its id and the gate that lets only the
club's admins direct it (the director's screens, the night's phones' dashboard, a club's
seasons and results queue), each answering anyone else in words. A game's own gate is
views.board.scorer_only, which answers with the board."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from smear_scores import permissions
from smear_scores.models import Club, Night
from smear_scores.permissions import is_club_admin
from smear_scores.selectors import nights as night_selectors
from smear_scores.selectors.leagues import club_get


def club_of(slug: str) -> Club:
    try:
        return club_get(slug=slug)
    except Club.DoesNotExist:
        raise Http404("No club has this address: check the link.") from None


def club_gate(request: HttpRequest, club: Club, action: str) -> HttpResponse | None:
    """None when the signed-in user may do ``action`` in ``club``; else the sign-in page
    (anonymous) or a 403 saying who may (permissions.CLUB_RULES)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path(), login_url=reverse("league_login"))
    if permissions.club_may(request.user, action, club.pk):
        return None
    roles = " or ".join(f"{r}s" for r in permissions.roles_that(action))
    return render(
        request,
        "clubs/forbidden.html",
        {
            "club": club,
            "message": f"Only {roles} of {club.name} can {action}. Ask its owner or a "
            "director if you should.",
        },
        status=403,
    )


def director_only(request: HttpRequest, club: Club) -> HttpResponse | None:
    """Only the club's admins direct a night; None when this user may."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path(), login_url=reverse("league_login"))
    if is_club_admin(request.user, club.pk):
        return None
    return render(
        request,
        "nights/forbidden.html",
        {
            "message": f"Only admins of {club.name} can run its nights. Ask a club admin to "
            "make you one, or watch the night's room view.",
        },
        status=403,
    )


def night_of(night_id: int) -> Night:
    return night_selectors.night_get(night_id=night_id)


def director_write(
    request: HttpRequest, night: Night, action: Callable[[], object]
) -> HttpResponse:
    """Run a director's write; on success back to the director's screen. A refused write
    (NightRefused) is shown on it by director_refused."""
    refused = director_only(request, night.club)
    if refused:
        return refused
    action()
    return redirect("night", night_id=night.pk)
