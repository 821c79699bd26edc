"""Reads for many nights at once (a season's): every round, table, seat, correction,
check-in, bid-bonus bid and substitution of the nights in a fixed number of queries
however many nights there are, handed to the nights' own readers (selectors.nights.night_rounds and
night_standings) so each night counts exactly as its own page counts it."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from smear_scores.models import Correction, Entrant, Hand, Night, Round, RoundTable, Seat
from smear_scores.rules.night_scoring import BID_BONUS
from smear_scores.selectors.night_substitutes import SatInLine, nights_sat_in
from smear_scores.selectors.nights import (
    Bids,
    NightRows,
    RoundView,
    Standing,
    count_bid,
    empty_bids,
    night_rounds,
    night_standings,
    seats_by_game,
)


@dataclass
class NightReads:
    """One night's rows, read with the others': its rounds as its page shows them, who
    checked in (player id to name) and, for a bid-bonus night, its bids."""

    night: Night
    rounds: list[RoundView]
    names: dict[int, str]
    bids: Bids | None
    lines: list[SatInLine]

    def standings(self, *, counted_only: bool = False) -> list[Standing]:
        """The night's standings (selectors.nights.night_standings) from these rows."""
        return night_standings(
            self.night,
            self.rounds,
            counted_only=counted_only,
            names=self.names,
            bids=self.bids,
            lines=self.lines,
        )


def nights_rows(nights: list[Night]) -> dict[int, NightRows]:
    """NightRows of each night (by id): five queries for all of them."""
    by_id = {n.pk: n for n in nights}
    rows = {pk: NightRows([], [], seats_by_game(n), defaultdict(list)) for pk, n in by_id.items()}
    night_of_round: dict[int, int] = {}
    rounds = Round.objects.filter(night_id__in=by_id).prefetch_related("sitting_out")
    for r in rounds.order_by("night_id", "number"):
        rows[r.night_id].rounds.append(r)
        night_of_round[r.pk] = r.night_id
    night_of_game: dict[int, int] = {}
    night_of_table: dict[int, int] = {}
    tables = RoundTable.objects.filter(round__night_id__in=by_id).select_related("game")
    for t in tables.order_by("number"):
        night_id = night_of_round[t.round_id]
        rows[night_id].tables.append(t)
        night_of_game[t.game_id] = night_of_table[t.pk] = night_id
    for game_id, position, pid, name in Seat.objects.filter(
        game__night_table__round__night_id__in=by_id
    ).values_list("game_id", "position", "player_id", "name"):
        rows[night_of_game[game_id]].seats[game_id][position] = (pid, name)
    for c in Correction.objects.filter(table__round__night_id__in=by_id).select_related("by"):
        rows[night_of_table[c.table_id]].corrections[c.table_id].append(c)
    return rows


def nights_names(nights: list[Night]) -> dict[int, dict[int, str]]:
    """Who checked in to each night (by id): player id to name, by name. One query."""
    names: dict[int, dict[int, str]] = {n.pk: {} for n in nights}
    for night_id, pid, name in (
        Entrant.objects.filter(night_id__in=names)
        .order_by("night_id", "player__name")
        .values_list("night_id", "player_id", "player__name")
    ):
        names[night_id][pid] = name
    return names


def nights_bids(nights: list[Night]) -> dict[int, Bids]:
    """Each bid-bonus night's bids (by id), as selectors.nights.night_bids reads one
    night's: one query for all of them, none when no night scores bids."""
    scored = {n.pk: n for n in nights if n.night_scoring.system == BID_BONUS}
    if not scored:
        return {}
    bids = {pk: empty_bids(n) for pk, n in scored.items()}
    variants = {pk: n.rules_variant for pk, n in scored.items()}
    for night_id, game_id, bidder, was_made in Hand.objects.filter(
        game__night_table__round__night_id__in=scored, bidder__isnull=False, made__isnull=False
    ).values_list("game__night_table__round__night_id", "game_id", "bidder", "made"):
        if bidder is not None and was_made is not None:  # as filtered: mypy cannot tell
            count_bid(bids[night_id], variants[night_id].team_of(bidder), game_id, was_made)
    return bids


def nights_reads(nights: list[Night]) -> Iterator[NightReads]:
    """Each of ``nights`` with its rows, in the order given: nine queries at most for all
    of them (rounds, who sat out, tables and games, seats, corrections, check-ins, bids,
    substitutions)."""
    rows = nights_rows(nights)
    names = nights_names(nights)
    bids = nights_bids(nights)
    lines = nights_sat_in([n.pk for n in nights])
    for night in nights:
        yield NightReads(
            night=night,
            rounds=night_rounds(night, rows[night.pk]),
            names=names[night.pk],
            bids=bids.get(night.pk),
            lines=lines[night.pk],
        )
