"""A made moon from below zero in the API: with ``moon.negative_to_zero`` a team below zero
that makes its moon comes to 0, not to the target (Ten-point Pitch); the settings take it,
show it, and the document words it as the builder does."""

from __future__ import annotations

from .test_source_readings import play, standing, start, tuesday

MOON = {"bid": 5, "made": "to_target", "failed": "set_back", "failed_points": 1}


def with_moon(**moon) -> dict:
    """Four points to 11 with a moon of 5 that takes the bidding team to the target."""
    return tuesday(max_bid=5, moon={**MOON, **moon})


def scores_after(api, settings: dict, *hands: dict) -> list[int]:
    return standing(play(api, start(api, settings), *hands))[0]


# Team B bids 3 and 2 and takes nothing: -5; then it makes its moon.
BELOW_ZERO = (
    {"bidder": 1, "bid": 3, "points": [4, 0]},
    {"bidder": 1, "bid": 2, "points": [4, 0]},
)
MADE_MOON = {"bidder": 1, "bid": 5, "points": [0, 4]}


def test_api_a_made_moon_from_below_zero_comes_to_zero(api):
    assert scores_after(api, with_moon(negative_to_zero=True), *BELOW_ZERO) == [8, -5]

    assert scores_after(api, with_moon(negative_to_zero=True), *BELOW_ZERO, MADE_MOON) == [8, 0]


def test_api_a_made_moon_from_below_zero_goes_to_the_target_without_it(api):
    assert scores_after(api, with_moon(), *BELOW_ZERO, MADE_MOON) == [8, 11]


def test_api_house_rules_show_a_made_moon_from_below_zero(api):
    response = api.post("/api/house-rules", with_moon(negative_to_zero=True))

    assert response.status_code == 201, response.json()
    assert response.json()["settings"]["moon"]["negative_to_zero"] is True
    pitch = next(v for v in api.get("/api/variants").json() if v["slug"] == "ten-point-pitch")
    assert pitch["settings"]["moon"]["negative_to_zero"] is True


def test_the_document_words_a_made_moon_from_below_zero_as_the_builder_does(api):
    schemas = api.get("/api/openapi.json").json()["components"]["schemas"]

    assert schemas["MoonIn"]["properties"]["negative_to_zero"] == {
        "default": False,
        "description": "A made moon from below zero (made to_target). true: A made moon "
        "takes a score below zero to 0, not to the target. false: A made moon takes any "
        "score to the target.",
        "title": "Negative To Zero",
        "type": "boolean",
    }
    assert schemas["MoonOut"]["properties"]["negative_to_zero"]["type"] == "boolean"
