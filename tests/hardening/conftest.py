"""Fixtures for the hardening tests: a scoring device, a club with a league."""

from __future__ import annotations

from pathlib import Path

import pytest

from smear_scores.models import Club

from ..league.conftest import make_league, roster


@pytest.fixture
def club(db):
    return Club.objects.create(name="Tuesday Smear Club", slug="tuesday")


@pytest.fixture
def league(club):
    return make_league(club)


@pytest.fixture
def four(club):
    return roster(club, "Ann", "Bob", "Cat", "Dan")


@pytest.fixture
def other_club(db):
    return Club.objects.create(name="Friday Club", slug="friday")


def pytest_collection_modifyitems(items):
    """Every test here is a security test: `make security` runs them again with DEBUG off,
    as production runs, after collecting the static files as a release does."""
    here = str(Path(__file__).parent)
    for item in items:
        if str(item.path).startswith(here):
            item.add_marker(pytest.mark.security)
