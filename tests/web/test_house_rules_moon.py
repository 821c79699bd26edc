"""“A made moon from below zero” on “Our rules…”: with a made moon taking the bidding team's
score to the target, a team below zero may come to 0 instead (Ten-point Pitch plays it so).
The builder offers it as a switch beside the moon's choices and saves it with that choice."""

from __future__ import annotations

import re

import pytest

from smear_scores.forms.house_rules import HouseRulesForm
from smear_scores.models import HouseRules
from smear_scores.selectors.house_rules import preset_settings

from .conftest import text

pytestmark = pytest.mark.django_db

NEW = "/rules/house/new/"
TO_TARGET = {
    "bid": 5,
    "name": "Shoot the moon",
    "made": "to_target",
    "made_points": 0,
    "failed": "set_back",
    "failed_points": 5,
}


def tuesday(**moon) -> dict:
    """Four Point Wisconsin to 21 with a moon of 5."""
    settings = preset_settings("ne-wisconsin")
    return {
        **settings,
        "name": "Tuesday Smear",
        "target": 21,
        "max_bid": 5,
        "moon": {**TO_TARGET, **moon},
    }


def switch(page: str) -> tuple[str, str]:
    """The switch's input and its words, tags stripped."""
    found = re.search(
        r'<label class="switch">(<input [^>]*name="moon_negative_to_zero"[^>]*>)(.*?)</label>',
        page,
        re.S,
    )
    assert found is not None, "no switch for a made moon from below zero"
    return found.group(1), " ".join(re.sub(r"<[^>]+>", " ", found.group(2)).split())


def test_builder_offers_a_made_moon_from_below_zero_as_ten_point_pitch_plays_it(client):
    page = text(client.get(NEW, {"from": "ten-point-pitch"}))

    box, words = switch(page)
    assert " checked" in box
    assert words == (
        "A made moon from below zero A made moon takes a score below zero to 0, not to the target."
    )


def test_builder_says_what_a_made_moon_does_without_it(client):
    box, words = switch(text(client.get(NEW, {"from": "schmier"})))

    assert " checked" not in box
    assert words == "A made moon from below zero A made moon takes any score to the target."


def test_saving_ten_point_pitch_keeps_its_made_moon_from_below_zero(client):
    settings = {**preset_settings("ten-point-pitch"), "name": "Friday Pitch"}

    response = client.post(NEW, {**HouseRulesForm.as_data(settings), "save": "1"})

    assert response.status_code == 302
    assert HouseRules.objects.get().settings["moon"]["negative_to_zero"] is True


@pytest.mark.parametrize("switched, kept", [("on", True), (None, False)])
def test_a_made_moon_from_below_zero_is_saved_as_switched(client, switched, kept):
    posted = {**HouseRulesForm.as_data(tuesday()), "save": "1"}
    if switched:
        posted["moon_negative_to_zero"] = switched

    response = client.post(NEW, posted)

    saved = HouseRules.objects.get()
    assert response.status_code == 302
    assert saved.settings["moon"]["negative_to_zero"] is kept


def test_a_made_moon_from_below_zero_is_kept_only_for_a_moon_to_the_target(client):
    posted = {**HouseRulesForm.as_data(tuesday(made="wins")), "moon_negative_to_zero": "on"}

    client.post(NEW, {**posted, "save": "1"})

    assert HouseRules.objects.get().settings["moon"]["negative_to_zero"] is False


def test_the_saved_sets_page_says_a_made_moon_brings_a_team_below_zero_to_zero(client):
    posted = {**HouseRulesForm.as_data(tuesday()), "moon_negative_to_zero": "on", "save": "1"}

    page = text(client.get(client.post(NEW, posted)["Location"]))

    assert "its score becomes 21; a team below zero comes to 0 instead" in (
        " ".join(re.sub(r"<[^>]+>", " ", page).split())
    )
