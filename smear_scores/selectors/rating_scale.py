"""Ratings in a club player's words: a whole number on a familiar scale, "provisional" until
the player has enough rated games.

The stored rating is OpenSkill's (Plackett-Luce, defaults mu 25, sigma 25/3) conservative
ordinal, mu - 3 sigma: 0 for a new player, often below 0 after a first loss, about 20-30 for
the strongest. Shown, it is ``1000 + 20 x ordinal``: a new player starts at 1000, a loss
or two moves it down a few tens, the club's best reach about 1500. mu and sigma themselves
are only in the CSV and the JSON API."""

from __future__ import annotations

START = 1000
PER_POINT = 20
# Fewer rated games than this: the rating is shown as provisional (sigma is still wide).
PROVISIONAL_GAMES = 10


def rating_shown(ordinal: float | None) -> int | None:
    """The rating on the club's scale (never below 0), or None without one."""
    if ordinal is None:
        return None
    return max(0, round(START + PER_POINT * ordinal))


def is_provisional(rated_games: int) -> bool:
    return rated_games < PROVISIONAL_GAMES
