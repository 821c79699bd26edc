"""Which games count, said once (models.games: GameQuerySet.counted, Game.counts): the
query and the check of a game already read agree on every shape of game."""

from __future__ import annotations

import itertools
from datetime import timedelta

from django.utils import timezone

from smear_scores.models import Game

from .conftest import wisconsin_win


def test_the_query_and_the_game_already_read_agree_on_every_shape(club, league, four):
    now = timezone.now()
    template = wisconsin_win(league, four, winner=0, agreed=False)
    window = timedelta(hours=club.confirm_hours)
    shapes = list(
        itertools.product(
            [True, False],  # finished
            [True, False],  # confirm
            [None, now],  # agreed_at
            [True, False],  # disputed
            [None, now - window - timedelta(minutes=1), now - window + timedelta(minutes=1)],
        )
    )
    games = []
    for finished, confirm, agreed_at, disputed, finished_at in shapes:
        template.pk, template.public_id = None, f"shape{len(games)}"
        template.finished, template.confirm, template.agreed_at = finished, confirm, agreed_at
        template.disputed, template.finished_at = disputed, finished_at
        template.save(force_insert=True)
        games.append(template.pk)

    queried = set(
        Game.objects.counted(club, now=now).filter(pk__in=games).values_list("pk", flat=True)
    )
    read = {g.pk for g in Game.objects.filter(pk__in=games) if g.counts(club, now=now)}
    assert queried == read

    expected = {
        pk
        for pk, (finished, confirm, agreed_at, disputed, finished_at) in zip(
            games, shapes, strict=True
        )
        if finished
        and (
            not confirm
            or agreed_at is not None
            or (not disputed and finished_at is not None and finished_at <= now - window)
        )
    }
    assert read == expected
    assert len(expected) == 19
