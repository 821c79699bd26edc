"""Two directors press "Draw" at the same moment: one round is drawn, the other is told."""

from __future__ import annotations

from datetime import date

import pytest

from smear_scores.models import Club, Game, Player, Round
from smear_scores.services import night_phones, nights

from .conftest import WAIT, HeldWrite, in_thread, wait_until_a_writer_waits

pytestmark = pytest.mark.django_db(transaction=True)


def test_round_draw_twice_at_once_draws_one_round(monkeypatch):
    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    night = nights.night_open(
        club=club, name="Race night", day=date(2026, 11, 29), variant="schmier", rounds=3
    )
    for n in range(12):
        player = Player.objects.create(club=club, name=f"P{n}")
        night_phones.night_check_in(night=night, player=player)

    # The first draw waits inside its transaction, its round and games written, until
    # the second draw has started and queued behind it.
    held = HeldWrite()
    bump = nights.night_version_bump

    def bump_then_hold(night):
        bump(night)
        held.hold_here()

    monkeypatch.setattr(nights, "night_version_bump", bump_then_hold)
    held.arm()
    first = in_thread(lambda: nights.round_draw(night=night, seed=1))
    held.wait_inside()
    second = in_thread(lambda: nights.round_draw(night=night, seed=2))
    wait_until_a_writer_waits()
    held.release()

    assert first.result(WAIT).number == 1
    with pytest.raises(nights.NightRefused) as refused:
        second.result(WAIT)
    assert refused.value.message == (
        "Round 1 still has 2 tables playing: finish (or correct) those games before drawing "
        "the next round."
    )
    assert list(Round.objects.values_list("number", "seed")) == [(1, 1)]
    assert Game.objects.count() == 2
