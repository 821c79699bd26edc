"""Two phones of the other team agreeing and disputing one game at the same moment (real
threads, each with its own database connection): the game's lock serialises them, and
they end in one state."""

from __future__ import annotations

from datetime import date

import pytest

from smear_scores.models import Club, Dispute, Game, HandRevision, League, Player
from smear_scores.request_refusals import Conflict
from smear_scores.rules import HandEntry
from smear_scores.selectors.agreements import agree_version
from smear_scores.services.agreements import hand_agree, hand_dispute
from smear_scores.services.league_games import league_game_create
from smear_scores.services.recording import hand_record

from .conftest import WAIT, in_thread, wait_until_a_writer_waits

pytestmark = pytest.mark.django_db(transaction=True)


def _game() -> Game:
    club = Club.objects.create(name="Tuesday", slug="tuesday")
    league = League.objects.create(
        club=club, name="Winter", variant="ne-wisconsin", start_date=date(2020, 1, 1)
    )
    players = [Player.objects.create(club=club, name=n) for n in ("Ann", "Bo", "Cy", "Di")]
    game = league_game_create(league=league, players=players, first_dealer=0)
    for _ in range(3):
        game, _ = hand_record(game=game, entry=HandEntry(bidder=0, bid=2, points=(3, 1)))
    return game


def _version(game: Game, number: int) -> str:
    return agree_version(game, number)


def test_an_agreement_and_a_dispute_at_once_end_in_one_state(held_after_lock):
    game = _game()
    seen = _version(game, 3)
    held_after_lock.arm()
    agree = in_thread(lambda: hand_agree(game=game, team=1, number=3, version=seen))
    held_after_lock.wait_inside()
    dispute = in_thread(
        lambda: hand_dispute(game=game, team=1, number=2, words="low was ours", version=None)
    )
    wait_until_a_writer_waits()
    held_after_lock.release()
    agree.result(WAIT)
    dispute.result(WAIT)

    # The agreement first (it held the lock), then the dispute, which lifts it from hand 2.
    game.refresh_from_db()
    assert (game.agreed_through, game.disputed, game.agreed_at) == ([0, 1], True, None)
    assert list(Dispute.objects.values_list("number", "settled_at")) == [(2, None)]
    assert list(
        HandRevision.objects.filter(action__in=["agree", "dispute"]).values_list("action", "number")
    ) == [("agree", 3), ("dispute", 2)]


def test_two_phones_disputing_one_hand_at_once_keep_one_dispute(held_after_lock):
    game = _game()
    held_after_lock.arm()
    first = in_thread(lambda: hand_dispute(game=game, team=1, number=2, words="low was ours"))
    held_after_lock.wait_inside()
    second = in_thread(lambda: hand_dispute(game=game, team=1, number=2, words="wrong"))
    wait_until_a_writer_waits()
    held_after_lock.release()
    first.result(WAIT)
    with pytest.raises(Conflict, match="already said hand 2 is not right"):
        second.result(WAIT)
    assert list(Dispute.objects.values_list("words", flat=True)) == ["low was ours"]
