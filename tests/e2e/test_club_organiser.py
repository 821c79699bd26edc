"""A new organiser, on a phone at 360x740, from sign-up to a league game agreed by the
other side, with no /admin/ page opened: sign up, start the club, start a league, paste the
roster (previewed first), invite a player; the player opens the invitation on a second
phone and makes an account; the organiser scores a league game; the invited player agrees
for their team on their own phone, and the league table counts it."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Page, expect

from smear_scores.models import Club, Game, League, Membership, Player

from .test_league_night import _no_sideways_scroll, _sweep

pytestmark = pytest.mark.browser

PASSWORD = "a-long-organiser-password"
# CLUB_SHOTS=/work/shots/club: sign-up, settings, the roster's preview and an invitation,
# light and dark, saved there.
SHOTS = os.environ.get("CLUB_SHOTS")


def _shots(page: Page, name: str) -> None:
    """The page as it is now, light, and the same address opened afresh in dark."""
    if not SHOTS:
        return
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.evaluate("document.getAnimations().forEach(a => a.finish())")
        page.screenshot(path=os.path.join(SHOTS, f"{name}-{scheme}.png"), full_page=True)
    page.emulate_media(color_scheme="light")


def _watch(asked: list[str], *pages: Page) -> None:
    """Every address these phones ask for goes on ``asked``."""
    for page in pages:
        page.on("request", lambda request: asked.append(request.url))


def _sign_up_and_start(phone: Page) -> None:
    phone.goto("/clubs/")
    phone.get_by_role("link", name="Start a club").tap()
    expect(phone.locator("h1")).to_have_text("Sign up")
    phone.fill("input[name=username]", "olive")
    phone.fill("input[name=password1]", PASSWORD)
    phone.fill("input[name=password2]", PASSWORD)
    _no_sideways_scroll(phone)
    _shots(phone, "sign-up")
    phone.get_by_role("button", name="Sign up").tap()
    expect(phone.locator("h1")).to_have_text("Start a club")
    phone.fill("input[name=name]", "Tuesday Smear Club")
    phone.fill("input[name=slug]", "tuesday")
    phone.get_by_role("button", name="Start the club").tap()
    expect(phone.locator("h1")).to_have_text("Settings of Tuesday Smear Club")
    _no_sideways_scroll(phone)
    _shots(phone, "settings")


def _league_and_roster(phone: Page) -> None:
    new_league = phone.locator("form[action$='/leagues/new/']")
    new_league.locator("input[name=name]").fill("Winter")
    new_league.locator("select[name=game]").select_option("ne-wisconsin")
    phone.get_by_role("button", name="Start the league").tap()
    expect(phone.locator("h1")).to_contain_text("Winter")
    phone.goto("/clubs/tuesday/roster/")
    phone.fill("textarea[name=text]", "Ann\nBo\n\nCy\nDi\nann")
    phone.get_by_role("button", name="Check the list").tap()
    expect(phone.locator(".preview-lines tbody tr")).to_have_count(5)
    expect(phone.locator("#roster-preview .problem")).to_have_text(
        "1 line cannot be added, so nothing is added yet: fix it below and check again."
    )
    _no_sideways_scroll(phone)
    _shots(phone, "roster-preview-refused")
    phone.fill("textarea[name=text]", "Ann\nBo\n\nCy\nDi")
    phone.get_by_role("button", name="Check the list").tap()
    add = phone.get_by_role("button", name="Add 4 players")
    expect(add).to_be_visible()
    _shots(phone, "roster-preview")
    add.tap()
    expect(phone.locator(".notice")).to_have_text("Added 4 to the roster: Ann, Bo, Cy, Di.")


def _invite_bo(phone: Page) -> str:
    phone.goto("/clubs/tuesday/people/")
    phone.locator("li", has_text="Bo").get_by_role("button", name="Invite").tap()
    expect(phone.locator("h1")).to_have_text("Invitation for Bo")
    expect(phone.locator("figure.qr svg")).to_be_visible()
    _no_sideways_scroll(phone)
    _shots(phone, "invitation")
    return phone.locator("#invitation-link").input_value()


def _organiser_plays_as_ann(phone: Page) -> None:
    """The organiser is Ann on the roster: her own invitation links her account, so the
    hands she records are her team's and only Bo & Di are asked to agree (two keys)."""
    phone.goto("/clubs/tuesday/people/")
    phone.locator("li", has_text="Ann").get_by_role("button", name="Invite").tap()
    expect(phone.locator("h1")).to_have_text("Invitation for Ann")
    phone.goto(phone.locator("#invitation-link").input_value())
    phone.get_by_role("button", name="Link my account").tap()
    expect(phone.locator(".notice")).to_contain_text("Ann")


def _bo_joins(second_phone: Page, link: str) -> None:
    second_phone.goto(link)
    expect(second_phone.locator("h1")).to_have_text("Join Tuesday Smear Club")
    # The code came from the link's # part, and left the address bar.
    assert second_phone.locator("input[name=code]").input_value() == link.split("#")[1]
    assert "#" not in second_phone.url
    _shots(second_phone, "invitation-opened")
    second_phone.fill("input[name=username]", "bo")
    second_phone.fill("input[name=password1]", PASSWORD)
    second_phone.fill("input[name=password2]", PASSWORD)
    second_phone.get_by_role("button", name="Make my account and join").tap()
    expect(second_phone.locator(".notice")).to_have_text(
        "Welcome: your account is Bo on Tuesday Smear Club's roster. You agree for your own team."
    )


def test_new_organiser_from_sign_up_to_a_league_game_agreed_without_the_admin(
    phone: Page, second_phone: Page, settings
):
    settings.CLUB_STARTERS = "one"
    asked: list[str] = []
    _watch(asked, phone, second_phone)
    _sign_up_and_start(phone)
    _league_and_roster(phone)
    link = _invite_bo(phone)
    _bo_joins(second_phone, link)
    _organiser_plays_as_ann(phone)

    league = League.objects.get()
    phone.goto(f"/leagues/{league.pk}/new/")
    for seat, name in enumerate(["Ann", "Bo", "Cy", "Di"]):
        phone.select_option(f"select[name=seat_{seat}]", label=name)
    phone.get_by_role("button", name="Start the game").tap()
    for number in range(1, 5):
        _sweep(phone, number, bidder_seat=0, team=0)
    game = Game.objects.get()
    assert game.finished

    second_phone.goto(f"/g/{game.public_id}/agree/")
    board = second_phone.locator("#agree-board")
    expect(board.locator("h1")).to_have_text("Bo & Di: agree to the scores")
    board.get_by_role("button", name="Agree to the whole game").tap()
    expect(board.locator(".notice")).to_contain_text("Bo & Di agreed")

    phone.goto(f"/leagues/{league.pk}/")
    expect(phone.locator("body")).not_to_contain_text("awaiting")
    game.refresh_from_db()
    assert game.agreed_at is not None
    assert list(Membership.objects.order_by("role").values_list("user__username", "role")) == [
        ("olive", "owner"),
        ("bo", "player"),
    ]
    assert Player.objects.get(name="Bo").user.username == "bo"
    assert Club.objects.count() == 1
    assert len(asked) > 20
    assert [url for url in asked if "/admin/" in url] == []
