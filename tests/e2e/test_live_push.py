"""Live boards pushed, in Chromium at 360x740 against the app served as `make run` serves it
(ASGI): a hand recorded on one phone reaches the others' boards through their streams,
with no polling; a board whose stream is cut polls, and comes back to a stream by itself;
two app processes on one database both push."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from smear_scores.live.hub import current
from smear_scores.models import Game, Hand
from smear_scores.services import new_games
from tests.asgi_server import ProcessServer, database_url

pytestmark = pytest.mark.browser
expect.set_options(timeout=10_000)

PHONE = {"width": 360, "height": 740}


class Phones:
    """phones(url): a new phone (its own cookies) on the server at ``url``, whose every
    answer is logged: phone.answers, a list of (method, path, status)."""

    def __init__(self, browser):
        self.browser = browser
        self.contexts = []

    def __call__(self, url: str):
        context = self.browser.new_context(
            viewport=PHONE, has_touch=True, is_mobile=True, base_url=url
        )
        self.contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.answers = []
        page.on(
            "response",
            lambda r: page.answers.append((r.request.method, urlsplit(r.url).path, r.status)),
        )
        return page


@pytest.fixture
def phones(browser):
    at = Phones(browser)
    yield at
    for context in at.contexts:
        context.close()


def _start_game(page) -> Game:
    page.goto("/new/?variant=ne-wisconsin")
    for seat, name in enumerate(["Ann", "Bo", "Cy", "Dee"]):
        page.locator(f"input[name=player_{seat}]").fill(name)
    page.locator("label[for=first_dealer-0]").tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator("#hand-form")).to_have_count(1)
    return Game.objects.get()


def _record_hand(page, number: int, bidder: int = 1) -> None:
    for label in (f"bidder-{bidder}", "bid-2", "award_high-1", "award_low-1", "award_jack-0"):
        page.locator(f"label[for={label}]").tap()
    page.locator("label[for=award_game-none]").tap()
    page.get_by_role("button", name=f"Record hand {number}").tap()
    expect(page.locator(".notice")).to_contain_text(f"Hand {number}:")


def _join_as_scorer(page, game: Game) -> None:
    page.goto(f"/g/{game.public_id}/score/#{game.scoring_secret}")
    page.get_by_role("button", name="Yes, score from this phone").tap()
    expect(page.locator("#hand-form")).to_have_count(1)


def _streaming(*pages) -> None:
    for page in pages:
        expect(page.locator("body")).to_have_attribute("data-live-mode", "stream")


def _polls(page, game: Game) -> list:
    """What the phone asked that found nothing new: a poll (live check answered 304)."""
    return [a for a in page.answers if a[1] == f"/g/{game.public_id}/live/" and a[2] == 304]


def _asked(page) -> list:
    """Every page and fragment the phone asked for (GET), static files left out."""
    return [a for a in page.answers if a[0] == "GET" and not a[1].startswith("/static/")]


def test_push_a_hand_reaches_the_other_phones_without_polling(asgi_server, phones):
    a = phones(asgi_server.url)
    game = _start_game(a)
    b = phones(asgi_server.url)
    _join_as_scorer(b, game)
    watcher = phones(asgi_server.url)
    watcher.goto(f"/g/{game.public_id}/")
    table = phones(asgi_server.url)
    table.goto(f"/g/{game.public_id}/table/")
    _streaming(a, b, watcher, table)
    # B starts tapping in hand 1 and stops there.
    for label in ("bidder-2", "bid-3", "award_high-0", "award_low-1"):
        b.locator(f"label[for={label}]").tap()
    for page in (b, watcher, table):
        page.answers.clear()

    _record_hand(a, 1)
    expect(b.locator(".team .score")).to_have_text(["1", "2"])
    expect(watcher.locator(".team .score")).to_have_text(["1", "2"])
    expect(watcher.locator(".deal")).to_have_text("Hand 2 · Bo deals · Cy bids first")
    expect(table.locator(".table-score")).to_have_text(["1", "2"])
    # B's taps are all still there, and B is told the hand number moved on.
    checked = b.evaluate(
        "[...document.querySelectorAll('#hand-form input:checked')].map(i => i.id)"
    )
    assert checked == ["bidder-2", "bid-3", "award_high-0", "award_low-1"]
    expect(b.locator(".moved-on")).to_have_text(
        "Hand 1 was recorded on another phone: this is now hand 2, Bo deals. Check what you tapped."
    )
    # Longer than a poll's interval (2 s; the table view's 5 s) with nothing recorded.
    watcher.wait_for_timeout(5_500)
    # The watcher and the table view asked nothing: their streams brought the board. B,
    # a scorer, asked once for its own board after its stream said so. No poll, no new
    # stream.
    assert _asked(b) == [("GET", f"/g/{game.public_id}/live/", 200)]
    assert _asked(watcher) == []
    assert _asked(table) == []
    _streaming(a, b, watcher, table)

    # B finishes its entry: it is recorded as hand 2, and A's board follows.
    b.locator("label[for=award_jack-0]").tap()
    b.locator("label[for=award_game-0]").tap()
    b.get_by_role("button", name="Record hand 2").tap()
    expect(b.locator(".notice")).to_contain_text("Hand 2:")
    expect(a.locator(".team .score")).to_have_text(["4", "3"])
    expect(table.locator(".table-score")).to_have_text(["4", "3"])
    assert Hand.objects.filter(game=game).count() == 2
    assert _polls(a, game) == [] and _polls(b, game) == [] and _polls(watcher, game) == []


def test_push_a_stream_cut_by_the_server_falls_back_to_polling_and_recovers(
    asgi_server, phones, settings
):
    a = phones(asgi_server.url)
    game = _start_game(a)
    watcher = phones(asgi_server.url)
    watcher.goto(f"/g/{game.public_id}/")
    table = phones(asgi_server.url)
    table.goto(f"/g/{game.public_id}/table/")
    _streaming(watcher, table)

    # The server cuts every stream and, for now, gives no new one (as a server that holds
    # all the streams it can: 503).
    settings.LIVE_MAX_STREAMS = 0
    asgi_server.call(lambda: current().stop())
    expect(watcher.locator("body")).to_have_attribute("data-live-mode", "poll")
    expect(table.locator("body")).to_have_attribute("data-live-mode", "poll")
    _record_hand(a, 1)
    expect(watcher.locator(".team .score")).to_have_text(["1", "2"])
    expect(table.locator(".table-score")).to_have_text(["1", "2"])
    events = f"/g/{game.public_id}/events/"
    assert ("GET", events, 503) in watcher.answers
    # The scoreboard found it by asking (If-None-Match), the table view by htmx's poll.
    assert _polls(watcher, game)
    assert [a for a in table.answers if a[1] == f"/g/{game.public_id}/table/"]

    # Streams are given again: each board is back on one by itself, and polls no more.
    settings.LIVE_MAX_STREAMS = None
    for page in (watcher, table):
        # Its next try comes within 10 s of the last (1 s, 3 s, 10 s after a failure).
        expect(page.locator("body")).to_have_attribute("data-live-mode", "stream", timeout=30_000)
    watcher.answers.clear()
    table.answers.clear()
    _record_hand(a, 2, bidder=2)
    expect(watcher.locator(".team .score")).to_have_text(["-1", "4"])
    expect(table.locator(".table-score")).to_have_text(["-1", "4"])
    assert _asked(watcher) == []
    assert _asked(table) == []


@pytest.fixture
def two_processes(transactional_db, tmp_path):
    """Two app processes of their own (uvicorn, as `make run`'s workers), on the test
    database: whatever it is, SQLite's file or PostgreSQL."""
    servers = [ProcessServer(database_url(), tmp_path / f"app-{i}.log").start() for i in (1, 2)]
    yield servers
    for server in servers:
        server.stop()


def test_push_two_app_processes_on_one_database_both_push(two_processes, phones):
    one, two = two_processes
    game = new_games.game_create(
        variant="ne-wisconsin", players=["Ann", "Bo", "Cy", "Dee"], first_dealer=0
    )
    a = phones(one.url)
    _join_as_scorer(a, game)
    b = phones(two.url)
    _join_as_scorer(b, game)
    watcher = phones(two.url)
    watcher.goto(f"/g/{game.public_id}/")
    table = phones(one.url)
    table.goto(f"/g/{game.public_id}/table/")
    _streaming(a, b, watcher, table)

    # Recorded through the first process: the boards held by the second follow.
    _record_hand(a, 1)
    expect(watcher.locator(".team .score")).to_have_text(["1", "2"])
    expect(b.locator(".team .score")).to_have_text(["1", "2"])
    # Recorded through the second: the first's boards follow.
    b.reload()
    _streaming(b)
    _record_hand(b, 2, bidder=2)
    expect(a.locator(".team .score")).to_have_text(["-1", "4"])
    expect(table.locator(".table-score")).to_have_text(["-1", "4"])
    for page in (a, b, watcher):
        assert _polls(page, game) == []
    assert len([x for x in table.answers if x[1] == f"/g/{game.public_id}/table/"]) == 1


def test_push_a_phone_stopped_scoring_is_told_at_once_with_its_taps_kept(asgi_server, phones):
    a = phones(asgi_server.url)
    game = _start_game(a)
    b = phones(asgi_server.url)
    _join_as_scorer(b, game)
    _streaming(a, b)
    for label in ("bidder-2", "bid-3", "award_high-0"):
        b.locator(f"label[for={label}]").tap()

    a.get_by_role("button", name="Stop other phones scoring").tap()
    expect(a.locator(".notice-box")).to_contain_text("other phones can no longer score")

    # B is told by its stream's next board, before it taps Record; its taps stay.
    expect(b.locator(".stopped")).to_have_text(
        "Another phone stopped this phone scoring this game: what you tapped cannot be "
        "recorded from here. Ask the table for the new scoring link, or reload to watch."
    )
    checked = b.evaluate(
        "[...document.querySelectorAll('#hand-form input:checked')].map(i => i.id)"
    )
    assert checked == ["bidder-2", "bid-3", "award_high-0"]
