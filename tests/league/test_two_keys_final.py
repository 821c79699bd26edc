"""Two keys' words that end: a settled game stays settled, agreeing and disputing are
bounded, and a team withdraws its own dispute as an action of its own, in the history."""

from __future__ import annotations

import pytest

from smear_scores.models import Dispute, Game, HandRevision
from smear_scores.request_refusals import Conflict
from smear_scores.selectors.agreements import agree_version, hand_history
from smear_scores.selectors.league_table import league_table
from smear_scores.services.agreements import dispute_settle, hand_agree, hand_dispute

from .conftest import make_user, wisconsin_win

# Club flows: `make security` runs them again as production does (DEBUG off, no LAN hosts).
pytestmark = pytest.mark.security


def version(game, number):
    return agree_version(Game.objects.get(pk=game.pk), number)


def test_a_settled_game_stays_settled_and_a_later_word_goes_to_the_director(club, league, four):
    director = make_user("dora", club=club, admin=True)
    game = wisconsin_win(league, four, winner=0, agreed=False)
    hand_dispute(game=game, team=1, number=3, words="we had low")
    dispute_settle(
        game=game,
        number=3,
        decision="keep",
        reason="low was theirs",
        by=director,
        version=version(game, 3),
    )
    assert league_table(league).games == 1

    hand_dispute(game=game, team=1, number=4, words="still wrong 0")
    game.refresh_from_db()

    assert (game.disputed, game.agreed_at is not None) == (True, True)
    assert league_table(league).games == 1
    assert [d.words for d in Dispute.objects.filter(settled_at__isnull=True)] == ["still wrong 0"]


def test_agreeing_again_writes_nothing_and_disputes_are_bounded(club, league, four):
    game = wisconsin_win(league, four, winner=0, agreed=False)
    for _ in range(5):
        game = hand_agree(game=game, team=1, number=4, version=version(game, 4))
    assert HandRevision.objects.filter(game=game, action="agree").count() == 1

    game = wisconsin_win(league, four, winner=0, agreed=False)
    for n in range(10):
        hand_dispute(game=game, team=1, number=2, words=f"word {n}")
        hand_agree(game=game, team=1, number=2, version=version(game, 2), withdraw=True)
    with pytest.raises(Conflict, match="said “not right” 10 times in this game"):
        hand_dispute(game=game, team=1, number=2, words="once more")
    assert Dispute.objects.filter(game=game).count() == 10
    assert HandRevision.objects.filter(game=game).exclude(action="record").count() == 30


def test_a_team_withdraws_its_own_dispute_as_its_own_action_kept_in_the_history(club, league, four):
    game = wisconsin_win(league, four, winner=0, agreed=False)
    hand_dispute(game=game, team=1, number=2, words="the jack was ours", by="Dan")

    with pytest.raises(Conflict, match="withdraw that first"):
        hand_agree(game=game, team=1, number=4, version=version(game, 4), by="Dan")
    game = hand_agree(
        game=game, team=1, number=4, version=version(game, 4), by="Dan", withdraw=True
    )

    assert (game.disputed, game.agreed_at is not None) == (False, True)
    assert Dispute.objects.get().decision == Dispute.Decision.WITHDRAWN
    history = hand_history(game, 2)
    assert history[-3].startswith("Bob & Dan: not right, “the jack was ours” (Dan, ")
    assert history[-2].startswith("Bob & Dan withdrew “the jack was ours”: right after all (Dan, ")
    assert history[-1].startswith("Bob & Dan agreed to hands 1–4 (Dan, ")
