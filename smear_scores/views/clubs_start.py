"""Signing up and starting a club, with no operator: an account of one's own (counted per
address, SIGNUP_LIMIT_PER_HOUR), then a club whose owner one is, as the server's
CLUB_STARTERS allows."""

from __future__ import annotations

from axes.helpers import get_client_ip_address
from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from smear_scores.forms.clubs import ClubStartForm, NextForm, SignUpForm
from smear_scores.models import Club
from smear_scores.permissions import account
from smear_scores.services import club_start as services
from smear_scores.wording import clubs as words

BACKEND = "django.contrib.auth.backends.ModelBackend"


def _next(request: HttpRequest) -> str:
    """Where to go once signed up: ``next`` when it is this site's, else starting a club."""
    wanted = NextForm(request.POST).checked()["next"] or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return wanted
    return reverse("club_start")


@require_http_methods(["GET", "POST"])
def sign_up(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect(_next(request))
    form = SignUpForm(request.POST or None)
    paused = []

    def write() -> User:
        try:
            return services.account_sign_up(
                username=form.cleaned_data["username"],
                password=form.cleaned_data["password1"],
                email=form.cleaned_data["email"],
                address=get_client_ip_address(request) or "0.0.0.0",
            )
        except services.SignUpPaused:
            paused.append(True)
            raise

    user = form.attempt(write)
    if user is not None:
        login(request, user, backend=BACKEND)
        return redirect(_next(request))
    status = 429 if paused else 422 if request.method == "POST" else 200
    return render(
        request,
        "clubs/sign_up.html",
        {"form": form, "problems": form.problems, "next": _next(request)},
        status=status,
    )


@require_http_methods(["GET", "POST"])
def club_start(request: HttpRequest) -> HttpResponse:
    user = account(request.user)
    if user is None:
        return redirect_to_login(request.get_full_path(), login_url=reverse("sign_up"))
    starters = settings.CLUB_STARTERS
    form = ClubStartForm(
        request.POST or None,
        needs_invitation=starters == "invited" and not user.is_superuser,
    )
    club = form.attempt(
        lambda: services.club_start(
            user=user,
            name=form.cleaned_data["name"],
            slug=form.cleaned_data["slug"],
            invitation=form.cleaned_data.get("invitation", ""),
        )
    )
    if club is not None:
        return redirect("club_settings", club.slug)
    the_one = Club.objects.order_by("pk").first() if starters == "one" else None
    return render(
        request,
        "clubs/start.html",
        {
            "form": form,
            "problems": form.problems,
            "starters": words.STARTERS[starters],
            "the_one": the_one,
        },
        status=422 if request.method == "POST" else 200,
    )
