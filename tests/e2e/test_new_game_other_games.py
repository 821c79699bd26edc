"""Choosing one of the other games on the new-game screen keeps the names typed so far."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

NAMES = ["Christopher", "Katherine", "Jonathan", "Michelle"]


@pytest.mark.django_db(transaction=True)
def test_another_game_chosen_after_typing_names_keeps_them(phone):
    phone.goto("/new/")
    seats = phone.locator("input[name^=player_]")
    expect(seats).to_have_count(6)  # Schmier, the first game
    for seat, name in zip(seats.all(), NAMES, strict=False):
        seat.fill(name)
    phone.get_by_text("Other games").click()
    phone.get_by_role("link", name="Pedro").click()

    expect(phone.get_by_role("radio", name="Pedro")).to_be_checked()
    expect(seats).to_have_count(4)  # Pedro's four seats
    assert [seat.input_value() for seat in seats.all()] == NAMES
    assert phone.url.endswith("/new/")  # drawn in place, not a new page
