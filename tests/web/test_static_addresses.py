"""Static files' addresses in production (smear_scores.staticfiles.StaticFiles): the hashed
file's, as whitenoise's manifest storage gives them, each worked out once per process."""

from __future__ import annotations

import json

import pytest
from whitenoise.storage import CompressedManifestStaticFilesStorage

from smear_scores.staticfiles import StaticFiles

MANIFEST = {"paths": {"css/app.css": "css/app.4f2a9c1e.css"}, "version": "1.1", "hash": "x"}


def storages(tmp_path):
    (tmp_path / "staticfiles.json").write_text(json.dumps(MANIFEST))
    ours = StaticFiles(location=tmp_path, base_url="/static/")
    theirs = CompressedManifestStaticFilesStorage(location=tmp_path, base_url="/static/")
    return ours, theirs


def test_an_address_is_the_hashed_files_as_the_manifest_storage_gives_it(tmp_path):
    ours, theirs = storages(tmp_path)
    assert ours.url("css/app.css") == theirs.url("css/app.css") == "/static/css/app.4f2a9c1e.css"
    # Asked again (from what the process kept): the same address.
    assert ours.url("css/app.css") == "/static/css/app.4f2a9c1e.css"


def test_an_address_is_worked_out_once(tmp_path, monkeypatch):
    ours, _ = storages(tmp_path)
    asked = []
    stored_name = ours.stored_name
    monkeypatch.setattr(ours, "stored_name", lambda name: asked.append(name) or stored_name(name))

    for _ in range(3):
        ours.url("css/app.css")

    assert asked == ["css/app.css"]


def test_a_file_the_manifest_lacks_is_refused_every_time(tmp_path):
    ours, _ = storages(tmp_path)
    for _ in range(2):
        with pytest.raises(ValueError, match="Missing staticfiles manifest entry"):
            ours.url("js/gone.js")
