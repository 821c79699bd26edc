"""Two directors seat a substitute for the same absent player at the same moment: one sits
in, the other is told who already does (the night's row is locked while a sub is seated)."""

from __future__ import annotations

from datetime import date

import pytest

from smear_scores.models import Club, Player, Seat, Substitution
from smear_scores.services import night_phones, nights
from smear_scores.services import night_substitutes as subs

from .conftest import WAIT, HeldWrite, in_thread, wait_until_a_writer_waits

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_subs_for_one_seat_at_once_seat_one(monkeypatch):
    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    night = nights.night_open(
        club=club, name="Race night", day=date(2026, 11, 29), variant="ne-wisconsin", rounds=2
    )
    players = [Player.objects.create(club=club, name=n) for n in ["Ann", "Bo", "Cy", "Di"]]
    kit, max_ = (Player.objects.create(club=club, name=n) for n in ["Kit", "Max"])
    for player in players:
        night_phones.night_check_in(night=night, player=player)
    round_ = nights.round_draw(night=night, seed=1)
    absent = Seat.objects.get(game=round_.tables.get().game, position=0).player

    # The first sub's write waits inside its transaction, the seat taken, until the second
    # has started and queued behind it.
    held = HeldWrite()
    bump = subs.night_version_bump

    def bump_then_hold(night):
        bump(night)
        held.hold_here()

    monkeypatch.setattr(subs, "night_version_bump", bump_then_hold)
    held.arm()
    first = in_thread(lambda: subs.sub_seat(night=night, absent=absent, sub=kit, first=1))
    held.wait_inside()
    second = in_thread(lambda: subs.sub_seat(night=night, absent=absent, sub=max_, first=1))
    wait_until_a_writer_waits()
    held.release()

    assert first.result(WAIT).sub == kit
    with pytest.raises(nights.NightRefused) as refused:
        second.result(WAIT)
    assert refused.value.message == (
        f"Kit already sits in for {absent.name} over rounds 1\u20132, to the end of the night: "
        f"{absent.name}'s seat has a substitute. Pick another seat to fill, or another player "
        "to sit in for."
    )
    assert list(Substitution.objects.values_list("sub__name", flat=True)) == ["Kit"]
    assert Seat.objects.get(game=round_.tables.get().game, position=0).player == kit
