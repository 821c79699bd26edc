"""The app served as `make run` serves it (smear_scores.asgi under uvicorn), for the live
boards' tests: in a thread of the test process (its hub within reach of the test), or as
a process of its own."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ThreadServer:
    """uvicorn in a thread, on the test database; ``call(fn)`` runs ``fn()`` in the
    server's event loop (where its hub lives) and returns what it returned."""

    def __init__(self):
        import uvicorn

        from smear_scores.asgi import application

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            application, host="127.0.0.1", port=self.port, lifespan="off", log_level="warning"
        )
        self.server = uvicorn.Server(config)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread = threading.Thread(target=self._run, name="asgi-server", daemon=True)

    def _run(self) -> None:
        async def serve():
            self.loop = asyncio.get_running_loop()
            await self.server.serve()

        asyncio.run(serve())

    def start(self) -> ThreadServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start within 20 s")
            time.sleep(0.02)
        return self

    def call(self, fn):
        async def run():
            result = fn()
            return await result if asyncio.iscoroutine(result) else result

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)

    def hub(self):
        from smear_scores.live.hub import current

        return self.call(current)

    def hearing(self) -> None:
        """Wait until this server's feed hears every write (a board is open)."""
        from smear_scores.live.hub import current

        self.call(lambda: current().ready.wait())

    def stop(self) -> None:
        from smear_scores.live.hub import existing

        async def stop_hubs():
            hub = existing()
            if hub is not None:
                await hub.stop()

        if self.loop is not None:
            self.call(stop_hubs)
        self.server.should_exit = True
        self.thread.join(20)


class ProcessServer:
    """uvicorn as an app process of its own on ``database_url``."""

    def __init__(self, database_url: str, log: Path):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "smear_scores.settings",
            "DATABASE_URL": database_url,
            "PYTHONPATH": str(ROOT),
        }
        command = [
            sys.executable, "-m", "uvicorn", "smear_scores.asgi:application", "--host",
            "127.0.0.1", "--port", str(self.port), "--lifespan", "off", "--no-access-log",
        ]  # fmt: skip
        self.log = open(log, "w")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT
        )

    def start(self) -> ProcessServer:
        deadline = time.monotonic() + 30
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"the app process stopped; see {self.log.name}")
            try:
                with urllib.request.urlopen(self.url + "/rules/schmier/", timeout=2):
                    return self
            except OSError:
                if time.monotonic() > deadline:
                    problem = f"no answer from the app process; see {self.log.name}"
                    raise RuntimeError(problem) from None
                time.sleep(0.1)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


def database_url() -> str:
    """The test database as a URL, for an app process of its own."""
    from django.db import connection

    s = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{s['NAME']}"
    auth = s["USER"] + (f":{s['PASSWORD']}" if s["PASSWORD"] else "")
    return f"postgres://{auth}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"


class EventStream:
    """A board's stream as a phone reads it: ``next()`` is the next event's version (a
    plain event's data, a board's id); ``board`` the last board it carried, if any, and
    ``kind`` the last event's kind ("message", "board", "deaf")."""

    def __init__(
        self,
        url: str,
        timeout: float = 10,
        cookies: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
    ):
        import http.client
        from urllib.parse import urlsplit

        parts = urlsplit(url)
        self.conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
        headers = {"Accept": "text/event-stream", **(headers or {})}
        if cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        self.conn.request("GET", path, headers=headers)
        self.response = self.conn.getresponse()
        self.board: str | None = None
        self.kind: str | None = None

    def next(self) -> str:
        kind, version, data = "message", None, []
        while True:
            line = self.response.readline().decode().rstrip("\n")
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("id: "):
                version = line[4:]
            elif line.startswith("data: "):
                data.append(line[6:])
            elif line == "" and data:
                self.kind = kind
                if kind == "board":
                    self.board = "\n".join(data)
                    return version
                self.board = None
                return "\n".join(data)

    def close(self) -> None:
        self.conn.close()
