"""The words the other wording modules share: a count with its noun, a point by its name,
and how a table of so many players in so many teams sits."""

from __future__ import annotations

from smear_scores.rules.hands import and_join
from smear_scores.rules.variants import PointCategory, team_seats

# How partners sit, where the numbers are not known (the API's description of teams).
PARTNERS_ALTERNATE = "Partners never sit side by side: going round the table, partners alternate."


def num(n: int | str, word: str) -> str:
    """'1 point', '3 points' (a setting's name, for the API, takes the plural)."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def point_words(point: PointCategory) -> str:
    """A point as the table names it: "High", "Trey 3", "Pedro 5"."""
    return point.label if point.value == 1 else f"{point.label} {point.value}"


def seat_list(players: int, teams: int) -> str:
    """'seats 1 & 3 and 2 & 4', 'seats 1, 3, 5 and 2, 4, 6'."""
    listed = []
    for team in range(teams):
        seats = [str(s + 1) for s in team_seats(players, teams, team)]
        listed.append(" & ".join(seats) if len(seats) == 2 else ", ".join(seats))
    return "seats " + and_join(listed)


def seats_sentence(players: int, teams: int) -> str:
    """How a table of ``players`` in ``teams`` sits (S1): the rules page's and the
    builder's words."""
    if teams == players:
        return (
            f"{players} players, each playing alone (cutthroat): each player is a team of one "
            "and scores alone."
        )
    size = players // teams
    kind = "partnerships" if size == 2 else f"teams of {size}"
    return (
        f"{players} players in {teams} {kind}. {PARTNERS_ALTERNATE[:-1]} "
        f"({seat_list(players, teams)})."
    )
