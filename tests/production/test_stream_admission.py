"""Streams shared fairly: a process lets a stream in only while it has room, counted
before the answer starts (a burst cannot get past the limit), and one client address or
one game cannot take every stream; a board refused polls, and every other keeps its own."""

from __future__ import annotations

import threading

import pytest
from django.urls import reverse

from tests.asgi_server import EventStream

WAIT = 15  # seconds; only reached when something is broken


@pytest.fixture
def streams():
    opened: list[EventStream] = []
    yield opened
    for stream in opened:
        stream.close()


def _open(server, game, opened, **headers) -> EventStream:
    stream = EventStream(
        server.url + reverse("game_events", args=[game.public_id]), timeout=WAIT, headers=headers
    )
    opened.append(stream)
    return stream


def test_a_burst_of_streams_gets_no_more_than_the_limit(asgi_server, make_game, settings, streams):
    settings.LIVE_MAX_STREAMS = 5
    game = make_game("ne-wisconsin")
    start = threading.Barrier(12)
    lock = threading.Lock()

    def phone(n: int) -> None:
        start.wait(WAIT)
        stream = _open(asgi_server, game, [], **{"X-Forwarded-For": f"10.0.0.{n}"})
        with lock:
            streams.append(stream)

    phones = [threading.Thread(target=phone, args=(n,)) for n in range(12)]
    for t in phones:
        t.start()
    for t in phones:
        t.join(WAIT)

    statuses = sorted(s.response.status for s in streams)
    assert statuses == [200] * 5 + [503] * 7
    assert asgi_server.hub().admitted == 5


def test_one_address_past_its_cap_polls_and_another_phone_still_streams(
    asgi_server, make_game, settings, streams
):
    settings.LIVE_MAX_STREAMS_PER_CLIENT = 3
    game = make_game("ne-wisconsin")
    greedy = [_open(asgi_server, game, streams) for _ in range(4)]
    other = _open(asgi_server, game, streams, **{"X-Forwarded-For": "192.0.2.7"})

    assert [s.response.status for s in greedy] == [200, 200, 200, 503]
    assert greedy[3].response.getheader("Retry-After") == "30"
    assert greedy[3].response.read().decode() == (
        "This network already holds as many live boards as one address may: this board "
        "checks every few seconds instead."
    )
    assert other.response.status == 200


def test_one_game_past_its_cap_polls_and_another_game_still_streams(
    asgi_server, make_game, settings, streams
):
    settings.LIVE_MAX_STREAMS_PER_GAME = 2
    busy, quiet = make_game("ne-wisconsin"), make_game("ne-wisconsin")
    opened = [
        _open(asgi_server, busy, streams, **{"X-Forwarded-For": f"10.0.1.{n}"}) for n in range(3)
    ]
    other = _open(asgi_server, quiet, streams, **{"X-Forwarded-For": "10.0.1.9"})

    assert [s.response.status for s in opened] == [200, 200, 503]
    assert opened[2].response.read().decode() == (
        "This game already has as many live boards as it may: this board checks every few "
        "seconds instead."
    )
    assert other.response.status == 200


def test_the_default_limit_is_what_the_file_limit_and_the_memory_allow(settings, monkeypatch):
    import resource

    from smear_scores.live import hub

    settings.LIVE_MAX_STREAMS = None
    monkeypatch.setattr(resource, "getrlimit", lambda _: (65536, 65536))
    monkeypatch.setattr(hub, "_memory_bytes", lambda: 4 * 1024**3)
    monkeypatch.setenv("WEB_CONCURRENCY", "2")
    # A quarter of 4 GiB, halved between two processes, at 256 KiB a stream.
    assert hub.stream_limit() == 2048
    monkeypatch.setattr(resource, "getrlimit", lambda _: (1024, 1024))
    assert hub.stream_limit() == 768


def test_one_address_never_holds_more_than_a_quarter_of_a_process_streams(
    asgi_server, make_game, settings, streams
):
    # LIVE_MAX_STREAMS set low, the per-address cap left at its default (60): one address
    # takes a quarter of the process's streams, and the other phones keep the rest.
    settings.LIVE_MAX_STREAMS = 8
    game = make_game("ne-wisconsin")
    greedy = [_open(asgi_server, game, streams) for _ in range(3)]
    others = [
        _open(asgi_server, game, streams, **{"X-Forwarded-For": f"192.0.2.{n}"}) for n in (7, 8)
    ]

    assert [s.response.status for s in greedy] == [200, 200, 503]
    assert [s.response.status for s in others] == [200, 200]
