"""Whole games played through the screens in Chromium at 360x640, as a scorer at a table.

Each hand is tapped in as a person would: the bidder's name, the bid, the team for each
point, then "Record hand". Taps are counted per hand (at most point categories + 3)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import seat_players, small_tap_targets

pytestmark = pytest.mark.browser

# Room for a loaded machine: a screen that is merely slow is not a failure.
expect.set_options(timeout=10_000)

LETTERS = "ABC"


class Scorer:
    """A phone that counts every tap made on it."""

    def __init__(self, page: Page):
        self.page = page
        self.taps = 0

    def tap(self, locator) -> None:
        locator.tap()
        self.taps += 1

    # -- screens --------------------------------------------------------------------------
    def no_sideways_scroll(self) -> None:
        assert self.page.evaluate("document.documentElement.scrollWidth") <= 360

    def settled(self) -> None:
        """Wait until htmx has wired up swapped-in content (it does so a moment after the
        swap; a person cannot tap that fast, a test can)."""
        expect(self.page.locator(".htmx-added, .htmx-settling, .htmx-request")).to_have_count(0)

    def touch_targets_ok(self) -> None:
        """Everything a finger taps is at least 44 px tall (radios and switches are tapped
        through their labels)."""
        small = small_tap_targets(self.page)
        assert small == []

    def new_game(
        self, variant: str, names: list[str], dealer: str, options: list[str] = ()
    ) -> None:
        page = self.page
        page.goto("/")
        self.no_sideways_scroll()
        page.get_by_role("button", name="New game").click()
        expect(page.locator("h1")).to_have_text("New game")
        page.locator("#new-game label", has_text=variant).click()
        # The seats for this variant have arrived (the swap would drop names typed before).
        expect(page.locator("input[name^=player_]")).to_have_count(len(names))
        seat_players(page, names, dealer)
        # The partners follow the names as they are typed (S1, W1).
        expect(page.locator("#partners li").first).to_contain_text(f"{names[0]} & ")
        for label in options:
            page.locator("#new-game label", has_text=label).click()
        self.no_sideways_scroll()
        self.touch_targets_ok()
        page.get_by_role("button", name="Start the game").click()
        expect(page.locator(".deal")).to_contain_text("Hand 1 · ")
        self.no_sideways_scroll()

    def tap_hand(self, bidder: str, bid: int, awards: dict[str, str]) -> None:
        """Tap the bidder, the bid and, per point key, a team letter or "Nobody"."""
        page = self.page
        self.tap(page.locator(".bidder label", has_text=re.compile(f"^{bidder}$")))
        self.tap(page.locator(f"label[for=bid-{bid}]"))
        for key, team in awards.items():
            value = "none" if team == "Nobody" else str(LETTERS.index(team))
            self.tap(page.locator(f"label[for=award_{key}-{value}]"))

    def record(
        self, number: int, bidder: str, bid: int, awards: dict[str, str], will_score: str
    ) -> int:
        """One hand from a fresh form; returns the taps it took."""
        self.taps = 0
        expect(self.page.locator("#hand-form button.record")).to_have_text(f"Record hand {number}")
        self.tap_hand(bidder, bid, awards)
        # The bar leaves out the teams the hand leaves at +0; the notice says them all.
        bar = " · ".join(p for p in will_score.split(" · ") if not p.endswith(" +0"))
        expect(self.page.locator("#hand-preview")).to_have_text(f"Will score: {bar}")
        self.tap(self.page.locator("#hand-form button.record"))
        # The notice says what was scored; the preview also said how it ends the game.
        scored = will_score.split(" · ends the game")[0].split(" · no winner yet")[0]
        expect(self.page.locator(".notice")).to_have_text(f"Hand {number}: {scored}")
        self.settled()
        return self.taps

    def scores(self) -> list[int]:
        return [int(s) for s in self.page.locator(".team .score").all_inner_texts()]

    def deal(self) -> str:
        return self.page.locator(".deal").inner_text()

    def undo(self, number: int) -> None:
        page = self.page
        page.get_by_role("link", name=f"Undo hand {number}").tap()
        expect(page.locator("h1")).to_have_text(f"Undo hand {number}?")
        self.no_sideways_scroll()
        self.touch_targets_ok()
        page.get_by_role("button", name=f"Yes, undo hand {number}").tap()
        expect(page.locator(".notice")).to_contain_text(f"Hand {number} was undone.")
        self.settled()

    def open_edit(self, number: int) -> None:
        page = self.page
        page.get_by_role("link", name=f"Edit hand {number}").tap()
        expect(page.locator("h1")).to_have_text(f"Edit hand {number}")
        self.settled()
        self.no_sideways_scroll()
        self.touch_targets_ok()

    def confirm_edit(self, number: int, change_to: str) -> None:
        page = self.page
        page.get_by_role("button", name="Check the change").tap()
        expect(page.locator("p.will")).to_have_text(f"Change it to: {change_to}")
        page.get_by_role("button", name=f"Yes, change hand {number}").tap()
        expect(page.locator(".notice")).to_have_text(f"Hand {number} was changed.")
        self.settled()

    def history_rows(self) -> list[str]:
        expect(self.page.locator("#history h1")).to_have_text("History")
        return [
            " ".join(r.split()) for r in self.page.locator("#history tbody tr").all_inner_texts()
        ]


def test_scoring_schmier_whole_game(phone, live_server):
    me = Scorer(phone)
    me.new_game("Schmier", ["Ann", "Bo", "Cy", "Dee", "Eli", "Flo"], dealer="Ann")
    assert me.deal() == "Hand 1 · Ann deals · Bo bids first"
    assert phone.locator(".team .team-label").all_inner_texts() == [
        "Ann & Dee",
        "Bo & Eli",
        "Cy & Flo",
    ]
    taps = []

    taps.append(
        me.record(
            1,
            "Bo",
            4,
            {
                "high": "B",
                "low": "B",
                "right_bauer": "B",
                "left_bauer": "A",
                "joker": "C",
                "game": "B",
            },
            "Bo & Eli bid 4 and took 4: made, +4 · Ann & Dee +1 · Cy & Flo +1",
        )
    )
    assert me.scores() == [1, 4, 1]
    me.no_sideways_scroll()
    phone.get_by_text("Scoring link: for another phone, or if this one is lost").tap()
    phone.get_by_text("Show this game on another phone").tap()
    me.touch_targets_ok()

    # A refused entry: Game forgotten. The error sits beside it; nothing is recorded.
    me.tap_hand(
        "Cy", 3, {"high": "C", "low": "C", "right_bauer": "C", "left_bauer": "A", "joker": "B"}
    )
    phone.get_by_role("button", name="Record hand 2").tap()
    expect(phone.locator("#award_game-error")).to_have_text(
        "Who took Game? Tap Ann & Dee, Bo & Eli, Cy & Flo or Nobody (tie). why?"
    )
    me.settled()
    assert me.scores() == [1, 4, 1]
    expect(phone.locator("input[name=bidder]:checked")).to_have_value("2")
    phone.locator("label[for=award_game-none]").tap()
    phone.get_by_role("button", name="Record hand 2").tap()
    expect(phone.locator(".notice")).to_have_text(
        "Hand 2: Cy & Flo bid 3 and took 3: made, +3 · Ann & Dee +1 · Bo & Eli +1"
    )
    assert me.scores() == [2, 5, 4]
    assert me.deal() == "Hand 3 · Cy deals · Dee bids first"

    all_a = {k: "A" for k in ("high", "low", "right_bauer", "left_bauer", "joker", "game")}
    all_a_text = "Ann & Dee bid 6 and took 6: made, +6 · Bo & Eli +0 · Cy & Flo +0"
    taps.append(me.record(3, "Dee", 6, all_a, all_a_text))
    assert me.scores() == [8, 5, 4]
    # An undo, with a confirmation first; then the hand again.
    me.undo(3)
    assert me.scores() == [2, 5, 4]
    assert me.deal() == "Hand 3 · Cy deals · Dee bids first"
    taps.append(me.record(3, "Dee", 6, all_a, all_a_text))

    taps.append(
        me.record(
            4,
            "Eli",
            5,
            {
                "high": "B",
                "low": "B",
                "right_bauer": "B",
                "left_bauer": "A",
                "joker": "A",
                "game": "Nobody",
            },
            "Bo & Eli bid 5 and took 3: set, -5 · Ann & Dee +2 · Cy & Flo +0",
        )
    )
    assert me.scores() == [10, 0, 4]
    # An edit: the bid was 3, not 5. Hands after it are replayed.
    me.open_edit(4)
    expect(phone.locator("input[name=bid]:checked")).to_have_value("5")
    phone.locator("label[for=bid-3]").tap()
    me.confirm_edit(4, "Bo & Eli bid 3 and took 3: made, +3 · Ann & Dee +2 · Cy & Flo +0")
    assert me.scores() == [10, 8, 4]

    taps.append(me.record(5, "Dee", 6, all_a, all_a_text))
    taps.append(me.record(6, "Ann", 6, all_a, f"{all_a_text} · ends the game: Ann & Dee win 22–8"))
    expect(phone.locator(".banner-title")).to_have_text("Ann & Dee win!")
    expect(phone.locator(".banner")).to_contain_text(
        "Ann & Dee win with 22 points: the only team at 21 or more."
    )
    assert me.scores() == [22, 8, 4]
    expect(phone.locator("#hand-form")).to_have_count(0)
    assert taps == [9, 9, 9, 9, 9, 9]
    me.no_sideways_scroll()

    phone.get_by_role("link", name="Full history").tap()
    expect(phone.locator("#history h1")).to_have_text("History")
    assert me.history_rows() == [
        "1 Ann dealt Bo 4 made 1 1 4 4 1 1",
        "2 Bo dealt Cy 3 made 1 2 1 5 3 4",
        "3 Cy dealt Dee 6 made 6 8 0 5 0 4",
        "4 Dee dealt Eli 3 made edited 2 10 3 8 0 4",
        "5 Eli dealt Dee 6 made 6 16 0 8 0 4",
        "6 Flo dealt Ann 6 made 6 22 0 8 0 4",
    ]
    expect(phone.locator("svg polyline")).to_have_count(3)
    me.no_sideways_scroll()
    me.touch_targets_ok()

    phone.get_by_role("link", name="Back to the scoreboard").tap()
    # The table keeps the rotation (D12): Flo dealt hand 6, so Ann deals first.
    phone.get_by_role("button", name="Rematch: Ann deals").tap()
    expect(phone.locator(".deal")).to_have_text("Hand 1 · Ann deals · Bo bids first")
    assert me.scores() == [0, 0, 0]


def test_scoring_wisconsin_whole_game(phone, live_server):
    me = Scorer(phone)
    me.new_game(
        "Wisconsin",
        ["Ann", "Bo", "Cy", "Dee"],
        dealer="Dee",
        options=["Win only on a made bid"],
    )
    assert me.deal() == "Hand 1 · Dee deals · Ann bids first"
    assert phone.locator(".team .team-label").all_inner_texts() == ["Ann & Cy", "Bo & Dee"]
    taps = []
    taps.append(
        me.record(
            1,
            "Ann",
            2,
            {"high": "A", "low": "B", "jack": "Nobody", "game": "A"},
            "Ann & Cy bid 2 and took 2: made, +2 · Bo & Dee +1",
        )
    )

    # A refused entry with the totals switch: 3 + 3 is more than a hand holds.
    phone.locator(".bidder label", has_text="Bo").tap()
    phone.locator("label[for=bid-3]").tap()
    phone.get_by_text("Type totals").tap()
    phone.fill("input[name=points_0]", "3")
    phone.fill("input[name=points_1]", "3")
    phone.get_by_role("button", name="Record hand 2").tap()
    expect(phone.locator(".points .error")).to_have_text(
        "Four Point Northeastern Wisconsin Smear has only 4 points a hand: the teams' points "
        "must add up to 0 to 4, not 6. why?"
    )
    # The bar says it too, not "Tap the bidder, the bid and each point".
    expect(phone.locator("#hand-preview")).to_have_text(
        "Not recorded: Four Point Northeastern Wisconsin Smear has only 4 points a hand: the "
        "teams' points must add up to 0 to 4, not 6. why?"
    )
    me.settled()
    assert me.scores() == [2, 1]
    expect(phone.locator("input[name=points_0]")).to_have_value("3")
    phone.fill("input[name=points_1]", "1")
    expect(phone.locator("#hand-preview")).to_have_text(
        "Will score: Bo & Dee bid 3 and took 1: set, -3 · Ann & Cy +3"
    )
    phone.get_by_role("button", name="Record hand 2").tap()
    expect(phone.locator(".notice")).to_have_text(
        "Hand 2: Bo & Dee bid 3 and took 1: set, -3 · Ann & Cy +3"
    )
    assert me.scores() == [5, -2]
    # Typed totals stay on for this game on this phone; back to who took each point.
    expect(phone.locator("input[name=by_totals]")).to_be_checked()
    phone.get_by_text("Type totals").tap()
    me.settled()

    all_a = {"high": "A", "low": "A", "jack": "A", "game": "A"}
    taps.append(me.record(3, "Cy", 4, all_a, "Ann & Cy bid 4 and took 4: made, +4 · Bo & Dee +0"))
    me.undo(3)
    assert me.scores() == [5, -2]
    taps.append(me.record(3, "Cy", 4, all_a, "Ann & Cy bid 4 and took 4: made, +4 · Bo & Dee +0"))
    taps.append(
        me.record(
            4,
            "Dee",
            2,
            {"high": "B", "low": "B", "jack": "A", "game": "Nobody"},
            "Bo & Dee bid 2 and took 2: made, +2 · Ann & Cy +1",
        )
    )
    assert me.scores() == [10, 0]
    me.open_edit(4)
    phone.locator("label[for=award_jack-1]").tap()
    me.confirm_edit(4, "Bo & Dee bid 2 and took 3: made, +3 · Ann & Cy +0")
    assert me.scores() == [9, 1]

    taps.append(me.record(5, "Ann", 4, all_a, "Ann & Cy bid 4 and took 4: made, +4 · Bo & Dee +0"))
    taps.append(
        me.record(
            6,
            "Bo",
            2,
            {"high": "A", "low": "A", "jack": "Nobody", "game": "B"},
            "Bo & Dee bid 2 and took 1: set, -2 · Ann & Cy +2 · no winner yet: Ann & Cy reached "
            "15, but this hand's bid was set and the game is only won on a made bid: play on.",
        )
    )
    # W10a: Ann & Cy passed 15 on a set bid: no winner yet.
    assert me.scores() == [15, -1]
    expect(phone.locator(".note")).to_have_text(
        "Ann & Cy reached 15, but this hand's bid was set and the game is only won on a made "
        "bid: play on. why?"
    )
    expect(phone.locator(".note a.why")).to_have_attribute("href", "/rules/ne-wisconsin/#W10a")
    taps.append(
        me.record(
            7,
            "Cy",
            2,
            {"high": "A", "low": "A", "jack": "Nobody", "game": "Nobody"},
            "Ann & Cy bid 2 and took 2: made, +2 · Bo & Dee +0 · ends the game: Ann & Cy win 17 "
            "to -1",
        )
    )
    expect(phone.locator(".banner-title")).to_have_text("Ann & Cy win!")
    expect(phone.locator(".banner")).to_contain_text(
        "Ann & Cy win with 17 points: the only team at 15 or more in a hand whose bid was made."
    )
    expect(phone.locator("#hand-form")).to_have_count(0)
    assert taps == [7, 7, 7, 7, 7, 7, 7]
    me.no_sideways_scroll()

    # Undoing the winning hand reopens the game (D8).
    me.undo(7)
    expect(phone.locator(".banner")).to_have_count(0)
    expect(phone.locator("#hand-form button.record")).to_have_text("Record hand 7")

    phone.get_by_role("link", name="Full history").tap()
    assert me.history_rows() == [
        "1 Dee dealt Ann 2 made 2 2 1 1",
        "2 Ann dealt Bo 3 set 3 5 1 -2",
        "3 Bo dealt Cy 4 made 4 9 0 -2",
        "4 Cy dealt Dee 2 made edited 0 9 3 1",
        "5 Dee dealt Ann 4 made 4 13 0 1",
        "6 Ann dealt Bo 2 set 2 15 1 -1",
    ]
    me.no_sideways_scroll()
