"""What every club page of a role shares: the club by its address, and the gate that lets in
only the roles that may (permissions.club_may), answering anyone else in words."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from smear_scores import permissions
from smear_scores.models import Club
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
