"""The web's one handler for the app's refusals (rules.Refusal), called by the middleware
``middleware.Refusals``: the page the view named for them (views.answers.refusals_shown_by),
else a removed game's page (410) or the page for an address that leads nowhere (404)."""

from __future__ import annotations

from django.http import HttpResponse

from smear_scores.request_refusals import NotFound
from smear_scores.rules import Refusal
from smear_scores.selectors.games import GameRemoved

from .answers import HtmxRequest, RefusalPage
from .errors import not_found
from .removal import removed_page


def answer_refusal(request: HtmxRequest, refusal: Refusal) -> HttpResponse | None:
    match = request.resolver_match
    page: RefusalPage | None = getattr(match.func, "refusal_page", None) if match else None
    if match is not None and page is not None:
        response = page(request, refusal, **match.kwargs)
        if response is not None:
            return response
    if isinstance(refusal, GameRemoved):
        return removed_page(request, refusal.game)
    if isinstance(refusal, NotFound):
        return not_found(request, refusal)
    return None
