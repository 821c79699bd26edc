"""The push engine (settings.LIVE_ENGINE = "nchan"): nginx with its nchan module holds the
phones' streams, so they outlast any app process and one engine serves every app machine
(deploy/nchan/, docs/operations.md). The app holds no stream and runs no feed.

- A phone asks for its stream at the same address as ever (``.../events/``). The app
  decides, as it always did, what that phone may follow (a scorer's board: versions only;
  every other board: the board itself) and hands the request to the engine's internal
  subscriber location with ``X-Accel-Redirect``: the phone never names a channel. A
  phone that follows a board marks it followed in the database (``Game.board_followed``,
  ``table_followed``, ``Night.room_followed``), once.
- Each write, once committed (notify), publishes to the engine's publisher: the game's
  version on ``game-<id>``, and the watchers' board on ``game-<id>-board``, the table view
  on ``game-<id>-table`` and the room view of the night it is played at on
  ``night-<id>-room``, each drawn once per version where it was ever followed; a board
  never followed is sent the bare version (a phone that comes later fetches its board).
  The engine keeps the last message of each channel and gives it to every phone that
  (re)connects.
- What a hand costs the engine: one request that gives the version to the game's channel
  and every board never followed at once (the publisher takes several channels in one
  request: ``SEPARATOR``), then one per board drawn. The engine is never asked who
  follows a channel: with several nginx workers its subscriber counts lag the phones
  (a followed board said to have none), and the marks are read with the write's lock at
  no cost. A game no night plays asks the database nothing for the room (``at_night``,
  read with the write's lock too).
- Only what every watcher of a board sees crosses the engine: versions and the boards of
  watchers, the table and the room; never a scorer's board, scoring code, grant or session.

The event format is the app's own: ``data: <version>``, or ``event: board`` with the
board as its data (the engine numbers the events its own way: the board says its version).
"""

from __future__ import annotations

import http.client
import json
import logging
import threading
import urllib.parse
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse

if TYPE_CHECKING:
    from smear_scores.models import Game

log = logging.getLogger(__name__)

Key = tuple[str, int]
# Seconds the app waits for the engine: a write has committed already, and a phone asking
# for a stream polls when the engine does not answer. (A stream is asked for on the event
# loop of an async view: a hung engine holds it this long at most.)
TIMEOUT = 1
# Seconds a phone whose stream the engine cannot take waits before it asks again.
AWAY_RETRY = 30
# Between the channels of one publish: the publisher location splits the channel id it is
# given there (nchan_channel_id_split_delimiter, deploy/nchan/), publishes the message to
# each of them (at most 255) and keeps it as each one's last. No channel id holds one.
SEPARATOR = ","

_local = threading.local()
# Set once the engine has refused a publish to several channels (an older configuration).
_one_channel_a_request = threading.Event()


class Away(Exception):
    """The engine did not answer."""


def channel_of(key: Key, kind: str | None = None) -> str:
    name, pk = key
    return f"{name}-{pk}-{kind}" if kind else f"{name}-{pk}"


def _call(
    method: str, channel: str, body: bytes = b"", headers: dict[str, str] | None = None
) -> tuple[int, bytes]:
    """One request to the engine's publisher, on this thread's kept connection (tried
    again once on a new one: the engine may have closed an idle one). ``channel`` may
    name several, joined by SEPARATOR."""
    url = urllib.parse.urlsplit(settings.LIVE_ENGINE_PUBLISH_URL)
    if url.hostname is None:
        raise Away(f"LIVE_ENGINE_PUBLISH_URL names no host ({settings.LIVE_ENGINE_PUBLISH_URL!r})")
    path = url.path.rstrip("/") + "/" + channel
    tries = 2
    for attempt in range(1, tries + 1):
        conn = getattr(_local, "conn", None)
        if conn is None:
            conn = _local.conn = http.client.HTTPConnection(
                url.hostname, url.port or 80, timeout=TIMEOUT
            )
        try:
            conn.request(
                method, path, body=body, headers={"Accept": "application/json", **(headers or {})}
            )
            answer = conn.getresponse()
            return answer.status, answer.read()
        except (OSError, http.client.HTTPException) as error:
            conn.close()
            _local.conn = None
            # A connection the engine closed while idle fails at once: tried again. One
            # that timed out is not (the engine is hung, not gone).
            if attempt == tries or isinstance(error, TimeoutError):
                raise Away(str(error) or type(error).__name__) from error
    raise AssertionError("unreachable")


def info(channel: str) -> dict[str, Any]:
    """What the engine says of a channel: its subscribers and messages (none: {})."""
    status, body = _call("GET", channel)
    if status != 200:
        return {}
    try:
        said = json.loads(body)
    except ValueError:
        return {}
    return said if isinstance(said, dict) else {}


def post(channels: list[str], data: str, event: str | None = None) -> None:
    """``data`` as the next message of each of ``channels``, in one request (one a channel
    from an engine that refused that once)."""
    headers = {"Content-Type": "text/plain; charset=utf-8"}
    if event:
        headers["X-EventSource-Event"] = event
    if len(channels) > 1 and not _one_channel_a_request.is_set():
        named = SEPARATOR.join(channels)
        status, _ = _call("POST", named, data.encode(), headers)
        if status != 404:
            if status >= 300:
                _cut(channels)
                raise Away(f"the engine answered {status} to a publish on {named}")
            return
        # An engine whose configuration predates publishing to several channels at once
        # (its publisher location refuses a SEPARATOR): each channel in a request of its
        # own from now on in this process, until the configuration is rendered again and
        # the app restarted.
        _one_channel_a_request.set()
        log.warning(
            "Live boards: the push engine refuses a publish to several channels; render "
            "its configuration again (deploy/nchan/) to save a request per channel"
        )
    for channel in channels:
        status, _ = _call("POST", channel, data.encode(), headers)
        if status >= 300:
            _cut(channels)
            raise Away(f"the engine answered {status} to a publish on {channel}")


def _cut(channels: list[str]) -> None:
    """The engine refused a publish (its memory full, say): the phones on ``channels``
    would go on hearing its pings from a stream that says nothing more. Deleting each
    channel ends its streams, so their boards poll, and ask for a stream again later
    (subscribe answers 503 while the engine refuses)."""
    for channel in channels:
        try:
            _call("DELETE", channel)
        except Away:
            return


def _drawn(channel: str, version: str, draw: Callable[[], str | None]) -> None:
    """The board on ``channel``, drawn; its bare ``version`` when there is none to draw."""
    html = draw()
    if html:
        post([channel], html, "board")
    else:
        post([channel], version)


# The boards of a game a phone may follow through the engine, each with its mark.
GAME_BOARDS = ("board", "table")


def game_nights(game_id: int) -> list[tuple[int, bool]]:
    """The nights that play the game, each with whether its room was ever followed."""
    from smear_scores.models import RoundTable

    return list(
        RoundTable.objects.filter(game_id=game_id)
        .order_by()
        .values_list("round__night_id", "round__night__room_followed")
        .distinct()
    )


def _room(night_id: int, followed: bool | None = None) -> None:
    """The night's room at its version: drawn if it was ever ``followed`` (None: asked)."""
    from smear_scores.boards import room_board
    from smear_scores.models import Night
    from smear_scores.selectors.night_stamps import night_version

    version = night_version(night_id)
    if not version:
        return
    if followed is None:
        followed = Night.objects.filter(pk=night_id, room_followed=True).exists()
    channel = channel_of(("night", night_id), "room")
    if followed:
        _drawn(channel, version, lambda: room_board(night_id))
    else:
        post([channel], version)


def _followed_boards(game_id: int) -> tuple[str, ...]:
    from smear_scores.models import Game

    marks = Game.objects.filter(pk=game_id).values_list(
        *(f"{kind}_followed" for kind in GAME_BOARDS)
    )
    row = marks.first() or (False,) * len(GAME_BOARDS)
    return tuple(kind for kind, mark in zip(GAME_BOARDS, row, strict=True) if mark)


def publish(
    key: Key,
    version: str | None,
    public_id: str | None,
    at_night: bool | None = None,
    followed: tuple[str, ...] | None = None,
    game: Game | None = None,
) -> None:
    """A committed change of ``key``: every channel that follows it is told. ``at_night``:
    whether the game is a table of a night, and ``followed``: which of its GAME_BOARDS a
    phone ever followed, as its write read them (None: not known, asked of the database).
    Neither mark is ever taken back (a game is made a table in the transaction that
    creates it), so what the write read still holds when its publish runs; a board marked
    followed after that read is sent the bare version, and its phone fetches the board.
    ``game``: the game as the write left it, its boards drawn from it without reading it
    again; one written again since (a second write in the same transaction) is drawn as it
    is now (boards.watcher_board: the last hands' read sees that it moved)."""
    from smear_scores.boards import table_board, watcher_board

    kind, pk = key
    if kind == "night":
        _room(pk)
        return
    if version is None or public_id is None:
        raise ValueError(f"a game's notice carries its version and public id ({key})")
    if followed is None:
        followed = _followed_boards(pk)
    draws = {
        "board": lambda: watcher_board(public_id, game=game),
        "table": lambda: table_board(public_id, game=game),
    }
    # The version at once on the game's channel (the scorers' phones) and every board
    # never followed; then each board once followed, drawn once.
    bare = [channel_of(key, board) for board in GAME_BOARDS if board not in followed]
    post([channel_of(key), *bare], version)
    for board in followed:
        _drawn(channel_of(key, board), version, draws[board])
    if at_night is not False:
        for night_id, room_followed in game_nights(pk):
            _room(night_id, room_followed)


# Seconds the engine's clock may be behind the database's: a channel's last message
# published at least this long after a version was written is of that version or later.
CLOCK_SKEW = 2
# The channels this process repaired, each with the version it gave (most recent last).
REPAIRS_KEPT = 10_000
_repaired: OrderedDict[str, str] = OrderedDict()
_repaired_lock = threading.Lock()


def _may_be_behind(held: dict[str, Any], version: str) -> bool:
    """Whether a channel's last message (``held``: info) may predate ``version`` (the
    write's time in microseconds): the engine stamps each message with its own time, in
    whole seconds ("<seconds>:<tag>")."""
    stamp = str(held.get("last_message_id") or "").partition(":")[0]
    if not stamp.isdigit():
        return True
    return int(stamp) < int(version) // 1_000_000 + CLOCK_SKEW


def _first_repair(channel: str, version: str) -> bool:
    """True the first time this process gives ``channel`` this ``version`` (and marks it
    so): a hundred phones saying an old version cost the watchers one message, not a
    hundred."""
    with _repaired_lock:
        if _repaired.get(channel) == version:
            return False
        _repaired[channel] = version
        _repaired.move_to_end(channel)
        while len(_repaired) > REPAIRS_KEPT:
            _repaired.popitem(last=False)
        return True


def _forget_repair(channel: str) -> None:
    with _repaired_lock:
        _repaired.pop(channel, None)


def subscribe(
    request: HttpRequest,
    keys: list[Key],
    version: str,
    kind: str | None,
    follow: Callable[[], None] | None = None,
) -> HttpResponse:
    """The phone's stream, handed to the engine; or, the engine away, a 503 (the board
    polls, and asks again after Retry-After). A board a phone follows (``kind``) is marked
    so by ``follow`` (the caller's write), for every write after to draw it. Blocking: run
    off the event loop."""
    channel = channel_of(keys[0], kind)
    shown = request.GET.get("v") or None
    if kind and follow is not None:
        follow()
    try:
        # A channel that holds no message yet (a new game, an engine restarted), or one
        # whose last message may be older than this version (a publish lost while the
        # engine was away) when a phone says it shows an older one, is given the version
        # at once: what a publish lost in between would have said. Anyone may say an old
        # version, so a channel whose message is surely newer is left alone, and each
        # process repairs a channel once per version.
        held = info(channel)
        if not held.get("messages"):
            post([channel], version)
        elif shown is not None and shown != version and _may_be_behind(held, version):
            if _first_repair(channel, version):
                try:
                    post([channel], version)
                except Away:
                    _forget_repair(channel)
                    raise
    except Away as error:
        log.warning("Live boards: the push engine does not answer (%s); the boards poll", error)
        return HttpResponse(
            "The live boards' engine is away: this board checks every few seconds instead.",
            status=503,
            content_type="text/plain; charset=utf-8",
            headers={"Retry-After": str(AWAY_RETRY)},
        )
    answer = HttpResponse(content_type="text/plain; charset=utf-8")
    answer["X-Accel-Redirect"] = settings.LIVE_ENGINE_SUBSCRIBE_PATH.rstrip("/") + "/" + channel
    answer["X-Accel-Buffering"] = "no"
    answer["Cache-Control"] = "no-cache, no-transform"
    return answer
