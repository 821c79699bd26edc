"""Real Chromium at phone size. Fails loudly, never skips, when no browser can be had.

Every page of every browser test is heard: an error said in its console (a style or script
refused by the Content-Security-Policy, a script that threw) fails the test that caused it
(``pytest_runtest_call`` below), whichever page or phone of the test said it."""

import os
import re

import pytest

# Playwright's sync API runs an event loop in this thread; Django's ORM calls from the
# test body are still synchronous.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 360, "height": 640}
# A phone on the table's Wi-Fi opens the laptop by a name or address that is not this
# machine itself: plain http there is not a secure context (no service worker, Screen Wake
# Lock, navigator.clipboard or navigator.share). The tests reach the live server as
# http://table.test:<port>, which this browser resolves to loopback.
LAN_HOST = "table.test"
LAN_FLAGS = [f"--host-resolver-rules=MAP {LAN_HOST} 127.0.0.1"]


# What a page may say as an error without failing its test, each with why. Chromium itself
# logs every answer that is not a success as a console error: the app answers refusals with
# 4xx on purpose (a wrong code 403, a refused hand 422, a stale screen 409, a removed game
# 410), and phones taken offline or whose stream a test cuts fail their requests; htmx
# itself logs a request that had no connection (sendError, timeout, and the failed
# afterRequest with it), which offline.js answers by keeping the hand on the phone. Nothing
# the app's own scripts or styles say is allowed.
CONSOLE_ALLOWED = (
    re.compile(r"^htmx:(sendError|timeout|afterRequest), "),
    re.compile(r"^Failed to load resource: the server responded with a status of 4\d\d\b"),
    re.compile(
        r"^Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|CONNECTION_REFUSED|"
        r"CONNECTION_RESET|EMPTY_RESPONSE|ABORTED|NETWORK_CHANGED)"
    ),
)
# A violation of the policy said with where it comes from (Chromium's own line does not say
# which script or swap applied the style).
VIOLATIONS = (
    "document.addEventListener('securitypolicyviolation', e => console.error("
    "'Content-Security-Policy refused ' + e.violatedDirective + ' at ' + e.sourceFile + ':'"
    " + e.lineNumber + ':' + e.columnNumber + ' ' + JSON.stringify(e.sample)))"
)
# The console errors said since the test began, each as "page address: text".
CONSOLE_ERRORS: list[str] = []


# A live board's stream refused (503, Retry-After: the server or the network holds all the
# streams it may): the board polls, by design (live.stream.REFUSED).
STREAM_REFUSED = re.compile(
    r"^Failed to load resource: the server responded with a status of 503\b"
)


# A phone taken offline (context.set_offline) while its service worker was still being
# installed (its first visit, moments before): the worker cannot fetch its Workbox modules
# and says so; it installs at the next visit with a connection.
OFFLINE_INSTALL = re.compile(r"^Unable to import module 'workbox-[a-z]+' from ")


# axe-core itself, while it runs (axe-playwright-python's Axe.run): to read a page's style
# sheets it writes <style> elements of its own (axe.utils.getStyleSheetFactory, for a sheet
# with an @import, as the admin's are) and style attributes in a document of its own, which
# the Content-Security-Policy refuses and Chromium reports as the page's errors. Nothing the
# app does: a page's own styles are heard before and after the run.
AXE_RUNNING = [False]
AXE_STYLES = re.compile(
    r"^(Applying inline style violates the following Content Security Policy directive "
    r"'style-src 'self''|Content-Security-Policy refused style-src-(elem|attr) at :\d+:\d+ )"
)


def _axe_run_heard(run):
    def heard(self, page, *args, **kwargs):
        AXE_RUNNING[0] = True
        try:
            return run(self, page, *args, **kwargs)
        finally:
            page.evaluate("0")  # what the run said reaches the listeners first
            AXE_RUNNING[0] = False

    return heard


try:
    from axe_playwright_python.sync_playwright import Axe

    Axe.run = _axe_run_heard(Axe.run)
except ImportError:  # no axe: nothing of its to hear
    pass


def _said(page_url: str, text: str, resource: str = "", offline: bool = False) -> None:
    if STREAM_REFUSED.search(text) and resource.split("?")[0].endswith("/events/"):
        return
    if AXE_RUNNING[0] and AXE_STYLES.search(text):
        return
    if offline and OFFLINE_INSTALL.search(text):
        return
    if not any(allowed.search(text) for allowed in CONSOLE_ALLOWED):
        CONSOLE_ERRORS.append(f"{page_url}: {text}")


def hear_console(context) -> None:
    """Every page of ``context`` reports its console errors and uncaught exceptions."""
    context.add_init_script(VIOLATIONS)
    offline = [False]
    set_offline = context.set_offline

    def taken_offline(value: bool) -> None:
        offline[0] = offline[0] or value
        set_offline(value)

    context.set_offline = taken_offline
    context.on(
        "console",
        lambda message: (
            _said(
                message.page.url if message.page else "?",
                message.text,
                message.location.get("url", ""),
                offline[0],
            )
            if message.type == "error"
            else None
        ),
    )
    context.on(
        "weberror",
        lambda error: _said(error.page.url if error.page else "?", f"uncaught {error.error}"),
    )


class HeardBrowser:
    """The browser, whose every new context hears its pages' consoles (hear_console)."""

    def __init__(self, browser):
        self._browser = browser

    def __getattr__(self, name):
        return getattr(self._browser, name)

    def new_context(self, **options):
        context = self._browser.new_context(**options)
        hear_console(context)
        return context

    def new_page(self, **options):
        page = self._browser.new_page(**options)
        hear_console(page.context)
        return page


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    CONSOLE_ERRORS.clear()
    result = yield
    if CONSOLE_ERRORS:
        said = "\n".join(dict.fromkeys(CONSOLE_ERRORS))
        CONSOLE_ERRORS.clear()
        pytest.fail(f"The browser's console said errors during the test:\n{said}", pytrace=False)
    return result


@pytest.fixture(scope="session")
def _playwright():
    if not os.path.exists(CHROMIUM):
        pytest.fail(
            f"No Chromium at {CHROMIUM}: `make test` installs Debian's chromium package; "
            "elsewhere install Chromium and set CHROMIUM=/path/to/chromium.",
            pytrace=False,
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(_playwright):
    browser = _playwright.chromium.launch(
        executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True
    )
    yield HeardBrowser(browser)
    browser.close()


@pytest.fixture(scope="session")
def lan_browser(_playwright):
    """Chromium that opens the live server at http://table.test:<port> (see LAN_HOST)."""
    browser = _playwright.chromium.launch(
        executable_path=CHROMIUM, args=CHROMIUM_FLAGS + LAN_FLAGS, headless=True
    )
    yield HeardBrowser(browser)
    browser.close()


@pytest.fixture
def lan_origin(live_server, settings):
    """The live server's address as a phone on the Wi-Fi opens it, allowed as a host in
    the tests only (the app refuses names that are not this machine's)."""
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, LAN_HOST]
    return live_server.url.replace("://localhost:", f"://{LAN_HOST}:")


def _phone_context(browser, live_server):
    return browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, base_url=live_server.url
    )


@pytest.fixture
def phone(browser, live_server):
    """A phone-sized page on the live server."""
    context = _phone_context(browser, live_server)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def second_phone(browser, live_server):
    """Another device (its own cookies) at the same table or the next."""
    context = _phone_context(browser, live_server)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def small_tap_targets(page, within: str = "body") -> list[str]:
    """What a finger taps (links, buttons, labels, selects, fields) inside ``within`` that is
    less than 44 px tall, each as the start of its HTML; radios and checkboxes are tapped
    through their labels."""
    return page.evaluate(
        """within => [...document.querySelector(within).querySelectorAll(
              'a, button, label, summary, select, input:not([type=radio]):not([type=checkbox])'
              + ':not([type=hidden])')]
            .filter(e => e.getClientRects().length)
            .filter(e => e.getBoundingClientRect().height < 44)
            .map(e => e.outerHTML.slice(0, 60))""",
        within,
    )


def seat_players(page, names: list[str], dealer: str) -> None:
    """Type the players into the new-game form's seats and tap the first dealer.

    Each name typed asks the server for the partners and the dealer buttons' names, and those
    answers move the page a little as they land; a tap while one is on its way can land on the
    button beside. So the names are all on the dealer buttons (and in the partners) before the
    tap, and the tap is checked to have chosen that dealer."""
    from playwright.sync_api import expect

    for seat, name in enumerate(names):
        page.fill(f"input[name=player_{seat}]", name)
    for seat, name in enumerate(names):
        expect(page.locator(f"#dealer-name-{seat}")).to_have_text(name)
    if page.locator("#partners li").count():
        expect(page.locator("#partners")).to_contain_text(names[-1])
    page.locator(f"label[for=first_dealer-{names.index(dealer)}]").click()
    expect(page.locator(f"#first_dealer-{names.index(dealer)}")).to_be_checked()
