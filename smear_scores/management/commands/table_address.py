"""Print the address a phone at the table opens, and the same as a QR code to scan."""

from __future__ import annotations

import io
from typing import Any

import segno
from django.core.management.base import BaseCommand, CommandError, CommandParser

from smear_scores.lan import table_address, url_for


class Command(BaseCommand):
    help = "Print the address phones on this network open to reach `make run`, with a QR code."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default="0.0.0.0", help="the address the server binds")
        parser.add_argument("--port", default="8000", help="the port the server listens on")

    def handle(self, *args: Any, host: str, port: str, **options: Any) -> None:
        if not port.isdigit() or not 0 < int(port) < 65536:
            raise CommandError(f"PORT={port!r} is not a port number: use 1 to 65535, e.g. 8001.")
        address = table_address(host)
        url = url_for(address, port)
        if address.startswith("127.") or address in ("::1", "localhost"):
            self.stdout.write(
                f"Serving {url} for this machine only; to let phones at the table join, "
                f"run `make run HOST=0.0.0.0`."
            )
            return
        qr = io.StringIO()
        segno.make(url, error="m").terminal(out=qr, compact=True)
        self.stdout.write(f"Phones on the same Wi-Fi: open {url} (or scan this code)\n")
        self.stdout.write(qr.getvalue())
