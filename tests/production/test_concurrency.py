"""Two devices writing to the same game at the same moment (real threads, each with its
own database connection, like two app processes)."""

from __future__ import annotations

import pytest
from django.test import Client

from smear_scores import rules
from smear_scores.models import Game, Hand, HandRevision
from smear_scores.request_refusals import Conflict
from smear_scores.rules import HandEntry
from smear_scores.selectors import games
from smear_scores.services.editing import hand_edit, hand_undo
from smear_scores.services.new_games import game_create
from smear_scores.services.recording import hand_record
from smear_scores.services.removal import game_remove

from .conftest import WAIT, in_thread, other_connection_waits_for_game, wait_until_a_writer_waits

pytestmark = pytest.mark.django_db(transaction=True)

# NE Wisconsin: seats 0 and 2 are team A, seats 1 and 3 team B (W1).
OPENING = [
    HandEntry(bidder=1, bid=2, points=(1, 3)),  # B made 2: A 1, B 3
    HandEntry(bidder=2, bid=3, points=(3, 1)),  # A made 3: A 4, B 4
    HandEntry(bidder=3, bid=2, points=(2, 1)),  # B set: A 6, B 2
]
SCORER_ONE = HandEntry(bidder=0, bid=2, points=(2, 2))
SCORER_TWO = HandEntry(bidder=1, bid=3, points=(0, 4))


def _game() -> Game:
    game = game_create(variant="ne-wisconsin", players=["Ann", "Bo", "Cy", "Di"], first_dealer=0)
    for number, entry in enumerate(OPENING, start=1):
        hand_record(game=game, entry=entry, number=number)
    return Game.objects.get(pk=game.pk)


def _assert_consistent(game: Game) -> None:
    """The cached standings on the game and on every hand equal a full replay."""
    game.refresh_from_db()
    state, results = games.game_replay(game)
    cached = (game.scores, game.hands_played, game.next_dealer, game.finished, game.winner)
    replayed = (list(state.scores), state.hands_played, state.dealer, state.finished, state.winner)
    assert cached == replayed
    assert [h.scores_after for h in games.game_hands(game)] == [list(r.scores) for r in results]


def test_hand_record_same_number_from_two_devices_stores_one(held_write):
    game = _game()
    held_write.arm()
    first = in_thread(lambda: hand_record(game=game, entry=SCORER_ONE, number=4))
    held_write.wait_inside()
    second = in_thread(lambda: hand_record(game=game, entry=SCORER_TWO, number=4))
    wait_until_a_writer_waits()
    held_write.release()

    first.result(WAIT)
    with pytest.raises(Conflict) as refused:
        second.result(WAIT)
    assert refused.value.message == (
        "Hand 4 was already recorded on another device; the scoreboard now shows hand 5. "
        "Check it and enter the hand again if needed."
    )
    hand = Hand.objects.get(game=game, number=4)
    assert (hand.bidder, hand.bid, hand.points) == (0, 2, [2, 2])
    assert Hand.objects.filter(game=game).count() == 4
    assert HandRevision.objects.filter(game=game, number=4).count() == 1
    _assert_consistent(game)


def test_hand_record_same_hand_from_two_devices_stores_it_once(held_write):
    game = _game()
    held_write.arm()
    first = in_thread(lambda: hand_record(game=game, entry=SCORER_ONE, number=4))
    held_write.wait_inside()
    second = in_thread(lambda: hand_record(game=game, entry=SCORER_ONE, number=4))
    wait_until_a_writer_waits()
    held_write.release()

    _, result = first.result(WAIT)
    _, repeat = second.result(WAIT)
    assert (result.number, repeat) == (4, None)
    assert Hand.objects.filter(game=game).count() == 4
    assert HandRevision.objects.filter(game=game, number=4).count() == 1
    _assert_consistent(game)


EDIT_HAND_1 = HandEntry(bidder=1, bid=2, points=(3, 1))  # hand 1 was B made; now B set


@pytest.mark.parametrize("first_write", ["edit", "record"])
def test_hand_edit_racing_hand_record_leaves_consistent_standings(held_write, first_write):
    game = _game()
    held_write.arm()

    def edit():
        return hand_edit(game=game, number=1, entry=EDIT_HAND_1)

    def record():
        return hand_record(game=game, entry=SCORER_ONE, number=4)

    first_fn, second_fn = (edit, record) if first_write == "edit" else (record, edit)
    first = in_thread(first_fn)
    held_write.wait_inside()
    second = in_thread(second_fn)
    wait_until_a_writer_waits()
    held_write.release()
    first.result(WAIT)
    second.result(WAIT)

    _assert_consistent(game)
    expected, _ = rules.replay(
        game.rules_variant, game.options, 0, [EDIT_HAND_1, *OPENING[1:], SCORER_ONE]
    )
    game.refresh_from_db()
    assert (game.scores, game.hands_played) == ([10, -1], 4)
    assert (game.scores, game.hands_played) == (list(expected.scores), expected.hands_played)


def test_hand_undo_racing_hand_record_refuses_the_stale_hand(held_write):
    game = _game()
    held_write.arm()
    first = in_thread(lambda: hand_undo(game=game))
    held_write.wait_inside()
    second = in_thread(lambda: hand_record(game=game, entry=SCORER_ONE, number=4))
    wait_until_a_writer_waits()
    held_write.release()

    first.result(WAIT)
    with pytest.raises(Conflict) as refused:
        second.result(WAIT)
    assert refused.value.message == "The next hand is hand 3, not hand 4."
    assert list(Hand.objects.filter(game=game).values_list("number", flat=True)) == [1, 2]
    _assert_consistent(game)


WRITES = {
    "record": lambda game: hand_record(game=game, entry=SCORER_ONE, number=4),
    "edit": lambda game: hand_edit(game=game, number=2, entry=OPENING[0]),
    "undo": lambda game: hand_undo(game=game),
}


@pytest.mark.parametrize("write", list(WRITES))
@pytest.mark.parametrize("moment", ["after locking", "after storing"])
def test_game_write_locks_the_game_until_it_commits(request, write, moment):
    held = request.getfixturevalue("held_after_lock" if moment == "after locking" else "held_write")
    game = _game()
    held.arm()
    assert other_connection_waits_for_game(game) is False

    writing = in_thread(lambda: WRITES[write](game))
    held.wait_inside()
    locked_during = other_connection_waits_for_game(game)
    held.release()
    writing.result(WAIT)

    assert (locked_during, other_connection_waits_for_game(game)) == (True, False)


def _scoring_phone(game: Game) -> Client:
    phone = Client()
    link = f"/g/{game.public_id}/score/"
    assert phone.post(link, {"code": game.scoring_secret}).status_code == 302
    return phone


def test_two_phones_posting_hand_4_at_once_the_second_is_told_why(held_write):
    game = _game()
    first_phone, second_phone = _scoring_phone(game), _scoring_phone(game)
    held_write.arm()
    url = f"/g/{game.public_id}/hands/"
    one = {"number": "4", "bidder": "0", "bid": "2", "by_totals": "on"}

    first = in_thread(lambda: first_phone.post(url, {**one, "points_0": "2", "points_1": "2"}))
    held_write.wait_inside()
    second = in_thread(
        lambda: second_phone.post(url, {**one, "bidder": "1", "points_0": "0", "points_1": "4"})
    )
    wait_until_a_writer_waits()
    held_write.release()

    answer = second.result(WAIT)
    told = (
        "Hand 4 was already recorded on another device; the scoreboard now shows hand 5. "
        "Check it and enter the hand again if needed."
    )
    assert (first.result(WAIT).status_code, answer.status_code) == (302, 409)
    assert told in answer.content.decode()
    assert list(Hand.objects.filter(game=game).values_list("number", "bidder")) == [
        (1, 1),
        (2, 2),
        (3, 3),
        (4, 0),
    ]


def test_hand_sent_while_the_game_is_removed_is_refused_not_stored(held_after_lock):
    game = _game()
    held_after_lock.arm()
    removing = in_thread(lambda: game_remove(game=game))
    held_after_lock.wait_inside()
    recording = in_thread(lambda: hand_record(game=game, entry=SCORER_ONE, number=4))
    wait_until_a_writer_waits()
    held_after_lock.release()

    removing.result(WAIT)
    with pytest.raises(Conflict) as refused:
        recording.result(WAIT)
    assert refused.value.message.startswith("This game was removed on ")
    assert Hand.objects.filter(game=game).count() == 3
    assert HandRevision.objects.filter(game=game).count() == 3
    _assert_consistent(game)
