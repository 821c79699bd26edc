"""How every screen answers: a page or its fragment, and a refusal.

A page answers a plain request with the whole page and an htmx request (``HX-Request:
true``) with the fragment it swaps, ``"<page>.html#<dom-id>"``. Both come from one address,
so every such answer says it varies on ``HX-Request``: a cache (the browser's own, on Back)
must not hand the fragment to a plain request, or the page to htmx.

Views do not catch the app's refusals (rules.Refusal). One handler, the middleware
``middleware.Refusals`` (views.refusal_pages.answer_refusal), answers them: with the page the
view named for them (``refusals_shown_by``), else a removed game's page (410) or the page
for an address that leads nowhere (404)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django_htmx.middleware import HtmxDetails

# What a view's refusal page is called with: the request, the refusal, the URL's kwargs.
# It answers the refusal, or returns None to leave it to the handler's fallbacks.
RefusalPage = Callable[..., HttpResponse | None]
# A view, as a decorator hands it back.
View = TypeVar("View", bound=Callable[..., HttpResponseBase])


class HtmxRequest(HttpRequest):
    """A request as the app's middleware hands it to a view: with what htmx said of it
    (django-htmx's ``request.htmx``). A type only: no request is made one."""

    htmx: HtmxDetails


def page_or_fragment(
    request: HtmxRequest,
    template: str,
    fragment: str,
    context: dict[str, Any],
    *,
    status: int = 200,
) -> HttpResponse:
    """``template`` for a plain request, its ``{% partialdef fragment %}`` for htmx."""
    name = f"{template}#{fragment}" if request.htmx else template
    response = render(request, name, context, status=status)
    patch_vary_headers(response, ["HX-Request"])
    return response


def refusals_shown_by(page: RefusalPage) -> Callable[[View], View]:
    """Name the page that answers the refusals a view's services raise. Put it first (the
    outermost decorator), so it marks the function the URL resolves to."""

    def mark(view: View) -> View:
        view.__dict__["refusal_page"] = page  # read back by refusal_pages.answer_refusal
        return view

    return mark
