"""The notice-board sheets print forty players on one A4 page: a season's standings and a
night's results. Every sheet (the night's, its results, the season's) prints dark text on
white paper with no shadows, whatever the colour scheme of the phone or computer printing
it. On a 360x740 phone, light and dark, a night's standings (long names and a substitute
included) fit the screen without scrolling sideways. PRINT_SHOTS=<folder> keeps a
screenshot of each."""

from __future__ import annotations

import os
import re
from datetime import date
from pprint import pformat

import pytest
from django.test import Client

from smear_scores.models import Club, Night, Player
from smear_scores.rules import HandEntry
from smear_scores.services import night_phones, nights
from smear_scores.services import night_substitutes as subs
from smear_scores.services.recording import hand_record
from smear_scores.services.seasons import season_save
from tests.league.conftest import agree_all, make_user

from .test_table_conditions import SIDEWAYS, WIDER

pytestmark = pytest.mark.browser

NAMES = [f"{first} {last}" for first in ("Ann", "Bo", "Cy", "Di", "Ed") for last in "ABCDEFGH"]
PHONE = {"width": 360, "height": 740}
LONG_NAMES = [
    "Alexandrina Wojciechowski",
    "Bartholomew Ostrowski",
    "Christopher",
    "Katherine",
    "Jacqueline",
    "Nathaniel",
    "Bo",
    "Di",
]
SUB = "Maximiliana Kowalczyk"
SWEEP_0 = HandEntry(bidder=0, bid=4, awards={"high": 0, "low": 0, "jack": 0, "game": 0})
SWEEP_1 = HandEntry(bidder=1, bid=4, awards={"high": 1, "low": 1, "jack": 1, "game": 1})
FINISH_TRANSITIONS = "document.getAnimations().forEach(a => a.finish())"
# What would not read as dark ink on white paper: each text's colour (its contrast with
# white under 7:1), anything drawn on a background other than white, and any shadow.
NOT_INK_ON_WHITE = """() => {
  const rgb = c => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const onWhite = c => (1.05 / (lum(c) + 0.05));
  const behind = el => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] > 0)) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const out = [];
  const seen = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || seen.has(el)) continue;
    if (!el.checkVisibility() || el.closest('.visually-hidden, svg, script, style')) continue;
    seen.add(el);
    const name = el.tagName.toLowerCase() + ' "' + node.textContent.trim().slice(0, 20) + '"';
    const ink = Math.round(onWhite(rgb(getComputedStyle(el).color)) * 10) / 10;
    if (ink < 7) out.push(name + ' ink ' + ink + ':1');
    const paper = behind(el);
    if (paper.some(v => v < 250)) out.push(name + ' on ' + paper.join(','));
  }
  for (const el of document.querySelectorAll('body, body *')) {
    const s = getComputedStyle(el);
    if (el.checkVisibility() && (s.boxShadow !== 'none' || s.textShadow !== 'none'))
      out.push(el.tagName.toLowerCase() + '.' + el.className + ' shadow');
  }
  return out;
}"""
# Each substitute's line on the results sheet that shares a line with the name before it.
SAT_IN_BESIDE = """() => [...document.querySelectorAll('.night-results .sat-in')].filter(s => {
  const name = document.createRange();
  name.selectNodeContents(s.parentElement.firstChild);
  return s.getBoundingClientRect().top < name.getBoundingClientRect().bottom - 0.5;
}).map(s => s.textContent)"""


def pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


def test_forty_players_print_on_one_a4_page(browser, live_server):
    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    players = [Player.objects.create(club=club, name=n) for n in NAMES]
    night = nights.night_open(
        club=club,
        name="Spring night",
        day=date(2026, 3, 3),
        variant="schmier",
        rounds=3,
        round_hands=1,
    )
    for player in players:
        night_phones.night_check_in(night=night, player=player)
    for seed in (1, 2, 3):
        for table in nights.round_draw(night=night, seed=seed).tables.all():
            game, _ = hand_record(
                game=table.game, entry=HandEntry(bidder=0, bid=3, points=(3, 2, 1))
            )
            agree_all(game)
    season = season_save(
        club=club,
        name="Spring 2026",
        start=date(2026, 1, 1),
        end=date(2026, 12, 31),
        nights_planned=40,
        minimum=1,
        tie_breaks=["nights_won", "rounds_won"],
    )
    context = browser.new_context(base_url=live_server.url)
    page = context.new_page()
    try:
        for path in (
            f"/clubs/tuesday/seasons/{season.pk}/print/",
            f"/tournaments/{night.pk}/results/print/",
        ):
            page.goto(path)
            assert page.locator("tbody tr").count() == 40
            page.emulate_media(media="print")
            assert pages(page.pdf(format="A4", print_background=True)) == 1, path
    finally:
        context.close()


def _night_with_a_sub():
    """Eight players with long names at a Wisconsin night of three rounds, two tables a
    round: round 1 played, in round 2 a player leaves and SUB sits in (playing for
    themself: "sub" in the standings, shared places "=3"), round 3 drawn; a season that
    counts the night. Returns a director's signed-in client and the pages, by name."""
    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    players = [Player.objects.create(club=club, name=n) for n in LONG_NAMES]
    sub = Player.objects.create(club=club, name=SUB)
    night = subs.night_open_with_subs(
        club=club,
        name="Spring night",
        day=date(2026, 3, 3),
        variant="ne-wisconsin",
        rounds=3,
        round_hands=1,
        sub_policy=Night.SUB_SELF,
    )
    for player in players:
        night_phones.night_check_in(night=night, player=player)
    for seed, sweep in ((1, SWEEP_0), (2, SWEEP_1)):
        round_ = nights.round_draw(night=night, seed=seed)
        if seed == 2:
            first = round_.tables.order_by("number").first().game
            absent = Player.objects.get(pk=first.seats.get(position=0).player_id)
            night_phones.night_check_out(night=night, player=absent)
            subs.sub_seat(night=night, absent=absent, sub=sub, first=2)
        for table in round_.tables.select_related("game"):
            agree_all(hand_record(game=table.game, entry=sweep)[0])
    nights.round_draw(night=night, seed=3)
    season = season_save(
        club=club,
        name="Spring 2026",
        start=date(2026, 1, 1),
        end=date(2026, 12, 31),
        nights_planned=12,
        minimum=1,
        tie_breaks=["nights_won", "rounds_won", "best_night", "head_to_head"],
    )
    director = Client()
    director.force_login(make_user("dora", club=club, admin=True))
    return director, {
        "night-print": f"/tournaments/{night.pk}/print/",
        "results-print": f"/tournaments/{night.pk}/results/print/",
        "season-print": f"/clubs/tuesday/seasons/{season.pk}/print/",
        "room": f"/tournaments/{night.pk}/room/",
    }


def _signed_in(browser, live_server, director, **options):
    context = browser.new_context(base_url=live_server.url, **options)
    cookie = director.cookies["sessionid"].value
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": live_server.url}])
    return context


def _shoot(page, name: str) -> None:
    if folder := os.environ.get("PRINT_SHOTS"):
        page.screenshot(path=f"{folder}/{name}.png", full_page=True)


@pytest.mark.django_db(transaction=True)
def test_every_sheet_prints_dark_ink_on_white_from_a_dark_phone(browser, live_server):
    director, paths = _night_with_a_sub()
    context = _signed_in(browser, live_server, director, viewport=PHONE)
    page = context.new_page()
    found = {}
    try:
        for name, path in paths.items():
            if not name.endswith("-print"):
                continue
            page.goto(path)
            for scheme in ("light", "dark"):
                page.emulate_media(media="print", color_scheme=scheme)
                page.evaluate(FINISH_TRANSITIONS)
                _shoot(page, f"{name}-printed-{scheme}")
                if wrong := page.evaluate(NOT_INK_ON_WHITE):
                    found[f"{name} {scheme}"] = wrong
    finally:
        context.close()
    assert found == {}, pformat(found, width=100)


@pytest.mark.parametrize("name", ["night-print", "season-print", "results-print", "room"])
@pytest.mark.django_db(transaction=True)
def test_the_standings_fit_a_phone_with_long_names_and_a_sub(browser, live_server, name):
    director, paths = _night_with_a_sub()
    context = _signed_in(browser, live_server, director, viewport=PHONE)
    page = context.new_page()
    found = {}
    try:
        page.goto(paths[name])
        shown = page.locator("main").inner_text()
        assert LONG_NAMES[0] in shown and (SUB in shown or name == "season-print")
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.evaluate(FINISH_TRANSITIONS)
            _shoot(page, f"{name}-{scheme}")
            sideways, wider = page.evaluate(SIDEWAYS), page.evaluate(WIDER)
            if sideways or wider:
                found[scheme] = [sideways, *wider]
            if beside := page.evaluate(SAT_IN_BESIDE):
                found[f"{scheme}: a sub's line beside the name"] = beside
    finally:
        context.close()
    assert found == {}, pformat(found, width=100)
