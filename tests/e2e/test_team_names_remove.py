"""At 360x740: a table names a team on the new-game screen and sees it on the scoreboard;
a scorer removes a casual game from the home list and restores it after a mis-tap."""

from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import expect

from smear_scores.models import Game, GameRevision
from smear_scores.rules import HandEntry
from smear_scores.services.new_games import game_create
from smear_scores.services.recording import hand_record
from smear_scores.services.removal import game_remove

pytestmark = pytest.mark.browser
expect.set_options(timeout=10_000)

SCREEN = {"width": 360, "height": 740}
# Where the screenshots go when asked for (SHOTS=<directory>); none by default.
SHOTS = os.environ.get("SHOTS", "")


def _shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, name), full_page=True)


@pytest.fixture(params=["light", "dark"])
def table_phone(request, browser, live_server):
    context = browser.new_context(
        viewport=SCREEN,
        has_touch=True,
        is_mobile=True,
        color_scheme=request.param,
        base_url=live_server.url,
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page, request.param
    context.close()


def _no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= SCREEN["width"]


def test_a_table_names_a_team_and_the_scoreboard_calls_it_so(table_phone, db):
    page, scheme = table_phone
    page.goto("/new/")
    names = ["Ann", "Bo", "Cy", "Dee", "Eli", "Flo"]
    for seat, name in enumerate(names):
        page.locator(f'input[name="player_{seat}"]').fill(name)
    section = page.locator("details.team-names")
    expect(section).not_to_have_attribute("open", "")
    # The one-screen start is unchanged: Start the game is reached without opening it.
    section.locator("summary").tap()
    first = page.locator('input[name="team_name_0"]')
    # The placeholder says what the team is called when left empty, as names are typed.
    expect(first).to_have_attribute("placeholder", "Ann & Dee")
    page.locator('input[name="player_3"]').fill("Dot")
    expect(first).to_have_attribute("placeholder", "Ann & Dot")
    first.fill("Sharks")
    expect(page.locator("#partners li").first).to_have_text("Sharks: Ann & Dot")
    _no_sideways_scroll(page)
    _shot(page, f"22-new-game-{scheme}.png")

    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".team-label")).to_have_text(["Sharks", "Bo & Eli", "Cy & Flo"])
    expect(page.locator(".team-partners")).to_have_text(["Ann & Dot"])
    # The pad's button says the point and the team's name (its column's head shows it).
    expect(page.locator('label[for="award_high-0"]')).to_have_text("High: Sharks")
    assert Game.objects.get().team_names == ["Sharks", "", ""]
    _no_sideways_scroll(page)
    # The partners' line under the name still leaves every point's buttons above the bar.
    page.evaluate("window.scrollTo(0, 0)")
    last = page.locator('label[for="award_game-none"]').bounding_box()
    assert last["y"] + last["height"] <= page.locator(".entry-bar").bounding_box()["y"]
    _shot(page, f"22-scoreboard-{scheme}.png")


def test_a_scorer_removes_a_casual_game_and_restores_it(table_phone, db):
    page, scheme = table_phone
    game = game_create(
        variant="ne-wisconsin", players=["Ann", "Bo", "Cy", "Dee"], team_names=["Sharks", ""]
    )
    hand_record(game=game, entry=HandEntry(bidder=0, bid=2, points=(2, 1)))
    page.goto(f"/g/{game.public_id}/score/#{game.scoring_secret}")
    page.get_by_role("button", name="Yes, score from this phone").tap()
    page.wait_for_selector("#hand-form")

    page.goto("/")
    expect(page.locator(".game-list li")).to_have_count(1)
    remove = page.get_by_role("link", name="Remove the Four Point Northeastern Wisconsin")
    assert remove.bounding_box()["height"] >= 44
    _shot(page, f"22-home-{scheme}.png")
    remove.tap()
    expect(page.get_by_role("heading", name="Remove this game?")).to_be_visible()
    _shot(page, f"22-remove-confirm-{scheme}.png")
    page.get_by_role("button", name="Yes, remove this game").tap()

    expect(page.get_by_role("heading", name="Game removed")).to_be_visible()
    expect(page.locator(".notice")).to_have_text("The game was removed from this phone's list.")
    game.refresh_from_db()
    assert game.removed_at is not None
    _no_sideways_scroll(page)
    _shot(page, f"22-removed-{scheme}.png")

    page.get_by_role("button", name="Restore this game").tap()
    expect(page.locator(".notice").first).to_have_text("The game is back, as it was.")
    expect(page.locator(".team-label")).to_have_text(["Sharks", "Bo & Dee"])
    assert list(GameRevision.objects.values_list("action", flat=True)) == ["remove", "restore"]
    page.goto("/")
    expect(page.locator(".game-list li")).to_have_count(1)


def test_a_game_removed_while_a_hand_is_tapped_in_says_so_in_the_entry_bar(table_phone, db):
    """Another phone removes the game between two taps: the preview line says when, in a
    line or two that fits the bar, not the removed page's section."""
    page, scheme = table_phone
    game = game_create(variant="ne-wisconsin", players=["Ann", "Bo", "Cy", "Dee"])
    page.goto(f"/g/{game.public_id}/score/#{game.scoring_secret}")
    page.get_by_role("button", name="Yes, score from this phone").tap()
    page.locator("label[for=bidder-0]").tap()
    expect(page.locator("#hand-preview")).to_contain_text("Still to tap")
    tall = page.locator(".entry-bar").bounding_box()["height"]
    game_remove(game=game)
    page.locator("label[for=bid-2]").tap()
    preview = page.locator("#hand-preview")
    expect(preview).to_have_text(
        re.compile(r"^This game was removed on .*; reload the page to restore it\.\s*$")
    )
    expect(page.locator("#hand-preview section, #hand-preview h1")).to_have_count(0)
    _shot(page, f"23-removed-preview-{scheme}.png")
    # Nothing cut off by the bar's three-line limit: Record, which can record nothing now,
    # gives the line the bar's width, and the bar grows by a line at most.
    assert preview.locator("span").evaluate("e => e.scrollHeight <= e.clientHeight")
    expect(page.locator(".entry-bar .record")).to_be_hidden()
    assert page.locator(".entry-bar").bounding_box()["height"] <= tall + 16
    _no_sideways_scroll(page)


# Where each line of an element's text ends: the characters just before a line break.
LINE_ENDS = """element => {
    const text = [...element.childNodes].find(n => n.nodeType === Node.TEXT_NODE);
    const range = document.createRange(), ends = [];
    let top = null;
    for (let i = 0; i < text.length; i++) {
        range.setStart(text, i); range.setEnd(text, i + 1);
        // A character after a broken soft hyphen also reports the hyphen drawn before it.
        const rect = [...range.getClientRects()].pop();
        if (!rect) continue;
        if (top !== null && rect.top > top + 2) ends.push(text.data[i - 1]);
        top = rect.top;
    }
    return ends;
}"""


def test_a_long_team_name_breaks_between_syllables_with_a_hyphen(table_phone, db):
    """Three teams at 360 px: "Unbeatables" and "Invincibles" are too wide for their
    columns. They break at a soft hyphen (a hyphen shows), never mid-syllable
    ("Unbeatabl e"), on the score cards and in the hands table, without sideways scroll."""
    page, scheme = table_phone
    game = game_create(
        variant="schmier",
        players=["Al", "Bo", "Cy", "Di", "Ed", "Flo"],
        team_names=["Unbeatables", "Invincibles", "Aces"],
    )
    hand_record(game=game, entry=HandEntry(bidder=1, bid=3, points=(1, 4, 1)))
    page.goto(f"/g/{game.public_id}/")
    heads = page.locator("table.hands th.num").all() + page.locator(".team-label").all()
    broken = {}
    for head in heads:
        ends = head.evaluate(LINE_ENDS)
        if ends != ["\u00ad"] * len(ends):
            broken[head.inner_text()] = ends
    assert broken == {}
    # The hands table's heads fit three teams at 360 px (a long name on one line, or
    # broken at its soft hyphen); the score cards' do need a break, so the hyphen is what a
    # person sees.
    assert page.locator("table.hands th.num").first.evaluate(LINE_ENDS) in ([], ["\u00ad"])
    assert page.locator(".team-label").first.evaluate(LINE_ENDS) == ["\u00ad"]
    assert page.locator("table.hands th.num").first.inner_text().replace("\u00ad", "") == (
        "Unbeatables"
    )
    _no_sideways_scroll(page)
    _shot(page, f"23-team-name-{scheme}.png")
