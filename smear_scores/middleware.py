"""Response headers the whole app shares."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.middleware.gzip import GZipMiddleware
from django.utils.cache import patch_cache_control

from smear_scores.rules import Refusal
from smear_scores.selectors.accounts import signin_version
from smear_scores.views.answers import HtmxRequest
from smear_scores.views.refusal_pages import answer_refusal


def private_answers(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
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


# Hosts a browser trusts over plain http (a potentially trustworthy origin).
LOOPBACK = ("localhost", "127.0.0.1", "[::1]")


def opener_policy_where_honoured(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """``Cross-Origin-Opener-Policy`` (SecurityMiddleware's) only where a browser honours
    it: over https, or from this machine itself. A phone on the table's Wi-Fi opens the
    laptop over plain http by its name or address, where the browser ignores the header
    and says so as an error in the console on every page. Before SecurityMiddleware in
    MIDDLEWARE, so it reads the answer that middleware made."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if request.is_secure() or "Cross-Origin-Opener-Policy" not in response:
            return response
        host = request.META.get("HTTP_HOST", "").lower()
        name = host.split("]")[0] + "]" if host.startswith("[") else host.split(":")[0]
        if name not in LOOPBACK and not name.endswith(".localhost"):
            del response["Cross-Origin-Opener-Policy"]
        return response

    return middleware


# The sign-in's version in its session (models.SignInVersion), written when it signs in.
SIGNIN_VERSION_KEY = "signin_version"


def signed_out_sessions(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """Signing out ends every session of the user, on the server. Sessions are signed
    cookies (settings), which the server cannot take back: a copy of one made before the
    sign-out would go on signing in. So each sign-in keeps the user's sign-out count, and a
    session whose count is behind signs no one in: its sign-in is dropped (what else it
    holds, the games this device scores, stays). One query by primary key, and only on a
    request from a signed-in session; a casual scorer's costs nothing."""

    def middleware(request: HttpRequest) -> HttpResponse:
        if settings.SESSION_COOKIE_NAME not in request.COOKIES:
            return get_response(request)  # no session yet: nobody is signed in
        session = request.session
        user_id = session.get(SESSION_KEY)
        if user_id is not None and session.get(SIGNIN_VERSION_KEY, 0) != signin_version(
            user_id=user_id
        ):
            for key in (SESSION_KEY, BACKEND_SESSION_KEY, HASH_SESSION_KEY, SIGNIN_VERSION_KEY):
                session.pop(key, None)
            request.user = AnonymousUser()
        return get_response(request)

    return middleware


class ApiGZip(GZipMiddleware):
    """The JSON API's answers, gzipped for a client that accepts it (a game's answer holds
    every hand, so it grows with the game). Compression cannot leak a secret here: the API
    is called with a token in a header, which no other site can make a browser send, so no
    one can mix text of their choosing into an answer that holds a secret (BREACH); and
    Django pads each compressed answer with random bytes besides. The pages are compressed
    by their own views (views.board, gzip_page)."""

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if not request.path.startswith("/api/"):
            return response
        return super().process_response(request, response)


class Refusals:
    """The web's one handler for the app's refusals (rules.Refusal), raised by a service or
    a view: a stale screen (409), a rule (422), a removed game (410), a page that is not
    there (404) … Each is answered by the page its view named, in the view's words
    (views.refusal_pages.answer_refusal); any page of a removed game answers 410 with the page
    that says when, so no page of such a game is missed.

    Sync-only on purpose. Under ASGI, Django runs a middleware that can do both the way
    the one below it runs, and hands the request between the event loop and a thread where
    a sync-only one meets an async one. With this one sync, that turn is here, near the
    bottom, and everything above runs on the request's one thread. Were it async too, the
    turn would move up to WhiteNoise (sync-only, as of 6.12), and each of Django's
    own middlewares in between would run async, which for them (MiddlewareMixin) means a
    hop to a thread and back for each process_request and process_response: 19 hops a
    request instead of 6, and more Python calls (python -m bench.calls --asgi;
    tests/hardening/test_middleware_asgi.py)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HtmxRequest, exception: Exception) -> HttpResponse | None:
        # HtmxMiddleware, above this one, has told the request what htmx said of it.
        if isinstance(exception, Refusal):
            return answer_refusal(request, exception)
        return None
