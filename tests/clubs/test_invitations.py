"""A director invites a roster player with a one-use, expiring link and its QR; opening it
makes or signs in an account and links it to that player. Used twice, expired, withdrawn
or for another club, it says so and links nothing. A person may ask to join; a director
accepts or refuses; a director unlinks and invites again."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from smear_scores.models import Invitation, JoinRequest, Membership, Player, Role
from smear_scores.permissions import show_code

from ..web.conftest import find_all, text
from .conftest import PASSWORD, make_user, member, roster


@pytest.fixture
def director(club):
    return member("dora", club, Role.DIRECTOR)


@pytest.fixture
def ann(club):
    return roster(club, "Ann")[0]


def invite(client, director, player) -> Invitation:
    client.force_login(director)
    response = client.post(f"/clubs/{player.club.slug}/people/{player.pk}/invite/")
    invitation = Invitation.objects.get(player=player, withdrawn=False, used_at__isnull=True)
    assert response["Location"] == f"/clubs/{player.club.slug}/invitations/{invitation.pk}/"
    client.logout()
    return invitation


def open_as_new(client, club, code: str, username: str = "ann"):
    return client.post(
        f"/clubs/{club.slug}/invitation/",
        {"code": code, "username": username, "password1": PASSWORD, "password2": PASSWORD},
    )


def test_the_invitation_page_shows_its_link_qr_and_code_to_a_director(client, director, ann):
    invitation = invite(client, director, ann)
    client.force_login(director)

    page = client.get(f"/clubs/tuesday/invitations/{invitation.pk}/")

    code = show_code(invitation.code)
    link = f"http://testserver/clubs/tuesday/invitation/#{code}"
    assert page.status_code == 200
    assert page["Cache-Control"] == "private, no-store"
    assert re.search(r'<figure class="qr"[^>]*><svg', text(page))
    assert f'value="{link}"' in text(page)
    assert f'<strong class="code">{code}</strong>' in text(page)


def test_a_new_account_opens_the_invitation_and_is_linked_signed_in(client, director, ann):
    invitation = invite(client, director, ann)

    response = open_as_new(client, ann.club, show_code(invitation.code).lower())

    assert response.status_code == 200
    assert find_all(text(response), "p", "notice") == [
        "Welcome: your account is Ann on Tuesday Smear Club's roster. You agree for your own team."
    ]
    ann.refresh_from_db()
    invitation.refresh_from_db()
    assert (ann.user.username, invitation.used_by_id) == ("ann", ann.user_id)
    assert Membership.objects.get(user=ann.user).role == Role.PLAYER
    assert client.session["_auth_user_id"] == str(ann.user_id)


def test_a_signed_in_person_links_their_own_account(client, director, ann):
    invitation = invite(client, director, ann)
    amy = make_user("amy")
    client.force_login(amy)

    response = client.post("/clubs/tuesday/invitation/", {"code": invitation.code})

    assert response.status_code == 200
    ann.refresh_from_db()
    assert ann.user == amy


def test_an_invitation_used_twice_expired_or_of_another_club_links_nothing(
    client, club, other_club, director, ann
):
    invitation = invite(client, director, ann)
    assert open_as_new(client, club, invitation.code).status_code == 200
    client.logout()
    bo = roster(club, "Bo")[0]
    late = invite(client, director, bo)
    Invitation.objects.filter(pk=late.pk).update(expires_at=timezone.now() - timedelta(hours=1))

    twice = open_as_new(client, club, invitation.code, "mallory")
    expired = open_as_new(client, club, late.code, "mallory")
    elsewhere = open_as_new(client, other_club, invitation.code, "mallory")
    unknown = open_as_new(client, club, "AAAA-BBBB-CCCC", "mallory")

    problems = [find_all(text(r), "p", "problem") for r in (twice, expired, elsewhere, unknown)]
    used_on = timezone.localtime(Invitation.objects.get(pk=invitation.pk).used_at)
    expired_on = timezone.localtime(Invitation.objects.get(pk=late.pk).expires_at)
    assert problems == [
        [
            f"This invitation was already used on {used_on:%Y-%m-%d %H:%M}: ask the director "
            "of Tuesday Smear Club for a new one."
        ],
        [
            f"This invitation expired on {expired_on:%Y-%m-%d %H:%M}: ask the director of "
            "Tuesday Smear Club for a new one."
        ],
        [
            "This invitation is for another club, not Friday Pitch: open the link exactly as "
            "you were sent it."
        ],
        ["No invitation has this code: check the code, or ask the director for a new link."],
    ]
    assert {r.status_code for r in (twice, expired, elsewhere, unknown)} == {422}
    assert not User.objects.filter(username="mallory").exists()
    assert list(
        Player.objects.filter(user__isnull=False).values_list("name", "user__username")
    ) == [("Ann", "ann")]


def test_unlink_then_invite_again_withdraws_the_old_link(client, director, ann):
    first = invite(client, director, ann)
    open_as_new(client, ann.club, first.code)
    client.force_login(director)

    client.post(f"/clubs/tuesday/people/{ann.pk}/unlink/")
    stale = invite(client, director, ann)
    fresh = invite(client, director, ann)
    refused = open_as_new(client, ann.club, stale.code, "ann2")
    taken = open_as_new(client, ann.club, fresh.code, "ann2")

    assert find_all(text(refused), "p", "problem") == [
        "The director withdrew this invitation (a newer one was made, or the player was "
        "unlinked): ask the director of Tuesday Smear Club for a new one."
    ]
    ann.refresh_from_db()
    assert (taken.status_code, ann.user.username) == (200, "ann2")
    assert not Membership.objects.filter(user__username="ann").exists()


def test_a_request_to_join_is_accepted_as_a_roster_player(client, club, director, ann):
    eve, amy = make_user("eve"), make_user("amy")
    client.force_login(eve)
    asked = client.post("/clubs/tuesday/join/", {"name": "Eve"})
    again = client.post("/clubs/tuesday/join/", {"name": "Eve"})
    client.force_login(amy)
    client.post("/clubs/tuesday/join/", {"name": "ann"})
    client.force_login(director)

    eves, amys = JoinRequest.objects.order_by("pk")
    client.post(f"/clubs/tuesday/join/{eves.pk}/", {"decision": "accept"})
    client.post(f"/clubs/tuesday/join/{amys.pk}/", {"decision": "refuse"})
    twice = client.post(f"/clubs/tuesday/join/{amys.pk}/", {"decision": "accept"})

    assert find_all(text(asked), "p", "notice") == [
        "Asked: a director of Tuesday Smear Club decides it. You will see it here."
    ]
    assert find_all(text(again), "p", "problem") == [
        "You already asked to join Tuesday Smear Club: a director decides it."
    ]
    assert find_all(text(twice), "p", "problem") == ["This request was already decided."]
    assert list(Player.objects.order_by("name").values_list("name", "user__username")) == [
        ("Ann", None),
        ("Eve", "eve"),
    ]
    assert Membership.objects.get(user=eve).role == Role.PLAYER
    assert not Membership.objects.filter(user=amy).exists()


def test_the_owner_names_a_director_and_the_last_owner_stays(client, club, director):
    olive = member("olive", club, Role.OWNER)
    sam = member("sam", club, Role.SCORER)
    client.force_login(olive)

    named = client.post("/clubs/tuesday/people/role/", {"user": sam.pk, "role": "director"})
    alone = client.post("/clubs/tuesday/people/role/", {"user": olive.pk, "role": "player"})

    assert find_all(text(named), "p", "notice") == ["sam is now director of Tuesday Smear Club."]
    assert find_all(text(alone), "p", "problem") == [
        "olive is the club's only owner: name another owner first."
    ]
    assert dict(Membership.objects.values_list("user__username", "role")) == {
        "dora": "director",
        "olive": "owner",
        "sam": "director",
    }
