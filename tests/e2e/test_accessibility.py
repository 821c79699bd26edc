"""axe-core (axe-playwright-python) finds no violation on the app's pages, light and dark,
with a played casual game and a league with a finished game behind them."""

from __future__ import annotations

from datetime import date

import pytest
from axe_playwright_python.sync_playwright import Axe

from smear_scores.models import Club, League, Player
from smear_scores.rules import HandEntry
from smear_scores.services.games import (
    game_create,
    game_remove,
    hand_record,
    league_game_create,
)

pytestmark = pytest.mark.browser

SWEEP = HandEntry(bidder=0, bid=4, awards={"high": 0, "low": 0, "jack": 0, "game": 0})


@pytest.fixture
def pages(db):
    """The hand-over link of a casual game, and every page to scan (the watcher's first)."""
    casual = game_create(variant="schmier", players=["Al", "Bo", "Cy", "Di", "Ed", "Flo"])
    hand_record(game=casual, entry=HandEntry(bidder=1, bid=3, points=(1, 4, 1)))
    named = game_create(
        variant="ne-wisconsin", players=["Al", "Bo", "Cy", "Di"], team_names=["Sharks", ""]
    )
    game_remove(game=named)
    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    league = League.objects.create(
        club=club, name="Winter", variant="ne-wisconsin", start_date=date(2020, 1, 1)
    )
    players = [Player.objects.create(club=club, name=n) for n in ("Ann", "Bob", "Cat", "Dan")]
    won = league_game_create(league=league, players=players, first_dealer=0)
    for _ in range(4):
        won, _ = hand_record(game=won, entry=SWEEP)
    g = f"/g/{casual.public_id}/"
    return f"/g/{casual.public_id}/score/#{casual.scoring_secret}", [
        "/",
        "/new/",
        g,
        f"{g}history/",
        f"{g}table/",
        f"/g/{won.public_id}/",
        "/rules/schmier/",
        "/rules/ne-wisconsin/",
        "/clubs/",
        "/clubs/login/",
        "/clubs/tuesday/",
        f"/leagues/{league.pk}/",
        f"/leagues/{league.pk}/games/",
        f"/players/{players[0].pk}/",
        "/nights/tuesday/",
        # A game its scorer removed, with a named team.
        f"/g/{named.public_id}/",
    ]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violation_on_any_page(browser, live_server, pages, scheme):
    axe = Axe()
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, color_scheme=scheme, base_url=live_server.url
    )
    page = context.new_page()
    found = {}
    handover, paths = pages
    try:
        for path in paths[:3]:
            _scan(axe, page, path, found)
        # The scorer's screens: the hand form, the undo and edit screens.
        page.goto(handover)
        page.get_by_role("button", name="Yes, score from this phone").click()
        page.wait_for_selector("#hand-form")
        game = paths[2]
        # The home list with its Remove link, and the removal's confirmation.
        scorer = ["/", game, f"{game}undo/", f"{game}hands/1/edit/", f"{game}remove/"]
        for path in [*scorer, *paths[3:]]:
            _scan(axe, page, path, found)
    finally:
        context.close()
    assert found == {}


def _scan(axe, page, path, found):
    page.goto(path)
    violations = axe.run(page).response["violations"]
    if violations:
        found[path] = sorted(
            f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
            for v in violations
        )


def test_links_on_club_league_player_and_night_pages_are_44px_tall(browser, live_server, pages):
    _, paths = pages
    wanted = [p for p in paths if p.startswith(("/clubs/tuesday/", "/leagues/", "/players/"))]
    wanted.append("/nights/tuesday/")
    context = browser.new_context(viewport={"width": 360, "height": 740}, base_url=live_server.url)
    page = context.new_page()
    short = {}
    try:
        for path in wanted:
            page.goto(path)
            boxes = [
                (link.inner_text(), link.bounding_box())
                for link in page.locator("main a").all()
                if link.is_visible()
            ]
            assert boxes, path
            low = [(text, round(box["height"])) for text, box in boxes if box["height"] < 44]
            if low:
                short[path] = low
    finally:
        context.close()
    assert short == {}
