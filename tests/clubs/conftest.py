"""Clubs that run themselves: two clubs, and helpers to sign up and to hold a role."""

from __future__ import annotations

import pytest

from smear_scores.models import Club, Membership, Role

from ..league.conftest import PASSWORD, make_league, make_user, roster

__all__ = ["PASSWORD", "make_league", "member", "roster", "sign_up"]


@pytest.fixture
def club(db):
    return Club.objects.create(name="Tuesday Smear Club", slug="tuesday")


@pytest.fixture
def other_club(db):
    return Club.objects.create(name="Friday Pitch", slug="friday")


def member(username: str, of: Club, role: str):
    """An account holding ``role`` in the club ``of``."""
    user = make_user(username)
    Membership.objects.create(user=user, club=of, role=role)
    return user


def sign_up(client, username: str, *, password: str = PASSWORD, address: str = "10.0.0.7", **extra):
    return client.post(
        "/signup/",
        {"username": username, "password1": password, "password2": password, **extra},
        REMOTE_ADDR=address,
    )


@pytest.fixture
def owner(club):
    return member("olive", club, Role.OWNER)
