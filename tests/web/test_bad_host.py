"""A phone that opens the table's server by a name it does not take is told which setting
takes it (at the table only), and ALLOWED_HOSTS adds names to the machine's own."""

from __future__ import annotations

import importlib

import pytest
from django.test import Client

from smear_scores import lan

from .conftest import _plain, text


@pytest.fixture
def at_the_table(settings):
    settings.LAN_HOSTS = True
    settings.ALLOWED_HOSTS = ["localhost", "127.0.0.1"]
    return settings


def test_bad_host_at_the_table_says_which_setting_takes_the_name(at_the_table):
    answer = Client(HTTP_HOST="scores.lan:8000").get("/")
    assert answer.status_code == 400
    page = _plain(text(answer))
    assert "This scoring server does not answer to the name scores.lan" in page
    assert "make run ALLOWED_HOSTS=scores.lan" in page


def test_bad_host_on_a_public_site_names_no_setting(settings):
    settings.LAN_HOSTS = False
    settings.ALLOWED_HOSTS = ["scores.example.org"]
    answer = Client(HTTP_HOST="other.example.org").get("/")
    assert answer.status_code == 400
    assert "ALLOWED_HOSTS" not in answer.content.decode()
    assert "The server could not take this request: check the address." in _plain(text(answer))


def test_allowed_hosts_adds_to_the_machines_own_addresses_at_the_table(monkeypatch):
    import smear_scores.settings as project_settings

    monkeypatch.setenv("LAN_HOSTS", "true")
    monkeypatch.setenv("ALLOWED_HOSTS", "scores.lan,table.example")
    try:
        read = importlib.reload(project_settings)
        assert read.ALLOWED_HOSTS == [*lan.host_names(), "scores.lan", "table.example"]
    finally:
        monkeypatch.undo()
        importlib.reload(project_settings)
