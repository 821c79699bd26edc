"""Later `make run` starts collect the static files only when a source changed."""

from __future__ import annotations

import io
import os

from django.core.management import call_command

FINDERS = ["django.contrib.staticfiles.finders.FileSystemFinder"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "smear_scores.staticfiles.StaticFiles"},
}


def _collect() -> str:
    out = io.StringIO()
    call_command("collectstatic_changed", stdout=out, verbosity=1)
    return out.getvalue()


def test_static_files_are_collected_again_only_when_a_source_changed(settings, tmp_path):
    sources, root = tmp_path / "src", tmp_path / "root"
    sources.mkdir()
    (sources / "app.css").write_text("body { color: black; }\n" * 40)
    settings.STATICFILES_DIRS = [sources]
    settings.STATICFILES_FINDERS = FINDERS
    settings.STATIC_ROOT = root
    settings.STORAGES = STORAGES

    assert "1 static file copied" in _collect()
    manifest = root / "staticfiles.json"
    written = manifest.stat().st_mtime_ns
    assert [p.name for p in root.glob("app.*.css.gz")] != []

    # Nothing changed: nothing collected, nothing written.
    assert _collect() == "Static files unchanged since the last collect: not collected.\n"
    assert manifest.stat().st_mtime_ns == written

    # A changed source is collected, with its new name.
    changed = sources / "app.css"
    changed.write_text("body { color: navy; }\n" * 40)
    later = changed.stat().st_mtime + 5  # (collectstatic compares whole seconds)
    os.utime(changed, (later, later))
    assert "1 static file copied" in _collect()
    assert len(list(root.glob("app.*.css"))) == 2
    # A removed manifest (a half-finished collect) is collected again too.
    manifest.unlink()
    assert "static file" in _collect()
    assert manifest.is_file()
