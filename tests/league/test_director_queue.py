"""The director's queue: a club admin settles a disputed game in one tap, with a reason."""

from __future__ import annotations

import html
import re

from smear_scores.models import Dispute
from smear_scores.services.agreements import hand_dispute

from .conftest import PASSWORD, make_user, wisconsin_win


def text(response) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())))


def test_the_director_sees_the_hand_both_sides_and_its_history_and_swaps(
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
        {"number": "1", "decision": "keep", "reason": "asked both tables"},
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
        {"number": "4", "decision": "keep", "reason": " "},
    )
    assert response.status_code == 422
    assert "Say in a few words why the game stands so" in text(response)
    game.refresh_from_db()
    assert game.agreed_at is None
