"""The table's conditions: the screens a scoring phone shows, with the names people really
have, in a dark room or a bright one, with large text, held upright or sideways, with the
server's DEBUG on (as the development server runs) and off. What is asserted is what a
person sees, read from the rendered geometry:

- the page never scrolls sideways;
- with names up to 9 letters on an upright phone at 100 % text, every button of the hand
  (bidder, bid, each point) and Record is on the screen without scrolling and not under
  the bottom bar: the element at the centre of each button is that button;
- no word is broken across lines without a hyphen, and no word runs out of its box;
- the end-of-game words in the bar are shown whole;
- axe-core finds nothing, and all text has a contrast of 4.5:1 or more, in light and dark.

STATES are the screens (one page each); CONDITIONS a covering set of the conditions: every
pair of (names, text size, orientation, DEBUG) values is in some condition, and every page
is checked in both colour schemes. The full product (3 x 2 x 2 x 2 x 2 = 48 per state)
would take a quarter of an hour; the pairs find the same faults, as each fault seen so far
needs at most two conditions together."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pprint import pformat

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings as django_settings
from django.contrib.sessions.backends.base import SessionBase
from django.utils import timezone
from django.utils.module_loading import import_string
from playwright.sync_api import Page, expect

from bench.data import filler_entry
from smear_scores import rules
from smear_scores.models import Club, Game, Player
from smear_scores.phone import SCORING_KEY
from smear_scores.services.game_names import MAX_TEAM_NAME
from smear_scores.services.handover import game_scoring_rotate
from smear_scores.services.new_games import game_create
from smear_scores.services.night_phones import night_check_in
from smear_scores.services.nights import night_open, round_draw
from smear_scores.services.recording import hand_record

from ..rules.helpers import _plan

pytestmark = pytest.mark.browser
expect.set_options(timeout=10_000)

# Common first names, the longest up to 11 letters, and team names up to the limit (30).
NAMES = {
    "short": ["Mary", "John", "Lisa", "Mark", "Sue", "Dave"],
    "nine": [
        "Katherine",
        "Jonathan",
        "Jessica",
        "Brandon",
        "Michelle",
        "Anthony",
        "Jennifer",
        "Benjamin",
    ],
    "eleven": ["Christopher", "Jacqueline", "Alexander", "Gabrielle", "Nathaniel", "Elizabeth"],
}
TEAM_NAMES = {
    "short": None,
    "nine": None,
    "eleven": ["Grandma's Back Porch Champions", "Second Street Tavern Regulars", ""],
}
assert max(len(n) for n in TEAM_NAMES["eleven"]) == MAX_TEAM_NAME

# The live server's address, for the session cookie (set by the test).
BASE_URL: list[str] = [""]
PORTRAIT = {"width": 360, "height": 740}
LANDSCAPE = {"width": 740, "height": 360}


@dataclass(frozen=True)
class Condition:
    names: str
    text: int  # per cent
    viewport: dict
    debug: bool

    @property
    def id(self) -> str:
        shape = "portrait" if self.viewport is PORTRAIT else "landscape"
        return f"{self.names}-{self.text}%-{shape}-debug-{'on' if self.debug else 'off'}"

    @property
    def one_screen(self) -> bool:
        """Where every tap of a hand must be on one screen: an upright phone, text as
        set by default, names up to 9 letters."""
        return self.viewport is PORTRAIT and self.text == 100 and self.names != "eleven"


# Every pair of values of (names, text, orientation, DEBUG) is in one of these.
CONDITIONS = [
    Condition("short", 100, PORTRAIT, True),
    Condition("short", 200, LANDSCAPE, False),
    Condition("nine", 100, PORTRAIT, False),
    Condition("nine", 200, LANDSCAPE, True),
    Condition("eleven", 100, LANDSCAPE, True),
    Condition("eleven", 200, PORTRAIT, False),
]
SCHEMES = ("light", "dark")

SCHMIER_POINTS = ("high", "low", "right_bauer", "left_bauer", "joker", "game")
WI_POINTS = ("high", "low", "jack", "game")


def _hand(bidder: int, bid: int, *teams: int) -> rules.HandEntry:
    """A hand by who took each point, in the variant's order (Schmier 6, Wisconsin 4)."""
    keys = SCHMIER_POINTS if len(teams) == 6 else WI_POINTS
    return rules.HandEntry(bidder=bidder, bid=bid, awards=dict(zip(keys, teams, strict=True)))


def _sign_in_as_scorer(page: Page, game: Game) -> None:
    """This phone may score ``game``: its session cookie says so, as after the hand-over
    (one way in for every state; the hand-over screens have their own tests)."""
    store: SessionBase = import_string(django_settings.SESSION_ENGINE + ".SessionStore")()
    store[SCORING_KEY] = {game.public_id: game.scoring_secret}
    store.save()
    page.context.add_cookies(
        [
            {
                "name": django_settings.SESSION_COOKIE_NAME,
                "value": store.session_key,
                "url": BASE_URL[0],
            }
        ]
    )


def _tap(page: Page, ids: list[str]) -> None:
    for label in ids:
        page.locator(f"label[for={label}]").click()


# A full Schmier hand: the second seat bids 3; its team takes high, low and game.
FULL_HAND = [
    "bidder-1",
    "bid-3",
    "award_high-1",
    "award_low-1",
    "award_right_bauer-0",
    "award_left_bauer-2",
    "award_joker-0",
    "award_game-1",
]


def _game(
    cond: Condition, variant: str = "schmier", *, hands: int = 0, entries=(), options=None
) -> Game:
    seats = rules.VARIANTS[variant].players
    teams = TEAM_NAMES[cond.names]
    # Each playing alone, a player is called by their own name: no team names.
    if rules.VARIANTS[variant].cutthroat:
        teams = None
    game = game_create(
        variant=variant,
        players=NAMES[cond.names][:seats],
        first_dealer=0,
        options=options or {},
        team_names=teams[: rules.VARIANTS[variant].teams] if teams else None,
    )
    for entry in entries:
        game, _ = hand_record(game=game, entry=entry)
    for _ in range(hands):
        game, _ = hand_record(game=game, entry=filler_entry(game.state()))
    return game


def _open(page: Page, game: Game) -> None:
    _sign_in_as_scorer(page, game)
    page.goto(f"/g/{game.public_id}/")
    expect(page.locator("#hand-form")).to_have_count(1)


def fresh_board(page: Page, cond: Condition) -> None:
    _open(page, _game(cond))


def fresh_board_wisconsin(page: Page, cond: Condition) -> None:
    _open(page, _game(cond, "ne-wisconsin"))


def after_hands(page: Page, cond: Condition) -> None:
    _open(page, _game(cond, hands=4))


def a_note_shown(page: Page, cond: Condition) -> None:
    # W10a on: both teams pass 15 on a set hand; nobody wins and the board says why.
    game = _game(
        cond,
        "ne-wisconsin",
        entries=[_hand(0, 4, 0, 0, 0, 0)] * 3
        + [_hand(1, 4, 1, 1, 1, 1)] * 3
        # The second team is set on a bid of 4 and both are at 15 or more.
        + [_hand(1, 4, 0, 0, 0, 1)],
        options={"win_only_on_made_bid": True},
    )
    _open(page, game)
    expect(page.locator(".board > .note")).to_contain_text("play on")


def a_refusal(page: Page, cond: Condition) -> None:
    _open(page, _game(cond, hands=1))
    # Two points forgotten.
    _tap(page, FULL_HAND[:4] + FULL_HAND[5:7])
    page.locator("#hand-form button.record").click()
    expect(page.locator("#hand-form .error").first).to_be_visible()


def a_preview_ending_the_game(page: Page, cond: Condition) -> None:
    # Three sweeps of 6 for the third team, then a fourth ends the game at 24.
    game = _game(cond, entries=[_hand(2, 6, 2, 2, 2, 2, 2, 2)] * 3)
    _open(page, game)
    _tap(page, ["bidder-5", "bid-6"] + [f"award_{k}-2" for k in SCHMIER_POINTS])
    expect(page.locator("#hand-preview")).to_contain_text("· ends the game: ")


def a_preview_held_at_15(page: Page, cond: Condition) -> None:
    # Wisconsin, W10b on: the second team at 14 takes 3 in the first team's set hand and
    # is held at 15, which ends the game.
    game = _game(
        cond,
        "ne-wisconsin",
        entries=[_hand(1, 4, 1, 1, 1, 1)] * 3 + [_hand(1, 2, 1, 1, 0, 0)],
        options={"cap_non_bidder": True},
    )
    _open(page, game)
    _tap(page, ["bidder-0", "bid-2", "award_high-1", "award_low-1", "award_jack-1"])
    _tap(page, ["award_game-0"])
    expect(page.locator("#hand-preview")).to_contain_text("(held at 15)")
    expect(page.locator("#hand-preview")).to_contain_text("· ends the game: ")


def offline_waiting(page: Page, cond: Condition) -> None:
    _open(page, _game(cond, hands=1))
    page.context.set_offline(True)
    _tap(page, FULL_HAND)
    page.locator("#hand-form button.record").click()
    expect(page.locator(".waiting-title")).to_have_text(
        "offline · 1 hand waiting, not yet in the scores"
    )


def a_kept_hand_clashing(page: Page, cond: Condition) -> None:
    game = _game(cond, hands=1)
    _open(page, game)
    page.context.set_offline(True)
    _tap(page, FULL_HAND)
    page.locator("#hand-form button.record").click()
    expect(page.locator(".waiting-title")).to_have_text(
        "offline · 1 hand waiting, not yet in the scores"
    )
    # Meanwhile another phone records hand 2.
    hand_record(game=game, entry=rules.HandEntry.thrown(), number=2)
    page.context.set_offline(False)
    expect(page.locator(".waiting-title")).to_have_text("Kept on this phone: not recorded")


def a_stopped_phone(page: Page, cond: Condition) -> None:
    game = _game(cond, hands=1)
    _open(page, game)
    _tap(page, FULL_HAND[:4])
    # Another phone stops every other phone scoring.
    game_scoring_rotate(game=game)
    _tap(page, FULL_HAND[4:])
    page.locator("#hand-form button.record").click()
    expect(page.locator(".board > .problem")).to_be_visible()


def counting_game(page: Page, cond: Condition) -> None:
    # The Game row switched to counting (D13), three totals typed, the row saying who takes it.
    _open(page, _game(cond, hands=1))
    _tap(page, FULL_HAND[:7])
    page.locator("label[for=count_game]").click()
    fields = page.locator(".card-count input[type=number]")
    expect(fields).to_have_count(3)
    for field, digits in zip(fields.all(), ["34", "27", "20"], strict=True):
        field.fill(digits)
    expect(page.locator("#card-count-verdict")).to_contain_text(" take Game, 34 to 27 to 20")


def history_after_hands(page: Page, cond: Condition) -> None:
    # The game's history after hands, one of them counted: the table a table argues over.
    game = _game(cond, hands=3)
    counted = rules.HandEntry(
        bidder=1,
        bid=3,
        awards={"high": 1, "low": 1, "right_bauer": 0, "left_bauer": 2, "joker": 0},
        card_points=(20, 34, 27),
    )
    hand_record(game=game, entry=counted)
    _sign_in_as_scorer(page, game)
    page.goto(f"/g/{game.public_id}/history/")
    expect(page.locator("table.hands .counted")).to_have_text(["Game 20–34–27"])


# -- house rules: each alone, two teams of three, ten points with a moon ---------------------
# A cutthroat table is a table's own house rules (no preset plays each alone): Auction Pitch
# for four players each alone, known to the app for these tests only (house_rules_known).
CUTTHROAT = rules.variant_from_settings(
    {**rules.settings_of(rules.AUCTION_PITCH), "name": "Cutthroat Pitch", "teams": 4},
    slug="cutthroat-pitch",
)


# Ten-point Pitch for two teams of three (a shape the builder offers): the most rows a pad has.
TEN_FOR_SIX = rules.variant_from_settings(
    {
        **rules.settings_of(rules.VARIANTS["ten-point-pitch"]),
        "name": "Ten-point Pitch for six",
        "players": 6,
        "teams": 2,
    },
    slug="ten-point-pitch-for-six",
)


@pytest.fixture(autouse=True)
def house_rules_known():
    rules.VARIANTS[CUTTHROAT.slug] = CUTTHROAT
    rules.VARIANTS[TEN_FOR_SIX.slug] = TEN_FOR_SIX
    yield
    del rules.VARIANTS[CUTTHROAT.slug]
    del rules.VARIANTS[TEN_FOR_SIX.slug]


def _awarded(variant: str, bidder: int, bid: int, **awards: int | None) -> rules.HandEntry:
    return rules.HandEntry(bidder=bidder, bid=bid, awards=awards)


def cutthroat_board(page: Page, cond: Condition) -> None:
    # Four players each alone, two hands in: the board lists the players, not teams.
    game = _game(
        cond,
        CUTTHROAT.slug,
        entries=[
            _awarded("c", 1, 2, high=1, low=3, jack=1, game=None),
            _awarded("c", 2, 3, high=2, low=0, jack=None, game=2),
        ],
    )
    _open(page, game)
    expect(page.locator(".team")).to_have_count(4)


def two_teams_of_three_board(page: Page, cond: Condition) -> None:
    # Schmier for two teams of three, partners alternating: two hands in.
    game = _game(
        cond,
        "schmier-two-teams",
        entries=[
            _awarded("s", 0, 3, high=0, low=0, right_bauer=1, left_bauer=0, joker=1, game=0),
            _awarded("s", 3, 4, high=1, low=1, right_bauer=1, left_bauer=1, joker=0, game=None),
        ],
    )
    _open(page, game)
    expect(page.locator(".team")).to_have_count(2)


TEN_POINTS = ("high", "low", "jack", "off_jack", "high_joker", "low_joker", "ten", "trey")


def ten_point_for_two_teams_of_three(page: Page, cond: Condition) -> None:
    # A fresh hand: three bidders a team, seven bids and eight points.
    _open(page, _game(cond, TEN_FOR_SIX.slug))
    expect(page.locator("#hand-form .bidder label")).to_have_count(6)


def ten_point_pitch_board(page: Page, cond: Condition) -> None:
    # Ten-point Pitch (the dealer is stuck: no "All passed"), the moon tapped with every
    # point: the bar says it jumps to 52 and ends the game.
    _open(page, _game(cond, "ten-point-pitch"))
    expect(page.locator("#hand-form button.thrown")).to_have_count(0)
    _tap(page, ["bidder-1", "bid-10"] + [f"award_{k}-1" for k in TEN_POINTS])
    expect(page.locator("#hand-preview")).to_contain_text("(10) and took 10 of 10: made, to 52")
    expect(page.locator("#hand-preview")).to_contain_text("· ends the game: ")


# -- the notes a pad shows, for every preset (and a table of each alone) ---------------------
# Each note above or in the bar at 360x740 must leave every row of the hand tappable. The
# states are made from the engine's list of presets, each note where the preset has it, so
# a new preset (or a new note here) is covered by itself.
def _tap_entry(page: Page, entry: rules.HandEntry) -> None:
    ids = [f"bidder-{entry.bidder}", f"bid-{entry.bid}"]
    for key, team in (entry.awards or {}).items():
        ids.append(f"award_{key}-{'none' if team is None else team}")
    _tap(page, ids)


def _sweep(variant: rules.Variant, team: int = 0) -> rules.HandEntry:
    """The team's first seat bids the lowest bid and takes every point."""
    seat = next(s for s in range(variant.players) if variant.team_of(s) == team)
    return rules.HandEntry(
        bidder=seat, bid=variant.min_bid, awards={p.key: team for p in variant.points}
    )


def _variant(slug: str) -> rules.Variant:
    return CUTTHROAT if slug == CUTTHROAT.slug else rules.VARIANTS[slug]


@functools.cache
def _no_winner_yet(slug: str) -> tuple[rules.HandEntry, ...] | None:
    """Hands after which two teams are level at the target and did not bid, so nobody has
    won yet (the board's note, "…play another hand", D5): made bids bring the first two
    teams to one point short, then the third team bids and each of them takes a point.
    None where the preset's rules leave no such note (two teams, or another way to win)."""
    variant = _variant(slug)
    ones = [p.key for p in variant.points if p.value == 1]
    if variant.teams < 3 or len(ones) < 2 or variant.hand_limit:
        return None
    rules.VARIANTS.setdefault(slug, variant)
    try:
        short = variant.target - 1
        plan = _plan(slug, (short, short, *[0] * (variant.teams - 2)))
    finally:
        if variant is CUTTHROAT:
            del rules.VARIANTS[slug]
    if plan is None:
        return None
    # Seat t is in team t: each hand's bid is won by the team that took the most.
    hands = [
        rules.HandEntry(bidder=split.index(max(split)), bid=variant.min_bid, points=split)
        for split in plan
    ]
    state = rules.new_game(variant, {}, 0)
    for entry in hands:
        state, _ = state.play(entry)
    last = rules.HandEntry(
        bidder=next(s for s in range(variant.players) if variant.team_of(s) == 2),
        bid=variant.min_bid,
        awards={p.key: {ones[0]: 0, ones[1]: 1}.get(p.key, 2) for p in variant.points},
    )
    after, _ = state.play(last)
    if not after.reason or after.finished:
        return None
    return (*hands, last)


def _note_shown(slug: str):
    def note_shown(page: Page, cond: Condition) -> None:
        _open(page, _game(cond, slug, entries=_no_winner_yet(slug)))
        expect(page.locator(".board > .note")).to_be_visible()

    return note_shown


def _note_then_a_hand(slug: str):
    def note_then_a_hand(page: Page, cond: Condition) -> None:
        # The board's note (two teams level at the target, neither bid: "…play another
        # hand", Schmier's 21–21), and the next hand tapped whole: the bar says what it
        # will score under the note, every row above it.
        variant = _variant(slug)
        _open(page, _game(cond, slug, entries=_no_winner_yet(slug)))
        expect(page.locator(".board > .note")).to_be_visible()
        _tap_entry(page, _sweep(variant, 1))
        expect(page.locator("#hand-preview")).to_contain_text(" ends the game: ")

    return note_then_a_hand


def _preview_no_winner_yet(slug: str):
    def preview_no_winner_yet(page: Page, cond: Condition) -> None:
        *before, last = _no_winner_yet(slug)
        _open(page, _game(cond, slug, entries=before))
        _tap_entry(page, last)
        expect(page.locator("#hand-preview")).to_contain_text("no winner yet")

    return preview_no_winner_yet


def _undone_ending(slug: str):
    def undone_ending(page: Page, cond: Condition) -> None:
        variant = _variant(slug)
        state, entries = rules.new_game(variant, {}, 0), []
        while not state.finished:
            entries.append(_sweep(variant))
            state, _ = state.play(entries[-1])
        game = _game(cond, slug, entries=entries)
        _sign_in_as_scorer(page, game)
        page.goto(f"/g/{game.public_id}/undo/")
        page.get_by_role("button", name=f"Yes, undo hand {len(entries)}").click()
        expect(page.locator("#hand-preview")).to_contain_text("The game is open again.")

    return undone_ending


def _moved_on(slug: str):
    def moved_on(page: Page, cond: Condition) -> None:
        variant = _variant(slug)
        game = _game(cond, slug, hands=1)
        _open(page, game)
        _tap_entry(page, replace(_sweep(variant, 1), awards={}))
        # Another phone records hand 2 meanwhile: this board hears it by itself.
        hand_record(game=game, entry=_sweep(variant, 1), number=2)
        expect(page.locator("#hand-form .moved-on")).to_be_visible()

    return moved_on


def _all_passed_asked(slug: str):
    def all_passed_asked(page: Page, cond: Condition) -> None:
        variant = _variant(slug)
        _open(page, _game(cond, slug, hands=1))
        sweep = _sweep(variant, 1)
        _tap_entry(page, replace(sweep, awards=dict(list(sweep.awards.items())[:2])))
        page.locator("#hand-form button.thrown").click()
        expect(page.locator("#hand-form button.thrown-anyway")).to_be_visible()

    return all_passed_asked


def _offline_two_kept(slug: str):
    def offline_two_kept(page: Page, cond: Condition) -> None:
        variant = _variant(slug)
        _open(page, _game(cond, slug, hands=1))
        page.context.set_offline(True)
        for waiting in (1, 2):
            _tap_entry(page, _sweep(variant, 1))
            page.locator("#hand-form button.record").click()
            expect(page.locator(".waiting-title")).to_contain_text(f"{waiting} hand")
        # The next hand tapped whole: the bar cannot preview it without the server.
        _tap_entry(page, _sweep(variant, 1))
        expect(page.locator("#hand-preview")).to_have_text(
            "The preview needs the connection: Record keeps this hand on this phone."
        )
        # The board scrolled to the kept hands (offline.js), as a scorer sees it after Record.

    return offline_two_kept


NOTES = [
    _note_shown,
    _note_then_a_hand,
    _preview_no_winner_yet,
    _undone_ending,
    _moved_on,
    _all_passed_asked,
    _offline_two_kept,
]


def _applies(note, slug: str) -> bool:
    variant = _variant(slug)
    if note in (_note_shown, _preview_no_winner_yet, _note_then_a_hand):
        return _no_winner_yet(slug) is not None
    if note is _all_passed_asked:
        return variant.all_pass != "stick_dealer"
    if note is _undone_ending:
        return not variant.hand_limit
    return True


def note_states() -> list:
    states = []
    for slug in (*rules.PRESET_SLUGS, CUTTHROAT.slug):
        for note in NOTES:
            if _applies(note, slug):
                state = note(slug)
                state.__name__ = f"{note.__name__.lstrip('_')}-{slug}"
                state.note, state.slug = note, slug
                states.append(state)
    return states


STATES: list[Callable[[Page, Condition], None]] = [
    fresh_board,
    fresh_board_wisconsin,
    after_hands,
    a_note_shown,
    a_refusal,
    a_preview_ending_the_game,
    a_preview_held_at_15,
    offline_waiting,
    a_kept_hand_clashing,
    a_stopped_phone,
    counting_game,
    history_after_hands,
    cutthroat_board,
    two_teams_of_three_board,
    ten_point_pitch_board,
    ten_point_for_two_teams_of_three,
]
# The states in which the hand form is what the scorer works with next: all but those
# where the kept hands come first (the board scrolls to them) or there is no hand form.
ON_ONE_SCREEN = set(STATES) - {
    offline_waiting,
    a_kept_hand_clashing,
    a_stopped_phone,
    history_after_hands,
}
NOTE_STATES = note_states()
ON_ONE_SCREEN |= set(NOTE_STATES)
ENDING = {a_preview_ending_the_game, a_preview_held_at_15, ten_point_pitch_board}


# -- what a person sees ----------------------------------------------------------------------
SIDEWAYS = "document.documentElement.scrollWidth - document.documentElement.clientWidth"
# What reaches past the right edge of the screen.
WIDER = """() => [...document.querySelectorAll('body *')]
  .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
  .slice(-6)
  .map(e => e.tagName + '.' + e.className + ' to ' + Math.round(e.getBoundingClientRect().right))"""

# Each button of the hand and Record: [what it says, why it cannot be tapped] when it is
# off the screen, under another element (the bar), or the page is scrolled.
NOT_TAPPABLE = """() => {
  const out = [];
  const h = window.innerHeight, w = window.innerWidth;
  // What is shown (the card-point fields are hidden until Count… is switched on).
  const els = [...document.querySelectorAll(
    '#hand-form .bidding label, #hand-form .awards label, #hand-form button.record')]
    .filter(e => e.getClientRects().length);
  for (const el of els) {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const name = el.textContent.trim() + ' (' + (el.htmlFor || 'record') + ')';
    // (Hands kept offline are scrolled to, the page's heading above them.)
    const kept = document.getElementById('waiting-hands');
    const scrolled = kept ? Math.round(kept.getBoundingClientRect().top) > 0 : window.scrollY !== 0;
    if (scrolled) {
      out.push([name, kept ? 'kept hands not at the top' : 'page scrolled by ' + window.scrollY]);
      continue;
    }
    if (r.top < 0 || r.bottom > h || r.left < 0 || r.right > w) {
      out.push([name, 'off the screen: bottom at ' + Math.round(r.bottom)]); continue;
    }
    const at = document.elementFromPoint(x, y);
    if (!at || !(at === el || el.contains(at))) {
      out.push([name, 'covered by ' + (at ? at.className || at.tagName : 'nothing')]);
    }
  }
  return out;
}"""

# Words broken across lines with no hyphen shown (a break after a soft hyphen shows one),
# and words wider than the box they are in.
BROKEN_WORDS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !parent.checkVisibility({visibilityProperty: true})) continue;
    if (parent.closest('script, style, .visually-hidden, svg, input, textarea, select')) continue;
    const style = getComputedStyle(parent);
    if (style.visibility === 'hidden') continue;
    const text = node.textContent;
    const re = /[^\\s]+/g;
    let m;
    while ((m = re.exec(text))) {
      const word = m[0];
      // An address breaks where it must.
      if (word.startsWith('http') || word.includes('/')) continue;
      // Tops of each letter's line: a new line starts where the top grows.
      let lastTop = null;
      for (let i = 0; i < word.length; i++) {
        const range = document.createRange();
        range.setStart(node, m.index + i);
        range.setEnd(node, m.index + i + 1);
        const rects = [...range.getClientRects()].filter(r => r.width > 0);
        if (!rects.length) continue;
        // (A letter after a soft hyphen that broke also has the hyphen's box: its
        // own is the last.)
        const top = rects[rects.length - 1].top;
        if (lastTop !== null && top > lastTop + 2) {
          const before = word[i - 1];
          if (before !== '\\u00ad' && before !== '-' && before !== '/' && before !== '–') {
            out.push(word.replace(/\u00ad/g, '') + ' broken before "' + word.slice(i)
                     + '" in .' + parent.className);
          }
        }
        lastTop = top;
      }
    }
  }
  // A word that does not fit its box runs out of it (or is cut off).
  const boxes = 'label, button, th, td, .team-label, .team-partners, .group-label, .waiting-hand, '
                + '.pad-name';
  for (const el of document.querySelectorAll(boxes)) {
    if (!el.checkVisibility({visibilityProperty: true})) continue;
    if (el.getBoundingClientRect().width <= 1) continue;  // for screen readers only
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'auto') {
      out.push('runs out of its box: ' + el.textContent.trim().slice(0, 40) + ' in .'
               + el.className + ' by ' + (el.scrollWidth - el.clientWidth));
    }
  }
  return [...new Set(out)];
}"""

# Text whose contrast with what is behind it is below 4.5:1: [text, ratio, colour, background].
LOW_CONTRAST = """() => {
  const parse = c => { const m = c.match(/[\\d.]+/g); return m ? m.map(Number) : [0, 0, 0, 0]; };
  const lum = ([r, g, b]) => {
    const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const background = el => {
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c.length < 4 || c[3] > 0.9) return c;
    }
    return parse(getComputedStyle(document.documentElement).backgroundColor || 'rgb(255,255,255)');
  };
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    if (!el || !el.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
    if (el.closest('.visually-hidden, svg, script, style')) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
    const fg = parse(style.color), bg = background(el);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    if (ratio < 4.5) {
      out.push([node.textContent.trim().slice(0, 30), Math.round(ratio * 100) / 100,
                style.color, 'on ' + bg.join(',')]);
    }
  }
  return out;
}"""

# The bar's line, cut off (clamped, or below the screen).
BAR_CUT = """() => {
  const line = document.querySelector('#hand-preview > span');
  if (!line) return 'no line in the bar';
  // Where the bar is in its place below the form (large text), as it is when Record is
  // scrolled to.
  line.closest('.entry-bar').scrollIntoView({block: 'nearest'});
  const r = line.getBoundingClientRect();
  window.scrollTo(0, 0);
  if (line.scrollHeight > line.clientHeight + 1) return 'clamped: ' + line.textContent;
  if (r.bottom > window.innerHeight || r.top < 0) return 'off the screen: ' + line.textContent;
  return '';
}"""


# A table of hands wider than its box (a team's column cut off): where the box scrolls, a
# line above it must say so.
TABLE_CUT = """() => [...document.querySelectorAll('.hands-scroll')]
  .filter(box => box.checkVisibility() && box.scrollWidth > box.clientWidth + 1)
  .map(box => {
    const hint = box.previousElementSibling;
    const said = hint && hint.classList.contains('swipe-hint') && hint.checkVisibility();
    const teams = box.querySelectorAll('thead th.num').length;
    return box.getAttribute('aria-label') + ' of ' + teams + ' teams: ' + box.scrollWidth
           + ' px in ' + box.clientWidth + (said ? ' (swipe said)' : ' (nothing says to swipe)');
  })"""


def _settle(page: Page) -> None:
    expect(page.locator(".htmx-request, .htmx-settling, .htmx-swapping")).to_have_count(0)
    page.evaluate("document.getAnimations().forEach(a => a.finish())")


def _look(page: Page, cond: Condition, state, scheme: str, axe: bool = True) -> dict[str, list]:
    found: dict[str, list] = {}
    if sideways := page.evaluate(SIDEWAYS):
        found["scrolls sideways by (px)"] = [sideways, *page.evaluate(WIDER)]
    if broken := page.evaluate(BROKEN_WORDS):
        found["words broken"] = broken
    if low := page.evaluate(LOW_CONTRAST):
        found["contrast below 4.5"] = low
    if cond.one_screen and state in ON_ONE_SCREEN:
        if hidden := page.evaluate(NOT_TAPPABLE):
            found["not tappable on one screen"] = hidden
    if cond.one_screen and (
        state is ten_point_for_two_teams_of_three
        or getattr(state, "note", None) is _note_then_a_hand
    ):
        if hidden := page.evaluate(WHOLE_ROWS):
            found["rows under the bar"] = hidden
    if cond.text == 200 and state in ON_ONE_SCREEN:
        if hidden := page.evaluate(SCROLLED_TO, False):
            found["at 200 % text, not in view with the bar"] = hidden
    tables = page.evaluate(TABLE_CUT)
    upright = cond.text == 100 and cond.viewport is PORTRAIT
    if upright and (cut := [t for t in tables if re.search(r" of [23] teams", t)]):
        found["a table of hands of three teams or fewer cut at 360 px"] = cut
    if hidden := [t for t in tables if not t.endswith("(swipe said)")]:
        found["a table of hands cut with nothing saying to swipe"] = hidden
    if state in ENDING and (cut := page.evaluate(BAR_CUT)):
        found["end of the game in the bar"] = [cut]
    violations = Axe().run(page).response["violations"] if axe else []
    if violations:
        found["axe"] = sorted(
            f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
            for v in violations
        )
    return {f"{scheme}: {k}": v for k, v in found.items()}


@pytest.mark.parametrize("state", STATES, ids=lambda s: s.__name__)
@pytest.mark.parametrize("cond", CONDITIONS, ids=lambda c: c.id)
def test_table_conditions(browser, live_server, settings, state, cond):
    _check(browser, live_server, settings, state, cond)


# The note states, upright at 100 % text (where every tap must be on the one screen), the
# two such conditions in turn. Schmier's and Ten-point Pitch's, every note, looked at in
# both colour schemes with axe (and Schmier's again at 200 % text); every other preset's,
# the kept hands (the tallest note) and one other note in turn, for the rows under the bar
# (light, no axe: the notes look the same over every preset). About 2 minutes in all.
ONE_SCREEN = [c for c in CONDITIONS if c.one_screen]
LARGE = next(c for c in CONDITIONS if c.text == 200 and c.viewport is PORTRAIT)
LOOKED_AT = ("schmier", "ten-point-pitch")


def _note_cases() -> list:
    cases = []
    by_preset: dict[str, list] = {}
    for state in NOTE_STATES:
        by_preset.setdefault(state.slug, []).append(state)
    for i, (slug, states) in enumerate(by_preset.items()):
        if slug in LOOKED_AT:
            chosen = states
        else:
            others = [s for s in states if s.note is not _offline_two_kept]
            chosen = [s for s in states if s.note is _offline_two_kept]
            chosen.append(others[i % len(others)])
        for j, state in enumerate(chosen):
            cond = ONE_SCREEN[(i + j) % len(ONE_SCREEN)]
            cases.append(pytest.param(state, cond, slug in LOOKED_AT, id=state.__name__))
    cases += [
        pytest.param(state, LARGE, False, id=f"{state.__name__}-{LARGE.id}")
        for state in by_preset["schmier"]
    ]
    return cases


NOTE_CASES = _note_cases()


@pytest.mark.parametrize(("state", "cond", "whole"), NOTE_CASES)
def test_table_notes(browser, live_server, settings, state, cond, whole):
    _check(
        browser,
        live_server,
        settings,
        state,
        cond,
        schemes=SCHEMES if whole else SCHEMES[:1],
        axe=whole,
    )


# House rules with the most rows a pad has (Ten-point Pitch: bids to 10, eight points),
# in every seat shape a table can play (rules.seat_shapes: each alone, partners of two, two
# teams of three): after a hand, the next hand tapped whole with the bar's preview, every
# row above the bar on an upright phone with nine-letter names.
NINE_UPRIGHT = next(c for c in ONE_SCREEN if c.names == "nine")


def _ten_point_in(players: int, teams: int) -> rules.Variant:
    settings = rules.settings_of(rules.VARIANTS["ten-point-pitch"])
    if teams != 2:
        # A failed moon loses the game with two teams only: set back by the bid otherwise.
        settings["moon"] = {**settings["moon"], "failed": "set_back", "failed_points": 10}
    return rules.variant_from_settings(
        {
            **settings,
            "name": f"Ten-point Pitch, {players} in {teams}",
            "players": players,
            "teams": teams,
        },
        slug=f"ten-point-{players}-in-{teams}",
    )


def _next_hand_tapped(variant: rules.Variant):
    def next_hand_tapped(page: Page, cond: Condition) -> None:
        rules.VARIANTS[variant.slug] = variant
        _open(page, _game(cond, variant.slug, entries=[_sweep(variant, 0)]))
        _tap_entry(page, _sweep(variant, 1))
        expect(page.locator("#hand-preview")).to_contain_text("Will score:")

    next_hand_tapped.__name__ = f"next-hand-tapped-{variant.slug}"
    return next_hand_tapped


SHAPE_STATES = [_next_hand_tapped(_ten_point_in(p, t)) for p, t in rules.seat_shapes()]


# Each row of the hand whole above the bar (not only its middle), the page not scrolled:
# [the row, where it is] for each that is not.
WHOLE_ROWS = """() => {
  const out = [];
  const bar = document.querySelector('#hand-form .entry-bar').getBoundingClientRect().top;
  if (window.scrollY !== 0) out.push(['the page', 'scrolled by ' + Math.round(window.scrollY)]);
  for (const row of document.querySelectorAll('#hand-form .choice-group')) {
    const r = row.getBoundingClientRect();
    if (r.height < 1) continue;
    const label = row.querySelector('.group-label');
    const name = (label ? label.textContent : row.textContent).trim().slice(0, 24);
    if (r.bottom > bar + 0.5) {
      out.push([name, Math.round(r.top) + '-' + Math.round(r.bottom) + ' under the bar at '
                + Math.round(bar)]);
    }
  }
  return out;
}"""


def _fits_one_screen(variant: rules.Variant) -> bool:
    """Shapes whose pad of ten-point rows fits one 360x740 screen: up to four players, or
    six in two or three teams. Five to eight each alone (or four pairs) scroll, each row
    tappable above the bar when scrolled to (SCROLLED_TO)."""
    return variant.players <= 4 or variant.teams <= 3


@pytest.mark.parametrize("state", SHAPE_STATES, ids=lambda s: s.__name__)
def test_house_rules_in_every_seat_shape(browser, live_server, settings, state):
    slug = state.__name__.removeprefix("next-hand-tapped-")
    BASE_URL[0] = live_server.url
    context = browser.new_context(
        viewport=PORTRAIT, has_touch=True, is_mobile=True, base_url=live_server.url
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        state(page, NINE_UPRIGHT)
        variant = rules.VARIANTS[slug]
        _settle(page)
        page.evaluate("window.scrollTo(0, 0)")
        _shoot(page, f"{state.__name__}-{NINE_UPRIGHT.id}-light")
        found = {
            "sideways": page.evaluate(SIDEWAYS),
            "words broken": page.evaluate(BROKEN_WORDS),
            "rows": page.evaluate(WHOLE_ROWS)
            if _fits_one_screen(variant)
            else page.evaluate(SCROLLED_TO, False),
        }
    finally:
        context.close()
        rules.VARIANTS.pop(slug, None)
    assert found == {"sideways": 0, "words broken": [], "rows": []}, pformat(found, width=100)


def _check(browser, live_server, settings, state, cond, schemes=SCHEMES, axe=True):
    settings.DEBUG = cond.debug
    BASE_URL[0] = live_server.url
    context = browser.new_context(
        viewport=cond.viewport,
        has_touch=True,
        is_mobile=True,
        base_url=live_server.url,
        # The test sets the text size with a style sheet, which the site's CSP refuses.
        bypass_csp=cond.text != 100,
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    if cond.text != 100:
        # The phone's text size: every rem and em grows.
        page.add_init_script(
            f"""document.addEventListener('DOMContentLoaded', () => {{
                const s = document.createElement('style');
                s.textContent = 'html {{ font-size: {cond.text}% !important; }}';
                document.head.appendChild(s); }});"""
        )
    found = {}
    try:
        state(page, cond)
        for scheme in schemes:
            page.emulate_media(color_scheme=scheme)
            _settle(page)
            _shoot(page, f"{state.__name__}-{cond.id}-{scheme}")
            found |= _look(page, cond, state, scheme, axe=axe)
    finally:
        context.close()
    assert found == {}, pformat(found, width=100)


# -- the night's room view, on a club's screen -----------------------------------------------
ROOM_SIZES = [{"width": 1280, "height": 720}, {"width": 1920, "height": 1080}]


@pytest.mark.parametrize("size", ROOM_SIZES, ids=lambda s: f"{s['width']}x{s['height']}")
@pytest.mark.parametrize("names", ["nine", "eleven"])
def test_room_view_fits_the_screen(browser, live_server, size, names):
    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    night = night_open(
        club=club,
        name="Tuesday progressive",
        day=timezone.localdate(),
        variant="schmier",
        rounds=2,
        round_hands=2,
    )
    # Twelve players: two Schmier tables, nobody sitting out (the "nine" list seats up
    # to eight for the pads' shapes).
    six = NAMES[names][:6]
    for name in six + [n + "s" for n in six]:
        night_check_in(night=night, player=Player.objects.create(club=club, name=name))
    round_draw(night=night, seed=1)
    context = browser.new_context(viewport=size, base_url=live_server.url)
    page = context.new_page()
    found = {}
    try:
        page.goto(f"/tournaments/{night.pk}/room/")
        for scheme in SCHEMES:
            page.emulate_media(color_scheme=scheme)
            _settle(page)
            _shoot(page, f"room-{names}-{size['width']}-{scheme}")
            sizes = page.evaluate(
                "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
            )
            if sizes != [size["width"], size["height"]]:
                found[f"{scheme}: page size"] = sizes
            if low := page.evaluate(LOW_CONTRAST):
                found[f"{scheme}: contrast below 4.5"] = low
            if broken := page.evaluate(BROKEN_WORDS):
                found[f"{scheme}: words broken"] = broken
            if violations := Axe().run(page).response["violations"]:
                found[f"{scheme}: axe"] = sorted(v["id"] for v in violations)
        # Ranks read as in the league's table: "=1" for a shared first place.
        ranks = page.locator(".standings tbody td:first-child").all_inner_texts()
        if set(ranks) != {"=1"}:
            found["ranks"] = ranks
    finally:
        context.close()
    assert found == {}, pformat(found, width=100)


def _shoot(page: Page, name: str) -> None:
    """With TABLE_SHOTS=<folder>, a screenshot of each state for a person to look at."""
    import os

    folder = os.environ.get("TABLE_SHOTS")
    if folder:
        page.screenshot(
            path=os.path.join(folder, f"{name}.png"),
            full_page=bool(os.environ.get("TABLE_SHOTS_FULL")),
        )


# -- what the table noticed, one test each ---------------------------------------------------
@pytest.fixture
def phone(browser, live_server):
    BASE_URL[0] = live_server.url
    context = browser.new_context(
        viewport=PORTRAIT, has_touch=True, is_mobile=True, base_url=live_server.url
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


NINE = Condition("nine", 100, PORTRAIT, False)


def test_a_refusal_names_the_players_links_its_rule_and_the_bar_points_to_it(phone):
    _open(phone, _game(NINE))
    _tap(phone, [label for label in FULL_HAND if not label.startswith("award_game")])
    phone.locator("#hand-form button.record").click()
    error = phone.locator("#award_game-error")
    expect(error).to_have_text(
        "Who took Game? Tap Katherine & Brandon, Jonathan & Michelle, Jessica & Anthony "
        "or Nobody (tie). why?"
    )
    # Everything else was tapped: the bar does not ask for it again.
    expect(phone.locator("#hand-preview")).to_have_text(
        "Not recorded: Who took Game? Tap Katherine & Brandon, Jonathan & Michelle, "
        "Jessica & Anthony or Nobody (tie). why?"
    )
    # The row's name is marked; the bar's "why?" opens the rule.
    expect(phone.locator("#award_game-label")).to_have_css("color", "rgb(161, 21, 12)")
    phone.locator("#hand-preview").get_by_role(
        "link", name="Why? The rule, on the rules page"
    ).click()
    expect(phone).to_have_url(re.compile(r"/rules/schmier/#S5$"))
    expect(phone.locator("dt:target")).to_have_text("S5 · The six points")


@pytest.mark.parametrize("debug", [True, False], ids=["debug-on", "debug-off"])
def test_a_stopped_phone_says_why_keeps_its_page_and_shows_its_hand(phone, settings, debug):
    settings.DEBUG = debug
    game = _game(NINE, hands=1)
    _open(phone, game)
    title = phone.title()
    _tap(phone, FULL_HAND[:4])
    game_scoring_rotate(game=game)  # another phone stops this one scoring
    phone.locator("#hand-form button.record").click()
    expect(phone.locator(".board > .problem")).to_have_text(
        "Not recorded: another phone tapped “Stop other phones scoring”, so this phone can no "
        "longer score this game. To score here again, open the new scoring link or type the "
        "new code from that phone."
    )
    # The page is still the page (not a bare fragment): its title, style and scripts.
    assert phone.title() == title
    assert phone.evaluate("document.styleSheets.length") >= 2
    assert phone.evaluate("typeof htmx") == "object"
    expect(phone.locator(".kept-taps li")).to_have_text(
        [
            "Bid won by Jonathan",
            "Bid 3",
            "High: Jonathan & Michelle",
            "Low: Jonathan & Michelle",
        ]
    )
    phone.get_by_role("link", name="Score here again with the new code").click()
    expect(phone.locator("h1")).to_have_text("Score this game on this phone?")


@pytest.mark.parametrize("debug", [True, False], ids=["debug-on", "debug-off"])
def test_a_wrong_scoring_code_keeps_the_page(phone, settings, debug):
    settings.DEBUG = debug
    game = _game(NINE)
    phone.goto(f"/g/{game.public_id}/score/")
    title = phone.title()
    phone.fill("input[name=code]", "WRONG-CODE-HERE")
    phone.get_by_role("button", name="Yes, score from this phone").click()
    expect(phone.get_by_text("This scoring code is not the game's")).to_be_visible()
    assert phone.title() == title
    assert phone.evaluate("document.styleSheets.length") >= 2


def test_stopping_other_phones_says_so_and_keeps_the_new_link_open(phone):
    game = _game(NINE, hands=2)
    _open(phone, game)
    old = game.scoring_secret
    box = phone.locator("#scoring-share")
    box.locator("summary").click()
    box.get_by_role("button", name="Stop other phones scoring").click()
    expect(box.locator(".notice-box")).to_have_text(
        "Done: other phones can no longer score this game. This is the new link and code; "
        "the old ones no longer work."
    )
    expect(phone.locator("#scoring-share[open]")).to_have_count(1)
    game.refresh_from_db()
    assert game.scoring_secret != old
    assert phone.locator("#scoring-link").input_value().endswith(f"#{game.scoring_secret}")
    expect(phone.locator("#hand-preview")).to_have_text(
        "Other phones can no longer score this game. To let one score again, give it the new "
        "scoring link or code."
    )


ROWS_OF = """sel => { const tops = [...document.querySelectorAll(sel)]
  .filter(e => e.getClientRects().length).map(e => Math.round(e.getBoundingClientRect().top));
  const rows = {}; tops.forEach(t => rows[t] = (rows[t] || 0) + 1); return Object.values(rows); }"""


def test_a_ten_point_pitch_hand_is_eleven_taps(phone):
    # The bidder, the bid, each of the eight points, Record: the hand is in the scores.
    _open(phone, _game(NINE, "ten-point-pitch"))
    taps = ["bidder-1", "bid-5"] + [f"award_{k}-{k in ('ten', 'trey'):d}" for k in TEN_POINTS]
    _tap(phone, taps)
    phone.locator("#hand-form button.record").click()
    expect(phone.locator("table.hands tbody tr")).to_have_count(1)
    expect(phone.locator("#hand-form button.record")).to_have_text("Record hand 2")
    assert len(taps) + 1 == 11


def test_four_bidders_and_dealers_are_two_and_two(phone):
    _open(phone, _game(NINE, "ne-wisconsin"))
    # On the score pad a team's two players stand side by side in its column: one row.
    assert phone.evaluate(ROWS_OF, ".bidder .choices label") == [4]
    phone.goto("/new/?variant=ne-wisconsin")
    for seat, name in enumerate(NAMES["nine"][:4]):
        phone.fill(f"input[name=player_{seat}]", name)
    expect(phone.locator(".dealer label", has_text="Brandon")).to_have_count(1)
    # "At random" across the whole line, then the four players two and two.
    assert phone.evaluate(ROWS_OF, ".dealer .choices label") == [1, 2, 2]


# Each card-count field's words as shown: [text, cut off?, the field's top, its bottom].
COUNT_LABELS = """() => [...document.querySelectorAll('.card-count label.count')].map(l => {
  const words = l.querySelector('span'), field = l.querySelector('input');
  const r = field.getBoundingClientRect(), w = words.getBoundingClientRect();
  return [words.textContent.replace(/\u00ad/g, ''),
          words.scrollWidth > words.clientWidth + 1 || words.scrollHeight > words.clientHeight + 1,
          w.bottom <= r.top + 1]; })"""


def test_the_card_counts_are_labelled_by_each_team_in_full(phone):
    # The longest team names: each count field says whose count it is, whole, above it.
    cond = Condition("eleven", 100, PORTRAIT, False)
    _open(phone, _game(cond, hands=1))
    phone.locator("label[for=count_game]").click()
    expect(phone.locator(".card-count input[type=number]")).to_have_count(3)
    assert phone.evaluate(COUNT_LABELS) == [
        ["Grandma's Back Porch Champions", False, True],
        ["Second Street Tavern Regulars", False, True],
        ["Alexander & Elizabeth", False, True],
    ]
    assert phone.evaluate(BROKEN_WORDS) == []
    assert phone.evaluate(SIDEWAYS) == 0


# How far the page, and the hands' table in its own box, scroll sideways.
SCROLLS = """() => { const box = document.querySelector('.hands-scroll');
  return [document.documentElement.scrollWidth - document.documentElement.clientWidth,
          box.scrollWidth - box.clientWidth]; }"""


@pytest.mark.parametrize("variant", ["schmier", "ten-point-pitch", CUTTHROAT.slug])
def test_the_board_s_last_hands_fit_the_phone_as_the_history_does(phone, variant):
    # The longest names, three hands in: the board's table is the history's, fewer rows.
    game = _game(Condition("eleven", 100, PORTRAIT, False), variant, hands=3)
    _open(phone, game)
    expect(phone.locator("table.hands tbody tr")).to_have_count(3)
    board = phone.evaluate(SCROLLS)
    phone.goto(f"/g/{game.public_id}/history/")
    history = phone.evaluate(SCROLLS)
    assert board[0] == 0
    assert board == history


def test_the_history_tag_reads_thrown_in_on_one_line(phone):
    # Short names and long team names: the teams' columns leave the bid's the least room.
    game = game_create(
        variant="schmier", players=NAMES["short"], first_dealer=0, team_names=TEAM_NAMES["eleven"]
    )
    game, _ = hand_record(game=game, entry=rules.HandEntry.thrown())
    game, _ = hand_record(game=game, entry=filler_entry(game.state()))
    phone.goto(f"/g/{game.public_id}/history/")
    tag = phone.locator(".tag.thrown")
    expect(tag).to_have_text("thrown in")
    assert tag.evaluate("e => e.getClientRects().length") == 1


# -- every table the app offers, as a score pad ----------------------------------------------
# The people of a real table, the longest 11 letters, and team names of the longest allowed.
PAD_NAMES = [
    "Christopher",
    "Katherine",
    "Alexandra",
    "Jonathan",
    "Elizabeth",
    "Nicholas",
    "Samantha",
    "Benjamin",
]
PAD_TEAM_NAMES = [
    "Grandma's Back Porch Champions",
    "Second Street Tavern Regulars",
    "The Thursday Night Card Sharks",
    "Kitchen Table Legends of Smear",
]
assert max(len(n) for n in PAD_NAMES) == 11
assert {len(n) for n in PAD_TEAM_NAMES} == {MAX_TEAM_NAME, 29}


@dataclass(frozen=True)
class Table:
    """A table the app offers: a preset as shipped (named teams where it has partners), or
    a seat shape played with the Auction Pitch rules (the teams called by their players)."""

    id: str
    preset: str = ""
    players: int = 0
    teams: int = 0

    def create(self) -> Game:
        if self.preset:
            variant = rules.VARIANTS[self.preset]
            names = None
            if variant.teams < variant.players:
                names = PAD_TEAM_NAMES[: variant.teams]
            return game_create(
                variant=self.preset,
                players=PAD_NAMES[: variant.players],
                first_dealer=0,
                team_names=names,
            )
        settings = rules.settings_of(rules.AUCTION_PITCH)
        settings |= {"name": f"Pitch for {self.players}", "players": self.players}
        return game_create(
            settings=settings | {"teams": self.teams},
            players=PAD_NAMES[: self.players],
            first_dealer=0,
        )


# Every preset, from the engine's list (a new preset is checked as it is added), and every
# seat shape (each alone from 3 to 8, partnerships of 3 and 4, two teams of three).
TABLES = [Table(slug, preset=slug) for slug in sorted(rules.VARIANTS)] + [
    Table(f"{players}-players-{teams}-teams", players=players, teams=teams)
    for players, teams in rules.seat_shapes()
    if players >= 3
]
# From seven seats each alone, the buttons keep their size and the hand may take a scroll.
MANY_SEATS = 7

# The hand's buttons and Record: how far below the first screen the lowest one ends.
LOWEST = """() => Math.max(...[...document.querySelectorAll(
    '#hand-form .bidding label, #hand-form .awards label, #hand-form button.record')]
    .filter(e => e.getClientRects().length)
    .map(e => e.getBoundingClientRect().bottom + window.scrollY))"""


# Two things to tap in the rows (buttons, "All passed", "Count…") whose boxes overlap: a
# finger meant for one may take the other. (The bar over the rows is NOT_TAPPABLE's.)
OVERLAPPING = """() => {
  const els = [...document.querySelectorAll(
    '#hand-form .bidding label, #hand-form .bidding button, #hand-form .awards label')]
    .filter(e => e.getClientRects().length);
  const name = e => e.textContent.trim().slice(0, 20) + ' (' + (e.htmlFor || e.className) + ')';
  const out = [];
  els.forEach((a, i) => els.slice(i + 1).forEach(b => {
    if (a.contains(b) || b.contains(a)) return;
    const r = a.getBoundingClientRect(), q = b.getBoundingClientRect();
    const x = Math.min(r.right, q.right) - Math.max(r.left, q.left);
    const y = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
    if (x > 0.5 && y > 0.5) out.push(name(a) + ' and ' + name(b));
  }));
  return out;
}"""

# Letters a person at the table reads at arm's length: each name in the pad's heads at
# 12 px or more (0.7 rem), whatever the number of teams.
HEAD_LETTERS = 12
SMALL_HEADS = """min => [...document.querySelectorAll('#hand-form .pad-name')]
  .filter(e => e.getClientRects().length)
  .map(e => [e.textContent.replace(/\u00ad/g, ''), parseFloat(getComputedStyle(e).fontSize)])
  .filter(([, size]) => size < min)"""


def _pad_faults(page: Page) -> dict[str, list]:
    """What is wrong with the pad however it is held: anything sideways, a word broken or
    out of its box, a tap under 44 px or over another, a head in small letters."""
    from .conftest import small_tap_targets

    said = {}
    if sideways := page.evaluate(SIDEWAYS):
        said["scrolls sideways by (px)"] = [sideways, *page.evaluate(WIDER)]
    if broken := page.evaluate(BROKEN_WORDS):
        said["words broken"] = broken
    if small := small_tap_targets(page, "#hand-form"):
        said["under 44 px"] = small
    if overlapping := page.evaluate(OVERLAPPING):
        said["taps overlapping"] = overlapping
    if small_heads := page.evaluate(SMALL_HEADS, HEAD_LETTERS):
        said[f"heads in letters under {HEAD_LETTERS} px"] = small_heads
    return said


# Where no hand fits the screen (sideways at 740x360, or with large text) the pad scrolls,
# with the bar in view. Each button, scrolled to, is on the screen and not under the pad's
# heads or the bar, with Record and the bar's line ("Will score …") in view and not
# covered, and (sideways, on a pad) the scores beside it in view whole: [button, what is
# wrong] for each that is not so.
SCROLLED_TO = """beside => {
  const out = [], h = window.innerHeight, w = window.innerWidth;
  const form = document.querySelector('#hand-form');
  const bar = [form.querySelector('button.record'), form.querySelector('#hand-preview')];
  const scores = beside && form.classList.contains('pad')
    && document.querySelector('.board > .teams');
  const on = el => { const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= h && r.left >= 0 && r.right <= w; };
  const free = el => { const r = el.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return at && (at === el || el.contains(at)); };
  if (scores && (!scores.getClientRects().length
                 || scores.getBoundingClientRect().right > form.getBoundingClientRect().left)) {
    out.push(['the scores', 'not beside the pad']);
  }
  const els = [...form.querySelectorAll('.bidding label, .bidding button, .awards label')]
    .filter(e => e.getClientRects().length);
  for (const el of els) {
    el.scrollIntoView({block: 'center'});
    const name = el.textContent.trim().slice(0, 20) + ' (' + (el.htmlFor || el.className) + ')';
    if (!on(el) || !free(el)) out.push([name, 'not tappable when scrolled to']);
    for (const part of bar) {
      if (!on(part) || !free(part)) out.push([name, part.className + ' not in view beside it']);
    }
    if (scores && !on(scores)) out.push([name, 'the scores not in view beside it']);
  }
  window.scrollTo(0, 0);
  return out;
}"""


def _pad_look(page: Page, table: Table, when: str, *, sideways: bool = False) -> dict[str, list]:
    """The pad upright at 360x740 or (sideways) held at 740x360, in light and dark."""
    if sideways:
        page.set_viewport_size(LANDSCAPE)
        when = f"{when}, landscape"
    found: dict[str, list] = {}
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        _settle(page)
        _shoot(page, f"pad-{table.id}-{when}-{scheme}")
        said = _pad_faults(page)
        if sideways:
            if hidden := page.evaluate(SCROLLED_TO, True):
                said["not tappable beside the scores"] = hidden
            found |= {f"{when}, {scheme}: {k}": v for k, v in said.items()}
            continue
        seats = page.locator("#hand-form .bidder label").count()
        if seats < MANY_SEATS:
            if hidden := page.evaluate(NOT_TAPPABLE):
                said["not tappable on one screen"] = hidden
        elif (lowest := page.evaluate(LOWEST)) > 2 * PORTRAIT["height"]:
            said["more than one scroll: lowest button ends at"] = [lowest]
        if violations := Axe().run(page).response["violations"]:
            said["axe"] = sorted(
                f"{v['id']}: {[n['target'] for n in v['nodes']][:3]}" for v in violations
            )
        found |= {f"{when}, {scheme}: {k}": v for k, v in said.items()}
    if sideways:
        page.set_viewport_size(PORTRAIT)
    return found


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.id)
def test_every_table_s_hand_is_on_one_screen(browser, live_server, table):
    """Upright at 360x740, 100 % text, light and dark: fresh, with a refusal in the bar,
    and after a hand (the last hands listed below): every button of the hand and Record
    on the screen and not under the bar, no word broken without a hyphen, nothing out of
    its box, nothing sideways, nothing to tap under 44 px or over another, the heads'
    names in readable letters, axe content. Sideways at 740x360, fresh and after a hand:
    the pad scrolls beside the scores, each button reachable by scrolling up and down
    only, with Record and the scores in view beside it; nothing sideways."""
    BASE_URL[0] = live_server.url
    context = browser.new_context(
        viewport=PORTRAIT, has_touch=True, is_mobile=True, base_url=live_server.url
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        game = table.create()
        _open(page, game)
        found = _pad_look(page, table, "fresh")
        found |= _pad_look(page, table, "fresh", sideways=True)
        page.locator("#hand-form button.record").click()
        expect(page.locator("#hand-preview .refused")).to_contain_text("Not recorded: ")
        found |= _pad_look(page, table, "refused")
        hand_record(game=game, entry=filler_entry(game.state()))
        _open(page, game)
        expect(page.locator("table.hands tbody tr")).to_have_count(1)
        found |= _pad_look(page, table, "after a hand")
        found |= _pad_look(page, table, "after a hand", sideways=True)
    finally:
        context.close()
    assert found == {}, pformat(found, width=100)


# The words a person sees in each button of the pad's rows: its text, less any part hidden
# (clipped to a pixel, as a screen reader's words are) or outside the button.
SEEN_WORDS = """() => [...document.querySelectorAll(
    '#hand-form .bidder label, #hand-form .awards .point label:not(.at-none)')]
  .filter(e => e.getClientRects().length)
  .map(label => {
    const box = label.getBoundingClientRect();
    const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
    let seen = '';
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      let hidden = false;
      for (let e = n.parentElement; e && e !== label.parentElement; e = e.parentElement) {
        const s = getComputedStyle(e), r = e.getBoundingClientRect();
        if (s.clip !== 'auto' || (s.overflow === 'hidden' && (r.width <= 1 || r.height <= 1))
            || s.visibility === 'hidden' || s.display === 'none') hidden = true;
      }
      const range = document.createRange(); range.selectNodeContents(n);
      const r = range.getBoundingClientRect();
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5
          || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) hidden = true;
      if (!hidden) seen += n.textContent;
    }
    const said = label.textContent.replace(/\\u00ad/g, '').replace(/\\s+/g, ' ').trim();
    return [label.htmlFor, said, seen.replace(/\\u00ad/g, '').replace(/\\s+/g, ' ').trim()];
  })"""


@pytest.mark.parametrize(
    "table",
    [t for t in TABLES if 3 <= (rules.VARIANTS[t.preset].teams if t.preset else t.teams) <= 6],
    ids=lambda t: t.id,
)
def test_at_200_percent_text_each_pad_button_shows_its_team(browser, live_server, table):
    """Large text, three teams or more: the heads are a list that scrolls away, so each
    button of the pad's rows says its team (or player) in words on the screen, inside the
    button, the point's name ("High: ") said to a screen reader only; nothing sideways,
    no word broken, no tap under 44 px."""
    BASE_URL[0] = live_server.url
    context = browser.new_context(
        viewport=PORTRAIT,
        has_touch=True,
        is_mobile=True,
        base_url=live_server.url,
        bypass_csp=True,
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.add_init_script(
        """document.addEventListener('DOMContentLoaded', () => {
            const s = document.createElement('style');
            s.textContent = 'html { font-size: 200% !important; }';
            document.head.appendChild(s); });"""
    )
    found: dict[str, list] = {}
    try:
        _open(page, table.create())
        for scheme in SCHEMES:
            page.emulate_media(color_scheme=scheme)
            _settle(page)
            _shoot(page, f"pad-{table.id}-200%-{scheme}")
            said = _pad_faults(page)
            unseen = [
                [label, words, seen]
                for label, words, seen in page.evaluate(SEEN_WORDS)
                if not words.endswith(seen) or not seen or ":" in seen
            ]
            if unseen:
                said["team not shown in its button"] = unseen
            # Said as before: "High: Ann & Bo", once, the soft hyphens not in it.
            for label, words, _ in page.evaluate(SEEN_WORDS)[-2:]:
                expect(page.locator(f"#{label}")).to_have_accessible_name(words)
            found |= {f"{scheme}: {k}": v for k, v in said.items()}
    finally:
        context.close()
    assert found == {}, pformat(found, width=100)
