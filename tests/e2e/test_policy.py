"""The scoring screens work in Chromium under the Content-Security-Policy: htmx swaps,
the live preview, the copy button and the award grid, with no inline script or style
anywhere, so the browser reports no violation."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_scoring_games import Scorer

pytestmark = pytest.mark.browser

expect.set_options(timeout=10_000)


def test_scoring_under_the_content_security_policy_reports_no_violation(phone, live_server):
    violations: list[str] = []
    phone.on(
        "console",
        lambda message: (
            violations.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    me = Scorer(phone)
    me.new_game("Wisconsin", ["Ann", "Bo", "Cy", "Dee"], dealer="Dee")
    # The award buttons line up in three columns (A, B, Nobody): set by a class, as the
    # policy allows no style attribute.
    columns = phone.locator(".awards .choices").first.evaluate(
        "e => getComputedStyle(e).gridTemplateColumns.split(' ').length"
    )
    assert columns == 3
    me.record(
        1,
        "Ann",
        2,
        {"high": "A", "low": "B", "jack": "Nobody", "game": "A"},
        "Ann & Cy bid 2 and took 2: made, +2 · Bo & Dee +1",
    )
    me.open_edit(1)
    me.confirm_edit(1, "Ann & Cy bid 2 and took 2: made, +2 · Bo & Dee +1")
    me.undo(1)
    assert me.scores() == [0, 0]
    assert violations == []
