"""Games for the benchmarks, built through the services (game_import validates every hand
with the rules engine and stores them in bulk)."""

from __future__ import annotations

from smear_scores import rules
from tests.factories import PLAYERS, filler_entry

# The tests' filler hands: sound hands that never finish a game.
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
    from smear_scores.services.games import game_import

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
