"""Signing in is throttled (django-axes), new passwords follow the password rules, and a
club admin cannot reach into another club's accounts."""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone

from smear_scores.models import Membership, Player

from ..league.conftest import PASSWORD, make_user
from ..web.conftest import find_all, text

LOGIN_URLS = [reverse("league_login"), "/admin/login/"]


def sign_in(client, url: str, password: str, username: str = "mia"):
    return client.post(url, {"username": username, "password": password})


def signed_in(client) -> bool:
    return "_auth_user_id" in client.session


@pytest.mark.parametrize("url", LOGIN_URLS)
def test_five_wrong_passwords_pause_signing_in_even_with_the_right_one(client, club, url):
    make_user("mia", club=club, admin=True)
    for _ in range(4):
        # The club login refuses with 422 like every form; the admin's own answers 200.
        refused = sign_in(client, url, "wrong-password")
        assert refused.status_code == (422 if url == reverse("league_login") else 200)

    fifth = sign_in(client, url, "wrong-password")
    right = sign_in(client, url, PASSWORD)

    assert (fifth.status_code, right.status_code) == (429, 429)
    assert find_all(text(right), "p", "problem") == [
        "5 wrong passwords in a row were typed for mia from this device, so signing in is "
        "paused for 15 minutes. Wait, then try again; if the password "
        "is lost, ask a club admin to set a new one."
    ]
    assert not signed_in(client)


def test_four_wrong_passwords_then_the_right_one_signs_in_and_clears_the_count(client, club):
    make_user("mia", club=club)
    for _ in range(4):
        sign_in(client, reverse("league_login"), "wrong-password")

    response = sign_in(client, reverse("league_login"), PASSWORD)

    assert response.status_code == 302
    assert signed_in(client)
    assert AccessAttempt.objects.count() == 0


def test_the_pause_is_for_that_username_only(client, club):
    make_user("mia", club=club)
    make_user("max", club=club)
    for _ in range(5):
        sign_in(client, reverse("league_login"), "wrong-password")

    response = sign_in(client, reverse("league_login"), PASSWORD, username="max")

    assert response.status_code == 302
    assert signed_in(client)


def test_signing_in_works_again_after_the_pause(client, club):
    make_user("mia", club=club)
    for _ in range(5):
        sign_in(client, reverse("league_login"), "wrong-password")
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=16))

    response = sign_in(client, reverse("league_login"), PASSWORD)

    assert response.status_code == 302
    assert signed_in(client)


# -- the club admin's member form --------------------------------------------------------


@pytest.fixture
def ada(client, club):
    user = make_user("ada", club=club, admin=True)
    client.force_login(user)
    return user


def add_member(client, club, username: str, password: str = "", is_admin: bool = True):
    return client.post(
        "/admin/smear_scores/membership/add/",
        {
            "club": club.pk,
            "username": username,
            "password": password,
            "role": "director" if is_admin else "scorer",
        },
    )


@pytest.mark.parametrize(
    ("password", "why"),
    [
        (
            "1",
            [
                "This password is too short. It must contain at least 8 characters.",
                "This password is too common.",
            ],
        ),
        ("password", ["This password is too common."]),
    ],
)
def test_new_members_password_follows_the_password_rules(client, club, ada, password, why):
    response = add_member(client, club, "newbie", password)

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["password"] == why
    assert not User.objects.filter(username="newbie").exists()


def test_club_admin_cannot_take_in_another_clubs_member(client, club, other_club, ada):
    olga = make_user("olga", club=other_club)

    response = add_member(client, club, "olga")

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["username"] == [
        "olga belongs to another club, so only a site admin can add them here or make them "
        "an admin. Ask a site admin, or create a new account for this club."
    ]
    olga.refresh_from_db()
    assert (olga.is_staff, Membership.objects.filter(user=olga).count()) == (False, 1)


def test_club_admin_cannot_make_a_shared_member_an_admin(client, club, other_club, ada):
    olga = make_user("olga", club=other_club)
    shared = Membership.objects.create(user=olga, club=club)

    response = client.post(
        f"/admin/smear_scores/membership/{shared.pk}/change/", {"club": club.pk, "role": "director"}
    )

    assert response.status_code == 200
    olga.refresh_from_db()
    shared.refresh_from_db()
    assert (olga.is_staff, shared.is_admin) == (False, False)


def test_club_admin_still_makes_her_own_member_an_admin(client, club, ada):
    mia = make_user("mia", club=club)
    membership = Membership.objects.get(user=mia)

    response = client.post(
        f"/admin/smear_scores/membership/{membership.pk}/change/",
        {"club": club.pk, "role": "director"},
    )

    assert response.status_code == 302
    mia.refresh_from_db()
    assert mia.is_staff


def test_site_admin_may_add_a_member_of_another_club(client, club, other_club):
    root = User.objects.create_superuser("root", password=PASSWORD)
    client.force_login(root)
    olga = make_user("olga", club=other_club)

    response = add_member(client, club, "olga")

    assert response.status_code == 302
    assert Membership.objects.filter(user=olga, club=club, role="director").exists()


def test_roster_name_without_visible_letters_is_refused(client, club, ada):
    response = client.post("/admin/smear_scores/player/add/", {"club": club.pk, "name": "\u200b"})

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["name"] == [
        "The name has no visible letter, digit or sign: type a name people can read."
    ]
    assert not Player.objects.exists()


def test_an_endless_username_is_counted_as_a_wrong_one_not_stored_whole(client, club):
    response = sign_in(client, reverse("league_login"), "wrong-password", username="x" * 5000)

    assert response.status_code == 422
    assert [len(a.username) for a in AccessAttempt.objects.all()] == [150]
