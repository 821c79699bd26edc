"""Phones at one table, in Chromium at 360x740: joining by a link or QR code, and taking
scoring back when the scoring phone is lost."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from playwright.sync_api import expect

from smear_scores import rules
from smear_scores.models import Game, Hand
from smear_scores.selectors.games import game_replay
from smear_scores.services.new_games import game_create
from smear_scores.services.recording import hand_record

pytestmark = pytest.mark.browser
expect.set_options(timeout=10_000)

TABLE_PHONE = {"width": 360, "height": 740}


class Table:
    """table(): a new phone (its own cookies) at 360x740 on the live server, at the origin
    ``url``: http://localhost:<port> (a secure context: this machine itself) or
    http://table.test:<port> (what a phone on the table's Wi-Fi opens: plain http, not a
    secure context)."""

    def __init__(self, browser, url: str):
        self.browser, self.url = browser, url
        self.secure = "://localhost:" in url
        self.contexts = []

    def __call__(self, **options):
        context = self.browser.new_context(
            viewport=TABLE_PHONE,
            has_touch=True,
            is_mobile=True,
            base_url=self.url,
            **options,
        )
        self.contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        return page


@pytest.fixture(params=["localhost", "wifi"])
def table(request, browser, live_server):
    if request.param == "wifi":
        at = Table(request.getfixturevalue("lan_browser"), request.getfixturevalue("lan_origin"))
    else:
        at = Table(browser, live_server.url)
    yield at
    for context in at.contexts:
        context.close()


PLAIN_HTTP_BOARD = (
    "Plain http, not https: after a reload with no connection this phone cannot show the "
    "board, nor add the app to its home screen (hands tapped in are still kept and sent). "
    "Served over https, it can."
)


def _says_what_plain_http_gives_up(table, page) -> None:
    """At the Wi-Fi origin the board says what it cannot do there; on https (or this
    machine) it says nothing of the kind."""
    assert page.evaluate("window.isSecureContext") is table.secure
    if table.secure:
        expect(page.locator("#plain-http")).to_have_count(0)
    else:
        expect(page.locator("#plain-http")).to_have_text(PLAIN_HTTP_BOARD)


def _no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


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


def test_table_a_second_phone_joins_by_the_scoring_link_from_the_start(table):
    scorer = table(permissions=["clipboard-read", "clipboard-write"])
    game = _start_game(scorer)
    _says_what_plain_http_gives_up(table, scorer)
    # Offered at once, before any hand: the scoring link as a QR code, copy and share.
    box = scorer.locator("details.handover[open]")
    expect(box.locator("summary")).to_have_text(
        "Scoring link: for another phone, or if this one is lost"
    )
    expect(box.locator("figure.qr svg")).to_be_visible()
    link = scorer.locator("#scoring-link").input_value()
    assert link == f"{table.url}/g/{game.public_id}/score/#{game.scoring_secret}"
    box.get_by_role("button", name="Copy link").tap()
    expect(box.get_by_role("button", name="Copied")).to_be_visible()
    if table.secure:
        assert scorer.evaluate("navigator.clipboard.readText()") == link
    else:
        # No clipboard API on plain http: the link is copied from its field, selected whole.
        assert scorer.evaluate("navigator.clipboard === undefined")
        assert scorer.evaluate(
            """() => { const e = document.activeElement;
                return [e.id, e.selectionStart, e.selectionEnd, e.value.length]; }"""
        ) == ["scoring-link", 0, len(link), len(link)]
    _no_sideways_scroll(scorer)

    # The other phone opens the link (what scanning the code does).
    other = table()
    other.goto(link)
    expect(other.locator("h1")).to_have_text("Score this game on this phone?")
    # The secret moved from the address into the form; the address no longer shows it.
    expect(other.get_by_label("Scoring code")).to_have_value(game.scoring_secret)
    assert other.url == f"{table.url}/g/{game.public_id}/score/"
    other.get_by_role("button", name="Yes, score from this phone").tap()
    expect(other.locator(".notice")).to_have_text("This phone can now score this game.")
    _record_hand(other, 1)
    assert Hand.objects.filter(game=game).count() == 1
    _no_sideways_scroll(other)


def test_table_link_boxes_stay_as_they_were_after_each_hand(table):
    scorer = table()
    game = _start_game(scorer)
    link = f"{table.url}/g/{game.public_id}/score/#{game.scoring_secret}"
    _record_hand(scorer, 1)
    _record_hand(scorer, 2, bidder=2)
    # A hand's answer sends no link boxes: the phone keeps the ones it shows, still open
    # as the scorer left them, with the link, its QR code and the watch link.
    box = scorer.locator("#scoring-share[open]")
    expect(box.locator("figure.qr svg")).to_be_visible()
    assert scorer.locator("#scoring-link").input_value() == link
    scorer.locator("#watch-share summary").tap()
    expect(scorer.locator("#watch-share figure.qr svg")).to_be_visible()
    assert scorer.locator("#watch-link").input_value() == f"{table.url}/g/{game.public_id}/"


def test_table_scoring_phone_lost_a_kept_link_takes_scoring_back(table):
    lost = table()
    game = _start_game(lost)
    kept_link = lost.locator("#scoring-link").input_value()
    _record_hand(lost, 1)

    # The scoring phone is gone; the link kept at the start lets another phone score.
    rescue = table()
    rescue.goto(kept_link)
    rescue.get_by_role("button", name="Yes, score from this phone").tap()
    _record_hand(rescue, 2, bidder=2)
    # It stops every other phone scoring: a new link and code.
    rescue.get_by_text("Scoring link: for another phone, or if this one is lost").tap()
    rescue.get_by_role("button", name="Stop other phones scoring").tap()
    # Said in the bar and in the link box, which stays open with the new link.
    expect(rescue.locator(".entry-bar .notice")).to_have_text(
        "Other phones can no longer score this game. To let one score again, give it the "
        "new scoring link or code."
    )
    expect(rescue.locator("#scoring-share[open] .notice-box")).to_have_text(
        "Done: other phones can no longer score this game. This is the new link and code; "
        "the old ones no longer work."
    )
    game.refresh_from_db()
    rescue.get_by_text("Scoring link: for another phone, or if this one is lost").tap()
    assert rescue.locator("#scoring-link").input_value() != kept_link
    # The rescue phone still scores.
    _record_hand(rescue, 3)

    # The lost phone turns up again: it only watches now.
    lost.reload()
    expect(lost.locator("#hand-form")).to_have_count(0)
    expect(lost.locator(".watching")).to_have_text(
        "Watching: the scores change on the scorer's phone; this page follows them by itself."
    )
    # And the old link is refused on any phone.
    stranger = table()
    stranger.goto(kept_link)
    stranger.get_by_role("button", name="Yes, score from this phone").tap()
    expect(stranger.locator(".problem")).to_have_text(
        "This scoring code is not the game's: check it against the scorer's screen. "
        "If the scorer stopped other phones scoring, ask for the new link."
    )
    assert Hand.objects.filter(game=game).count() == 3
    _no_sideways_scroll(stranger)


def test_table_boards_are_live_and_a_half_entered_hand_survives(table):
    a = table()
    game = _start_game(a)
    link = a.locator("#scoring-link").input_value()
    b = table()
    b.goto(link)
    b.get_by_role("button", name="Yes, score from this phone").tap()
    watcher = table()
    watcher.goto(f"/g/{game.public_id}/")
    expect(watcher.locator(".team .score")).to_have_text(["0", "0"])

    # B starts tapping in hand 1 (bidder, bid, two points) and stops there.
    for label in ("bidder-2", "bid-3", "award_high-0", "award_low-1"):
        b.locator(f"label[for={label}]").tap()
    # A records hand 1 meanwhile.
    _record_hand(a, 1)

    # Without a reload, B and the watcher show it (at their next check, every 2 s; how soon
    # is the machine's speed, so it is not a limit here).
    expect(b.locator(".team .score")).to_have_text(["1", "2"])
    expect(watcher.locator(".team .score")).to_have_text(["1", "2"])
    expect(watcher.locator(".deal")).to_have_text("Hand 2 · Bo deals · Cy bids first")
    # B's taps are all still there, and B is told the hand number moved on.
    checked = b.evaluate(
        "[...document.querySelectorAll('#hand-form input:checked')].map(i => i.id)"
    )
    assert checked == ["bidder-2", "bid-3", "award_high-0", "award_low-1"]
    expect(b.locator(".moved-on")).to_have_text(
        "Hand 1 was recorded on another phone: this is now hand 2, Bo deals. Check what you tapped."
    )
    expect(b.locator("#hand-form button.record")).to_have_text("Record hand 2")
    # B finishes its entry: it is recorded as hand 2.
    b.locator("label[for=award_jack-0]").tap()
    b.locator("label[for=award_game-0]").tap()
    b.get_by_role("button", name="Record hand 2").tap()
    expect(b.locator(".notice")).to_contain_text("Hand 2:")
    expect(a.locator(".team .score")).to_have_text(["4", "3"])
    assert Hand.objects.filter(game=game).count() == 2
    _no_sideways_scroll(b)


# -- no tap is lost ----------------------------------------------------------------------------
OFFLINE_HANDS = [
    # (bidder seat, bid, high, low, jack, game) with teams 0 = A, 1 = B, "none" = not out
    (1, 2, 1, 1, 0, "none"),
    (2, 3, 0, 0, 0, 1),
    (3, 4, 0, 1, 1, 1),
]


def _tap_hand(page, bidder, bid, high, low, jack, game_point) -> None:
    for label in (
        f"bidder-{bidder}",
        f"bid-{bid}",
        f"award_high-{high}",
        f"award_low-{low}",
        f"award_jack-{jack}",
        f"award_game-{game_point}",
    ):
        page.locator(f"label[for={label}]").tap()


KEPT_PAGES = """async () => {
  const out = [];
  for (const name of await caches.keys()) {
    if (name.startsWith("smear-shell-")) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      out.push([new URL(request.url).pathname, await (await cache.match(request)).text()]);
    }
  }
  return out;
}"""


def _controlled_by_the_service_worker(page) -> None:
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    expect(page.locator("#hand-form")).to_have_count(1)
    assert page.evaluate("!!navigator.serviceWorker.controller")


def test_table_hands_recorded_offline_survive_a_reload_and_are_each_stored_once(table):
    phone = table()
    game = _start_game(phone)
    if table.secure:
        _controlled_by_the_service_worker(phone)
        # Pages other than boards are never kept (they would outlive a logout).
        phone.goto("/clubs/")
        phone.goto(f"/g/{game.public_id}/")
    else:
        # Plain http: no service worker, and the board says what that costs.
        assert phone.evaluate("navigator.serviceWorker === undefined")
    _says_what_plain_http_gives_up(table, phone)

    phone.context.set_offline(True)
    for number, hand in enumerate(OFFLINE_HANDS, start=1):
        _tap_hand(phone, *hand)
        phone.get_by_role("button", name=f"Record hand {number}").tap()
        expect(phone.locator(".waiting-title")).to_have_text(
            f"offline · {number} hand{'s' if number > 1 else ''} waiting, not yet in the scores"
        )
    expect(phone.locator("#hand-form button.record")).to_have_text("Record hand 4")
    # The deal line says the hand being entered, as Record does.
    expect(phone.locator("#hand-form .deal")).to_have_text(
        "Hand 4 · after the hands waiting on this phone"
    )
    assert Hand.objects.filter(game=game).count() == 0
    kept_hands = [
        "Hand 1: Bo bid 2: High Bo & Dee, Low Bo & Dee, Jack Ann & Cy, Game Nobody (tie)",
        "Hand 2: Cy bid 3: High Ann & Cy, Low Ann & Cy, Jack Ann & Cy, Game Bo & Dee",
        "Hand 3: Dee bid 4: High Ann & Cy, Low Bo & Dee, Jack Bo & Dee, Game Bo & Dee",
    ]

    if table.secure:
        # The page reloaded with no connection: the last board seen, and the hands kept.
        phone.reload()
        expect(phone.locator(".waiting-title")).to_have_text(
            "offline · 3 hands waiting, not yet in the scores"
        )
        expect(phone.locator(".waiting-hand")).to_have_text(kept_hands)
        _no_sideways_scroll(phone)
        # What the phone keeps: the board alone, without its scoring link and code.
        kept = phone.evaluate(KEPT_PAGES)
        assert [path for path, _ in kept] == [f"/g/{game.public_id}/"]
        assert game.scoring_secret not in kept[0][1]
        assert "Record hand 1" in kept[0][1]
        phone.context.set_offline(False)
    else:
        # The tab is closed with no connection; the hands stay in the phone's storage and
        # go when the board is opened again with the connection back.
        context = phone.context
        phone.close()
        context.set_offline(False)
        phone = context.new_page()
        phone.goto(f"/g/{game.public_id}/")

    # The network is back: each is sent by itself, stored once, in order.
    expect(phone.locator("#waiting-hands")).to_have_count(0)
    expect(phone.locator("#hand-form button.record")).to_have_text("Record hand 4")
    hands = list(Hand.objects.filter(game=game).order_by("number"))
    assert [(h.number, h.bidder, h.bid) for h in hands] == [(1, 1, 2), (2, 2, 3), (3, 3, 4)]
    game.refresh_from_db()
    state, _ = game_replay(game)
    assert list(state.scores) == game.scores
    assert phone.locator(".team .score").all_inner_texts() == [str(s) for s in state.scores]
    # Sending them again (another tab, a retry) records nothing more.
    assert Hand.objects.filter(game=game).count() == 3


def test_table_a_reload_with_no_connection_shows_the_latest_board_and_says_it_is_saved(
    browser, live_server
):
    # A secure context (this machine; on the Wi-Fi, https): the service worker runs.
    at = Table(browser, live_server.url)
    phone = at(locale="en-GB", timezone_id="UTC")
    try:
        game = _start_game(phone)
        _controlled_by_the_service_worker(phone)
        # Count the worker's word that it kept the page again after a board changed.
        phone.evaluate(
            """window.keptAgain = 0; navigator.serviceWorker.addEventListener('message',
               e => { if (e.data && e.data.kept) window.keptAgain++; })"""
        )
        _record_hand(phone, 1)
        _record_hand(phone, 2, bidder=2)
        phone.wait_for_function("() => window.keptAgain >= 2")
        before = datetime.now(UTC)
        scores = phone.locator(".team .score").all_inner_texts()
        assert scores != ["0", "0"]

        phone.context.set_offline(True)
        phone.reload()
        after = datetime.now(UTC)
        # The board after hand 2, not the one first loaded, and said to be a saved copy.
        expect(phone.locator(".team .score")).to_have_text(scores)
        expect(phone.locator("#hand-form button.record")).to_have_text("Record hand 3")
        saved = phone.locator("#saved-copy")
        times = {before.strftime("%H:%M"), after.strftime("%H:%M")}
        assert saved.inner_text() in {
            f"Saved copy from {t}, no connection: hands recorded since on other phones do not show."
            for t in times
        }
        _no_sideways_scroll(phone)

        # The connection returns: the fresh board, no longer called a saved copy.
        phone.context.set_offline(False)
        hand_record(game=game, entry=rules.HandEntry.thrown(), number=3)
        expect(phone.locator("#hand-form button.record")).to_have_text("Record hand 4")
        expect(phone.locator("#saved-copy")).to_have_count(0)
    finally:
        for context in at.contexts:
            context.close()


def test_table_a_kept_hand_whose_number_another_phone_took_is_offered_again(table):
    phone = table()
    game = _start_game(phone)
    phone.context.set_offline(True)
    _tap_hand(phone, *OFFLINE_HANDS[1])
    phone.get_by_role("button", name="Record hand 1").tap()
    expect(phone.locator(".waiting-title")).to_have_text(
        "offline · 1 hand waiting, not yet in the scores"
    )

    # Meanwhile another phone records hand 1.
    hand_record(game=game, entry=rules.HandEntry.thrown(), number=1)

    phone.context.set_offline(False)
    kept = phone.locator("#waiting-hands li.conflict")
    expect(kept.locator(".problem")).to_have_text(
        "Hand 1 was already recorded on another device; the scoreboard now shows hand 2. "
        "Check it and enter the hand again if needed."
    )
    expect(kept.locator(".waiting-hand")).to_have_text(
        "Hand 1: Cy bid 3: High Ann & Cy, Low Ann & Cy, Jack Ann & Cy, Game Bo & Dee"
    )
    expect(phone.locator(".waiting-title")).to_have_text("Kept on this phone: not recorded")
    # The fresh board is beside it (a thrown-in deal passes to the same dealer again).
    expect(phone.locator(".deal")).to_have_text("Hand 2 · Ann deals · Bo bids first")
    _no_sideways_scroll(phone)

    kept.get_by_role("button", name="Enter it again").tap()
    expect(phone.locator("#waiting-hands")).to_have_count(0)
    checked = phone.evaluate(
        "[...document.querySelectorAll('#hand-form input:checked')].map(i => i.id)"
    )
    assert checked == [
        "bidder-2",
        "bid-3",
        "award_high-0",
        "award_low-0",
        "award_jack-0",
        "award_game-1",
    ]
    phone.get_by_role("button", name="Record hand 2").tap()
    expect(phone.locator(".notice")).to_contain_text("Hand 2:")
    assert [(h.number, h.bidder) for h in Hand.objects.filter(game=game).order_by("number")] == [
        (1, None),
        (2, 2),
    ]


def test_table_view_keeps_the_screen_awake_or_says_why_it_cannot(table):
    game = game_create(
        variant="schmier",
        players=["Katherine", "Christopher", "Jessica", "Brandon", "Ed", "Flo"],
        first_dealer=0,
    )
    page = table()
    page.goto(f"/g/{game.public_id}/table/")
    if table.secure:
        expect(page.locator("[data-wake-lock]")).to_have_attribute("data-wake-lock", "on")
        expect(page.locator("#plain-http")).to_have_count(0)
    else:
        # No Screen Wake Lock on plain http: the screen says so instead of dimming unexplained.
        expect(page.locator("[data-wake-lock]")).to_have_attribute("data-wake-lock", "unsupported")
        expect(page.locator("#plain-http")).to_have_text(
            "Plain http, not https: the browser does not keep this screen awake, so it may "
            "dim and lock. Served over https, it stays on."
        )
    # The board follows the game (it is swapped every few seconds); the line stays once.
    hand_record(game=game, entry=rules.HandEntry.thrown(), number=1)
    expect(page.locator(".table-deal")).to_have_text("Hand 2 · Katherine deals", timeout=8_000)
    expect(page.locator("#plain-http")).to_have_count(0 if table.secure else 1)
    _no_sideways_scroll(page)


def test_table_share_needs_https_and_the_link_is_there_to_copy(table):
    page = table()
    game = _start_game(page)
    page.locator("#watch-share summary").tap()
    box = page.locator("#watch-share")
    # Where the browser has a share sheet (https on a phone) Share shows; on plain http it
    # does not, and the link, its QR code and Copy are there instead.
    has_share = page.evaluate("'share' in navigator")
    expect(box.get_by_role("button", name="Share")).to_have_count(1 if has_share else 0)
    assert has_share is False or table.secure
    expect(box.locator("figure.qr svg")).to_be_visible()
    assert page.locator("#watch-link").input_value() == f"{table.url}/g/{game.public_id}/"
    expect(box.get_by_role("button", name="Copy link")).to_be_visible()
