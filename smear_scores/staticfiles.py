"""Where the static files are served from in production: whitenoise's compressed files
named by their content's hash (``CompressedManifestStaticFilesStorage``), each file's
address worked out once per process.

A page asks for about ten addresses in its head ({% static %}), and the manifest storage
works each one out again every time (the hashed name, then the URL joined and quoted):
about 0.2 ms of every page drawn. The manifest is read once, when the process starts, and
a release is a new process, so an address never changes while a process runs."""

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
