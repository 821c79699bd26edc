"""Response headers the whole app shares."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control


def private_answers(get_response: Callable[[HttpRequest], HttpResponse]):
    """No page of the app is for a shared cache (a proxy, a CDN): every page carries its
    visitor's CSRF token, and a scorer's page the game's scoring link. So each answer is
    ``Cache-Control: private`` unless its view said otherwise. Static files never get here:
    WhiteNoise, earlier in MIDDLEWARE, answers them with their own long-lived header."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if not response.has_header("Cache-Control"):
            patch_cache_control(response, private=True)
        return response

    return middleware
