"""axe-core (axe-playwright-python) finds no violation on the app's pages, light and dark,
with a played casual game and a league with a finished game behind them; and none on the
pages a club admin uses (a progressive night, the league's new game, the Django admin's
leagues and players, the pasted list), whose tap targets are all 44 px or taller."""

from __future__ import annotations

from datetime import date

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth.models import User
from django.utils import timezone

from smear_scores.models import Club, League, Membership, Player
from smear_scores.rules import HandEntry
from smear_scores.services.games import (
    game_create,
    game_remove,
    hand_record,
    league_game_create,
)
from smear_scores.services.nights import night_check_in, night_open, round_draw

from .conftest import small_tap_targets

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
        _scan_here(axe, page, "/g/…/score/ (hand-over)", found)
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


def _scan(axe, page, path, found, options=None):
    page.goto(path)
    _scan_here(axe, page, path, found, options)


def _scan_here(axe, page, name, found, options=None):
    """axe on the page as it is now (a refused form, a screen reached by a tap)."""
    violations = axe.run(page, options=options).response["violations"]
    if violations:
        found[name] = sorted(
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


PASSWORD = "a-long-test-password"


@pytest.fixture
def club_pages(pages):
    """A club admin's pages: a progressive night with a round drawn, the league's new-game
    screen, the pasted-players page and the admin pages for leagues and players."""
    club = Club.objects.get(slug="tuesday")
    league = League.objects.get(club=club)
    ann = Player.objects.get(name="Ann")
    for name in ("Eve", "Fay"):
        Player.objects.create(club=club, name=name)
    ada = User.objects.create_user("ada", password=PASSWORD, is_staff=True)
    Membership.objects.create(user=ada, club=club, is_admin=True)
    night = night_open(
        club=club,
        name="Tuesday progressive",
        day=timezone.localdate(),
        variant="schmier",
        rounds=2,
        round_hands=2,
    )
    for player in Player.objects.filter(club=club):
        night_check_in(night=night, player=player)
    round_draw(night=night, seed=1)
    return league, [
        f"/clubs/{club.slug}/tournaments/new/",
        f"/tournaments/{night.pk}/",
        f"/tournaments/{night.pk}/room/",
        f"/leagues/{league.pk}/new/",
        "/admin/smear_scores/player/paste/",
        "/admin/smear_scores/player/",
        f"/admin/smear_scores/player/{ann.pk}/change/",
        "/admin/smear_scores/league/",
        f"/admin/smear_scores/league/{league.pk}/change/",
    ]


def _sign_in(page, password: str) -> None:
    page.goto("/clubs/login/")
    page.fill("input[name=username]", "ada")
    page.fill("input[name=password]", password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violation_on_a_club_admins_pages(browser, live_server, club_pages, scheme):
    axe = Axe()
    league, paths = club_pages
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, color_scheme=scheme, base_url=live_server.url
    )
    page = context.new_page()
    found = {}
    short = {}
    try:
        # A refused sign-in, then the club admin signs in.
        _sign_in(page, "not-the-password")
        _scan_here(axe, page, "/clubs/login/ (refused)", found)
        _sign_in(page, PASSWORD)
        for path in paths:
            _scan(axe, page, path, found)
            if small := small_tap_targets(page):
                short[path] = small
        # The refused states of the forms a club admin fills in.
        page.goto(f"/leagues/{league.pk}/new/")
        page.evaluate(
            """() => { const seats = [...document.querySelectorAll("select[name^=seat_]")];
                 seats.forEach(s => { s.selectedIndex = 1;
                                      [...s.options].forEach(o => o.disabled = false); }); }"""
        )
        page.get_by_role("button", name="Start the game").click()
        page.get_by_role("alert").wait_for()
        _scan_here(axe, page, "/leagues/…/new/ (refused)", found)
        page.goto("/admin/smear_scores/player/paste/")
        page.fill("textarea", "Gus\nann\nGus")
        page.get_by_role("button", name="Add these players").click()
        page.get_by_role("alert").wait_for()
        _scan_here(axe, page, "/admin/…/paste/ (refused)", found)
        if small := small_tap_targets(page):
            short["/admin/…/paste/ (refused)"] = small
    finally:
        context.close()
    assert found == {}
    assert short == {}
