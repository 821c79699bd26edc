"""Cross-Origin-Opener-Policy only where a browser honours it: a phone on the table's
Wi-Fi opens the server over plain http by the laptop's name, where Chromium ignores the
header and logs an error for it on every page."""

from __future__ import annotations

import pytest
from django.test import Client

HEADER = "Cross-Origin-Opener-Policy"


@pytest.fixture
def wifi_names(settings):
    settings.ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]", "scores.lan", "192.168.1.20"]
    return settings


@pytest.mark.django_db
@pytest.mark.parametrize("host", ["scores.lan:8000", "192.168.1.20:8000", "scores.lan"])
def test_plain_http_on_the_wifi_carries_no_opener_policy(wifi_names, host):
    answer = Client(HTTP_HOST=host).get("/")
    assert answer.status_code == 200
    assert HEADER not in answer


@pytest.mark.django_db
@pytest.mark.parametrize("host", ["localhost:8000", "127.0.0.1:8000", "[::1]:8000", "localhost"])
def test_this_machine_itself_keeps_the_opener_policy(wifi_names, host):
    answer = Client(HTTP_HOST=host).get("/")
    assert answer[HEADER] == "same-origin"


@pytest.mark.django_db
def test_https_keeps_the_opener_policy(wifi_names):
    answer = Client(HTTP_HOST="scores.lan").get("/", secure=True)
    assert answer[HEADER] == "same-origin"
