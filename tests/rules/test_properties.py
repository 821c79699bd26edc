"""Properties of the engine over random games of both variants (hypothesis)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smear_scores.rules import (
    NE_WISCONSIN,
    SCHMIER,
    GameState,
    HandEntry,
    HandRefused,
    HandResult,
    RuleError,
    Variant,
    new_game,
    preview,
    replay,
    taken_points,
    validate_hand,
)

from .helpers import (
    accepted,
    awards_for,
    entries_for,
    games,
    options_for,
    play,
    points_of,
    reach,
)

SETTINGS = settings()  # examples and deadline from the profile (tests/conftest.py)
VARIANTS = (SCHMIER, NE_WISCONSIN)


def steps(variant, options, first_dealer, entries):
    """(state before, entry, state after, result) for each hand until the game ends."""
    state = new_game(variant, options, first_dealer)
    out = []
    for entry in entries:
        if state.finished:
            break
        after, result = state.play(entry)
        out.append((state, entry, after, result))
        state = after
    return out


def finish(state: GameState) -> GameState:
    """Plays on until someone wins: Team A bids the lowest bid and takes every point."""
    variant = state.variant
    points = (variant.max_points_per_hand,) + (0,) * (variant.teams - 1)
    while not state.finished:
        state, _ = state.play(HandEntry(bidder=0, bid=variant.min_bid, points=points))
    return state


def expected_end(variant: Variant, options, scores, result: HandResult):
    """(finished, winner) by D5 (with S10, W10 and W10a), worked out afresh."""
    candidates = [t for t, score in enumerate(scores) if score >= variant.target]
    if not candidates:
        return False, None
    if options.get("win_only_on_made_bid") and result.made is not True:
        return False, None
    best = max(scores[t] for t in candidates)
    leaders = [t for t in candidates if scores[t] == best]
    if len(leaders) == 1:
        return True, leaders[0]
    if result.bidding_team in leaders:
        return True, result.bidding_team
    return False, None


@st.composite
def broken_entries_for(draw: st.DrawFn, variant: Variant) -> tuple[HandEntry, set[str]]:
    """A hand that breaks one or more rules, and the fields its errors must name."""
    entry = draw(entries_for(variant, thrown_in=False))
    points = taken_points(variant, entry)
    bidding = variant.team_of(entry.bidder)
    most, least = variant.max_points_per_hand, variant.min_points_per_hand
    kind = draw(st.sampled_from(["fields", "claim", "unknown point", "thrown in", "no points"]))
    if kind == "claim":
        made = points[bidding] >= entry.bid
        return replace(entry, made=not made), {"made"}
    if kind == "unknown point":
        awards = {**draw(awards_for(variant)), "trick": 0}
        return HandEntry(bidder=entry.bidder, bid=entry.bid, awards=awards), {"awards.trick"}
    if kind == "thrown in":
        return HandEntry(thrown_in=True, bid=entry.bid, points=points), {"bid", "points"}
    if kind == "no points":
        return HandEntry(bidder=entry.bidder, bid=entry.bid), {"points"}
    # Break any of bidder, bid and points at once: each must be reported.
    broken = draw(st.sets(st.sampled_from(["bidder", "bid", "points"]), min_size=1))
    expected = set()
    changes = {"points": points, "awards": None}
    if "bidder" in broken:
        changes["bidder"] = draw(st.sampled_from([-1, variant.players, None]))
        expected.add("bidder")
    if "bid" in broken:
        changes["bid"] = draw(st.sampled_from([variant.min_bid - 1, variant.max_bid + 1, None]))
        expected.add("bid")
    if "points" in broken:
        how = draw(st.sampled_from(["over the hand", "over a team", "under", "length"]))
        if how == "over the hand":
            # A total one above the most a hand has: D1.
            spare = most + 1 - sum(points)
            team = draw(st.integers(0, variant.teams - 1))
            if points[team] + spare <= most:
                changes["points"] = tuple(p + spare * (t == team) for t, p in enumerate(points))
                expected.add("points")
            else:
                changes["points"] = tuple(p + spare * (t == team) for t, p in enumerate(points))
                expected.add(f"points.{team}")
        elif how == "over a team":
            changes["points"] = (most + 1,) + (0,) * (variant.teams - 1)
            expected.add("points.0")
        elif how == "under" and least:
            changes["points"] = (least - 1,) + (0,) * (variant.teams - 1)
            expected.add("points")
        elif how == "under":
            changes["points"] = (-1,) + points[1:]
            expected.add("points.0")
        else:
            changes["points"] = points + (0,)
            expected.add("points")
    # A made/set claim is only weighed when the rest is sound, so it adds nothing here.
    changes["made"] = draw(st.sampled_from([None, True, False]))
    return replace(entry, **changes), expected


@SETTINGS
@given(games())
def test_replay_same_hands_gives_same_standings(game):
    variant, options, first_dealer, entries = game
    hands = accepted(new_game(variant, options, first_dealer), entries)

    first = replay(variant, options, first_dealer, hands)
    second = replay(variant, options, first_dealer, list(hands))

    assert first == second
    assert first[0] == play(new_game(variant, options, first_dealer), *hands)
    # The same hands entered as one number per team give the same standings.
    as_points = [
        e if e.thrown_in else HandEntry(bidder=e.bidder, bid=e.bid, points=taken_points(variant, e))
        for e in hands
    ]
    assert replay(variant, options, first_dealer, as_points)[0] == first[0]


@SETTINGS
@given(games(), st.data())
def test_refused_hand_leaves_the_standings_as_they_were(game, data):
    variant, options, first_dealer, entries = game
    hands = accepted(new_game(variant, options, first_dealer), entries)
    state, _ = replay(variant, options, first_dealer, hands)
    bad, fields = data.draw(broken_entries_for(variant))

    with pytest.raises(HandRefused) as refused:
        state.play(bad)

    if state.finished:
        fields = {"game"}  # D8: a finished game refuses any hand, for that reason alone.
    assert {e.field for e in refused.value.errors} == fields
    assert refused.value.errors == state.check(bad)
    assert preview(state, bad) is None
    assert state == replay(variant, options, first_dealer, hands)[0]
    with pytest.raises(HandRefused) as replayed:
        replay(variant, options, first_dealer, [*hands, bad])
    assert replayed.value.hand_number == len(hands) + 1
    assert replayed.value.errors == refused.value.errors


@SETTINGS
@given(games())
def test_each_hand_moves_scores_by_exactly_the_points_taken(game):
    variant, options, first_dealer, entries = game
    target = variant.target
    for before, entry, after, result in steps(variant, options, first_dealer, entries):
        assert validate_hand(variant, entry) == []
        if entry.thrown_in:
            assert after.scores == before.scores
            assert result.changes == (0,) * variant.teams
            continue
        taken = taken_points(variant, entry)
        if entry.awards is not None:
            assert taken == points_of(variant, dict(entry.awards))
        bidding = variant.team_of(entry.bidder)
        assert result.made == (taken[bidding] >= entry.bid)
        for team in range(variant.teams):
            old, new = before.scores[team], after.scores[team]
            if team == bidding:
                # S9 / W9: a made bid scores all it took; a set bid loses exactly the bid.
                assert new == (old + taken[team] if result.made else old - entry.bid)
                assert result.capped[team] is False
            elif options.get("cap_non_bidder") and old + taken[team] > target:
                # W10b / D6: a non-bidding team that would pass the target ends on it.
                assert (new, result.capped[team]) == (target, True)
            else:
                assert (new, result.capped[team]) == (old + taken[team], False)
            assert result.changes[team] == new - old
        assert result.scores == after.scores


@SETTINGS
@given(games())
def test_game_ends_exactly_when_d5_names_a_winner(game):
    variant, options, first_dealer, entries = game
    for _, _, after, result in steps(variant, options, first_dealer, entries):
        finished, winner = expected_end(variant, options, after.scores, result)
        assert (after.finished, after.winner) == (finished, winner)
        assert (after.reason == "") == all(s < variant.target for s in after.scores)


@st.composite
def level_entries_for(draw: st.DrawFn, variant: Variant) -> HandEntry:
    """A made or set bid after which the teams that did not bid took the same points: the
    hands that bring ties at the target (D5)."""
    bidder = draw(st.integers(0, variant.players - 1))
    bidding = variant.team_of(bidder)
    others = variant.teams - 1
    most = variant.max_points_per_hand
    shares = [
        (own, each)
        for own in range(most + 1)
        for each in range(most + 1)
        if variant.min_points_per_hand <= own + each * others <= most
    ]
    own, each = draw(st.sampled_from(shares))
    points = tuple(own if team == bidding else each for team in range(variant.teams))
    bid = draw(st.integers(variant.min_bid, variant.max_bid))
    return HandEntry(bidder=bidder, bid=bid, points=points)


@st.composite
def near_the_end(draw: st.DrawFn):
    """(variant, options, standings a few points short of the target, hands): games that
    end soon, often with several teams reaching the target together and ties."""
    variant = draw(st.sampled_from(VARIANTS))
    options = draw(options_for(variant))
    level = draw(st.integers(variant.target - 6, variant.target - 1))
    short_of = st.one_of(st.just(level), st.integers(variant.target - 6, variant.target - 1))
    scores = tuple(draw(short_of) for _ in range(variant.teams))
    hand = st.one_of(entries_for(variant), level_entries_for(variant))
    entries = draw(st.lists(hand, min_size=1, max_size=6))
    return variant, options, scores, entries


@SETTINGS
@given(near_the_end())
def test_game_ends_exactly_when_d5_names_a_winner_near_the_target(game):
    variant, options, scores, entries = game
    state = reach(variant, scores, options)
    for entry in accepted(state, entries):
        before = state
        state, result = state.play(entry)
        finished, winner = expected_end(variant, options, state.scores, result)
        assert (state.finished, state.winner) == (finished, winner)
        # Each team still moves by what it took, the cap and a set bid aside.
        for team in range(variant.teams):
            if team != result.bidding_team and not result.capped[team]:
                assert state.scores[team] == before.scores[team] + result.points[team]


@SETTINGS
@given(games(), st.data())
def test_d8_no_hand_is_accepted_after_a_winner_is_decided(game, data):
    variant, options, first_dealer, entries = game
    hands = accepted(new_game(variant, options, first_dealer), entries)
    state = finish(replay(variant, options, first_dealer, hands)[0])
    extra = data.draw(entries_for(variant))

    with pytest.raises(HandRefused) as refused:
        state.play(extra)

    assert refused.value.errors == [
        RuleError(
            "game",
            f"The game is over: {state.reason} Undo the last hand to reopen it.",
            "D8",
        )
    ]
    assert state.check(extra) == refused.value.errors
    assert state.winner is not None
    assert state.scores[state.winner] >= variant.target


@SETTINGS
@given(games())
def test_d7_dealer_moves_one_seat_left_except_after_a_thrown_in_deal(game):
    variant, options, first_dealer, entries = game
    expected = first_dealer
    for before, entry, after, result in steps(variant, options, first_dealer, entries):
        assert before.dealer == result.dealer == expected
        assert before.first_bidder == (expected + 1) % variant.players
        if not entry.thrown_in:
            expected = (expected + 1) % variant.players
        assert after.dealer == expected


@SETTINGS
@given(games())
def test_d1_points_per_hand_stay_within_the_variants_bounds(game):
    variant, options, first_dealer, entries = game
    for _, entry, _, result in steps(variant, options, first_dealer, entries):
        if entry.thrown_in:
            assert result.points == (0,) * variant.teams
            continue
        assert variant.min_points_per_hand <= sum(result.points) <= variant.max_points_per_hand
        assert all(0 <= p <= variant.max_points_per_hand for p in result.points)
