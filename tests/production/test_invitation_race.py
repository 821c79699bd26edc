"""Two phones opening one invitation at the same moment (real threads, each with its own
database connection): the invitation's row is locked, the first links its account, and
the second is told the invitation was used and links nothing."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from smear_scores.models import Club, Invitation, Player
from smear_scores.services import club_people
from smear_scores.services.club_start import ClubRefused

from .conftest import WAIT, HeldWrite, in_thread, wait_until_a_writer_waits

pytestmark = pytest.mark.django_db(transaction=True)


def test_one_invitation_opened_on_two_phones_at_once_links_one_account(monkeypatch):
    club = Club.objects.create(name="Tuesday", slug="tuesday")
    ann = Player.objects.create(club=club, name="Ann")
    invitation = club_people.invitation_create(player=ann, by=None)
    amy, eve = User.objects.create_user("amy"), User.objects.create_user("eve")
    held = HeldWrite()
    link = club_people._link  # noqa: SLF001 (held right after the invitation is locked)

    def link_then_hold(*args):
        held.hold_here()
        return link(*args)

    monkeypatch.setattr(club_people, "_link", link_then_hold)
    held.arm()
    first = in_thread(
        lambda: club_people.invitation_accept(club=club, code=invitation.code, user=amy)
    )
    held.wait_inside()
    second = in_thread(
        lambda: club_people.invitation_accept(club=club, code=invitation.code, user=eve)
    )
    wait_until_a_writer_waits()
    held.release()

    assert first.result(WAIT).user == amy
    with pytest.raises(ClubRefused, match="This invitation was already used on "):
        second.result(WAIT)
    ann.refresh_from_db()
    assert (ann.user, Invitation.objects.get().used_by) == (amy, amy)
