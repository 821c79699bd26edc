"""The club's archive: its directors download the whole club as JSON
(smear_scores.archive_format); one who may start a club here imports one."""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from smear_scores import permissions
from smear_scores.archive_format import ArchiveEncoder
from smear_scores.forms.club_roster import ArchiveForm
from smear_scores.selectors.club_archive import club_archive
from smear_scores.services.club_archive import club_import

from .guards import club_gate, club_of


@require_GET
def archive_download(request: HttpRequest, slug: str) -> HttpResponse:
    club = club_of(slug)
    refused = club_gate(request, club, permissions.EXPORT)
    if refused:
        return refused
    body = json.dumps(club_archive(club), cls=ArchiveEncoder, ensure_ascii=False, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{club.slug}-archive.json"'
    response["Cache-Control"] = "private, no-store"
    return response


@require_http_methods(["GET", "POST"])
def archive_import(request: HttpRequest) -> HttpResponse:
    user = permissions.account(request.user)
    if user is None:
        return redirect_to_login(request.get_full_path(), login_url=reverse("sign_up"))
    needs = settings.CLUB_STARTERS == "invited" and not user.is_superuser
    form = ArchiveForm(request.POST or None, request.FILES or None, needs_invitation=needs)
    club = form.attempt(
        lambda: club_import(
            user=user,
            data=form.cleaned_data["file"].read(),
            invitation=form.cleaned_data.get("invitation", ""),
        )
    )
    if club is not None:
        return redirect("club", club.slug)
    return render(
        request,
        "clubs/import.html",
        {"form": form, "problems": form.problems},
        status=422 if request.method == "POST" else 200,
    )
