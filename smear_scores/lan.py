"""This machine's own addresses on the networks it is on: what a phone at the table opens.

Read from the network interfaces (psutil), not guessed: with DEBUG on, settings accept
exactly these as hosts (never a wildcard), and ``manage.py table_address`` prints the one a
phone should open, with a QR code."""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable
from ipaddress import IPv4Address, IPv6Address

import psutil


def own_addresses() -> list[str]:
    """Every IPv4 and IPv6 address of this machine's interfaces, loopback first, without
    link-local ones (a phone cannot open those in a browser)."""
    found: list[ipaddress.IPv4Address | ipaddress.IPv6Address] = []
    for addresses in psutil.net_if_addrs().values():
        for address in addresses:
            if address.family not in (socket.AF_INET, socket.AF_INET6):
                continue
            try:
                ip = ipaddress.ip_address(address.address.split("%")[0])
            except ValueError:
                continue
            if ip.is_link_local or ip in found:
                continue
            found.append(ip)
    found.sort(key=lambda ip: (not ip.is_loopback, ip.version, int(ip)))
    return [str(ip) for ip in found]


def host_names() -> list[str]:
    """The Host header values a phone may send to reach this machine: its addresses (IPv6
    in brackets, as in a URL) and its name, plain and as announced on the local network
    (``<name>.local``)."""
    hosts = ["localhost"]
    for address in own_addresses():
        hosts.append(f"[{address}]" if ":" in address else address)
    name = socket.gethostname().strip().lower()
    if name and name != "localhost":
        hosts += [name, f"{name}.local"]
    return list(dict.fromkeys(hosts))


def table_address(host: str = "0.0.0.0") -> str:
    """The address a phone on the same network should open, for a server bound to
    ``host``: the first private IPv4 address of this machine when bound to every
    interface, the bound address itself otherwise (127.0.0.1 reaches this machine only)."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    candidates = [ipaddress.ip_address(a) for a in own_addresses()]
    wants: tuple[Callable[[IPv4Address | IPv6Address], bool], ...] = (
        lambda ip: ip.version == 4 and ip.is_private and not ip.is_loopback,
        lambda ip: ip.version == 4 and not ip.is_loopback,
        lambda ip: not ip.is_loopback,
    )
    for wanted in wants:
        for ip in candidates:
            if wanted(ip):
                return str(ip)
    return "127.0.0.1"


def url_for(host: str, port: int | str) -> str:
    """``http://host:port/``, with an IPv6 address in brackets."""
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"http://{shown}:{port}/"
