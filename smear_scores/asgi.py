"""The ASGI application: what `make run` and `make serve` serve (gunicorn with uvicorn
workers, gunicorn.conf.py). Every page is answered as under WSGI; the live boards' streams
(smear_scores.live) need it."""

import asyncio
import os
import resource
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import IO, Any

from asgiref.sync import iscoroutinefunction, sync_to_async
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.core.handlers.base import BaseHandler
from django.http import HttpRequest, HttpResponseBase, StreamingHttpResponse
from django.urls import Resolver404, get_resolver, set_script_prefix

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "smear_scores.settings")
# Each request runs on a thread of its own here: its connection is closed as it ends, or
# given back to the process's pool on PostgreSQL (smear_scores.env).
os.environ.setdefault("DATABASE_CONN_MAX_AGE", "0")
os.environ.setdefault("DATABASE_POOL", "true")

# Each open board holds a connection: let this process open as many files as it may.
_soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
if _soft < _hard:
    resource.setrlimit(resource.RLIMIT_NOFILE, (_hard, _hard))


# Threads that answer the plain (synchronous) requests of one process; each borrows a
# database connection from the process's pool (16) while it answers, beside the live
# boards' own threads (smear_scores.live.hub: 5).
REQUEST_THREADS = int(os.environ.get("REQUEST_THREADS", "8"))

# What an ASGI server hands the application (as Django's ASGIHandler takes them).
Scope = dict[str, Any]
Receive = Callable[[], Awaitable[Mapping[str, Any]]]
Send = Callable[[Mapping[str, Any]], Awaitable[None]]


class Plain(BaseHandler):
    """The middleware chain as WSGI runs it: every page, form and API request."""

    def __init__(self) -> None:
        super().__init__()
        self.load_middleware(is_async=False)


class Handler(ASGIHandler):
    """Django's ASGI handler, for the live boards' streams (async views). Every other
    request, which is synchronous from its middleware to its view, is answered as WSGI
    answers it, on one of a few kept threads: Django's async chain would hand it from the
    event loop to a thread of its own (made for the request) and back six times over
    (docs/benchmarks.md, "hops"), which cost a recorded hand more than its write.

    An answer streamed from a plain iterator (WhiteNoise's static files, a CSV download)
    is read on the request's thread and sent as it is, as Django's own static files
    handler does, instead of a warning for every file."""

    def __init__(self) -> None:
        super().__init__()
        self.plain = Plain()
        self.threads = ThreadPoolExecutor(REQUEST_THREADS, thread_name_prefix="smear-request")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not self._streams(scope):
            await self._answer_plain(scope, receive, send)
        else:
            await super().__call__(scope, receive, send)

    def _streams(self, scope: Scope) -> bool:
        """Is the view at this address async (a live board's stream)?"""
        path = scope["path"].removeprefix(scope.get("root_path", "")) or "/"
        try:
            match = get_resolver().resolve(path)
        except Resolver404:
            return False
        return iscoroutinefunction(match.func)

    async def _answer_plain(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        try:
            answer = await asyncio.get_running_loop().run_in_executor(
                self.threads, self._respond, scope, body_file
            )
        finally:
            body_file.close()
        await self.send_response(answer, send)

    def _respond(self, scope: Scope, body_file: IO[bytes]) -> HttpResponseBase:
        """The answer, whole, on a request thread: its end (``close``, which gives the
        thread's database connection back) is on the same thread, before it is sent."""
        set_script_prefix(get_script_prefix(scope))
        signals.request_started.send(sender=self.__class__, scope=scope)
        created = self.create_request(scope, body_file)  # a request, or its refusal
        response = created[1] if created[0] is None else self.plain.get_response(created[0])
        try:
            if isinstance(response, StreamingHttpResponse):
                parts = list(response)  # the sync chain's answer: a plain iterator
                response.streaming_content = _replay(parts)
        finally:
            response.close()
        return response

    async def run_get_response(self, request: HttpRequest) -> HttpResponseBase:
        response = await super().run_get_response(request)
        if isinstance(response, StreamingHttpResponse) and not response.is_async:
            parts = iter(response)

            async def read() -> AsyncIterator[bytes]:
                for part in await sync_to_async(_whole)(parts):
                    yield part

            response.streaming_content = read()
        return response


async def _replay(parts: list[bytes]) -> AsyncIterator[bytes]:
    """A streamed answer read whole, handed back to the server part by part."""
    for part in parts:
        yield part


def _whole(parts: Iterator[bytes]) -> list[bytes]:
    """Every part of a plain iterator (on a thread: reading it may read a file)."""
    return list(parts)


def _application() -> Handler:
    import django

    django.setup(set_prefix=False)
    return Handler()


application = _application()
