"""The scoring page says nothing to the browser's console: no script or style refused by
the Content-Security-Policy while hands are previewed, recorded, undone, and heard from
another phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from smear_scores.services.recording import hand_record

from .test_table_conditions import BASE_URL, FULL_HAND, NINE, _game, _hand, _open, _tap

pytestmark = pytest.mark.browser
REFUSED = (
    "document.addEventListener('securitypolicyviolation', e => console.error("
    "'CSP ' + e.violatedDirective + ' ' + e.sourceFile + ':' + e.lineNumber + ' ' + e.sample))"
)


def test_scoring_a_hand_breaks_no_rule_of_the_content_security_policy(phone, live_server, settings):
    BASE_URL[0] = live_server.url
    said: list[str] = []
    phone.on("console", lambda message: said.append(f"{message.type}: {message.text}"))
    phone.on("pageerror", lambda error: said.append(f"pageerror: {error}"))
    phone.add_init_script(REFUSED)
    game = _game(NINE, hands=1)
    _open(phone, game)
    _tap(phone, FULL_HAND)
    expect(phone.locator("#hand-preview")).to_contain_text("Will score:")
    phone.locator("#hand-form button.record").click()
    expect(phone.locator("#hand-form button.record")).to_have_text("Record hand 3")
    phone.get_by_role("link", name="Undo hand 2").click()
    phone.get_by_role("button", name="Yes, undo hand 2").click()
    expect(phone.locator("#hand-form button.record")).to_have_text("Record hand 2")
    # Another phone records hand 2: this board hears it and swaps itself.
    hand_record(game=game, entry=_hand(1, 3, 1, 1, 0, 2, 0, 1), number=2)
    expect(phone.locator("#hand-form button.record")).to_have_text("Record hand 3")
    phone.goto(f"/g/{game.public_id}/table/")
    hand_record(game=game, entry=_hand(1, 3, 1, 1, 0, 2, 0, 1), number=3)
    expect(phone.get_by_text("Hand 4 · ")).to_be_visible()
    assert [line for line in said if not line.startswith(("log:", "info:", "debug:"))] == []
