"""Starting a club: the person who starts it is its owner; CLUB_STARTERS says who may
(anyone, only with the operator's invitation, or the one club of a table's box)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from smear_scores.models import Club, Membership, StartInvitation

from ..web.conftest import find_all, text
from .conftest import make_user


def start(client, name="Tuesday Smear", slug="tuesday", **extra):
    return client.post("/start-a-club/", {"name": name, "slug": slug, **extra})


@pytest.fixture
def nora(client, db):
    nora = make_user("nora")
    client.force_login(nora)
    return nora


def test_anyone_starts_a_club_and_owns_it(client, nora, settings):
    settings.CLUB_STARTERS = "anyone"

    response = start(client)

    assert (response.status_code, response["Location"]) == (302, "/clubs/tuesday/settings/")
    club = Club.objects.get()
    assert (club.name, club.slug) == ("Tuesday Smear", "tuesday")
    assert list(Membership.objects.values_list("user__username", "role")) == [("nora", "owner")]


def test_a_club_needs_a_signed_in_person(client, db, settings):
    settings.CLUB_STARTERS = "anyone"

    response = start(client)

    assert response["Location"] == "/signup/?next=/start-a-club/"
    assert not Club.objects.exists()


def test_a_taken_or_misshapen_address_is_refused(client, nora, settings):
    settings.CLUB_STARTERS = "anyone"
    Club.objects.create(name="Old", slug="tuesday")
    cases = {
        "tuesday": "The address /clubs/tuesday/ is taken: pick another.",
        "Tues Day!": "A club's address is made of small letters, digits and dashes (e.g. "
        "tuesday-smear), at most 40.",
        "login": "/clubs/login/ is one of this site's own pages: pick another address.",
    }
    for slug, expected in cases.items():
        response = start(client, slug=slug)
        assert (response.status_code, find_all(text(response), "p", "problem")) == (
            422,
            [expected],
        ), slug
    assert Club.objects.count() == 1


def test_one_club_server_takes_the_first_and_refuses_a_second(client, nora, settings):
    settings.CLUB_STARTERS = "one"
    first = start(client)
    client.force_login(make_user("mallory"))

    second = start(client, name="Mine", slug="mine")
    page = client.get("/start-a-club/")

    assert first.status_code == 302
    assert second.status_code == 422
    assert find_all(text(second), "p", "problem") == [
        "This server keeps one club, and Tuesday Smear is it: ask its director to invite you, "
        "or ask to join it."
    ]
    assert "ask to join it" in text(page)
    assert list(Club.objects.values_list("slug", flat=True)) == ["tuesday"]


def test_invited_server_starts_a_club_with_the_operators_code_once(client, nora, settings, capsys):
    settings.CLUB_STARTERS = "invited"
    call_command("club_start_invitation", "--note", "for Nora")
    code = StartInvitation.objects.get().code
    assert code[:4] in capsys.readouterr().out

    without = start(client)
    wrong = start(client, invitation="AAAA-BBBB-CCCC")
    used = start(client, invitation=code.lower())
    client.force_login(make_user("mallory"))
    again = start(client, name="Mine", slug="mine", invitation=code)

    assert [find_all(text(r), "p", "problem") for r in (without, wrong, again)] == [
        [
            "Starting a club on this server takes an invitation from its operator: type the "
            "invitation code you were given."
        ],
        ["No invitation to start a club has this code: check it with the operator."],
        ["This invitation already started a club (Tuesday Smear): ask the operator for another."],
    ]
    assert used.status_code == 302
    assert list(Club.objects.values_list("slug", flat=True)) == ["tuesday"]


def test_an_expired_start_invitation_starts_nothing(client, nora, settings):
    settings.CLUB_STARTERS = "invited"
    invitation = StartInvitation.objects.create(expires_at=timezone.now() - timedelta(minutes=1))

    response = start(client, invitation=invitation.code)

    assert response.status_code == 422
    assert find_all(text(response), "p", "problem")[0].startswith("This invitation expired on ")
    assert not Club.objects.exists()
