"""Signing out ends the session on the server: a session cookie copied before the sign-out
opens neither the admin nor a director's screen afterwards, although sessions are signed
cookies that the server cannot take back. What else a session holds (the games a device
scores) stays with the device."""

from __future__ import annotations

import subprocess
import sys

import pytest
from django.conf import settings
from django.test import Client

from smear_scores.models import Night
from smear_scores.services.nights import night_open
from tests import app_env

from ..league.conftest import PASSWORD, make_user
from ..nights.conftest import DAY
from ..web.conftest import grant


def signed_in(club, username="ada"):
    make_user(username, club=club, admin=True)
    device = Client()
    response = device.post("/clubs/login/", {"username": username, "password": PASSWORD})
    assert response.status_code == 302
    return device


def copy_of(device) -> Client:
    """Another browser given this device's session cookie."""
    thief = Client()
    thief.cookies[settings.SESSION_COOKIE_NAME] = device.cookies[settings.SESSION_COOKIE_NAME].value
    return thief


@pytest.fixture
def night(club):
    return night_open(club=club, name="Tuesday progressive", day=DAY, variant="schmier", rounds=3)


def test_a_sessions_cookie_copied_before_sign_out_opens_nothing_after(club, night):
    device = signed_in(club)
    thief = copy_of(device)
    # Before the sign-out the copy is as good as the original.
    assert thief.get("/admin/").status_code == 200
    assert thief.get(f"/tournaments/{night.pk}/").status_code == 200

    assert device.post("/clubs/logout/").status_code == 302

    admin = thief.get("/admin/")
    assert (admin.status_code, admin["Location"].split("?")[0]) == (302, "/admin/login/")
    director = thief.get(f"/tournaments/{night.pk}/")
    assert (director.status_code, director["Location"].split("?")[0]) == (302, "/clubs/login/")
    drawn = thief.post(f"/tournaments/{night.pk}/draw/")
    assert drawn.status_code == 302
    assert Night.objects.get().round_set.count() == 0


def test_signing_out_of_the_admin_ends_the_session_too(club):
    device = signed_in(club)
    thief = copy_of(device)

    assert device.post("/admin/logout/").status_code == 200

    assert thief.get("/admin/").status_code == 302


def test_signing_in_again_after_signing_out_works(club, night):
    device = signed_in(club)
    device.post("/clubs/logout/")

    again = device.post("/clubs/login/", {"username": "ada", "password": PASSWORD})

    assert again.status_code == 302
    assert device.get(f"/tournaments/{night.pk}/").status_code == 200


def test_an_ended_session_keeps_the_games_its_device_scores(club, make_game):
    game = make_game("schmier", hands=1)
    phone = signed_in(club)
    grant(phone, game)
    laptop = Client()
    laptop.post("/clubs/login/", {"username": "ada", "password": PASSWORD})

    laptop.post("/clubs/logout/")  # signing out anywhere ends every session of the user

    assert phone.get("/admin/").status_code == 302
    record = phone.post(f"/g/{game.public_id}/hands/", {"thrown_in": "1", "number": "2"})
    assert record.status_code == 302
    game.refresh_from_db()
    assert game.hands_played == 2


def test_a_casual_scorer_is_asked_no_extra_query(client, make_game, django_assert_num_queries):
    game = make_game("schmier", hands=1)
    grant(client, game)
    version = client.get(f"/g/{game.public_id}/live/")["ETag"]

    with django_assert_num_queries(1):
        response = client.get(f"/g/{game.public_id}/live/", headers={"If-None-Match": version})

    assert response.status_code == 304


SIGN_OUT_WITH_DEBUG_OFF = """
import django
django.setup()
import gc
gc.collect()  # what a production process does sooner or later after ready()
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from smear_scores.selectors.accounts import signin_version
assert not settings.DEBUG
call_command("migrate", verbosity=0)
user = User.objects.create_user("ada", password="pw", is_staff=True, is_superuser=True)
device = Client()
device.force_login(user)
thief = Client(raise_request_exception=False)  # the admin page itself needs the static files
thief.cookies[settings.SESSION_COOKIE_NAME] = device.cookies[settings.SESSION_COOKIE_NAME].value
device.post("/clubs/logout/")
print(signin_version(user_id=user.pk), thief.get("/admin/").status_code)
"""


def test_sign_out_ends_a_copied_session_in_a_process_with_debug_off(tmp_path):
    # Django keeps a signal's receivers by weak reference; with DEBUG on one of its caches
    # holds them too, so only a process started with DEBUG off (as production is) shows
    # receivers that nothing else keeps alive.
    env = app_env.served(tmp_path, ALLOWED_HOSTS="testserver")
    done = subprocess.run(
        [sys.executable, "-W", "ignore", "-c", SIGN_OUT_WITH_DEBUG_OFF],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=settings.BASE_DIR,
    )
    assert done.returncode == 0, done.stderr
    version, admin = done.stdout.split()
    assert (version, admin) == ("1", "302"), "the sign-out did not end the copied session"
