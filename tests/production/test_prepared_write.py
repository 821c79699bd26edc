"""The write every recorded hand makes, built once (models.prepared.rows_write): its hand row,
its audit record and the game's standings are stored exactly as the ORM's ``save()``
stores them, in one statement on PostgreSQL, and a write that fails can leave nothing of
itself behind."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from smear_scores.models import Game, Hand, HandRevision
from smear_scores.models.games import STANDINGS
from smear_scores.models.prepared import rows_write
from smear_scores.rules import HandEntry
from smear_scores.services import game_writes
from smear_scores.services.recording import hand_record

# Schmier, seats 0..5 in teams 0, 1, 2, 0, 1, 2.
FIRST = HandEntry(bidder=0, bid=3, points=(3, 2, 1))
COLUMNS = [*STANDINGS, "finished_at", "updated_at"]


def stored(model, game: Game) -> list[dict]:
    """The game's rows of ``model``, every column but the keys and the times."""
    skip = {"id", "game", "created_at", "updated_at", "at"}
    fields = [f.attname for f in model._meta.concrete_fields if f.name not in skip]
    return list(model.objects.filter(game=game).order_by("number").values(*fields))


def test_a_recorded_hand_is_stored_as_the_orm_stores_it(make_game):
    ours, theirs = make_game("schmier"), make_game("schmier")
    before = Game.objects.get(pk=ours.pk).updated_at

    saved, result = hand_record(game=ours, entry=FIRST, number=1)

    # The same hand, saved by the ORM into a game of the same start.
    with transaction.atomic():
        locked = game_writes.game_lock(theirs)
        state, same = locked.state().play(FIRST)
        hand, revision = game_writes.hand_rows(locked, same, HandRevision.Action.RECORD, "web")
        hand.save(force_insert=True)
        revision.save(force_insert=True)
        for column, value in Game.standings(state).items():
            setattr(locked, column, value)
        locked.save(update_fields=COLUMNS)

    assert stored(Hand, ours) == stored(Hand, theirs)
    assert stored(HandRevision, ours) == stored(HandRevision, theirs)
    assert stored(Hand, ours)[0]["points"] == [3, 2, 1]
    ours_now, theirs_now = Game.objects.get(pk=ours.pk), Game.objects.get(pk=theirs.pk)
    for column in STANDINGS:
        assert getattr(ours_now, column) == getattr(theirs_now, column), column
    assert ours_now.scores == [3, 2, 1] and ours_now.hands_played == 1
    # The times are stamped as save() stamps them, on the rows and on the game (whose
    # version the live boards follow), and the game in hand says what the row says.
    row = Hand.objects.get(game=ours)
    assert row.created_at is not None and row.updated_at is not None
    assert ours_now.updated_at > before
    assert saved.updated_at == ours_now.updated_at
    assert result.number == 1


def test_the_hand_its_record_and_the_standings_are_one_statement_on_postgresql(make_game):
    game = make_game("schmier")
    with transaction.atomic():
        locked = game_writes.game_lock(game)
        state, result = locked.state().play(FIRST)
        rows = game_writes.hand_rows(locked, result, HandRevision.Action.RECORD, "web")
        for column, value in Game.standings(state).items():
            setattr(locked, column, value)
        with CaptureQueriesContext(connection) as queries:
            rows_write(list(rows), locked, COLUMNS)
    assert len(queries) == (1 if connection.vendor == "postgresql" else 3)
    # Each new row knows its key, as after save().
    hand, revision = rows
    assert hand.pk == Hand.objects.get(game=game).pk
    assert revision.pk == HandRevision.objects.get(game=game).pk
    assert not hand._state.adding and not revision._state.adding


def test_a_write_refused_by_the_database_leaves_nothing_half_written(make_game):
    game = make_game("schmier", hands=1)
    kept = Game.objects.get(pk=game.pk)
    with transaction.atomic():
        locked = game_writes.game_lock(game)
        state, result = locked.state().play(FIRST)
        # Hand 1 again: the (game, number) rule refuses its row, which comes after its
        # audit record (three statements elsewhere than on PostgreSQL: the first ran).
        hand, revision = game_writes.hand_rows(
            locked, replace(result, number=1), HandRevision.Action.RECORD, "web"
        )
        for column, value in Game.standings(state).items():
            setattr(locked, column, value)
        with pytest.raises(IntegrityError):
            rows_write([revision, hand], locked, COLUMNS)
        # Caught, as a caller might: the transaction can only be rolled back, as after a
        # failed save(), so the audit record written first cannot be committed alone.
        assert transaction.get_connection().needs_rollback

    assert Hand.objects.filter(game=game).count() == 1
    assert HandRevision.objects.filter(game=game).count() == 1
    now = Game.objects.get(pk=game.pk)
    assert (now.scores, now.hands_played, now.updated_at) == (
        kept.scores,
        kept.hands_played,
        kept.updated_at,
    )


def test_a_game_that_is_not_there_is_refused_and_its_hand_not_kept(make_game):
    game = make_game("schmier")
    with pytest.raises(DatabaseError, match="is not there"), transaction.atomic():
        locked = game_writes.game_lock(game)
        state, result = locked.state().play(FIRST)
        rows = game_writes.hand_rows(locked, result, HandRevision.Action.RECORD, "web")
        gone = Game(pk=game.pk + 1000, **{c: getattr(locked, c) for c in STANDINGS})
        rows_write(list(rows), gone, [*STANDINGS])
    assert not Hand.objects.filter(game=game).exists()
    assert not HandRevision.objects.filter(game=game).exists()


def test_the_standings_alone_are_saved_and_a_missing_game_refused(make_game):
    # An edit or an undo saves the standings with no new row.
    game = make_game("schmier", hands=2)
    with transaction.atomic():
        locked = game_writes.game_lock(game)
        locked.hands_played = 7
        rows_write([], locked, ["hands_played", "updated_at"])
    assert Game.objects.get(pk=game.pk).hands_played == 7
    with pytest.raises(DatabaseError, match="is not there"), transaction.atomic():
        rows_write([], Game(pk=game.pk + 1000), ["hands_played"])
