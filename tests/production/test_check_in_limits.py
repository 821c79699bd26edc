"""The push engine's nginx (deploy/nchan/) slows an address checking in to a night
(/join/...): past its pace and burst, 429 with a sentence, the app never asked. A plain
HTTP server stands in for the app: only nginx's limit is tested here (the app's own count
of wrong codes: tests/nights/test_keys.py)."""

from __future__ import annotations

import http.client
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from .test_push_engine import MODULE, NGINX, ROOT, _free_port, _wait_for_port

pytestmark = pytest.mark.skipif(not MODULE.exists(), reason="needs nginx's nchan module")


class App(BaseHTTPRequestHandler):
    asked: list[str] = []

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        App.asked.append(self.path)
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, *args) -> None:
        pass


def test_nginx_answers_429_to_an_address_past_its_check_in_pace(tmp_path):
    app = ThreadingHTTPServer(("127.0.0.1", 0), App)
    threading.Thread(target=app.serve_forever, daemon=True).start()
    front = _free_port()
    sys.path.insert(0, str(ROOT / "deploy" / "nchan"))
    try:
        from render import render
    finally:
        sys.path.pop(0)
    (tmp_path / "nginx.conf").write_text(
        render(
            PREFIX=str(tmp_path),
            LISTEN=f"127.0.0.1:{front}",
            PUBLISH_LISTEN=f"127.0.0.1:{_free_port()}",
            APP_SERVERS=f"server 127.0.0.1:{app.server_address[1]};",
            NCHAN_MODULE=str(MODULE),
            CHECK_INS_PER_MINUTE="1",
            CHECK_INS_BURST="2",
        )
    )
    nginx = subprocess.Popen(
        [NGINX, "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        _wait_for_port(front, nginx)
        answers = []
        for n in range(5):
            connection = http.client.HTTPConnection("127.0.0.1", front, timeout=10)
            connection.request("GET", f"/join/GUESS{n}/")
            response = connection.getresponse()
            answers.append((response.status, response.read().decode()))
            connection.close()
        statuses = [status for status, _ in answers]
        # The first, then a burst of two; the rest wait for the next minute.
        assert statuses == [200, 200, 200, 429, 429]
        assert answers[3][1].startswith("This address has tried as many check-ins as it may")
        assert App.asked == ["/join/GUESS0/", "/join/GUESS1/", "/join/GUESS2/"]
    finally:
        nginx.terminate()
        nginx.communicate(timeout=10)
        app.shutdown()
        app.server_close()
