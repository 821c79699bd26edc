"""Live boards pushed: each open board holds a stream that says its game's version at once
and at every write made anywhere, heard from the database (smear_scores.live)."""

from __future__ import annotations

import threading
import time
from datetime import date

import pytest
from django.db import connection
from django.urls import reverse

from smear_scores import rules
from smear_scores.selectors.games import version_of
from smear_scores.selectors.night_stamps import night_version
from smear_scores.services import night_phones, nights
from smear_scores.services.editing import hand_edit, hand_undo
from smear_scores.services.game_names import game_names_changed
from smear_scores.services.handover import game_scoring_rotate
from smear_scores.services.recording import hand_record
from smear_scores.services.removal import game_remove, game_restore
from tests.asgi_server import EventStream

from .conftest import find_all, scores

HAND = rules.HandEntry(bidder=0, bid=3, points=(3, 2, 1))


@pytest.fixture
def open_stream():
    """open_stream(server, game_or_path): a board's stream, closed after the test."""
    opened = []

    def open_(server, what, cookies=None) -> EventStream:
        path = what if isinstance(what, str) else reverse("game_events", args=[what.public_id])
        opened.append(EventStream(server.url + path, cookies=cookies))
        return opened[-1]

    yield open_
    for stream in opened:
        stream.close()


def test_stream_says_the_version_at_once_then_each_hand_recorded_elsewhere(
    asgi_server, open_stream, make_game
):
    game = make_game("schmier", hands=1)
    stream = open_stream(asgi_server, game)
    assert stream.response.status == 200
    assert stream.response.getheader("Content-Type") == "text/event-stream"
    assert stream.response.getheader("X-Accel-Buffering") == "no"
    assert stream.next() == version_of(game)
    asgi_server.hearing()

    for number in (2, 3):
        game, _ = hand_record(game=game, entry=HAND, number=number)
        assert stream.next() == version_of(game)


def test_stream_carries_the_watchers_board_and_only_versions_to_a_scorer(
    asgi_server, open_stream, make_game, scorer_for
):
    game = make_game("ne-wisconsin", hands=1)
    scorer = scorer_for(game)
    watching = open_stream(asgi_server, game)
    scoring = open_stream(
        asgi_server, game, cookies={k: v.value for k, v in scorer.cookies.items()}
    )
    assert watching.next() == scoring.next() == version_of(game)
    asgi_server.hearing()
    game, _ = hand_record(game=game, entry=rules.HandEntry(bidder=1, bid=2, points=(1, 3)))
    # The watcher's stream brings the fresh board itself, as every watcher sees it, with
    # the link boxes left as the phone has them.
    assert watching.next() == version_of(game)
    board = watching.board
    assert board.strip().startswith(
        f'<section id="game-board" class="board" data-version="{version_of(game)}"'
    )
    assert scores(board) == game.scores
    assert find_all(board, "p", "watching") == [
        "Watching: the scores change on the scorer's phone; this page follows them by itself."
    ]
    assert 'id="watch-share" class="handover watch-link" hx-preserve="true"' in board
    assert "csrfmiddlewaretoken" not in board
    # A scorer's board is its own (its form): the stream says the version, the phone asks.
    assert scoring.next() == version_of(game)
    assert scoring.board is None

    # A board that opens showing an older version is sent the fresh one at once.
    late = open_stream(asgi_server, reverse("game_events", args=[game.public_id]) + "?v=1")
    assert late.next() == version_of(game)
    assert scores(late.board) == game.scores


@pytest.mark.parametrize("change", ["undo", "edit", "rotate", "remove", "restore", "names"])
def test_stream_follows_every_write_that_moves_the_version(
    asgi_server, open_stream, make_game, change
):
    if change == "names":
        win = rules.HandEntry(bidder=0, bid=4, points=(4, 0))
        game = make_game("ne-wisconsin", entries=[win] * 4)
    else:
        game = make_game("ne-wisconsin", hands=2)
    if change == "restore":
        game = game_remove(game=game)
    stream = open_stream(asgi_server, game)
    assert stream.next() == version_of(game)
    asgi_server.hearing()
    if change == "undo":
        game = hand_undo(game=game)
    elif change == "edit":
        game = hand_edit(game=game, number=1, entry=rules.HandEntry(bidder=1, bid=2, points=(2, 1)))
    elif change == "rotate":
        game = game_scoring_rotate(game=game)
    elif change == "remove":
        game = game_remove(game=game)
    elif change == "restore":
        game = game_restore(game=game)
    else:
        # A player's name corrected in the admin: the winner's line is said again.
        seat = game.seats.get(position=0)
        seat.name = "Annabel"
        seat.save()
        game = game_names_changed(game=game)
    game.refresh_from_db()
    assert stream.next() == version_of(game)


def test_streams_of_many_boards_hold_no_thread_nor_connection_each(
    asgi_server, open_stream, make_game
):
    games = [make_game("ne-wisconsin") for _ in range(3)]
    first = open_stream(asgi_server, games[0])
    first.next()
    asgi_server.hearing()
    game, _ = hand_record(game=games[0], entry=rules.HandEntry(bidder=0, bid=2, points=(2, 1)))
    assert first.next() == version_of(game)
    threads = threading.active_count()
    connections_before = _app_connections()
    streams = [open_stream(asgi_server, games[i % 3]) for i in range(24)]
    for stream in streams:
        stream.next()
    assert asgi_server.hub().open == 25
    assert threading.active_count() <= threads + 1
    assert _settled_connections(connections_before + 1) <= connections_before + 1

    # One write reaches every board of that game, and only those.
    game, _ = hand_record(game=games[1], entry=rules.HandEntry(bidder=0, bid=2, points=(2, 1)))
    for stream in streams[1::3]:
        assert stream.next() == version_of(game)


def _settled_connections(most: int) -> int:
    """The connections counted once those the streams closed have gone: a closed
    connection's server process leaves pg_stat_activity a moment after its client closed
    it (longer on a busy machine). A connection held per stream never goes: 24 streams
    holding theirs keep the count over ``most`` past the deadline."""
    until = time.monotonic() + 10
    while (count := _app_connections()) > most and time.monotonic() < until:
        time.sleep(0.05)
    return count


def _app_connections() -> int:
    """Connections to the test database other than this test's own (PostgreSQL), or the
    threads that could hold one (SQLite connections live one per thread)."""
    if connection.vendor != "postgresql":
        return threading.active_count()
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0]


def test_room_stream_follows_the_hands_at_its_tables(asgi_server, open_stream, transactional_db):
    from smear_scores.models import Club, Player
    from smear_scores.models.nights import RoundTable

    club = Club.objects.create(name="Club", slug="club")
    night = nights.night_open(
        club=club, name="Friday", day=date(2026, 11, 27), variant="ne-wisconsin", rounds=2
    )
    for i in range(4):
        player = Player.objects.create(club=club, name=f"Player {i}")
        night_phones.night_check_in(night=night, player=player)
    stream = open_stream(asgi_server, reverse("night_room_events", args=[night.pk]))
    assert stream.next() == night_version(night.pk)
    asgi_server.hearing()
    nights.round_draw(night=night)
    assert stream.next() == night_version(night.pk)
    game = RoundTable.objects.get(round__night=night).game
    hand_record(game=game, entry=rules.HandEntry(bidder=0, bid=2, points=(2, 1)))
    assert stream.next() == night_version(night.pk)


def test_stream_past_the_limit_is_refused_with_when_to_try_again(
    asgi_server, open_stream, make_game, settings
):
    game = make_game("schmier")
    settings.LIVE_MAX_STREAMS = 0
    stream = open_stream(asgi_server, game)
    assert stream.response.status == 503
    assert stream.response.getheader("Retry-After") == "30"
    assert stream.response.read().decode() == (
        "This server holds all the live boards it can: this board checks every few seconds instead."
    )


def test_stream_under_wsgi_is_204_so_the_board_polls(client, make_game):
    # Django's development server (make dev) has no streams: the browser stops asking.
    game = make_game("schmier")
    response = client.get(reverse("game_events", args=[game.public_id]))
    assert response.status_code == 204


def test_stream_of_an_unknown_game_is_404(asgi_server, open_stream):
    stream = open_stream(asgi_server, reverse("game_events", args=["nope"]))
    assert stream.response.status == 404
