"""Shorthands and hypothesis strategies shared by the rules tests.

Seats are numbered from 0 clockwise, so RULES.md's seat 1 is seat 0 here; team 0 is
Team A. In Schmier Team A holds seats 0 and 3, Team B 1 and 4, Team C 2 and 5; in the
Wisconsin game Team A holds seats 0 and 2, Team B 1 and 3.
"""

from __future__ import annotations

import functools
import itertools

from hypothesis import strategies as st

from smear_scores.rules import (
    GameState,
    HandEntry,
    Variant,
    get_variant,
    new_game,
)


def hand(bidder: int, bid: int, *points: int, made: bool | None = None) -> HandEntry:
    """A hand entered as one number per team."""
    return HandEntry(bidder=bidder, bid=bid, points=tuple(points), made=made)


def thrown() -> HandEntry:
    return HandEntry.thrown()


def play(state: GameState, *entries: HandEntry) -> GameState:
    for entry in entries:
        state, _ = state.play(entry)
    return state


@functools.cache
def _splits(slug: str) -> tuple[tuple[int, ...], ...]:
    """Every way one hand's points can fall with the bidder's team taking the most and
    making the lowest bid; biggest hands first."""
    variant = get_variant(slug)
    splits = [
        split
        for split in itertools.product(range(variant.max_points_per_hand + 1), repeat=variant.teams)
        if variant.min_points_per_hand <= sum(split) <= variant.max_points_per_hand
        and max(split) >= variant.min_bid
    ]
    return tuple(sorted(splits, key=lambda split: -sum(split)))


@functools.cache
def _plan(slug: str, remaining: tuple[int, ...]) -> tuple[tuple[int, ...], ...] | None:
    """The fewest hands of made bids whose points add up to ``remaining``, or None."""
    if not any(remaining):
        return ()
    best = None
    for split in _splits(slug):
        if all(t <= r for t, r in zip(split, remaining, strict=True)):
            rest = _plan(slug, tuple(r - t for r, t in zip(remaining, split, strict=True)))
            if rest is not None and (best is None or len(rest) + 1 < len(best)):
                best = (split, *rest)
    return best


def reach(variant: Variant, scores: tuple[int, ...], options=None, first_dealer=0) -> GameState:
    """A game in which made bids have brought the teams to ``scores``: the standings are
    ones the engine reached by playing hands, not a hand-built state."""
    hands = _plan(variant.slug, tuple(scores))
    if hands is None:
        raise ValueError(f"reach() cannot build {scores} from made bids")
    state = new_game(variant, options, first_dealer)
    for split in hands:
        bidder = split.index(max(split))  # seat t is in team t
        state, _ = state.play(HandEntry(bidder=bidder, bid=variant.min_bid, points=split))
    if state.finished:
        raise ValueError(f"reach() finished the game on the way to {scores}")
    return state


# -- hypothesis strategies -----------------------------------------------------------------


@st.composite
def options_for(draw: st.DrawFn, variant: Variant) -> dict:
    """Random per-game options: every option of the variant, each from its allowed values."""
    return {option.name: draw(st.sampled_from(option.allowed)) for option in variant.options}


def accepted(state: GameState, entries: list[HandEntry]) -> list[HandEntry]:
    """The leading hands a game accepts: every valid hand until a winner is decided."""
    taken = []
    for entry in entries:
        if state.finished:
            break
        state, _ = state.play(entry)
        taken.append(entry)
    return taken
