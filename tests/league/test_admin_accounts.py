"""Accounts a club admin makes in the admin (a member with a new account): Django's own
username rules, no username that looks like another account's, and a password that is
not the username."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from smear_scores.models import Membership

from .conftest import make_user

ADD = "/admin/smear_scores/membership/add/"


@pytest.fixture
def ada(client, club):
    client.force_login(make_user("ada", club=club, admin=True))
    return client


def add_member(client, club, username, password="another-long-password"):
    return client.post(
        ADD, {"club": club.pk, "username": username, "password": password, "role": "scorer"}
    )


def accounts() -> list[str]:
    return sorted(User.objects.values_list("username", flat=True))


@pytest.mark.parametrize("username", ["a b<script>", "ben!", "tab\tbed", "semi;colon", "a/b"])
def test_a_username_djangos_rules_refuse_is_refused(client, club, ada, username):
    response = add_member(client, club, username)

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["username"] == [
        f"{username.strip()!r} cannot be a username: use letters, digits and the signs "
        "@ . + - _ only, with no spaces."
    ]
    assert accounts() == ["ada"]


@pytest.mark.parametrize("username", ["BEN", "Ben", "b\u0435n", "\u0432en", "ｂｅｎ"])
def test_a_username_that_looks_like_another_accounts_is_refused(client, club, ada, username):
    make_user("ben", club=club)

    response = add_member(client, club, username)

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["username"] == [
        f"{username!r} looks the same as the account 'ben': type 'ben' to add that account, "
        "or pick a username that looks different."
    ]
    assert accounts() == ["ada", "ben"]


@pytest.mark.parametrize("password", ["benjamin99", "Benjamin99", "99benjamin"])
def test_a_password_like_the_username_is_refused(client, club, ada, password):
    response = add_member(client, club, "benjamin99", password=password)

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["password"] == [
        "The password is too similar to the username."
    ]
    assert accounts() == ["ada"]
    assert Membership.objects.count() == 1


def test_a_fine_username_and_password_make_the_account(client, club, ada):
    response = add_member(client, club, "ben.k+smear@club")

    assert response.status_code == 302
    assert accounts() == ["ada", "ben.k+smear@club"]
