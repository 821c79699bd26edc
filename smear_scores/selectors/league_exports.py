"""Every hand of a league's games as CSV rows, streamed in one query."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.utils import timezone

from smear_scores.models import Hand, League, Seat
from smear_scores.rules import Variant

# -- exports -----------------------------------------------------------------------------


# What a hand's row is made of, read after the game's id.
_HAND_COLUMNS = (
    "game__public_id",
    "game__created_at",
    "game__finished",
    "number",
    "dealer",
    "thrown_in",
    "bidder",
    "bid",
    "made",
    "points",
    "awards",
    "scores_after",
)


def league_hand_rows(league: League) -> Iterator[list[Any]]:
    """Every recorded hand of the league's games, oldest game first, as CSV rows
    (a header first). Two queries, streamed."""
    variant = league.rules_variant
    teams = [variant.team_label(t) for t in range(variant.teams)]
    keys = list(variant.point_keys)
    yield [
        "game",
        "started",
        "finished",
        "hand",
        "dealer",
        "thrown_in",
        "bidder",
        "bidding_team",
        "bid",
        "made",
        *[f"points {t}" for t in teams],
        *[f"{variant.point(k).label} to" for k in keys],
        *[f"score {t}" for t in teams],
    ]
    names: dict[int, list[str]] = {}
    for game_id, name in (
        Seat.objects.filter(game__league=league)
        .order_by("game_id", "position")
        .values_list("game_id", "name")
    ):
        names.setdefault(game_id, []).append(name)
    hands = (
        Hand.objects.filter(game__league=league)
        .order_by("game__created_at", "game_id", "number")
        .values_list("game_id", *_HAND_COLUMNS)
    )
    for game_id, *hand in hands.iterator(chunk_size=2000):
        yield _hand_row(variant, teams, keys, names.get(game_id, []), hand)


def _hand_row(
    variant: Variant, teams: list[str], keys: list[str], seat_names: list[str], hand: list[Any]
) -> list[Any]:
    """One hand's CSV row: the players by their names, the teams by their labels."""
    (
        public_id,
        created,
        finished,
        number,
        dealer,
        thrown_in,
        bidder,
        bid,
        made,
        points,
        awards,
        scores,
    ) = hand
    return [
        public_id,
        timezone.localtime(created).strftime("%Y-%m-%d %H:%M"),
        "yes" if finished else "no",
        number,
        seat_names[dealer] if dealer < len(seat_names) else dealer + 1,
        "yes" if thrown_in else "no",
        "" if bidder is None else seat_names[bidder],
        "" if bidder is None else teams[variant.team_of(bidder)],
        "" if bid is None else bid,
        "" if made is None else ("made" if made else "set"),
        *list(points or [0] * len(teams)),
        *["" if not awards or awards.get(k) is None else teams[awards[k]] for k in keys],
        *list(scores),
    ]
