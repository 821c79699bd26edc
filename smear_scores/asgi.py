"""The ASGI application: what `make run` and `make serve` serve (gunicorn with uvicorn
workers, gunicorn.conf.py). Every page is answered as under WSGI; the live boards' streams
(smear_scores.live) need it."""

import os
import resource

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "smear_scores.settings")
# Each request runs on a thread of its own here: its connection is closed as it ends, or
# given back to the process's pool on PostgreSQL (smear_scores.env).
os.environ.setdefault("DATABASE_CONN_MAX_AGE", "0")
os.environ.setdefault("DATABASE_POOL", "true")

# Each open board holds a connection: let this process open as many files as it may.
_soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
if _soft < _hard:
    resource.setrlimit(resource.RLIMIT_NOFILE, (_hard, _hard))


class Handler(ASGIHandler):
    """Django's ASGI handler. An answer streamed from a plain iterator (WhiteNoise's static
    files, a CSV download) is read on the request's thread and sent as it is, as Django's
    own static files handler does, instead of a warning for every file."""

    async def run_get_response(self, request):
        response = await super().run_get_response(request)
        if response.streaming and not response.is_async:
            parts = response.streaming_content

            async def read():
                for part in await sync_to_async(list)(parts):
                    yield part

            response.streaming_content = read()
        return response


def _application() -> Handler:
    import django

    django.setup(set_prefix=False)
    return Handler()


application = _application()
