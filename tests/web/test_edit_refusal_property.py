"""A refused edit names the hands the engine's replay names (D8): for random games of every
preset and random edits, the refusal says the hand after which the game now ends and the
first hand that follows it, and the game is left as it was."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from smear_scores.rules import HandEntry, HandRefused, new_game
from smear_scores.services import editing
from smear_scores.services.editing import hand_edit
from smear_scores.services.new_games import game_create
from smear_scores.services.recording import hand_record

from ..conftest import players_for
from ..rules.helpers import accepted
from ..rules.test_properties import entries_for, games, played

PROPERTY = settings(
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def sweep(variant, team: int) -> HandEntry:
    """Team ``team`` bids the lowest bid and takes every point (seat t is in team t)."""
    points = tuple(variant.max_points_per_hand if t == team else 0 for t in range(variant.teams))
    return HandEntry(bidder=team, bid=variant.min_bid, points=points)


@st.composite
def finished_games(draw: st.DrawFn):
    """(variant, options, first dealer, hands): any preset and options, some random hands,
    then one team sweeping hands until it wins: a finished game, each hand played."""
    variant, options, first_dealer, entries = draw(games(max_hands=10))
    rules_variant = played(variant, options)
    state = new_game(rules_variant, options, first_dealer)
    entries = accepted(state, entries)
    for entry in entries:
        state, _ = state.play(entry)
    team = draw(st.integers(0, variant.teams - 1))
    while not state.finished:
        entries.append(sweep(rules_variant, team))
        state, _ = state.play(entries[-1])
    return variant, options, first_dealer, entries


@st.composite
def edits(draw: st.DrawFn, variant, hands: int) -> tuple[int, HandEntry]:
    """(number, entry): any played hand, changed to any valid hand or, half the time, to
    one team taking every point on the lowest bid (an edit that may end the game sooner)."""
    number = draw(st.integers(1, hands))
    if draw(st.booleans()):
        return number, draw(entries_for(variant))
    return number, sweep(variant, draw(st.integers(0, variant.teams - 1)))


def _ends_after(variant, options, first_dealer, entries) -> int | None:
    """The engine's replay, hand by hand: the hand after which the game is over, or None."""
    state = new_game(variant, options, first_dealer)
    for number, entry in enumerate(entries, 1):
        state, _ = state.play(entry)
        if state.finished:
            return number
    return None


@pytest.mark.django_db
@PROPERTY
@given(game=finished_games(), data=st.data())
def test_a_refused_edit_names_where_the_game_now_ends_and_the_hand_after_it(game, data):
    variant, options, first_dealer, entries = game
    rules_variant = played(variant, options)
    number, entry = data.draw(edits(rules_variant, len(entries)))
    stored = game_create(
        variant=variant.slug,
        players=players_for(variant.slug),
        first_dealer=first_dealer,
        options=options,
    )
    for hand in entries:
        stored, _ = hand_record(game=stored, entry=hand)
    before = (stored.scores, stored.hands_played, stored.finished)
    edited = [*entries[: number - 1], entry, *entries[number:]]
    ends = _ends_after(rules_variant, options, first_dealer, edited[:-1])

    event("refused" if ends is not None else "edited")
    if ends is not None:
        event("ends after the edited hand" if ends > number else "ends at the edited hand")
    try:
        hand_edit(game=stored, number=number, entry=entry)
    except HandRefused as refused:
        # The replay refuses only a hand played after the game is over.
        assert ends is not None, refused.message
        follow = (
            f"hand {ends + 1}"
            if ends + 1 == len(entries)
            else (f"hands {ends + 1} {'and' if ends + 2 == len(entries) else 'to'} {len(entries)}")
        )
        verb = "follows" if ends + 1 == len(entries) else "follow"
        assert refused.message == (
            f"With this change the game is over after hand {ends}, but {follow} {verb} it. "
            f"Undo {follow} first, then edit hand {number}."
        )
        stored.refresh_from_db()
        assert (stored.scores, stored.hands_played, stored.finished) == before
    else:
        assert ends is None


@pytest.mark.django_db
def test_an_edit_is_replayed_with_every_field_it_was_given(make_game):
    # The made/set claim too: the replay checks the hand as given, nothing dropped.
    game = make_game("schmier", hands=3)
    entry = HandEntry(bidder=1, bid=3, points=(0, 4, 2), made=True, card_points=None)
    hands = list(game.hands.order_by("number"))
    assert editing.entries_edited(hands, 2, entry)[1] == entry
