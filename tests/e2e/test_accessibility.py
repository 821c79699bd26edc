"""Every page a person can reach, in the states that matter, at 360x740: axe-core
(axe-playwright-python) finds no violation in light or dark, and everything a finger taps
is 44 px or taller.

SCREENS is the audit: one row per page and state, with how a person gets there and as
whom (a watcher, the game's scorer, a club admin). Left out, as not pages: the JSON API,
the /live/ fragments htmx polls, the CSV downloads, static files and the service worker;
and the Django admin's pages for games, hands and removals, which only a superuser sees."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from types import SimpleNamespace

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from django.contrib.auth.models import User
from django.utils import timezone

from smear_scores.models import Club, League, Membership, Player
from smear_scores.rules import HandEntry
from smear_scores.selectors.house_rules import preset_settings
from smear_scores.services.house_rules import house_rules_create
from smear_scores.services.league_games import league_game_create
from smear_scores.services.new_games import game_create
from smear_scores.services.night_phones import night_check_in
from smear_scores.services.nights import night_open, round_draw
from smear_scores.services.recording import hand_record
from smear_scores.services.removal import game_remove
from smear_scores.services.seasons import season_save

from .conftest import small_tap_targets

pytestmark = pytest.mark.browser

SCREEN = {"width": 360, "height": 740}
PASSWORD = "a-long-test-password"
# Wisconsin: the bidder's team takes all four points on a bid of 4; four of them win.
SWEEP = HandEntry(bidder=0, bid=4, awards={"high": 0, "low": 0, "jack": 0, "game": 0})


@pytest.fixture
def world(make_game):
    """The games, club, league and night the screens show."""
    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    league = League.objects.create(
        club=club, name="Winter", variant="ne-wisconsin", start_date=date(2020, 1, 1)
    )
    players = [Player.objects.create(club=club, name=n) for n in ("Ann", "Bob", "Cat", "Dan")]
    won = league_game_create(league=league, players=players, first_dealer=0)
    for _ in range(4):
        won, _ = hand_record(game=won, entry=SWEEP)
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
    season = season_save(
        club=club,
        name="Season 2020 on",
        start=date(2020, 1, 1),
        end=date(2099, 12, 31),
        nights_planned=40,
        minimum=2,
        tie_breaks=["nights_won", "head_to_head"],
    )
    casual = make_game(
        "schmier",
        players=["Al", "Bo", "Cy", "Di", "Ed", "Flo"],
        entries=[HandEntry(bidder=1, bid=3, points=(1, 4, 1))],
    )
    tuesday = {**preset_settings("ne-wisconsin"), "name": "Tuesday Smear", "target": 21}
    return SimpleNamespace(
        casual=casual,
        # A table's own rules, saved by name.
        house=house_rules_create(settings=tuesday),
        # A game of rules given inline (the API's settings): its rules page is the game's.
        inline=game_create(
            settings={**tuesday, "name": "Christopher and Katherine's Tuesday Smear"},
            players=["Christopher", "Katherine", "Jonathan", "Elizabeth"],
            first_dealer=0,
        ),
        # Three teams, two with long one-word names, and many hands behind them.
        named=make_game("schmier", hands=14, team_names=["Unbeatables", "Invincibles", "Aces"]),
        finished=make_game(
            "ne-wisconsin", entries=[SWEEP] * 4, team_names=["Sharks", ""], first_dealer=1
        ),
        removed=make_game("ne-wisconsin", hands=2, team_names=["Sharks", ""]),
        won=won,
        club=club,
        league=league,
        ann=players[0],
        night=night,
        season=season.pk,
    )


def _score(page, game) -> None:
    """This phone scores the game: its scoring link, then Yes."""
    page.goto(f"/g/{game.public_id}/score/#{game.scoring_secret}")
    page.get_by_role("button", name="Yes, score from this phone").click()
    page.get_by_text("This phone can now score this game.").wait_for()


def _sign_in(page, password: str = PASSWORD) -> None:
    page.goto("/clubs/login/")
    page.fill("input[name=username]", "ada")
    page.fill("input[name=password]", password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


def _refused(page) -> None:
    """Wait for the message a refused form shows."""
    page.locator("[role=alert], .error, .problem").first.wait_for()


def _team_names_open(page, w) -> None:
    page.goto("/new/")
    page.locator("details.team-names summary").click()
    page.locator("input[name=team_name_0]").wait_for()


def _new_game_refused(page, w) -> None:
    page.goto("/new/")
    page.get_by_role("button", name="Start the game").click()
    _refused(page)


def _handover_refused(page, w) -> None:
    page.goto(f"/g/{w.casual.public_id}/score/")
    page.fill("input[name=code]", "WRONG-CODE-HERE")
    page.get_by_role("button", name="Yes, score from this phone").click()
    page.get_by_text("This scoring code is not the game's").wait_for()


def _removed(page, w) -> None:
    game_remove(game=w.removed)
    page.goto(f"/g/{w.removed.public_id}/")


def _removed_for_its_scorer(page, w) -> None:
    _score(page, w.removed)
    game_remove(game=w.removed)
    # The scorer's open board hears of the removal and shows the game's page by itself
    # (a page.goto here would race that reload).
    page.get_by_role("button", name="Restore this game").wait_for()


def _as_scorer(path: str) -> Callable:
    def reach(page, w) -> None:
        _score(page, w.casual)
        page.goto(path.format(g=f"/g/{w.casual.public_id}"))

    return reach


def _hand_refused(page, w) -> None:
    _score(page, w.casual)
    page.locator("label[for=bidder-0]").click()
    page.get_by_role("button", name="Record hand 2").click()
    _refused(page)


def _hand_kept_offline(page, w) -> None:
    """A hand recorded with no connection: "offline · 1 hand waiting"."""
    _score(page, w.casual)
    page.context.set_offline(True)
    for label in ("bidder-1", "bid-3", "award_high-1", "award_low-1", "award_right_bauer-1"):
        page.locator(f"label[for={label}]").click()
    for label in ("award_left_bauer-0", "award_joker-2", "award_game-1"):
        page.locator(f"label[for={label}]").click()
    page.get_by_role("button", name="Record hand 2").click()
    page.get_by_text("offline · 1 hand waiting").wait_for()


def _kept_hand_clashing(page, w) -> None:
    """The kept hand's number was taken meanwhile by another phone: "Kept on this phone:
    not recorded", with Enter it again and Drop it."""
    _hand_kept_offline(page, w)
    hand_record(game=w.casual, entry=HandEntry.thrown(), number=2)
    page.context.set_offline(False)
    page.get_by_text("Kept on this phone: not recorded").wait_for()


def _edit_to_confirm(page, w) -> None:
    _score(page, w.casual)
    page.goto(f"/g/{w.casual.public_id}/hands/1/edit/")
    page.locator("label[for=bid-4]").click()
    page.locator("#hand-form button.record").click()
    page.get_by_role("button", name="Yes, change hand 1").wait_for()


def _finished_for_its_scorer(page, w) -> None:
    _score(page, w.finished)
    page.locator(".banner").wait_for()


def _as_admin(path: str) -> Callable:
    def reach(page, w) -> None:
        _sign_in(page)
        page.goto(path.format(**vars(w), league_id=w.league.pk, ann_id=w.ann.pk, n=w.night.pk))

    return reach


def _check_in_page(page, w) -> None:
    page.goto(f"/join/{w.night.join_code}/")


def _guide_card(page, w) -> None:
    """A player checks in on their phone and sees their card (round 1 is drawn)."""
    _check_in_page(page, w)
    name = w.night.entrants.order_by("player__name").first().player.name
    page.get_by_role("button", name=re.compile(f"^{name}")).click()
    page.locator(".guide-where").wait_for()


def _login_refused(page, w) -> None:
    _sign_in(page, "not-the-password")
    _refused(page)


def _locked_out(page, w) -> None:
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _sign_in(page, "not-the-password")
    page.get_by_role("heading", name="Too many wrong passwords").wait_for()


def _check_in_nobody(page, w) -> None:
    _as_admin("/tournaments/{n}/")(page, w)
    page.get_by_role("button", name="Check in").click()
    _refused(page)


def _night_new_refused(page, w) -> None:
    _as_admin("/clubs/tuesday/tournaments/new/")(page, w)
    page.get_by_role("button", name="Open the night").click()
    _refused(page)


def _season_new_refused(page, w) -> None:
    _as_admin("/clubs/tuesday/seasons/new/")(page, w)
    page.get_by_label("First day").fill("2026-01-01")
    page.get_by_label("Last day").fill("2026-12-31")
    page.get_by_label("Drop the lowest N nights").fill("20")
    page.get_by_role("button", name="Open the season").click()
    _refused(page)


def _league_game_refused(page, w) -> None:
    _as_admin("/leagues/{league_id}/new/")(page, w)
    # The same player in every seat (the picker's script would stop it first).
    page.evaluate(
        """() => { const seats = [...document.querySelectorAll("select[name^=seat_]")];
             seats.forEach(s => { s.selectedIndex = 1;
                                  [...s.options].forEach(o => o.disabled = false); }); }"""
    )
    page.get_by_role("button", name="Start the game").click()
    _refused(page)


def _our_rules_refused(page, w) -> None:
    page.goto("/rules/house/new/?from=ne-wisconsin")
    page.fill("input[name=max_bid]", "5")
    page.get_by_role("button", name="Save these rules").click()
    _refused(page)


def _paste_refused(page, w) -> None:
    _as_admin("/admin/smear_scores/player/paste/")(page, w)
    page.fill("textarea", "Gus\nann\nGus")
    page.get_by_role("button", name="Add these players").click()
    _refused(page)


def _sign_up_refused(page, w) -> None:
    page.goto("/signup/")
    page.fill("input[name=username]", "ada")
    page.fill("input[name=password1]", "short")
    page.fill("input[name=password2]", "other")
    page.get_by_role("button", name="Sign up").click()
    _refused(page)


def _roster_preview(page, w) -> None:
    _as_admin("/clubs/tuesday/roster/")(page, w)
    page.fill("textarea[name=text]", "Gus\nann\nGus\nHal")
    page.get_by_role("button", name="Check the list").click()
    page.locator("#roster-preview").wait_for()


def _invitation(page, w) -> None:
    _as_admin("/clubs/tuesday/people/")(page, w)
    page.locator("li", has_text="Eve").get_by_role("button", name="Invite").click()
    page.locator("figure.qr").wait_for()


@dataclass(frozen=True)
class Screen:
    name: str
    # A path ("{casual}" etc. from the world) opened by a watcher, or the steps to it.
    reach: str | Callable

    def open(self, page, w) -> None:
        if callable(self.reach):
            self.reach(page, w)
        else:
            ids = {k: getattr(v, "public_id", getattr(v, "pk", v)) for k, v in vars(w).items()}
            page.goto(self.reach.format(**ids))


SCREENS = [
    # Casual games, as a watcher (a phone that only follows the game).
    Screen("home, no games on this phone", "/"),
    Screen("new game", "/new/"),
    Screen("new game, team names open", _team_names_open),
    Screen("new game, refused", _new_game_refused),
    Screen("scoreboard, watching", "/g/{casual}/"),
    Screen("scoreboard, named teams and many hands", "/g/{named}/"),
    Screen("scoreboard, finished, banner", "/g/{finished}/"),
    Screen("history, one hand", "/g/{casual}/history/"),
    Screen("history, many hands", "/g/{named}/history/"),
    Screen("table view", "/g/{casual}/table/"),
    Screen("table view, named teams", "/g/{named}/table/"),
    Screen("table view, finished", "/g/{finished}/table/"),
    Screen("hand-over, typing the code", "/g/{casual}/score/"),
    Screen("hand-over, refused", _handover_refused),
    Screen("removed game, watching", _removed),
    Screen("rules of Schmier", "/rules/schmier/"),
    Screen("rules of Wisconsin", "/rules/ne-wisconsin/"),
    # Rules pages written from the data: a moon and a stuck dealer, per-game options.
    Screen("rules of Ten-point Pitch", "/rules/ten-point-pitch/"),
    Screen("rules of Auction Pitch", "/rules/auction-pitch/"),
    Screen("a link to no game", "/g/NoSuchGame1/"),
    Screen("rules of no variant", "/rules/bridge/"),
    Screen("our rules", "/rules/house/new/?from=ne-wisconsin"),
    Screen("our rules, refused", _our_rules_refused),
    Screen("house rules, shared", "/rules/house/{house}/"),
    Screen("rules of a game of inline rules", "/g/{inline}/rules/"),
    Screen("new game, shared house rules", "/new/?variant=house:{house}"),
    Screen("an address that is no page", "/no-such-page/"),
    # The scorer's screens.
    Screen("home with games", _as_scorer("/")),
    Screen("scoreboard, scoring", _as_scorer("{g}/")),
    Screen("scoreboard, hand refused", _hand_refused),
    Screen("scoreboard, a hand kept offline", _hand_kept_offline),
    Screen("scoreboard, a kept hand clashing", _kept_hand_clashing),
    Screen("hand-over, already scoring", _as_scorer("{g}/score/")),
    Screen("undo", _as_scorer("{g}/undo/")),
    Screen("edit a hand", _as_scorer("{g}/hands/1/edit/")),
    Screen("edit a hand, confirm", _edit_to_confirm),
    Screen("remove, confirm", _as_scorer("{g}/remove/")),
    Screen("removed game, its scorer", _removed_for_its_scorer),
    Screen("finished, rematch", _finished_for_its_scorer),
    # Clubs and leagues, to anyone.
    Screen("clubs", "/clubs/"),
    Screen("log in", "/clubs/login/"),
    Screen("log in, refused", _login_refused),
    Screen("log in, locked out", _locked_out),
    Screen("sign up", "/signup/"),
    Screen("sign up, refused", _sign_up_refused),
    Screen("an invitation, opened", "/clubs/tuesday/invitation/"),
    Screen("club", "/clubs/tuesday/"),
    Screen("league", "/leagues/{league}/"),
    Screen("league games", "/leagues/{league}/games/"),
    Screen("league game won, banner", "/g/{won}/"),
    Screen("player", "/players/{ann}/"),
    Screen("club night today", "/nights/tuesday/"),
    Screen("club night, no games", "/nights/tuesday/2020-01-07/"),
    Screen("night room", "/tournaments/{night}/room/"),
    Screen("night scoring rules", "/tournaments/{night}/scoring/"),
    Screen("season standings", "/clubs/tuesday/seasons/{season}/"),
    Screen("season standings, to print", "/clubs/tuesday/seasons/{season}/print/"),
    Screen("night results, to print", "/tournaments/{night}/results/print/"),
    Screen("season, new", _as_admin("/clubs/tuesday/seasons/new/")),
    Screen("season, new, refused", _season_new_refused),
    Screen("league new game, not signed in", "/leagues/{league}/new/"),
    Screen("night director, not signed in", "/tournaments/{night}/"),
    Screen("night check-in, a player's phone", _check_in_page),
    Screen("night guide card", _guide_card),
    # A club admin's pages, signed in.
    Screen("club, signed in", _as_admin("/clubs/tuesday/")),
    Screen("start a club", _as_admin("/start-a-club/")),
    Screen("import a club", _as_admin("/import-a-club/")),
    Screen("ask to join", _as_admin("/clubs/tuesday/join/")),
    Screen("club settings", _as_admin("/clubs/tuesday/settings/")),
    Screen("club people", _as_admin("/clubs/tuesday/people/")),
    Screen("club roster", _as_admin("/clubs/tuesday/roster/")),
    Screen("club roster, import preview", _roster_preview),
    Screen("an invitation, for the director", _invitation),
    Screen("night, new", _as_admin("/clubs/tuesday/tournaments/new/")),
    Screen("night, new, refused", _night_new_refused),
    Screen("night director", _as_admin("/tournaments/{n}/")),
    Screen("night director, refused", _check_in_nobody),
    Screen("league new game", _as_admin("/leagues/{league_id}/new/")),
    Screen("league new game, refused", _league_game_refused),
    Screen("admin home", _as_admin("/admin/")),
    Screen("admin players", _as_admin("/admin/smear_scores/player/")),
    Screen("admin player", _as_admin("/admin/smear_scores/player/{ann_id}/change/")),
    Screen("admin paste players", _as_admin("/admin/smear_scores/player/paste/")),
    Screen("admin paste players, refused", _paste_refused),
    Screen("admin leagues", _as_admin("/admin/smear_scores/league/")),
    Screen("admin league", _as_admin("/admin/smear_scores/league/{league_id}/change/")),
    Screen("admin new league", _as_admin("/admin/smear_scores/league/add/")),
    Screen("admin clubs", _as_admin("/admin/smear_scores/club/")),
    Screen("admin memberships", _as_admin("/admin/smear_scores/membership/")),
    Screen("admin nights", _as_admin("/admin/smear_scores/night/")),
    Screen("admin night", _as_admin("/admin/smear_scores/night/{n}/change/")),
    Screen("admin corrections", _as_admin("/admin/smear_scores/correction/")),
    Screen("house rules, a club admin adopts", _as_admin("/rules/house/{house.public_id}/")),
    Screen("admin house rules", _as_admin("/admin/smear_scores/houserules/")),
]


@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: s.name)
def test_no_axe_violation_and_no_small_tap_target(browser, live_server, world, screen):
    context = browser.new_context(viewport=SCREEN, base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(10_000)
    axe = Axe()
    found = {}
    try:
        screen.open(page, world)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            # Colours as they end up, not halfway through a transition to them.
            page.evaluate("document.getAnimations().forEach(a => a.finish())")
            violations = axe.run(page).response["violations"]
            found[scheme] = sorted(
                f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
                for v in violations
            )
        short = small_tap_targets(page)
    finally:
        context.close()
    assert found == {"light": [], "dark": []}
    assert short == []
