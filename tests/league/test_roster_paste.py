"""services.players_create: a pasted list goes onto the roster whole, or not at all."""

from __future__ import annotations

import pytest

from smear_scores.models import Player
from smear_scores.services import clubs
from smear_scores.services.clubs import (
    MAX_PASTED,
    MergeRefused,
    RosterRefused,
    player_create,
    players_create,
)

from .conftest import roster


def test_paste_longer_than_the_limit_is_refused_whole(club):
    names = "\n".join(f"Player {n}" for n in range(MAX_PASTED + 1))
    with pytest.raises(RosterRefused) as refused:
        players_create(club=club, text=names)
    assert refused.value.problems == [
        (MAX_PASTED + 1, f"Paste at most {MAX_PASTED} names at a time: split the list.")
    ]
    assert not Player.objects.exists()


def test_paste_of_a_name_added_meanwhile_writes_nothing(club, monkeypatch):
    roster(club, "Ann")
    # Ann is added between the check and the write: the check saw a roster without her.
    monkeypatch.setattr(clubs, "_roster_by_key", lambda club: {})
    with pytest.raises(RosterRefused) as refused:
        players_create(club=club, text="Bob\nAnn")
    assert refused.value.problems == [
        (1, "A player with one of these names was added just now: paste the list again.")
    ]
    assert list(Player.objects.values_list("name", flat=True)) == ["Ann"]


def test_player_too_long_for_the_roster_is_refused_with_the_limit(club):
    # A walk-in at a night is added through player_create: a name the roster cannot hold
    # is refused with the limit, not written (PostgreSQL would refuse it with an error).
    with pytest.raises(MergeRefused) as refused:
        player_create(club=club, name="Maximiliana " * 4)
    assert refused.value.message == (
        "Maximiliana Maximili… is 47 characters long: a name has at most 40; shorten it."
    )
    assert not Player.objects.exists()
