"""One board's stream: ``text/event-stream`` of versions.

``data: <version>`` at once, then each new version of what the board follows, then the
same again every ``HEARTBEAT`` seconds (under a proxy's read timeout, and the board's
sign that the stream still flows). The board compares each with the version it shows and
fetches its fragment when they differ. Under WSGI (``make dev``) there is no stream: the
answer is 204, which tells the browser not to reconnect, and the board polls."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

from asgiref.sync import SyncToAsync, sync_to_async
from django.core.handlers.asgi import ASGIRequest
from django.db import connections
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse

from smear_scores.live.hub import Hub, Key, Watch, current

HEARTBEAT = 25
# Seconds a phone refused a stream waits before it asks for one again (Retry-After).
REFUSED_RETRY = 30

Recheck = Callable[[Hub, Watch], Awaitable[str]]


def event(version: str) -> bytes:
    return f"data: {version}\n\n".encode()


def refusal(request: HttpRequest) -> HttpResponse | None:
    """Why this request gets no stream, as the answer to give, or None."""
    if not isinstance(request, ASGIRequest):
        return HttpResponse(status=204)
    if current().full():
        return HttpResponse(
            "This server holds all the live boards it can: this board checks every few "
            "seconds instead.",
            status=503,
            content_type="text/plain; charset=utf-8",
            headers={"Retry-After": str(REFUSED_RETRY)},
        )
    return None


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


async def events(keys: list[Key], version: str, recheck: Recheck | None) -> AsyncIterator[bytes]:
    hub = current()
    watch = hub.watch(keys, {keys[0]: version} if recheck is None else None)
    try:
        await _let_go_of_the_request_thread()
        yield b"retry: 3000\n" + event(version)
        sent = version
        while not hub.closing:
            try:
                async with asyncio.timeout(HEARTBEAT):
                    await watch.wake.wait()
            except TimeoutError:
                yield event(sent)
                continue
            watch.wake.clear()
            if hub.closing:
                break
            now = await recheck(hub, watch) if recheck else hub.versions.get(keys[0])
            if now is not None and now != sent:
                sent = now
                yield event(now)
    finally:
        hub.unwatch(watch)


def response(keys: list[Key], version: str, recheck: Recheck | None = None) -> HttpResponse:
    """The stream of a board that shows ``version`` of what ``keys`` name: the first key's
    version as the hub knows it, or, with ``recheck``, what it answers on each change."""
    answer = StreamingHttpResponse(events(keys, version, recheck), content_type="text/event-stream")
    answer["Cache-Control"] = "no-cache, no-transform"
    # nginx passes the stream through unbuffered, whatever its proxy_buffering.
    answer["X-Accel-Buffering"] = "no"
    return answer
