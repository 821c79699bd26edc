"""`collectstatic`, skipped when nothing it would collect changed since it last ran: a
fingerprint of the sources (each file's path, size and modification time) and of the
storage is kept in STATIC_ROOT after a collect (why: docs/benchmarks.md, "Figures the code
keeps its shape for")."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.staticfiles.finders import get_finders
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

STAMP = ".collected-sources"


def sources_fingerprint() -> str:
    """What collectstatic would collect, and how: changes when a file is added, removed or
    written, or the storage or address changes."""
    digest = hashlib.sha256()
    storage = settings.STORAGES["staticfiles"]
    digest.update(f"{storage['BACKEND']}|{storage.get('OPTIONS')}|{settings.STATIC_URL}".encode())
    found = []
    for finder in get_finders():
        for path, store in finder.list(["CVS", ".*", "*~"]):
            source = Path(store.path(path))
            info = source.stat()
            found.append(f"{path}|{source}|{info.st_size}|{info.st_mtime_ns}")
    for line in sorted(found):
        digest.update(line.encode())
        digest.update(b"\n")
    return digest.hexdigest()


class Command(BaseCommand):
    help = (
        "Run collectstatic unless the static sources are as they were at the last collect "
        "(--force collects anyway)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--force", action="store_true", help="collect even if unchanged")

    def handle(self, *args: Any, force: bool = False, **options: Any) -> None:
        root = Path(settings.STATIC_ROOT)
        stamp = root / STAMP
        fingerprint = sources_fingerprint()
        manifest = root / "staticfiles.json"
        wants_manifest = settings.STORAGES["staticfiles"]["BACKEND"] != (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
        unchanged = (
            stamp.is_file()
            and stamp.read_text() == fingerprint
            and (manifest.is_file() or not wants_manifest)
        )
        if unchanged and not force:
            if options["verbosity"] >= 1:
                self.stdout.write("Static files unchanged since the last collect: not collected.")
            return
        stamp.unlink(missing_ok=True)
        call_command(
            "collectstatic",
            interactive=False,
            verbosity=options["verbosity"],
            stdout=self.stdout,
        )
        stamp.write_text(fingerprint)
