"""The night form shows a variant's house rules only for that variant."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from smear_scores.models import Club, League, Membership

pytestmark = pytest.mark.browser

PASSWORD = "a-long-test-password"


def test_night_form_shows_wisconsin_options_only_for_the_wisconsin_game(phone):
    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    League.objects.create(club=club, variant="schmier", name="Winter", start_date=date(2026, 1, 1))
    dora = User.objects.create_user("dora", password=PASSWORD, is_staff=True)
    Membership.objects.create(user=dora, club=club, is_admin=True)
    phone.goto(f"/clubs/{club.slug}/tournaments/new/")
    phone.fill("input[name=username]", "dora")
    phone.fill("input[name=password]", PASSWORD)
    phone.get_by_role("button", name="Log in").tap()
    expect(phone.locator("h1")).to_have_text("Open a progressive night")

    wisconsin = phone.locator("fieldset.variant-options[data-variant=ne-wisconsin]")
    expect(wisconsin.locator("legend")).to_have_text(
        "House rules: Four Point Northeastern Wisconsin Smear only"
    )
    phone.select_option("select[name=variant]", "schmier")
    expect(wisconsin).to_be_hidden()
    # No house rule of the Wisconsin game is on screen for a Schmier night.
    shown = phone.locator("input[name^=option_]:visible, select[name^=option_]:visible")
    expect(shown).to_have_count(0)
    phone.select_option("select[name=variant]", "ne-wisconsin")
    expect(wisconsin).to_be_visible()
    assert (
        phone.locator("[name^=option_]:visible").count()
        == wisconsin.locator("[name^=option_]").count()
        > 0
    )
    # A league night plays the league's own options: none to choose here.
    phone.select_option("select[name=league]", label="Winter")
    expect(wisconsin).to_be_hidden()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
