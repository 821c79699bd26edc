"""Sound game data for the benchmarks, which the tests use too (bench/ stands on its own
and imports nothing from tests/). Games are built through the services (game_import
validates every hand with the rules engine and stores them in bulk)."""

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


# Sound hands that never finish a game.
filler = filler_entry


def fillers(variant: str, hands: int, first_dealer: int = 0) -> list[rules.HandEntry]:
    state = rules.new_game(rules.get_variant(variant), {}, first_dealer)
    entries = []
    for _ in range(hands):
        entry = filler(state)
        state, _ = state.play(entry)
        entries.append(entry)
    assert not state.finished, "filler hands must never finish a game"
    return entries


def game_with_hands(hands: int, variant: str = "schmier"):
    from smear_scores.services.new_games import game_import

    return game_import(
        record={
            "variant": variant,
            "players": PLAYERS[variant],
            "first_dealer": 0,
            "hands": fillers(variant, hands),
        },
        source="import",
    )


def form_fields(entry: rules.HandEntry, number: int) -> dict[str, str]:
    """The scoreboard's hand form for ``entry`` (see smear_scores.views.games)."""
    fields = {"number": str(number), "bidder": str(entry.bidder), "bid": str(entry.bid)}
    fields["by_totals"] = "on"
    for team, taken in enumerate(entry.points):
        fields[f"points_{team}"] = str(taken)
    return fields
