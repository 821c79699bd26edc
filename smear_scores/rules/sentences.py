"""A hand and the end of a game in the table's words: one line for a scored hand (the
history, the "will score" bar) and what a hand does to the end of the game."""

from __future__ import annotations

from .game import GameState, HandResult
from .variants import Variant


def describe(variant: Variant, result: HandResult) -> str:
    """'Team A bid 4 and took 5: made, +5 · Team B +1' — one line for a scored hand."""
    label = variant.team_label
    if result.thrown_in:
        if result.all_pass == "dealer_set_back":
            dealers = variant.team_of(result.dealer)
            return (
                f"Thrown in: the dealer's team, {label(dealers)}, is set back "
                f"{-result.changes[dealers]} ({result.changes[dealers]:+d}); the deal passes to "
                "the left."
            )
        if result.all_pass == "pass_deal":
            return "Thrown in: no score; the deal passes to the left."
        return "Thrown in: no score; the same dealer deals again."
    team = result.bidding_team
    assert team is not None  # a hand not thrown in has a bidding team
    taken = result.points[team]
    change = result.changes[team]
    moon = result.moon
    if moon is None:
        verdict = "made" if result.made else "set"
        parts = [f"{label(team)} bid {result.bid} and took {taken}: {verdict}, {change:+d}"]
    else:
        stakes = {
            "wins": "made, wins the game",
            "scores": f"made, scores {moon.made_points}",
            "to_target": f"made, to {result.scores[team]}",
        }[moon.made]
        if not result.made:
            stakes = (
                "failed, loses the game"
                if moon.failed == "loses"
                else f"failed, set back {moon.failed_points}"
            )
        parts = [
            f"{label(team)} bid {moon.name} ({result.bid}) and took {taken} of "
            f"{variant.max_points_per_hand}: {stakes}, {change:+d}"
        ]
    for other, change in enumerate(result.changes):
        if other != team:
            capped = f" (held at {variant.target})" if result.capped[other] else ""
            parts.append(f"{label(other)} {change:+d}{capped}")
    if result.all_points_win and result.took_all is not None:
        parts.append(f"{label(result.took_all)} took every point: wins the game")
    return " · ".join(parts)


def describe_end(before: GameState, after: GameState) -> str:
    """What a hand does to the end of the game, for the preview and the edit screen:
    'ends the game: Cy & Flo win 23–19', a play-on tie, or '' when nothing changes."""
    variant = after.variant
    if after.finished:
        winner = after.winner
        assert winner is not None  # a finished game has a winner
        runner_up = max(s for t, s in enumerate(after.scores) if t != winner)
        # "23–19", but "17 to -1": a dash before a minus sign reads as a typo.
        dash = "–" if runner_up >= 0 else " to "
        score = f"{after.scores[winner]}{dash}{runner_up}"
        how = {
            "moon_made": f"{variant.moon.name} made: " if variant.moon else "",
            "moon_failed": f"{variant.moon.name} failed: " if variant.moon else "",
            "all_points": "every point in one hand: ",
        }.get(after.ended_by, "")
        return f"ends the game: {how}{variant.team_wins(winner)} {score}"
    if after.reason and after.reason != before.reason:
        if after.reason_rule == "D5":
            # A D5 tie between teams that did not bid: said short (the standings show who).
            return f"no winner yet: tied at {max(after.scores)}, play another hand"
        # W10a's set hand (or a house rule's): play on.
        return f"no winner yet: {after.reason}"
    return ""
