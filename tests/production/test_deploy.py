"""The production settings docs/operations.md documents pass Django's deployment checks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from tests import app_env

ROOT = Path(__file__).resolve().parents[2]
# docs/operations.md: the environment of a club's server.
PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": "k3Yq0vX9mB2nR7tL5wZ8cF1hJ4pS6dG0aE3uI9oT2yN5rM8qW1xV7bC4zK6jH0fD",
    "ALLOWED_HOSTS": "scores.example.org",
    "DATABASE_URL": "postgres://smear:secret@127.0.0.1:5432/smear_scores",
}


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    """manage.py in a fresh process with only ``env`` set, as on a server (nothing leaks
    in from the tests, e.g. DJANGO_ALLOW_ASYNC_UNSAFE from the browser tests)."""
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**app_env.machine(), **env},
        capture_output=True,
        text=True,
    )


def test_check_deploy_with_production_settings_finds_no_issue():
    done = _manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert (done.returncode, done.stdout, done.stderr) == (
        0,
        "System check identified no issues (0 silenced).\n",
        "",
    )


def test_check_deploy_over_plain_http_names_the_insecure_cookies():
    done = _manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION, HTTPS="false")
    warnings = sorted(
        line.split(")")[0] + ")" for line in done.stderr.splitlines() if "(security." in line
    )
    assert (done.returncode, warnings) == (
        1,
        [
            "?: (security.W004)",
            "?: (security.W008)",
            "?: (security.W012)",
            "?: (security.W016)",
        ],
    )


def test_settings_without_secret_key_and_debug_off_refuse_to_start():
    env = {**PRODUCTION, "SECRET_KEY": ""}
    done = _manage("check", **env)
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1] == (
        "django.core.exceptions.ImproperlyConfigured: SECRET_KEY is not set and DEBUG is off: "
        'set SECRET_KEY to a long random string, e.g. python -c "import secrets; '
        'print(secrets.token_urlsafe(50))".'
    )


def test_tests_use_plain_static_files_storage():
    # Hashed (manifest) storage needs collectstatic first; only DEBUG-off serving uses it.
    assert settings.STORAGES["staticfiles"]["BACKEND"] == (
        "django.contrib.staticfiles.storage.StaticFilesStorage"
    )


SERVE_STATIC = """
import json
from django.contrib.staticfiles.storage import staticfiles_storage
from django.test import Client
url = staticfiles_storage.url("css/app.css")
answer = Client().get(url, headers={"accept-encoding": "br, gzip"})
print(json.dumps({
    "hashed": url != "/static/css/app.css" and url.startswith("/static/css/app."),
    "status": answer.status_code,
    "encoding": answer.headers.get("Content-Encoding"),
    "cache": answer.headers.get("Cache-Control"),
}))
"""


@pytest.fixture(scope="module")
def collected(tmp_path_factory) -> dict[str, str]:
    """The environment of a server with DEBUG off whose static files were collected
    (hashed and compressed: the slowest step, a minute on a busy machine), once for the
    module: the tests after it only read what was collected."""
    env = app_env.served(tmp_path_factory.mktemp("collected"), ALLOWED_HOSTS="testserver")
    done = _manage("collectstatic", "--noinput", "--verbosity", "0", **env)
    assert (done.returncode, done.stderr) == (0, "")
    return env


def test_static_files_with_debug_off_are_hashed_compressed_and_cached_for_ever(collected):
    served = _manage("shell", "--no-imports", "--command", SERVE_STATIC, **collected)
    assert served.returncode == 0, served.stderr
    assert json.loads(served.stdout.splitlines()[-1]) == {
        "hashed": True,
        "status": 200,
        "encoding": "br",
        "cache": "max-age=315360000, public, immutable",
    }


SERVE_WORKER = """
import json, re
from django.test import Client
worker = Client().get("/sw.js").content.decode()
files = re.findall(r'"(/static/[^"]+)"', worker)
answers = [Client().get(path.encode().decode("unicode_escape")).status_code for path in files]
print(json.dumps({"files": len(files), "statuses": sorted(set(answers))}))
"""


def test_service_worker_with_debug_off_names_hashed_files_that_are_served(collected):
    # The worker's shell and its Workbox modules must exist under their hashed names, or
    # the phone's install of the worker fails.
    served = _manage("shell", "--no-imports", "--command", SERVE_WORKER, **collected)
    assert served.returncode == 0, served.stderr
    assert json.loads(served.stdout.splitlines()[-1]) == {"files": 14, "statuses": [200]}
