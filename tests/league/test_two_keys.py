"""Two keys: a league game counts in the table and the ratings once the other team agrees,
or once the club's window passed with no dispute; disputes, the director's decisions and
what an edit or an undo of an agreed hand does."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

import pytest
from django.core.management import call_command

from smear_scores.models import Dispute, Game, HandRevision, Rating
from smear_scores.request_refusals import Conflict, Forbidden
from smear_scores.rules import HandEntry, Refused
from smear_scores.selectors.agreements import (
    agree_version,
    agreement_board,
    open_disputes,
)
from smear_scores.selectors.games import version_of
from smear_scores.selectors.league_table import league_table
from smear_scores.selectors.players import player_page
from smear_scores.services.agreements import dispute_settle, hand_agree, hand_dispute
from smear_scores.services.editing import hand_edit, hand_undo
from smear_scores.services.recording import hand_record

from .conftest import agree_all, make_user, play, wisconsin_win


def version(game, number):
    return agree_version(Game.objects.get(pk=game.pk), number)


def played(table):
    return {row.names[0]: row.played for row in table.players}


def test_a_pending_game_counts_nowhere_until_the_other_team_agrees(club, league, four):
    game = wisconsin_win(league, four, winner=0, agreed=False)
    assert game.finished and game.confirm

    table = league_table(league)
    assert table.games == 0 and played(table) == {}
    assert [(p.title, p.awaiting) for p in table.pending] == [
        ("Ann & Cat v Bob & Dan", "awaiting Bob & Dan")
    ]
    assert Rating.objects.count() == 0
    page = player_page(four[0])
    assert (page.played, page.games[0].awaiting) == (0, "awaiting Bob & Dan")

    agree_all(game)

    table = league_table(league)
    assert table.games == 1 and played(table) == {"Ann": 1, "Bob": 1, "Cat": 1, "Dan": 1}
    assert table.pending == []
    assert Rating.objects.filter(game=game).count() == 4
    assert player_page(four[0]).played == 1


def test_the_club_window_counts_an_undisputed_game_and_not_a_disputed_one(club, league, four):
    quiet = wisconsin_win(league, four, winner=0, agreed=False)
    argued = wisconsin_win(league, four, winner=1, agreed=False)
    hand_dispute(game=argued, team=1, number=2, words="the 4 was ours")
    past = quiet.finished_at - timedelta(hours=club.confirm_hours, minutes=1)
    Game.objects.filter(pk__in=[quiet.pk, argued.pk]).update(finished_at=past)

    table = league_table(league)
    assert table.games == 1
    assert [p.awaiting for p in table.pending] == [
        "disputed: awaiting the scorer's edit or the director"
    ]
    # The ratings take the game in at the club's next write, or from ratings_recompute.
    call_command("ratings_recompute")
    assert sorted(set(Rating.objects.values_list("game_id", flat=True))) == [quiet.pk]


def test_an_agreement_to_hands_that_changed_since_shown_is_refused(club, league, four):
    game = wisconsin_win(league, four, winner=0, agreed=False)
    seen = version(game, 3)
    hand_edit(game=game, number=2, entry=HandEntry(bidder=0, bid=4, points=(4, 0)))

    with pytest.raises(Conflict, match="changed since this board showed them"):
        hand_agree(game=game, team=1, number=3, version=seen)

    game.refresh_from_db()
    assert game.agreed_through in ([], [0, 0])
    assert not HandRevision.objects.filter(game=game, action="agree").exists()


def test_the_scorers_team_cannot_agree_for_itself_and_agreeing_agrees_earlier_hands(
    club, league, four
):
    game = wisconsin_win(league, four, winner=0, agreed=False)
    with pytest.raises(Forbidden, match="Ann & Cat recorded every hand so far"):
        hand_agree(game=game, team=0, number=4, version=version(game, 4))

    game = hand_agree(game=game, team=1, number=3, version=version(game, 3))
    board = agreement_board(game, 1)
    assert [h.number for h in board.hands] == [4]
    assert board.hands[0].text == "Hand 4: Ann & Cat bid 4 and took 4: made, +4 · Bob & Dan +0"
    assert game.agreed_at is None


def test_a_dispute_marks_the_hand_and_the_scorers_edit_asks_again(club, league, four):
    game = wisconsin_win(league, four, winner=0, agreed=False)
    game = hand_agree(game=game, team=1, number=4, version=version(game, 4))
    assert league_table(league).games == 1

    hand_dispute(game=game, team=1, number=2, words="  we took   the jack ")
    game.refresh_from_db()
    assert (game.disputed, game.agreed_at, game.agreed_through) == (True, None, [0, 1])
    assert league_table(league).games == 0
    assert [(d.number, d.words) for d in open_disputes(game=game)] == [(2, "we took the jack")]
    assert [h.number for h in agreement_board(game, None).hands] == [2]

    game = hand_edit(game=game, number=2, entry=HandEntry(bidder=0, bid=3, points=(4, 0)))
    game.refresh_from_db()
    assert game.disputed is False
    assert Dispute.objects.get(game=game).decision == Dispute.Decision.EDITED
    assert [h.number for h in agreement_board(game, 1).hands] == [2, 3, 4]
    assert league_table(league).games == 0

    agree_all(game)
    assert league_table(league).games == 1


def test_a_dispute_needs_words_and_is_not_said_twice(club, league, four):
    game = wisconsin_win(league, four, winner=0, agreed=False)
    with pytest.raises(Refused, match="Say in a few words what is not right"):
        hand_dispute(game=game, team=1, number=2, words="   ")
    hand_dispute(game=game, team=1, number=2, words="wrong column")
    with pytest.raises(Conflict, match="already said hand 2 is not right"):
        hand_dispute(game=game, team=1, number=2, words="really")
    assert Dispute.objects.count() == 1


def test_an_agreed_hand_is_undone_only_after_a_dispute_or_by_the_director(club, league, four):
    game = wisconsin_win(league, four, winner=0, agreed=False)
    game = agree_all(game)
    with pytest.raises(Conflict, match="agreed to by Bob & Dan, so it cannot be undone"):
        hand_undo(game=game)
    assert Game.objects.get(pk=game.pk).hands_played == 4

    hand_dispute(game=game, team=1, number=4, words="never happened")
    game = hand_undo(game=game)
    assert (game.hands_played, game.finished) == (3, False)
    assert hand_undo(game=game, director=True).hands_played == 2


def test_the_director_swaps_two_teams_points_with_a_reason_kept(club, league, four):
    director = make_user("dora", club=club, admin=True)
    game = wisconsin_win(league, four, winner=0, loser_score=2, agreed=False)
    assert game.hands.get(number=1).points == [0, 2]
    hand_dispute(game=game, team=1, number=1, words="points in the wrong column")

    game = dispute_settle(
        game=game, number=1, decision="swap", reason="checked the tricks", by=director
    )

    game.refresh_from_db()
    assert game.hands.get(number=1).points == [2, 0]
    assert (game.disputed, game.agreed_at is not None) == (False, True)
    dispute = Dispute.objects.get(game=game)
    assert (dispute.decision, dispute.reason, dispute.settled_by) == (
        "swap",
        "checked the tricks",
        director,
    )
    assert league_table(league).games == 1
    rated = list(Rating.objects.order_by("player_id").values_list("mu", flat=True))
    call_command("ratings_recompute")
    assert list(Rating.objects.order_by("player_id").values_list("mu", flat=True)) == rated


def test_the_director_keeps_nothing_in_a_game_nobody_disputes(club, league, four):
    director = make_user("dora", club=club, admin=True)
    game = wisconsin_win(league, four, winner=0, agreed=False)
    with pytest.raises(Refused, match="Say in a few words why"):
        dispute_settle(game=game, number=4, decision="keep", reason="", by=director)
    with pytest.raises(Conflict, match="there is nothing to keep or swap"):
        dispute_settle(game=game, number=4, decision="keep", reason="agreed aloud", by=director)
    assert league_table(league).games == 0


def test_history_and_csv_keep_every_agreement_dispute_and_decision(client, club, league, four):
    director = make_user("dora", club=club, admin=True)
    game = wisconsin_win(league, four, winner=0, agreed=False)
    game = hand_agree(game=game, team=1, number=2, version=version(game, 2))
    hand_dispute(game=game, team=1, number=3, words="we had low")
    dispute_settle(game=game, number=3, decision="keep", reason="low was theirs", by=director)

    page = client.get(f"/g/{game.public_id}/history/").content.decode()
    assert "Bob &amp; Dan agreed to hands 1–2" in page
    assert "Bob &amp; Dan: not right, “we had low”" in page
    assert "Settled by dora: kept as recorded, “low was theirs”" in page

    body = client.get(f"/g/{game.public_id}/history.csv").content.decode()
    rows = list(csv.reader(io.StringIO(body)))
    assert rows[0][-1] == "agreement"
    assert rows[2][-1].startswith("Bob & Dan agreed to hands 1–2")
    assert "not right, “we had low”" in rows[3][-1]
    assert "Settled by dora: kept as recorded" in rows[3][-1]


def test_an_agreement_mid_game_moves_no_board_and_the_last_one_does(club, league, four):
    game = play(league, four, [(0, 4, (4, 0))] * 3, agreed=False)
    before = version_of(Game.objects.get(pk=game.pk))
    hand_agree(game=game, team=1, number=3, version=version(game, 3))
    assert version_of(Game.objects.get(pk=game.pk)) == before

    game, _ = hand_record(game=game, entry=HandEntry(bidder=0, bid=4, points=(4, 0)))
    assert game.finished
    before = version_of(Game.objects.get(pk=game.pk))
    hand_agree(game=game, team=1, number=4, version=version(game, 4))
    assert version_of(Game.objects.get(pk=game.pk)) != before
