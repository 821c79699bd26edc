"""The page for an address that leads nowhere (handler404 in smear_scores/urls.py)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """404 with the view's reason ("No game has this link: check the address.") when it
    gave one in words; an address no URL matches carries none, only the resolver's
    details, which are not for the visitor."""
    reason = exception.args[0] if exception.args else ""
    context = {"reason": reason if isinstance(reason, str) else ""}
    return render(request, "404.html", context, status=404)
