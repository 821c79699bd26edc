"""The pages for an address that leads nowhere (handler404) and for a request the server
will not take (handler400), both named in smear_scores/urls.py."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse
from django.http.request import split_domain_port
from django.shortcuts import render


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """404 with the view's reason ("No game has this link: check the address.") when it
    gave one in words; an address no URL matches carries none, only the resolver's
    details, which are not for the visitor."""
    reason = exception.args[0] if exception.args else ""
    context = {"reason": reason if isinstance(reason, str) else ""}
    return render(request, "404.html", context, status=404)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """400. A phone that opened the table's server by a name it does not accept (a name
    the Wi-Fi's router gives the machine, say) is told which setting takes that name: at
    the table (LAN_HOSTS, `make run`) only, since a club's public site names none of its
    settings to a visitor. The page reads nothing of the request but its Host header, the
    one thing Django refused (``request.get_host()`` would raise again)."""
    host = ""
    if isinstance(exception, DisallowedHost) and settings.LAN_HOSTS:
        host, _port = split_domain_port(request.META.get("HTTP_HOST", ""))
    return render(request, "400.html", {"host": host}, status=400)
