"""Where the static files are served from in production: whitenoise's compressed files
named by their content's hash (``CompressedManifestStaticFilesStorage``), each file's
address worked out once per process (the manifest is read when the process starts, and a
release is a new process; the cost it saves: docs/benchmarks.md, "Latest, section 1")."""

from __future__ import annotations

from typing import Any

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFiles(CompressedManifestStaticFilesStorage):  # type: ignore[misc]  # untyped base
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._urls: dict[str, str] = {}

    def url(self, name: str | None, force: bool = False) -> str:
        if force or name is None:
            address: str = super().url(name, force)
            return address
        try:
            return self._urls[name]
        except KeyError:
            # A file the manifest does not know raises here, each time it is asked for.
            url: str = super().url(name)
            self._urls[name] = url
            return url
