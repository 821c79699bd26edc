"""Server time per request: a WSGI call to Django's handler in this process, the way
gunicorn calls it, without the network."""

from __future__ import annotations

import io
import json
import statistics
import sys
import time
from dataclasses import dataclass
from http.cookies import SimpleCookie
from urllib.parse import urlencode


class Browser:
    """One device: keeps its cookies (session, CSRF) between calls."""

    def __init__(self, app):
        self.app = app
        self.cookies: dict[str, str] = {}
        # What the last answer put on the wire: status line, headers and body as sent.
        self.wire_bytes = 0

    def environ(
        self, method: str, path: str, data: dict | None, json_body: object, headers: dict
    ) -> dict:
        if json_body is not None:
            body, content_type = json.dumps(json_body).encode(), "application/json"
        else:
            body, content_type = urlencode(data or {}).encode(), "application/x-www-form-urlencoded"
        env = {
            "REQUEST_METHOD": method,
            "PATH_INFO": path,
            "QUERY_STRING": "",
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "8000",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1",
            "HTTP_HOST": "127.0.0.1",
            "HTTP_COOKIE": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            "wsgi.version": (1, 0),
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(body),
            "wsgi.errors": sys.stderr,
            "wsgi.multithread": False,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
        }
        if method == "POST":
            env["CONTENT_TYPE"] = content_type
            env["CONTENT_LENGTH"] = str(len(body))
            env["HTTP_X_CSRFTOKEN"] = self.cookies.get("csrftoken", "")
        for name, value in headers.items():
            env["HTTP_" + name.upper().replace("-", "_")] = value
        return env

    def call(
        self, method: str, path: str, data: dict | None = None, json_body=None, **headers
    ) -> tuple:
        """(status, body bytes, seconds spent in the app)."""
        env = self.environ(method, path, data, json_body, headers)
        answer = {}

        def start_response(status, response_headers, exc_info=None):
            answer["status"] = int(status.split()[0])
            answer["headers"] = response_headers

        started = time.perf_counter()
        result = self.app(env, start_response)
        try:
            body = b"".join(result)
        finally:
            if hasattr(result, "close"):
                result.close()
        spent = time.perf_counter() - started
        head = f"HTTP/1.1 {answer['status']} \r\n" + "".join(
            f"{name}: {value}\r\n" for name, value in answer["headers"]
        )
        self.wire_bytes = len(head.encode("latin-1")) + 2 + len(body)
        for name, value in answer["headers"]:
            if name.lower() == "set-cookie":
                cookie = SimpleCookie(value)
                for key, morsel in cookie.items():
                    self.cookies[key] = morsel.value
        return answer["status"], body, spent


@dataclass
class Timing:
    median_ms: float
    p99_ms: float
    count: int


def timing(seconds: list[float]) -> Timing:
    ms = sorted(s * 1000 for s in seconds)
    p99 = statistics.quantiles(ms, n=100, method="inclusive")[98]
    return Timing(statistics.median(ms), p99, len(ms))
