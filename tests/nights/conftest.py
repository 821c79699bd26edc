"""A club with a roster and an admin, for the progressive-night tests."""

from __future__ import annotations

from datetime import date

import pytest

from smear_scores.models import Club, Player
from tests.league.conftest import PASSWORD, make_user  # noqa: F401

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu", "Max"]
DAY = date(2026, 11, 29)


@pytest.fixture
def club(db):
    return Club.objects.create(name="Tuesday Smear Club", slug="tuesday")


@pytest.fixture
def players(club):
    return [Player.objects.create(club=club, name=n) for n in NAMES]


@pytest.fixture
def director(club):
    return make_user("dora", club=club, admin=True)
