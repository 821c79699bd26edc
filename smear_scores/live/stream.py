"""One board's stream: ``text/event-stream``.

``data: <version>`` at once, then each new version of what the board follows, then the
same again every ``HEARTBEAT`` seconds (under a proxy's read timeout, and the board's
sign that the stream still flows). The board compares each with the version it shows and
fetches its fragment when they differ.

A board that every phone sees alike (a watcher's scoreboard, the table view, the room
view) is carried in the stream instead, as ``event: board`` with ``id: <version>`` and
the fragment as its data: drawn once per version in each process for all its streams,
where each phone fetching it would cost a request and a drawing per phone; and the parts
of a watcher's board come from the boards' cache (templatetags.parts), drawn once for the
streams and the pages of every process that shares it. A scorer's
board is the phone's own (its form, its rights): its stream carries versions only.

Under WSGI (``make dev``) there is no stream: the answer is 204, which tells the browser
not to reconnect, and the board polls."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable

from asgiref.sync import SyncToAsync, sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connections
from django.http import HttpRequest, HttpResponse, HttpResponseBase, StreamingHttpResponse

from smear_scores.live.hub import Admission, Hub, Key, Watch, current

log = logging.getLogger(__name__)

HEARTBEAT = 45
# Seconds a phone refused a stream waits before it asks for one again (Retry-After).
REFUSED_RETRY = 30

Recheck = Callable[[Hub, Watch], Awaitable[str]]
Draw = Callable[[], str | None]


def event(version: str) -> bytes:
    return f"data: {version}\n\n".encode()


def deaf_event(version: str) -> bytes:
    """This process cannot hear writes now (its database is away): the board polls until
    a plain event comes again."""
    return f"event: deaf\ndata: {version}\n\n".encode()


def board_event(version: str, html: str) -> bytes:
    lines = "".join(f"data: {line}\n" for line in html.replace("\r", "").split("\n"))
    return f"event: board\nid: {version}\n{lines}\n".encode()


def _board(version: str, draw: Draw) -> bytes | None:
    html = draw()
    return board_event(version, html) if html else None


REFUSED = {
    "process": "This server holds all the live boards it can: this board checks every few "
    "seconds instead.",
    "client": "This network already holds as many live boards as one address may: this "
    "board checks every few seconds instead.",
    "game": "This game already has as many live boards as it may: this board checks every "
    "few seconds instead.",
}


def _refused(why: str) -> HttpResponse:
    return HttpResponse(
        REFUSED[why],
        status=503,
        content_type="text/plain; charset=utf-8",
        headers={"Retry-After": str(REFUSED_RETRY)},
    )


def refusal(request: HttpRequest) -> HttpResponse | None:
    """Why this request gets no stream, as the answer to give, or None (the per-client
    and per-game counts are taken by ``response``, which lets the stream in). With the
    push engine the engine holds the stream, whatever serves the app."""
    if settings.LIVE_ENGINE:
        return None
    if not isinstance(request, ASGIRequest):
        return HttpResponse(status=204)
    if current().full():
        return _refused("process")
    return None


def client_address(request: HttpRequest) -> str:
    """The phone's address: the proxy's X-Forwarded-For as the server trusts it (uvicorn,
    forwarded_allow_ips in gunicorn.conf.py), else the connection's."""
    return request.META.get("REMOTE_ADDR") or ""


async def _let_go_of_the_request_thread() -> None:
    """The middleware ran on a thread of this request's own (asgiref keeps one per request
    until it ends) with a database connection: a stream needs neither, so both go now,
    rather than one thread and one connection per open board."""
    context = SyncToAsync.thread_sensitive_context.get(None)
    if context is None:
        return
    await sync_to_async(connections.close_all)()
    executor = SyncToAsync.context_to_thread_executor.pop(context, None)
    if executor is not None:
        # Idle by now: it ends at once.
        executor.shutdown(wait=True)


async def _said(hub: Hub, key: Key, draw: tuple[str, Draw] | None, now: str) -> bytes:
    """The event that tells a board ``now``: the board itself where one is drawn."""
    if draw is not None:
        try:
            # The event itself is made once per version, for all the streams.
            drawn = await hub.fragment(key, draw[0], now, lambda: _board(now, draw[1]))
        except Exception:
            log.exception("Live boards: a board could not be drawn")
            drawn = None
        if drawn:
            return drawn
    return event(now)


async def events(
    keys: list[Key],
    version: str,
    recheck: Recheck | None,
    draw: tuple[str, Draw] | None,
    shown: str | None,
    admission: Admission,
) -> AsyncIterator[bytes]:
    hub = admission.hub
    try:
        watch = hub.watch(keys, {keys[0]: version} if recheck is None else None)
    except BaseException:
        admission.release()
        raise

    def said(now: str) -> Awaitable[bytes]:
        return _said(hub, keys[0], draw, now)

    try:
        await _let_go_of_the_request_thread()
        first = await said(version) if shown is not None and shown != version else event(version)
        yield b"retry: 3000\n" + first
        sent = version
        deaf = False
        while not hub.closing:
            if hub.deaf and not deaf:
                deaf = True
                yield deaf_event(sent)
                continue
            # Hearing again after an outage: what was missed is asked for at once.
            if not (deaf and not hub.deaf):
                try:
                    async with asyncio.timeout(HEARTBEAT):
                        await watch.wake.wait()
                except TimeoutError:
                    # A heartbeat says whether this process hears writes: a board never
                    # trusts one from a process that cannot.
                    yield deaf_event(sent) if hub.deaf else event(sent)
                    continue
                watch.wake.clear()
                if hub.closing or hub.deaf:
                    continue
            now = await recheck(hub, watch) if recheck else hub.versions.get(keys[0])
            if now is not None and now != sent:
                sent = now
                yield await said(now)
            elif deaf:
                # Nothing was missed: the board may stop polling.
                yield event(sent)
            deaf = False
    finally:
        hub.unwatch(watch)
        admission.release()


async def response(
    request: HttpRequest,
    keys: list[Key],
    version: str,
    *,
    recheck: Recheck | None = None,
    draw: tuple[str, Draw] | None = None,
    follow: Callable[[], None] | None = None,
) -> HttpResponseBase:
    """The stream of a board that follows ``keys``: the first key's version as the hub
    knows it, or, with ``recheck``, what it answers on each change. With ``draw`` (a kind
    of board, and what draws it), each change carries the board itself. The phone says
    the version it shows as ``?v=``. With the push engine (settings.LIVE_ENGINE) the
    stream is handed to it (nchan.subscribe) and this process holds none; ``follow``, the
    view's write that marks a drawn board followed, is run then (no one else needs it)."""
    if settings.LIVE_ENGINE:
        from smear_scores.live import nchan

        return await sync_to_async(nchan.subscribe)(
            request, keys, version, draw[0] if draw else None, follow
        )
    admission = current().admit(client_address(request), keys)
    if isinstance(admission, str):
        return _refused(admission)
    shown = request.GET.get("v")
    answer = StreamingHttpResponse(
        events(keys, version, recheck, draw, shown, admission), content_type="text/event-stream"
    )
    # An answer closed before its stream began (the phone gone at once) gives its place back.
    # (Django closes an answer through its closers, a private list django-stubs does not
    # declare; there is no public way to add one.)
    answer._resource_closers.append(admission.release)  # type: ignore[attr-defined]  # noqa: SLF001
    answer["Cache-Control"] = "no-cache, no-transform"
    # nginx passes the stream through unbuffered, whatever its proxy_buffering.
    answer["X-Accel-Buffering"] = "no"
    return answer
