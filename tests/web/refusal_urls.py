"""Addresses for tests/web/test_refusals.py only: views that raise the app's refusals."""

from django.http import HttpResponse
from django.urls import path

from smear_scores import urls as project_urls
from smear_scores.request_refusals import Conflict, Forbidden, NotFound
from smear_scores.rules import Refused, RuleError
from smear_scores.selectors.games import game_get
from smear_scores.views.answers import refusals_shown_by


def _conflict_page(request, refusal, **kwargs):
    if isinstance(refusal, Conflict):
        return HttpResponse(f"page for {kwargs['thing']}: {refusal.message}", status=refusal.status)
    return None


@refusals_shown_by(_conflict_page)
def with_page(request, thing: str):
    kinds = {
        "conflict": Conflict("It changed meanwhile: read it again."),
        "missing": NotFound("No such thing: check the link."),
        "forbidden": Forbidden("Not yours to change."),
        "refused": Refused([RuleError("bid", "Bid 2 to 6.", "S4")]),
    }
    raise kinds[thing]


def removed(request, public_id: str):
    game_get(public_id=public_id)  # raises GameRemoved for a removed game
    return HttpResponse("not removed")


# The app's own addresses too: its pages link to them.
urlpatterns = [
    path("with-page/<str:thing>/", with_page),
    path("removed/<str:public_id>/", removed),
    *project_urls.urlpatterns,
]
