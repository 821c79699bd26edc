"""The app's middlewares under ASGI (`make serve`): each answers as under WSGI, and the
chain Django builds hands a request from the event loop to a thread and back no more often
than it must."""

from __future__ import annotations

import logging

import pytest
from asgiref.sync import async_to_sync
from django.core.handlers.base import BaseHandler
from django.test import AsyncClient, Client

from smear_scores.services.removal import game_remove

from ..league.conftest import PASSWORD, make_user


class _Adapted(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.said: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.said.append(record.getMessage())


def test_asgi_chain_turns_async_once_below_the_apps_middlewares(settings):
    # Django runs a middleware that can do both as the one below it does, and hands the
    # request over where a sync-only one meets an async one. Refusals is sync-only, near
    # the bottom: the chain above it stays sync (one thread for all of it). Were it async
    # too, the turn would move up to WhiteNoise (sync-only), and each of Django's own
    # middlewares between (MiddlewareMixin) would hand the request to a thread and back
    # for its process_request and process_response: 19 hops a request instead of 6
    # (python -m bench.calls --asgi).
    settings.DEBUG = True  # Django says what it adapts only then
    adapted = _Adapted()
    log = logging.getLogger("django.request")
    level = log.level
    log.addHandler(adapted)
    log.setLevel(logging.DEBUG)
    try:
        BaseHandler().load_middleware(is_async=True)
    finally:
        log.removeHandler(adapted)
        log.setLevel(level)

    assert adapted.said == [
        "Asynchronous handler adapted for middleware smear_scores.middleware.Refusals."
    ]


def _answers(client: Client | AsyncClient, game, cookie: tuple[str, str]) -> list[tuple]:
    get = async_to_sync(client.get) if isinstance(client, AsyncClient) else client.get

    client.cookies[cookie[0]] = cookie[1]
    seen = []
    for path in (f"/g/{game.public_id}/", "/admin/", "/no-such-page/"):
        answer = get(path)
        seen.append((path, answer.status_code, answer.get("Cache-Control"), answer.get("Location")))
    return seen


@pytest.mark.django_db
def test_app_middlewares_answer_under_asgi_as_under_wsgi(club, make_game, settings):
    # private_answers (Cache-Control: private), Refusals (a removed game: 410) and
    # signed_out_sessions (a session cookie copied before its sign-out signs no one in).
    game = game_remove(game=make_game("schmier", hands=1))
    make_user("ada", club=club, admin=True)
    device = Client()
    assert device.post("/clubs/login/", {"username": "ada", "password": PASSWORD}).status_code
    name = settings.SESSION_COOKIE_NAME
    copied = (name, device.cookies[name].value)
    assert Client(HTTP_COOKIE="=".join(copied)).get("/admin/").status_code == 200
    assert device.post("/clubs/logout/").status_code == 302

    wsgi = _answers(Client(), game, copied)
    asgi = _answers(AsyncClient(), game, copied)

    assert wsgi == [
        (f"/g/{game.public_id}/", 410, "private", None),
        (
            "/admin/",
            302,
            "max-age=0, no-cache, no-store, must-revalidate, private",
            "/admin/login/?next=/admin/",
        ),
        ("/no-such-page/", 404, "private", None),
    ]
    assert asgi == wsgi
