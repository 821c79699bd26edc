"""Two keys at one table, on two phones at 360x740: a member of one team records a league
game's hands (no tap added), a member of the other team agrees from their own signed-in
phone (one tap a hand), says a hand is not right; the scorer edits it and the other team
agrees; then the club's director settles another game's dispute in one tap. And a night's
table: the other team's phone agrees from its guide card, one tap."""

from __future__ import annotations

import os
from datetime import date

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from smear_scores.models import Club, Dispute, League, Membership, Player
from smear_scores.services import night_phones, nights
from smear_scores.services.agreements import hand_dispute
from smear_scores.services.league_games import league_game_create
from tests.league.conftest import play

from .test_league_night import PASSWORD, _log_in, _no_sideways_scroll, _sweep

pytestmark = pytest.mark.browser

# KEYS_SHOTS=/work/shots/41: the other team's board, light and dark, saved there.
SHOTS = os.environ.get("KEYS_SHOTS")
NAMES = ["Christopher", "Katherine", "Jessica", "Brandon"]


def _shots(page: Page, name: str, page_path: str = "") -> None:
    """The other team's board (or ``page_path``) as it is now and, opened afresh on a phone
    set to dark, dark."""
    if not SHOTS:
        return
    page.screenshot(path=os.path.join(SHOTS, f"{name}-light.png"), full_page=True)
    browser = page.context.browser
    assert browser is not None
    dark = browser.new_context(
        storage_state=page.context.storage_state(),
        viewport={"width": 360, "height": 740},
        is_mobile=True,
        has_touch=True,
        color_scheme="dark",
    )
    try:
        other = dark.new_page()
        other.goto(page_path or page.url.split("/agree/")[0] + "/agree/")
        other.screenshot(path=os.path.join(SHOTS, f"{name}-dark.png"), full_page=True)
    finally:
        dark.close()


def test_two_phones_agree_dispute_edit_agree_and_the_director_settles(
    phone: Page, second_phone: Page
):
    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    league = League.objects.create(
        club=club, name="Winter", variant="ne-wisconsin", start_date=date(2020, 1, 1)
    )
    players = [Player.objects.create(club=club, name=name) for name in NAMES]
    for username, admin in (("mia", False), ("dora", True), ("chris", False), ("kate", False)):
        user = User.objects.create_user(username, password=PASSWORD, is_staff=admin)
        Membership.objects.create(user=user, club=club, is_admin=admin)
    Player.objects.filter(name="Christopher").update(user=User.objects.get(username="chris"))
    Player.objects.filter(name="Katherine").update(user=User.objects.get(username="kate"))
    game = league_game_create(league=league, players=players, first_dealer=3)

    # Christopher (Christopher & Jessica) records two hands on his phone, as ever.
    _log_in(phone, "chris", f"/clubs/login/?next=/g/{game.public_id}/")
    _sweep(phone, 1, bidder_seat=0, team=0)
    _sweep(phone, 2, bidder_seat=0, team=0)

    # His board carries no key for Katherine & Brandon: it says they agree on their own.
    phone.reload()
    assert "/agree/#" not in phone.content()
    expect(phone.locator("#team-codes")).to_have_count(0)
    expect(phone.locator("#others-agree")).to_contain_text("agree on their own phones")

    # Katherine signs in on her own phone: her team's board, no code.
    _log_in(second_phone, "kate", f"/clubs/login/?next=/g/{game.public_id}/agree/")
    board = second_phone.locator("#agree-board")
    expect(board.locator("h1")).to_have_text("Katherine & Brandon: agree to the scores")
    expect(board.locator(".hand-line")).to_have_text(
        [
            "Hand 1: Christopher & Jessica bid 4 and took 4: made, +4 · Katherine & Brandon +0",
            "Hand 2: Christopher & Jessica bid 4 and took 4: made, +4 · Katherine & Brandon +0",
        ]
    )
    _no_sideways_scroll(second_phone)
    _shots(second_phone, "to-agree")

    # A hand the scorer records reaches the other team's board by itself, as every board.
    _sweep(phone, 3, bidder_seat=1, team=1)
    expect(board.locator(".hand-line")).to_have_text(
        [
            "Hand 1: Christopher & Jessica bid 4 and took 4: made, +4 · Katherine & Brandon +0",
            "Hand 2: Christopher & Jessica bid 4 and took 4: made, +4 · Katherine & Brandon +0",
            "Hand 3: Katherine & Brandon bid 4 and took 4: made, +4 · Christopher & Jessica +0",
        ]
    )
    _shots(second_phone, "heard-by-itself")

    # One tap agrees to hand 1; hand 2 is not right.
    board.get_by_role("button", name="Agree to hand 1", exact=True).tap()
    expect(board.locator(".notice")).to_have_text(
        "Katherine & Brandon agreed to hand 1 (Katherine)."
    )
    board.locator("#agree-2 summary").tap()
    board.locator("#agree-2 input[name=words]").fill("the Jack was ours")
    board.get_by_role("button", name="Send: hand 2 is not right").tap()
    expect(board.locator(".notice")).to_contain_text("Hand 2 is marked “not right”")
    expect(board.locator("#agree-2 .dispute-words")).to_have_text("not right “the Jack was ours”")
    _no_sideways_scroll(second_phone)
    _shots(second_phone, "disputed")

    # The scorer's board marks it; the scorer gives Katherine & Brandon the Jack.
    phone.reload()
    expect(phone.locator(".disputes")).to_contain_text(
        "Hand 2, says Katherine & Brandon: “the Jack was ours”."
    )
    phone.locator(".disputes").get_by_role("link", name="Edit hand 2").tap()
    phone.locator("label[for=award_jack-1]").tap()
    phone.get_by_role("button", name="Check the change").tap()
    phone.get_by_role("button", name="Yes, change hand 2").tap()
    expect(phone.locator(".disputes")).to_have_count(0)

    # The edited hand reaches the other team's board by itself; they agree to it.
    expect(board.locator(".hand-line")).to_have_text(
        [
            "Hand 2: Christopher & Jessica bid 4 and took 3: set, -4 · Katherine & Brandon +1",
            "Hand 3: Katherine & Brandon bid 4 and took 4: made, +4 · Christopher & Jessica +0",
        ]
    )
    board.get_by_role("button", name="Agree to hand 2 and every hand before it").tap()
    expect(board.locator(".notice")).to_have_text(
        "Katherine & Brandon agreed to hands 1–2 (Katherine)."
    )
    game.refresh_from_db()
    assert (game.agreed_through, game.disputed) == ([0, 2], False)

    # The director settles another game's dispute in one tap, with a reason.
    other = play(league, players, [(1, 2, (0, 2))] + [(0, 4, (4, 0))] * 4, agreed=False)
    hand_dispute(game=other, team=1, number=1, words="points in the wrong column")
    second_phone.context.clear_cookies()  # Katherine hands the phone to the director
    _log_in(second_phone, "dora", f"/clubs/login/?next=/clubs/{club.slug}/results/")
    item = second_phone.locator(f"#settle-{other.public_id}")
    expect(item).to_contain_text("Katherine & Brandon (hand 1): “points in the wrong column”")
    item.locator("input[name=reason]").fill("both tables agree it was theirs")
    item.get_by_role("button", name="Keep hand 1 as recorded").tap()
    expect(second_phone.locator("#results .notice")).to_have_text(
        "Settled: kept hand 1. The game counts as it stands now."
    )
    _no_sideways_scroll(second_phone)
    assert Dispute.objects.get(game=other).settled_by.username == "dora"


def test_a_nights_table_agrees_from_the_other_teams_guide_card_in_one_tap(
    phone: Page, second_phone: Page
):
    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    players = [Player.objects.create(club=club, name=name) for name in NAMES]
    night = nights.night_open(
        club=club,
        name="Tuesday",
        day=date(2026, 12, 1),
        variant="ne-wisconsin",
        rounds=1,
        round_hands=4,
    )
    for player in players:
        night_phones.night_check_in(night=night, player=player)
    game = nights.round_draw(night=night, seed=1).tables.get(number=1).game
    seats = [s.player.name for s in game.seats.order_by("position").select_related("player")]

    # Seat 1 keeps the score: Score table, then a hand as ever.
    for page, name in ((phone, seats[0]), (second_phone, seats[1])):
        page.goto(f"/join/{night.join_code}/")
        page.get_by_role("button", name=f"{name} (checked in)").tap()
        expect(page.locator(".guide-where")).to_contain_text("Table 1")
    phone.get_by_role("button", name="Score table 1").tap()
    _sweep(phone, 1, bidder_seat=0, team=0)

    # Seat 2 (the other team) agrees from its card: one tap, no code.
    second_phone.reload()
    strip = second_phone.locator("#guide-agree")
    expect(strip).to_contain_text(f"{seats[1]}'s phone: agree? Hand 1:")
    _no_sideways_scroll(second_phone)
    _shots(second_phone, "night-strip", page_path=second_phone.url)
    strip.get_by_role("button", name="Agree to hand 1").tap()
    expect(second_phone.locator(".guide-where")).to_contain_text("Table 1")
    expect(second_phone.locator("#guide-agree")).to_have_count(0)
    game.refresh_from_db()
    assert game.agreed_through == [0, 1]

    # Another phone asks for the same name: the first phone is told, the director moves it.
    User.objects.create_user("dora", password=PASSWORD, is_staff=True)
    Membership.objects.create(user=User.objects.get(username="dora"), club=club, is_admin=True)
    phone.context.clear_cookies()  # a phone of its own, never checked in
    phone.goto(f"/join/{night.join_code}/")
    phone.get_by_role("button", name=f"{seats[1]} (checked in)").tap()
    phone.get_by_role("button", name=f"I am {seats[1]}: check in on this phone").tap()
    expect(phone.locator("#guide-claim")).to_contain_text("The director moves the name")
    expect(second_phone.locator("#guide-claim")).to_contain_text(
        f"Another phone asks to check in as {seats[1]}."
    )
    _shots(second_phone, "takeover-first-phone", page_path=second_phone.url)
    phone.context.clear_cookies()
    _log_in(phone, "dora", f"/clubs/login/?next=/tournaments/{night.pk}/")
    claim = phone.locator(".claim")
    expect(claim).to_contain_text(f"Another phone asks to check in as {seats[1]}.")
    _no_sideways_scroll(phone)
    claim.scroll_into_view_if_needed()
    _shots(phone, "takeover-director", page_path=phone.url)
    claim.get_by_role("button", name=f"Move {seats[1]} to the new phone").tap()
    expect(phone.locator(".claim")).to_have_count(0)
    expect(second_phone.locator("#guide-claim")).to_contain_text(
        f"{seats[1]} is checked in on another phone now"
    )
