"""The reads built once (models.prepared): each gives the game exactly as the ORM reads it,
for whichever game is asked, on SQLite and PostgreSQL alike."""

from __future__ import annotations

from datetime import datetime

import pytest
from django.db import transaction

from smear_scores.models import Game, Hand, Seat
from smear_scores.models.prepared import PreparedRead
from smear_scores.selectors.games import game_board, game_get, seat_names
from smear_scores.services import game_writes


def same_columns(got: Game, expected: Game) -> None:
    for field in Game._meta.concrete_fields:
        assert getattr(got, field.attname) == getattr(expected, field.attname), field.name
    assert (got._state.adding, got._state.db) == (False, "default")


def test_game_get_reads_each_game_with_its_names_as_the_orm_does(make_game):
    first = make_game("schmier", hands=3, team_names=["Sharks", "", ""])
    second = make_game("ne-wisconsin", hands=2, players=["Katherine", "Jonathan", "Cy", "Dee"])

    for game, names in ((first, ["Ann", "Bo", "Cy", "Dee", "Eli", "Flo"]), (second, None)):
        got = game_get(public_id=game.public_id)
        same_columns(got, Game.objects.get(pk=game.pk))
        assert seat_names(got) == (names or ["Katherine", "Jonathan", "Cy", "Dee"])
    got = game_get(public_id=first.public_id)
    # Stored values come back as Python values: JSON as lists, times with their zone.
    assert got.team_names == ["Sharks", "", ""]
    assert isinstance(got.scores, list) and isinstance(got.updated_at, datetime)
    assert got.updated_at.tzinfo is not None
    # What the game row says now, not what it said when the read was first built.
    Seat.objects.filter(game=first, position=1).update(name="Jonathan")
    assert seat_names(game_get(public_id=first.public_id))[1] == "Jonathan"


def test_no_such_game_is_not_found(db):
    with pytest.raises(Game.DoesNotExist):
        game_get(public_id="nosuchgame")


def test_the_locked_read_gives_the_game_and_whether_it_is_a_nights_table(make_game):
    game = make_game("schmier", hands=2)
    with transaction.atomic():
        locked = game_writes.game_lock(game)
    same_columns(locked, Game.objects.get(pk=game.pk))
    assert locked.at_night is False
    # The names already read are carried over, not read again.
    assert seat_names(locked) == ["Ann", "Bo", "Cy", "Dee", "Eli", "Flo"]


def test_a_read_that_takes_its_value_twice_or_never_is_refused(db):
    twice = PreparedRead(lambda v: Game.objects.filter(public_id=v, edit_token=v), slot="\x00s")
    never = PreparedRead(lambda v: Game.objects.filter(public_id="x"), slot="\x00s")
    with pytest.raises(ValueError, match="takes its value 2 times"):
        twice.first("abc")
    with pytest.raises(ValueError, match="takes its value 0 times"):
        never.first("abc")


def test_the_boards_last_hands_are_each_games_own_newest_first(make_game):
    first, second = make_game("schmier", hands=7), make_game("schmier", hands=2)
    for game in (first, second):
        got = game_board(game).recent
        expected = [h.number for h in Hand.objects.filter(game=game).order_by("-number")[:5]]
        assert [row.number for row in got] == expected
        assert [row.totals for row in got] == [
            h.scores_after for h in Hand.objects.filter(game=game).order_by("-number")[:5]
        ]
