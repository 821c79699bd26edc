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


@require_GET
def one_write(request: HttpRequest) -> HttpResponse:
    """The floor of a page that writes: one row updated and committed (the commit waits for
    the database to make it durable)."""
    from django.db import transaction
    from django.utils import timezone

    from smear_scores.models import Game

    with transaction.atomic():
        first = Game.objects.order_by("pk").values("pk")[:1]
        Game.objects.filter(pk__in=first).update(updated_at=timezone.now())
    return HttpResponse("ok", content_type="text/plain")


@require_GET
def hand_shaped_write(request: HttpRequest) -> HttpResponse:
    """The floor of recording a hand, without the rules, the form or an answer: what any
    hand write must do at the least, in one transaction: the game read under its lock, two
    rows inserted (the hand and its audit record) and the game's standings updated."""
    from django.db import transaction
    from django.utils import timezone

    from smear_scores.models import Game, HandRevision

    with transaction.atomic():
        game = Game.objects.select_for_update().order_by("pk").first()
        HandRevision.objects.create(game=game, number=0, action="record", new={})
        HandRevision.objects.create(game=game, number=0, action="record", new={})
        Game.objects.filter(pk=game.pk).update(updated_at=timezone.now())
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [
    path("bench/minimal/", minimal),
    path("bench/one-query/", one_query),
    path("bench/one-write/", one_write),
    path("bench/hand-shaped-write/", hand_shaped_write),
    path("", include("smear_scores.urls")),
]
