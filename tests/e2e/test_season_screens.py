"""The season page and the night's scoring choice on a 360x740 phone, light and dark: the
standings (long names such as "Alexandrina Wojciechowski", every tie-break column) fit
the width, Total in view without scrolling the table, and an unselected radio
button of the night form stands out from the page (3:1, the contrast a control's edge
needs), in either theme. SEASON_SHOTS=<folder> keeps a screenshot of each."""

from __future__ import annotations

import os
from datetime import date, timedelta

import pytest
from django.test import Client

from smear_scores.models import Club, Player
from smear_scores.rules import HandEntry
from smear_scores.services import night_phones, nights
from smear_scores.services.recording import hand_record
from smear_scores.services.seasons import season_save
from tests.league.conftest import agree_all, make_user

from .test_table_conditions import SIDEWAYS, WIDER

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
NAMES = [
    "Christopher",
    "Katherine",
    "Alexandrina Wojciechowski",
    "Bartholomew Ostrowski",
    "Bo",
    "Di",
    "Nathaniel",
]
FINISH_TRANSITIONS = "document.getAnimations().forEach(a => a.finish())"
# Each unselected radio of the fieldset: [its label, the contrast of its edge with what
# is behind it], the colours as the browser draws them (rgb or rgba over the page).
RADIO_EDGES = """(legend) => {
  const rgb = c => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const behind = el => {
    for (let e = el.parentElement; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] > 0)) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const over = (c, back) =>
    c.length === 4 ? c.slice(0, 3).map((v, i) => v * c[3] + back[i] * (1 - c[3])) : c;
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const set = [...document.querySelectorAll('fieldset')]
    .find(f => f.querySelector('legend').textContent.trim() === legend);
  return [...set.querySelectorAll('input[type=radio]:not(:checked)')].map(r => {
    const back = behind(r);
    const edge = over(rgb(getComputedStyle(r).borderTopColor), back);
    return [r.parentElement.textContent.trim(), Math.round(ratio(edge, back) * 100) / 100];
  });
}"""


def _season():
    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    players = [Player.objects.create(club=club, name=n) for n in NAMES]
    start = date(2026, 3, 3)
    for n in range(3):
        night = nights.night_open(
            club=club,
            name=f"Night {n + 1}",
            day=start + timedelta(days=7 * n),
            variant="schmier",
            rounds=1,
            round_hands=1,
        )
        for player in players:
            night_phones.night_check_in(night=night, player=player)
        for table in nights.round_draw(night=night, seed=n).tables.select_related("game"):
            entry = HandEntry(bidder=n % 3, bid=3, points=(3, 2, 1))
            agree_all(hand_record(game=table.game, entry=entry)[0])
    season = season_save(
        club=club,
        name="Spring 2026",
        start=date(2026, 1, 1),
        end=date(2026, 12, 31),
        nights_planned=12,
        tie_breaks=["nights_won", "rounds_won", "best_night", "head_to_head"],
    )
    return club, season


def _looks(page, name: str, part=None) -> dict:
    """Per theme: how far the page scrolls sideways, and what reaches past its edge; a
    screenshot of the page (or of ``part`` of it) in SEASON_SHOTS, if set."""
    shots = os.environ.get("SEASON_SHOTS")
    seen = {}
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.evaluate(FINISH_TRANSITIONS)
        seen[scheme] = page.evaluate(SIDEWAYS), page.evaluate(WIDER)
        if shots and part is not None:
            part.screenshot(path=f"{shots}/{name}-{scheme}.png")
        elif shots:
            page.screenshot(path=f"{shots}/{name}-{scheme}.png", full_page=True)
    return seen


@pytest.mark.django_db(transaction=True)
def test_the_season_page_and_the_scoring_choice_read_on_a_phone(browser, live_server):
    club, season = _season()
    signed_in = Client()
    signed_in.force_login(make_user("dora", club=club, admin=True))
    context = browser.new_context(viewport=PHONE, base_url=live_server.url)
    context.add_cookies(
        [
            {
                "name": "sessionid",
                "value": signed_in.cookies["sessionid"].value,
                "url": live_server.url,
            }
        ]
    )
    page = context.new_page()
    try:
        page.goto(f"/clubs/{club.slug}/seasons/{season.pk}/")
        heads = page.locator(".season-standings thead th").all_inner_texts()
        assert heads == ["#", "Player", "Nights", "Won", "Rds", "Best", "Total"]
        assert "Christopher" in page.locator(".season-standings tbody").inner_text()
        season_seen = _looks(page, "season")

        page.goto(f"/clubs/{club.slug}/tournaments/new/")
        choice = page.locator("fieldset", has=page.locator("legend", has_text="How the night"))
        form_seen = _looks(page, "night-scoring-choice", choice)
        edges = {}
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.evaluate(FINISH_TRANSITIONS)
            edges[scheme] = page.evaluate(RADIO_EDGES, "How the night scores")
    finally:
        context.close()
    assert season_seen == {"light": (0, []), "dark": (0, [])}
    assert form_seen == {"light": (0, []), "dark": (0, [])}
    assert len(edges["dark"]) == 3
    assert {s: [e for e in found if e[1] < 3] for s, found in edges.items()} == {
        "light": [],
        "dark": [],
    }
