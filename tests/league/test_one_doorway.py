"""Every write of a game goes through one doorway (services.game_writes.game_save): a
director's settle that edits a hand, a team's agreement, a recorded hand and an undo each
write the game's row once, tell the live boards once after the commit, and bring the
club's ratings up to date once."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from smear_scores.live import notify
from smear_scores.models import Game, HandRevision, Rating
from smear_scores.rules import HandEntry
from smear_scores.selectors.agreements import agree_version
from smear_scores.selectors.games import version_of
from smear_scores.services import ratings
from smear_scores.services.agreements import dispute_settle, hand_agree
from smear_scores.services.editing import hand_undo
from smear_scores.services.recording import hand_record

from .conftest import make_user, play, wisconsin_win


@dataclass
class Counted:
    rows: int  # UPDATEs of the game's row
    notices: list[str]  # what the boards were told, after the commit
    refreshes: int  # the ratings brought up to date
    replays: int  # ... of which replayed the club's games


@pytest.fixture
def measured(monkeypatch, django_capture_on_commit_callbacks):
    """Run a write and count what it did, through the real services: the notices' channel
    records what it is handed, the ratings' functions are wrapped, not replaced."""
    sent: list[str] = []
    monkeypatch.setattr(notify, "channel", lambda: "recorded")
    monkeypatch.setattr(notify, "publish", lambda notice: sent.append(notice.payload))
    calls = {"refresh": 0, "replay": 0}
    refresh = ratings.ratings_refresh
    replay = ratings._ratings_replay  # noqa: SLF001 (the replay itself, wrapped to count it)

    def counted_refresh(**kw):
        calls["refresh"] += 1
        return refresh(**kw)

    def counted_replay(**kw):
        calls["replay"] += 1
        return replay(**kw)

    monkeypatch.setattr(ratings, "ratings_refresh", counted_refresh)
    monkeypatch.setattr(ratings, "_ratings_replay", counted_replay)

    def run(write) -> tuple[Game, Counted]:
        sent.clear()
        calls.update(refresh=0, replay=0)
        with (
            django_capture_on_commit_callbacks(execute=True),
            CaptureQueriesContext(connection) as queries,
        ):
            game = write()
            # Written, not committed: no board is told yet.
            assert sent == []
        rows = sum('UPDATE "smear_scores_game"' in q["sql"] for q in queries.captured_queries)
        return game, Counted(rows, list(sent), calls["refresh"], calls["replay"])

    return run


def _window_passed(game: Game) -> Game:
    """The club's window passed with no dispute: the game counts, and is rated."""
    past = game.finished_at - timedelta(hours=game.league.club.confirm_hours, minutes=1)
    Game.objects.filter(pk=game.pk).update(finished_at=past)
    ratings.ratings_refresh(club=game.league.club)
    assert Rating.objects.filter(game=game).count() == 4
    return Game.objects.get(pk=game.pk)


def _notice(game: Game) -> list[str]:
    return [f"game:{game.pk}:{version_of(Game.objects.get(pk=game.pk))}"]


def test_a_settle_that_edits_a_hand_writes_the_game_once(club, league, four, measured):
    director = make_user("dora", club=club, admin=True)
    game = _window_passed(wisconsin_win(league, four, winner=0, loser_score=2, agreed=False))

    game, counted = measured(
        lambda: dispute_settle(
            game=game,
            number=1,
            decision="edit",
            entry=HandEntry(bidder=1, bid=2, points=(0, 3)),
            reason="three points, the table says",
            by=director,
        )
    )

    assert counted == Counted(rows=1, notices=_notice(game), refreshes=1, replays=1)
    stored = Game.objects.get(pk=game.pk)
    assert (stored.scores, stored.finished, stored.disputed, stored.hands_epoch) == (
        [16, 3],
        True,
        False,
        1,
    )
    assert stored.agreed_at is not None and stored.agreed_through == [5, 5]
    assert list(
        HandRevision.objects.filter(game=game, number=1).values_list("action", flat=True)
    ) == ["record", "edit", "decide"]


def test_an_agreement_that_makes_the_game_count_writes_it_once(club, league, four, measured):
    game = wisconsin_win(league, four, winner=0, agreed=False)

    game, counted = measured(
        lambda: hand_agree(game=game, team=1, number=4, version=agree_version(game, 4))
    )

    assert counted == Counted(rows=1, notices=_notice(game), refreshes=1, replays=1)
    assert Rating.objects.filter(game=game).count() == 4


def test_a_hand_that_ends_a_league_game_writes_it_once(club, league, four, measured):
    game = play(league, four, [(0, 4, (4, 0))] * 3)

    game, counted = measured(
        lambda: hand_record(game=game, entry=HandEntry(bidder=0, bid=4, points=(4, 0)))[0]
    )

    # Finished, it waits for the other team's agreement: the ratings are asked, and have
    # nothing to replay yet.
    assert counted == Counted(rows=1, notices=_notice(game), refreshes=1, replays=0)
    assert Game.objects.get(pk=game.pk).finished


def test_an_undo_that_reopens_a_counted_game_writes_it_once(club, league, four, measured):
    game = _window_passed(wisconsin_win(league, four, winner=0, agreed=False))

    game, counted = measured(lambda: hand_undo(game=game))

    assert counted == Counted(rows=1, notices=_notice(game), refreshes=1, replays=1)
    stored = Game.objects.get(pk=game.pk)
    assert (stored.hands_played, stored.finished, stored.hands_epoch) == (3, False, 1)
    assert not Rating.objects.filter(game=game).exists()
