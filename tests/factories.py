"""Sound game data, shared by the tests and the benchmarks."""

from __future__ import annotations

from smear_scores import rules

PLAYERS = {
    "schmier": ["Ann", "Bo", "Cy", "Dee", "Eli", "Flo"],
    "ne-wisconsin": ["Ann", "Bo", "Cy", "Dee"],
}


def filler_entry(state: rules.GameState) -> rules.HandEntry:
    """A sound hand that keeps the game going: the player left of the dealer bids; a team
    in the lower half of the scores makes the smallest bid, any other team is set on the
    biggest; the points left over go to the lowest other team, so nobody reaches the target.
    """
    variant = state.variant
    bidder = state.first_bidder
    team = variant.team_of(bidder)
    if state.scores[team] < variant.target // 2:
        bid, taken = variant.min_bid, variant.min_bid
    else:
        bid, taken = variant.max_bid, 0
    points = [0] * variant.teams
    points[team] = taken
    others = sorted((t for t in range(variant.teams) if t != team), key=lambda t: state.scores[t])
    rest = variant.max_points_per_hand - taken
    lowest = others[0]
    if state.scores[lowest] + rest >= variant.target // 2 and variant.min_points_per_hand == 0:
        rest = 0
    points[lowest] += rest
    return rules.HandEntry(bidder=bidder, bid=bid, points=tuple(points))
