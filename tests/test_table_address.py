"""Phones at the table: which addresses the development server accepts and prints."""

from __future__ import annotations

import io
import socket
from types import SimpleNamespace

import pytest
from django.core.management import CommandError, call_command

from smear_scores import lan


def _interfaces(monkeypatch, addresses: list[tuple[int, str]]) -> None:
    interfaces = {
        f"if{i}": [SimpleNamespace(family=family, address=address)]
        for i, (family, address) in enumerate(addresses)
    }
    monkeypatch.setattr(lan.psutil, "net_if_addrs", lambda: interfaces)
    monkeypatch.setattr(lan.socket, "gethostname", lambda: "Laptop")


TABLE = [
    (socket.AF_INET6, "fe80::1%eth0"),
    (socket.AF_INET, "192.168.1.23"),
    (socket.AF_INET, "127.0.0.1"),
    (socket.AF_INET6, "fd00::2"),
    (socket.AF_PACKET, "00:11:22:33:44:55"),
]


def test_host_names_are_this_machines_own_addresses_never_a_wildcard(monkeypatch):
    _interfaces(monkeypatch, TABLE)
    assert lan.host_names() == [
        "localhost",
        "127.0.0.1",
        "192.168.1.23",
        "[fd00::2]",
        "laptop",
        "laptop.local",
    ]


def test_table_address_prints_the_lan_url_and_a_qr_code(monkeypatch):
    _interfaces(monkeypatch, TABLE)
    out = io.StringIO()
    call_command("table_address", host="0.0.0.0", port="8123", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0] == (
        "Phones on the same Wi-Fi: open http://192.168.1.23:8123/ (or scan this code)"
    )
    # The code: rows of block characters, all as wide as each other.
    qr = [line for line in lines[1:] if line.strip()]
    assert len(qr) > 10
    assert len({len(line) for line in qr}) == 1
    assert set("".join(qr)) <= {"█", "▀", "▄", " "}


def test_table_address_bound_to_loopback_says_how_to_open_it_to_phones(monkeypatch):
    _interfaces(monkeypatch, TABLE)
    out = io.StringIO()
    call_command("table_address", host="127.0.0.1", port="8000", stdout=out)
    assert out.getvalue() == (
        "Serving http://127.0.0.1:8000/ for this machine only; to let phones at the table join, "
        "run `make run HOST=0.0.0.0`.\n"
    )


def test_table_address_refuses_a_port_that_is_not_one():
    with pytest.raises(CommandError, match=r"PORT='80a' is not a port number: use 1 to 65535"):
        call_command("table_address", port="80a", stdout=io.StringIO())
