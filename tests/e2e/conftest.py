"""Real Chromium at phone size. Fails loudly, never skips, when no browser can be had."""

import os

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
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def lan_browser(_playwright):
    """Chromium that opens the live server at http://table.test:<port> (see LAN_HOST)."""
    browser = _playwright.chromium.launch(
        executable_path=CHROMIUM, args=CHROMIUM_FLAGS + LAN_FLAGS, headless=True
    )
    yield browser
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
