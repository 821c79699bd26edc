"""A table undoing a hand of round 1 while the director draws round 2: the two never
cross. Either the draw goes first and the undo is refused (the round is over), or the
undo goes first and the draw is refused (round 1 is playing again). Forced with a held
write, on both databases."""

from __future__ import annotations

from datetime import date

import pytest

from smear_scores.models import Club, Game, Player, Round
from smear_scores.request_refusals import Conflict
from smear_scores.rules import HandEntry
from smear_scores.services import night_phones, nights
from smear_scores.services.editing import hand_undo
from smear_scores.services.recording import hand_record

from .conftest import WAIT, HeldWrite, in_thread, wait_until_a_writer_waits

pytestmark = pytest.mark.django_db(transaction=True)


def night_with_round_one_played():
    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    night = nights.night_open(
        club=club, name="Race night", day=date(2026, 11, 29), variant="schmier", rounds=3,
        round_hands=1,
    )  # fmt: skip
    for n in range(12):
        night_phones.night_check_in(
            night=night, player=Player.objects.create(club=club, name=f"P{n}")
        )
    first = nights.round_draw(night=night, seed=1)
    games = [t.game for t in first.tables.order_by("number").select_related("game")]
    for game in games:
        hand_record(game=game, entry=HandEntry(bidder=2, bid=3, points=(1, 1, 4)))
    assert list(Game.objects.values_list("finished", flat=True)) == [True, True]
    return night, games[0]


def test_an_undo_waiting_for_a_draw_is_refused(monkeypatch):
    night, game = night_with_round_one_played()
    held = HeldWrite()
    bump = nights.night_version_bump

    def bump_then_hold(night):
        bump(night)
        held.hold_here()

    monkeypatch.setattr(nights, "night_version_bump", bump_then_hold)
    held.arm()
    draw = in_thread(lambda: nights.round_draw(night=night, seed=2))
    held.wait_inside()
    undo = in_thread(lambda: hand_undo(game=game))
    wait_until_a_writer_waits()
    held.release()

    assert draw.result(WAIT).number == 2
    with pytest.raises(Conflict) as closed:
        undo.result(WAIT)
    assert closed.value.message.startswith("Round 1 of Race night is over")
    game.refresh_from_db()
    assert (game.hands_played, game.finished) == (1, True)


def test_a_draw_waiting_for_an_undo_is_refused(held_write):
    night, game = night_with_round_one_played()
    held = held_write
    held.arm()
    undo = in_thread(lambda: hand_undo(game=game))
    held.wait_inside()
    draw = in_thread(lambda: nights.round_draw(night=night, seed=2))
    wait_until_a_writer_waits()
    held.release()

    assert undo.result(WAIT).finished is False
    with pytest.raises(nights.NightRefused) as refused:
        draw.result(WAIT)
    assert refused.value.message == (
        "Round 1 still has 1 table playing: finish (or correct) those games before drawing "
        "the next round."
    )
    assert list(Round.objects.values_list("number", flat=True)) == [1]
