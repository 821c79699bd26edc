"""The director's queue (two keys): a club admin sees every disputed, or finished and
not yet agreed, game of the club's leagues and nights, with the hand, both sides' words
and the hand's history, and settles it in one tap (keep it, or swap two teams' points
on it) with a reason kept with who and when."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from smear_scores.forms.agreements import SettleForm
from smear_scores.models import Club, Game
from smear_scores.permissions import account
from smear_scores.request_refusals import Gone, NotFound
from smear_scores.rules import Refusal
from smear_scores.selectors import agreements as agreement_selectors
from smear_scores.services import agreements as agreement_services

from .answers import HtmxRequest, page_or_fragment, refusals_shown_by
from .guards import club_of, director_only


def _queue(
    request: HtmxRequest, club: Club, *, notice: str = "", problem: str = "", status: int = 200
) -> HttpResponse:
    context = {
        "club": club,
        "items": agreement_selectors.director_queue(club),
        "notice": notice,
        "problem": problem,
    }
    return page_or_fragment(request, "leagues/results.html", "results", context, status=status)


def _refused(request: HtmxRequest, refusal: Refusal, slug: str, **_: Any) -> HttpResponse | None:
    if isinstance(refusal, Gone | NotFound):
        return None
    return _queue(request, club_of(slug), problem=refusal.message, status=refusal.status)


@require_GET
@vary_on_headers("HX-Request")
def results_queue(request: HtmxRequest, slug: str) -> HttpResponse:
    club = club_of(slug)
    refused = director_only(request, club)
    return refused or _queue(request, club)


@refusals_shown_by(_refused)
@require_POST
@vary_on_headers("HX-Request")
def result_settle(request: HtmxRequest, slug: str, public_id: str) -> HttpResponse:
    """Settle one game: ``decision`` keep or swap, at hand ``number``, with a ``reason``."""
    club = club_of(slug)
    refused = director_only(request, club)
    if refused:
        return refused
    game = Game.objects.filter(public_id=public_id, confirm=True).first()
    if game is None or not agreement_selectors.of_club(game, club):
        raise Http404("This game is not one of the club's: check the link.")
    posted = SettleForm(request.POST).checked()
    number, decision = posted["number"], posted["decision"]
    agreement_services.dispute_settle(
        game=game,
        number=number,
        decision=decision,
        reason=posted["reason"],
        by=account(request.user),
        version=posted["version"],
    )
    done = "swapped the teams' points on" if decision == "swap" else "kept"
    return _queue(
        request,
        club,
        notice=f"Settled: {done} hand {number}. The game counts as it stands now.",
    )
