"""The app's URLs plus a minimal view: the floor every request of the app pays (the whole
middleware stack, a response), measured in the same run as the app's pages."""

from django.http import HttpRequest, HttpResponse
from django.urls import include, path
from django.views.decorators.http import require_GET


@require_GET
def minimal(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok", content_type="text/plain")


@require_GET
def one_query(request: HttpRequest) -> HttpResponse:
    """The floor of a page that reads the database: one indexed query, a small answer."""
    from smear_scores.models import Game

    found = Game.objects.filter(public_id=request.GET.get("id", "")).exists()
    return HttpResponse("yes" if found else "no", content_type="text/plain")


urlpatterns = [
    path("bench/minimal/", minimal),
    path("bench/one-query/", one_query),
    path("", include("smear_scores.urls")),
]
