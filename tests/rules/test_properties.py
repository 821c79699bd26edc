"""Properties of the engine over random games of every preset, its options drawn
(hypothesis). The presets come from the engine's list: a new one is played here without a
test edit. What a property expects is worked out from the settings the options leave
(Variant.with_options), not from the preset's name."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from smear_scores.rules import (
    PRESET_SLUGS,
    GameState,
    HandEntry,
    HandRefused,
    HandResult,
    RuleError,
    Variant,
    get_variant,
    new_game,
    preview,
    replay,
    taken_points,
    validate_hand,
)

from .helpers import accepted, options_for, play, reach

SETTINGS = settings()  # examples and deadline from the profile (tests/conftest.py)
VARIANTS = tuple(get_variant(slug) for slug in PRESET_SLUGS)


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


def played(variant: Variant, options) -> Variant:
    """The variant as a game plays it: the options' settings folded in."""
    return variant.with_options(options)


def is_made(variant: Variant, entry: HandEntry, taken: int) -> bool:
    """D3: at least the bid; the moon only with every point in play."""
    if variant.is_moon(entry.bid):
        return taken >= variant.max_points_per_hand
    return taken >= entry.bid


def bidding_change(variant: Variant, entry: HandEntry, before: int, taken: int) -> int:
    """S9, W9, D9 and the moon's stakes, worked out afresh from the settings."""
    moon = variant.moon if variant.is_moon(entry.bid) else None
    made = is_made(variant, entry, taken)
    if moon is not None and made and moon.made == "scores":
        return moon.made_points
    if moon is not None and made and moon.made == "to_target":
        return -before if moon.negative_to_zero and before < 0 else variant.target - before
    if made:
        return taken
    stake = moon.failed_points if moon is not None and moon.failed == "set_back" else entry.bid
    return taken - stake if variant.set_bid == "keep_less_bid" else -stake


def _most(scores, candidates, tie_to):
    best = max(scores[t] for t in candidates)
    leaders = [t for t in candidates if scores[t] == best]
    if len(leaders) == 1:
        return True, leaders[0]
    return (True, tie_to) if tie_to in leaders else (False, None)


def expected_end(variant: Variant, scores, result: HandResult):
    """(finished, winner) by what ends the game at once, then D5 with the win and
    non-bidders' settings (S10, W10, W10a, W10b), worked out afresh."""
    if result.thrown_in:
        return False, None  # D4: a thrown-in deal decides nothing
    bidding, made, moon = result.bidding_team, result.made, result.moon
    if moon is not None and made and moon.made == "wins":
        return True, bidding
    if moon is not None and not made and moon.failed == "loses" and variant.teams == 2:
        return True, 1 - bidding
    if variant.all_points_wins and result.took_all is not None:
        return True, result.took_all
    candidates = [t for t, score in enumerate(scores) if score >= variant.target]
    if not candidates:
        return False, None
    if variant.non_bidders == "must_bid_to_win":
        return (True, bidding) if made and bidding in candidates else (False, None)
    if variant.win == "made_bid_only" and not made:
        return False, None
    if variant.win == "bidding_team_out_first" and bidding in candidates:
        return True, bidding
    if variant.win == "bidder_out_first" and made and bidding in candidates:
        return True, bidding
    return _most(scores, candidates, bidding)


# -- strategies: any preset, its options, hands that fit its points ----------------------
@st.composite
def awards_for(draw: st.DrawFn, variant: Variant) -> dict:
    """Each point to a team, or (where D1 allows) to nobody, written as None or left out."""
    awards = {}
    for point in variant.points:
        teams = list(range(variant.teams)) + ([] if point.always_awarded else [None, "out"])
        team = draw(st.sampled_from(teams))
        if team != "out":
            awards[point.key] = team
    return awards


def points_of(variant: Variant, awards: dict[str, int | None]) -> tuple[int, ...]:
    """Each team's points by the values of the points it took."""
    totals = [0] * variant.teams
    for point in variant.points:
        team = awards.get(point.key)
        if team is not None:
            totals[team] += point.value
    return tuple(totals)


@st.composite
def entries_for(draw: st.DrawFn, variant: Variant, thrown_in: bool = True) -> HandEntry:
    """A valid hand for the variant as played: thrown in (unless the dealer is stuck), or
    a bidder and bid with points per team or awards, with an optional made/set claim that
    agrees with the points (D3). Half the time the bid is won by a player of the team
    that took the most points, so bids are made often enough for games to end."""
    if thrown_in and variant.all_pass != "stick_dealer" and draw(st.integers(0, 9)) == 0:
        return HandEntry.thrown()
    awards = draw(awards_for(variant))
    points = points_of(variant, awards)
    favoured = draw(st.booleans())
    if favoured:
        team = points.index(max(points))
        bidder = team + variant.teams * draw(st.integers(0, variant.players // variant.teams - 1))
    else:
        bidder = draw(st.integers(0, variant.players - 1))
    bid = draw(st.integers(variant.min_bid, variant.max_bid))
    if favoured:
        # Mostly a bid the team could make with what it took.
        bid = max(variant.min_bid, min(bid, points[team]))
    made = is_made(variant, HandEntry(bidder=bidder, bid=bid), points[variant.team_of(bidder)])
    claim = draw(st.sampled_from([None, made]))
    if draw(st.booleans()):
        return HandEntry(bidder=bidder, bid=bid, awards=awards, made=claim)
    return HandEntry(bidder=bidder, bid=bid, points=points, made=claim)


@st.composite
def games(draw: st.DrawFn, max_hands: int = 40):
    """(variant, options, first dealer, hands): any preset, its options, and up to
    max_hands valid hands (a game may finish before its last hand; see accepted())."""
    variant = draw(st.sampled_from(VARIANTS))
    options = draw(options_for(variant))
    first_dealer = draw(st.integers(0, variant.players - 1))
    hand = entries_for(played(variant, options))
    entries = draw(st.lists(hand, max_size=max_hands))
    return variant, options, first_dealer, entries


@st.composite
def broken_entries_for(draw: st.DrawFn, variant: Variant) -> tuple[HandEntry, set[str]]:
    """A hand that breaks one or more rules, and the fields its errors must name."""
    entry = draw(entries_for(variant, thrown_in=False))
    points = taken_points(variant, entry)
    bidding = variant.team_of(entry.bidder)
    most, least = variant.max_points_per_hand, variant.min_points_per_hand
    kind = draw(st.sampled_from(["fields", "claim", "unknown point", "thrown in", "no points"]))
    if kind == "claim":
        made = is_made(variant, entry, points[bidding])
        return replace(entry, made=not made), {"made"}
    if kind == "unknown point":
        awards = {**draw(awards_for(variant)), "trick": 0}
        return HandEntry(bidder=entry.bidder, bid=entry.bid, awards=awards), {"awards.trick"}
    if kind == "thrown in":
        # Where the dealer is stuck, no deal may be thrown in at all.
        stuck = {"thrown_in"} if variant.all_pass == "stick_dealer" else set()
        return HandEntry(thrown_in=True, bid=entry.bid, points=points), {"bid", "points", *stuck}
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
            changes["points"] = tuple(p + spare * (t == team) for t, p in enumerate(points))
            expected.add("points" if points[team] + spare <= most else f"points.{team}")
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
    bad, fields = data.draw(broken_entries_for(state.variant))

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
    rules = played(variant, options)
    target = rules.target
    for before, entry, after, result in steps(variant, options, first_dealer, entries):
        assert validate_hand(rules, entry) == []
        if entry.thrown_in:
            # D4, or the dealer's team set back (all_pass).
            dealer_team = rules.team_of(before.dealer)
            set_back = rules.all_pass_points if rules.all_pass == "dealer_set_back" else 0
            changes = tuple(-set_back * (t == dealer_team) for t in range(rules.teams))
            assert result.changes == changes
            assert after.scores == tuple(s + c for s, c in zip(before.scores, changes, strict=True))
            continue
        taken = taken_points(rules, entry)
        if entry.awards is not None:
            assert taken == points_of(rules, dict(entry.awards))
        bidding = rules.team_of(entry.bidder)
        assert result.made == is_made(rules, entry, taken[bidding])
        for team in range(rules.teams):
            old, new = before.scores[team], after.scores[team]
            if team == bidding:
                # S9 / W9: a made bid scores all it took; a set bid as set_bid says.
                assert new == old + bidding_change(rules, entry, old, taken[team])
                assert result.capped[team] is False
            elif rules.non_bidders == "held_at_target" and old + taken[team] > target:
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
    rules = played(variant, options)
    for _, _, after, result in steps(variant, options, first_dealer, entries):
        finished, winner = expected_end(rules, after.scores, result)
        assert (after.finished, after.winner) == (finished, winner)
        if not after.ended_by:
            assert (after.reason == "") == all(s < rules.target for s in after.scores)


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
    rules = played(variant, options)
    level = draw(st.integers(variant.target - 6, variant.target - 1))
    short_of = st.one_of(st.just(level), st.integers(variant.target - 6, variant.target - 1))
    scores = tuple(draw(short_of) for _ in range(variant.teams))
    # Level points a preset's point values cannot give are left out (D1).
    level_hands = level_entries_for(rules).filter(lambda e: not validate_hand(rules, e))
    hand = st.one_of(entries_for(rules), level_hands)
    entries = draw(st.lists(hand, min_size=1, max_size=6))
    return variant, options, scores, entries


@SETTINGS
@given(near_the_end())
def test_game_ends_exactly_when_d5_names_a_winner_near_the_target(game):
    variant, options, scores, entries = game
    try:
        state = reach(variant, scores, options)
    except (ValueError, HandRefused):
        assume(False)  # standings the made bids of this preset's points cannot reach
    for entry in accepted(state, entries):
        before = state
        state, result = state.play(entry)
        finished, winner = expected_end(state.variant, state.scores, result)
        assert (state.finished, state.winner) == (finished, winner)
        # Each team still moves by what it took, the cap and a set bid aside.
        for team in range(variant.teams):
            if team != result.bidding_team and not result.capped[team]:
                assert state.scores[team] == before.scores[team] + result.changes[team]
                if not result.thrown_in:
                    assert result.changes[team] == result.points[team]


@st.composite
def set_entries_for(draw: st.DrawFn, variant: Variant) -> HandEntry:
    """A set bid: the bidding team takes nothing, the others or nobody take the rest."""
    bidder = draw(st.integers(0, variant.players - 1))
    others = [t for t in range(variant.teams) if t != variant.team_of(bidder)]
    awards = {
        p.key: draw(st.sampled_from(others + ([] if p.always_awarded else [None])))
        for p in variant.points
    }
    bid = draw(st.integers(variant.min_bid, variant.max_bid))
    return HandEntry(bidder=bidder, bid=bid, awards=awards)


@st.composite
def past_the_target(draw: st.DrawFn):
    """(variant, options, standings, a hand): teams a hand short of the target or past it
    (teams tied there that did not bid play on, and so may a team must_bid_to_win or
    made_bid_only kept from winning), and a hand, often a set bid: where the win and
    non-bidders' settings part ways."""
    variant = draw(st.sampled_from(VARIANTS))
    options = draw(options_for(variant))
    rules = played(variant, options)
    target, most = rules.target, rules.max_points_per_hand
    short = st.integers(target - most - 1, target - 1)
    past = st.integers(target, target + rules.max_bid + most)
    scores = tuple(draw(st.one_of(short, past)) for _ in range(rules.teams))
    entry = draw(st.one_of(entries_for(rules), set_entries_for(rules)))
    return variant, options, scores, entry


# One hand an example, and a setting one preset has is drawn in a ninth of them: ten
# times the profile's examples.
@settings(SETTINGS, max_examples=10 * settings.default.max_examples)
@given(past_the_target())
def test_game_ends_exactly_when_d5_names_a_winner_past_the_target(game):
    variant, options, scores, entry = game
    state = GameState(variant=variant, options=options, first_dealer=0, scores=scores, dealer=0)
    after, result = state.play(entry)
    assert (after.finished, after.winner) == expected_end(state.variant, after.scores, result)


@SETTINGS
@given(games(), st.data())
def test_d8_no_hand_is_accepted_after_a_winner_is_decided(game, data):
    variant, options, first_dealer, entries = game
    hands = accepted(new_game(variant, options, first_dealer), entries)
    state = finish(replay(variant, options, first_dealer, hands)[0])
    extra = data.draw(entries_for(state.variant))

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
    if not state.ended_by:  # the moon or every point may end it below the target
        assert state.scores[state.winner] >= variant.target


@SETTINGS
@given(games())
def test_d7_dealer_moves_one_seat_left_except_after_a_thrown_in_deal(game):
    variant, options, first_dealer, entries = game
    # A deal thrown in is dealt again by the same dealer, unless the deal passes on.
    passes_on = played(variant, options).all_pass != "redeal"
    expected = first_dealer
    for before, entry, after, result in steps(variant, options, first_dealer, entries):
        assert before.dealer == result.dealer == expected
        assert before.first_bidder == (expected + 1) % variant.players
        if not entry.thrown_in or passes_on:
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
