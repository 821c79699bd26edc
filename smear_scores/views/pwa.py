"""The installable app: its service worker, served from the site's root so that it may
look after every page (a worker's reach is the folder it is served from). It runs on
Workbox, vendored in static/vendor/workbox-7.4.1 (see its VERSION)."""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

WORKBOX = "vendor/workbox-7.4.1/"
SHELL = [
    "vendor/pico/pico-2.1.1.min.css",
    "css/app.css",
    "django_htmx/htmx-2.min.js",
    "js/share.js",
    "js/live.js",
    "js/offline.js",
    "js/handover.js",
    "manifest.webmanifest",
    "icons/icon-192.png",
    "icons/icon.svg",
]

# The pages the service worker keeps for offline use (a JavaScript regular expression on
# the path): home, a game's board and history, the rules, a player's guide card at a club
# night (it holds no scoring secret: its "Score table" is a form). Never the admin, clubs,
# leagues, nights or the director's screens: they show members' data and, on a director's
# screen, every table's scoring code, and a kept page would outlive a logout.
OFFLINE_PAGES = r"^/(g/[A-Za-z0-9_-]+/(history/)?|rules/[A-Za-z0-9_-]+/|tournaments/[0-9]+/me/)?$"


@require_GET
@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    shell = [static(path) for path in SHELL]
    context = {
        "shell": shell,
        # A new list of files (new hashes after a deploy) is a new shell cache.
        "version": hashlib.sha256("\n".join(shell).encode()).hexdigest()[:12],
        "static_prefix": settings.STATIC_URL,
        "workbox_sw": static(WORKBOX + "workbox-sw.js"),
        "workbox": {
            name: static(f"{WORKBOX}workbox-{name}.prod.js")
            for name in ("core", "routing", "strategies")
        },
        "hashed": not settings.DEBUG,
        "offline_pages": OFFLINE_PAGES,
    }
    return render(request, "sw.js", context, content_type="text/javascript; charset=utf-8")
