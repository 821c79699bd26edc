"""The director's queue: a club admin settles a disputed game in one tap, with a reason."""

from __future__ import annotations

import html
import re

from smear_scores.models import Dispute
from smear_scores.services.agreements import hand_dispute

from .conftest import PASSWORD, make_user, wisconsin_win


def text(response) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())))


def test_the_director_sees_the_hand_both_sides_and_its_history_and_keeps_it(
    client, club, league, four
):
    make_user("dora", club=club, admin=True)
    game = wisconsin_win(league, four, winner=0, loser_score=2, agreed=False)
    hand_dispute(game=game, team=1, number=1, words="the 2 were ours, not theirs")
    client.login(username="dora", password=PASSWORD)

    page = text(client.get(f"/clubs/{club.slug}/results/"))
    assert "Ann & Cat v Bob & Dan" in page
    assert "Recorded: Hand 1: Bob & Dan bid 2 and took 2: made, +2 · Ann & Cat +0" in page
    assert "Bob & Dan (hand 1): “the 2 were ours, not theirs”" in page
    assert "Recorded (web," in page  # the hand's history

    response = client.post(
        f"/clubs/{club.slug}/results/{game.public_id}/",
        {"number": "1", "decision": "keep", "reason": "asked both tables", "version": "1.0"},
    )
    assert "Settled: kept hand 1." in text(response)
    assert "Nothing to settle" in text(response)
    dispute = Dispute.objects.get()
    assert (dispute.decision, dispute.reason, dispute.settled_by.username) == (
        "keep",
        "asked both tables",
        "dora",
    )


def test_a_settlement_needs_a_reason_and_a_club_admin(client, club, league, four):
    make_user("mia", club=club)
    make_user("dora", club=club, admin=True)
    game = wisconsin_win(league, four, winner=0, agreed=False)
    client.login(username="mia", password=PASSWORD)
    assert client.get(f"/clubs/{club.slug}/results/").status_code == 403

    client.login(username="dora", password=PASSWORD)
    response = client.post(
        f"/clubs/{club.slug}/results/{game.public_id}/",
        {"number": "4", "decision": "keep", "reason": " ", "version": "4.0"},
    )
    assert response.status_code == 422
    assert "Say in a few words why the game stands so" in text(response)
    game.refresh_from_db()
    assert game.agreed_at is None


def test_the_director_swaps_the_teams_points_on_a_disputed_hand(client, club, league, four):
    make_user("dora", club=club, admin=True)
    game = wisconsin_win(league, four, winner=0, loser_score=2, agreed=False)
    hand_dispute(game=game, team=1, number=1, words="points in the wrong column")
    client.login(username="dora", password=PASSWORD)

    response = client.post(
        f"/clubs/{club.slug}/results/{game.public_id}/",
        {"number": "1", "decision": "swap", "reason": "both tables agree", "version": "1.0"},
    )

    assert "Settled: swapped the teams' points on hand 1." in text(response)
    assert list(game.hands.get(number=1).points) == [2, 0]
    game.refresh_from_db()
    assert (game.disputed, game.agreed_at is not None) == (False, True)


def test_a_decision_on_hands_that_moved_since_the_queue_showed_them_is_refused(
    client, club, league, four
):
    from smear_scores.rules import HandEntry
    from smear_scores.services.editing import hand_edit

    make_user("dora", club=club, admin=True)
    game = wisconsin_win(league, four, winner=0, loser_score=2, agreed=False)
    hand_dispute(game=game, team=1, number=2, words="that was a set")
    client.login(username="dora", password=PASSWORD)
    shown = client.get(f"/clubs/{club.slug}/results/").content.decode()
    assert 'name="version" value="2.0"' in shown
    # The scorer edits hand 1 after the director opened the queue.
    hand_edit(game=game, number=1, entry=HandEntry(bidder=1, bid=2, points=(0, 3)))

    response = client.post(
        f"/clubs/{club.slug}/results/{game.public_id}/",
        {"number": "2", "decision": "keep", "reason": "asked both tables", "version": "2.0"},
    )

    assert response.status_code == 409
    assert "The hands up to hand 2 changed since this board showed them" in text(response)
    game.refresh_from_db()
    assert (game.disputed, game.agreed_at) == (True, None)


def test_keep_or_swap_with_no_dispute_open_is_refused(client, club, league, four):
    make_user("dora", club=club, admin=True)
    game = wisconsin_win(league, four, winner=0, agreed=False)
    client.login(username="dora", password=PASSWORD)
    assert "Nothing is disputed" in text(client.get(f"/clubs/{club.slug}/results/"))

    for decision in ("keep", "swap"):
        response = client.post(
            f"/clubs/{club.slug}/results/{game.public_id}/",
            {"number": "4", "decision": decision, "reason": "looks fine", "version": "4.0"},
        )
        assert response.status_code == 409
        assert "there is nothing to keep or swap" in text(response)
    game.refresh_from_db()
    assert game.agreed_at is None


def test_a_settlement_naming_its_hand_in_other_digits_is_refused(client, club, league, four):
    """int() reads "١" (Arabic-Indic one) as hand 1; the queue never sends it: refused in
    the queue's words (422) and nothing settled."""
    make_user("dora", club=club, admin=True)
    game = wisconsin_win(league, four, winner=0, loser_score=2, agreed=False)
    hand_dispute(game=game, team=1, number=1, words="the 2 were ours, not theirs")
    client.login(username="dora", password=PASSWORD)

    response = client.post(
        f"/clubs/{club.slug}/results/{game.public_id}/",
        {"number": "١", "decision": "keep", "reason": "asked both tables", "version": "1.0"},
    )

    assert response.status_code == 422
    assert (
        "The hand's number is a whole number written in digits 0 to 9, such as 3, not “١”: "
        "reload the page and try again."
    ) in text(response)
    assert Dispute.objects.get().decision == ""
