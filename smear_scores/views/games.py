"""Thin views for scoring a game: forms shape the input, services write, selectors read."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from smear_scores import rules
from smear_scores.models import Game
from smear_scores.permissions import scoring_tokens


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    ids = list(scoring_tokens(request))
    games = Game.objects.filter(public_id__in=ids).order_by("-updated_at") if ids else []
    return render(
        request,
        "home.html",
        {"games": games, "variants": list(rules.VARIANTS.values())},
    )
