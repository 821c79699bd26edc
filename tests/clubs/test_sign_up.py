"""Signing up: an account of one's own with no e-mail, its password checked by the
password rules, its username unlike any other, at most SIGNUP_LIMIT_PER_HOUR from one
address in an hour."""

from __future__ import annotations

from django.contrib.auth.models import User

from smear_scores.models import SignUp

from ..web.conftest import find_all, text
from .conftest import PASSWORD, sign_up


def signed_in_as(client) -> str | None:
    user_id = client.session.get("_auth_user_id")
    return User.objects.get(pk=user_id).username if user_id else None


def test_sign_up_with_no_email_signs_in_and_goes_on_to_start_a_club(client, db):
    response = sign_up(client, "nora")

    assert (response.status_code, response["Location"]) == (302, "/start-a-club/")
    assert signed_in_as(client) == "nora"
    nora = User.objects.get(username="nora")
    assert (nora.email, nora.is_staff, nora.check_password(PASSWORD)) == ("", False, True)
    assert list(SignUp.objects.values_list("address", flat=True)) == ["10.0.0.7"]


def test_sign_up_goes_on_to_a_next_page_of_this_site_only(client, db):
    here = sign_up(client, "nora", next="/clubs/tuesday/join/")
    client.logout()
    elsewhere = sign_up(client, "nina", next="https://evil.example/")

    assert (here["Location"], elsewhere["Location"]) == ("/clubs/tuesday/join/", "/start-a-club/")


def test_sign_up_refusals_say_what_to_fix_and_make_no_account(client, db):
    User.objects.create_user("ben", password=PASSWORD)
    cases = {
        "BEN": [
            "'BEN' looks the same as the account 'ben': pick a username that looks different, "
            "or sign in if 'ben' is yours."
        ],
        "ben": ["The username ben is taken: pick another, or sign in if it is yours."],
        "bo b": [
            "'bo b' cannot be a username: use letters, digits and the signs @ . + - _ only, "
            "with no spaces."
        ],
    }
    for username, expected in cases.items():
        response = sign_up(client, username)
        assert response.status_code == 422, username
        assert find_all(text(response), "p", "problem") == expected, username
    mismatch = client.post(
        "/signup/", {"username": "cy", "password1": PASSWORD, "password2": PASSWORD + "x"}
    )
    short = sign_up(client, "di", password="abc")

    assert find_all(text(mismatch), "p", "problem") == [
        "The two passwords differ: type the same password twice."
    ]
    assert short.status_code == 422
    assert "This password is too short. It must contain at least 8 characters." in text(short)
    assert sorted(User.objects.values_list("username", flat=True)) == ["ben"]


def test_sixth_sign_up_from_one_address_in_an_hour_is_paused(client, db, settings):
    settings.SIGNUP_LIMIT_PER_HOUR = 5
    for n in range(5):
        assert sign_up(client, f"user{n}").status_code == 302
        client.logout()

    sixth = sign_up(client, "user5")
    elsewhere = sign_up(client, "user6", address="10.0.0.8")

    assert sixth.status_code == 429
    assert find_all(text(sixth), "p", "problem") == [
        "5 accounts were made from this address in the last hour, the most this server "
        "takes: wait an hour, or sign in with an account you already have."
    ]
    assert elsewhere.status_code == 302
    assert not User.objects.filter(username="user5").exists()
