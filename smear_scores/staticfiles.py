"""Where the static files are served from in production: whitenoise's compressed files
named by their content's hash (``CompressedManifestStaticFilesStorage``), each file's
address worked out once per process (the manifest is read when the process starts, and a
release is a new process; the cost it saves: docs/benchmarks.md, "Latest, section 1")."""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFiles(CompressedManifestStaticFilesStorage):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._urls: dict[str, str] = {}

    def url(self, name: str | None, force: bool = False) -> str:
        if force or name is None:
            return super().url(name, force)
        try:
            return self._urls[name]
        except KeyError:
            # A file the manifest does not know raises here, each time it is asked for.
            url = self._urls[name] = super().url(name)
            return url
