"""Two keys' words, worded once: what a board, the league's pending list and the club
director's queue say a game waits for, and the sentences of a hand's agreement audit (its
history, the queue, the CSV). The reads that choose them: selectors.agreements.

Pure Python: no Django, no import of the engine."""

from __future__ import annotations

# A game with a dispute open, wherever its state is shown beside its teams.
DISPUTED_WAITING = "disputed: awaiting the scorer's edit or the director"
# The director's queue: a disputed game, and a finished one whose teams all agreed to
# every hand but that is not settled yet.
QUEUE_DISPUTED = "disputed"
QUEUE_AWAITING = "awaiting agreement"
# Who said it, when the audit no longer names a team or a director.
SOME_TEAM = "a team"
SOME_DIRECTOR = "the director"
# A decision the audit does not know by name.
SETTLED = "settled"


def awaiting(teams: list[str]) -> str:
    """'awaiting Bo & Di' (and … for more teams), '' for none."""
    return "awaiting " + " and ".join(teams) if teams else ""


def hand_line(number: int, line: str) -> str:
    """'Hand 7: Ann & Cy bid 4 and took 5: made, +5 · Bo & Di +1'."""
    return f"Hand {number}: {line}"


def table_where(night: str, round_number: int, table: int) -> str:
    """Where a night's game is played, on the director's queue."""
    return f"{night}, round {round_number}, table {table}"


def said(by: str, when: str) -> str:
    """Who spoke for a team and when: 'Bo, 3 Feb 20:15' (a signed-in member), "Bo's phone,
    3 Feb 20:15" (a night's phone), or the time alone when the audit names no one."""
    return f"{by}, {when}" if by else when


def agreed(who: str, number: int, when: str) -> str:
    return f"{who} agreed to hands 1–{number} ({when})"


def disputed(who: str, words: str, when: str) -> str:
    return f"{who}: not right, “{words}” ({when})"


def withdrew(who: str, words: str, when: str) -> str:
    """A team took back its own "not right": 'Bo & Di withdrew “wrong jack”: right after all'."""
    return f"{who} withdrew “{words}”: right after all ({when})"


def settled(by: str, decision: str, reason: str, when: str) -> str:
    return f"Settled by {by}: {decision}, “{reason}” ({when})"


def written(action: str, source: str, when: str) -> str:
    """A hand recorded, edited or undone, in its history: 'Edited (web, 3 Feb 20:15)'."""
    return f"{action.capitalize()} ({source}, {when})"
