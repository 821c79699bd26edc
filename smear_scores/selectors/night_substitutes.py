"""Reads for a night's substitutes: who sat in for whom, over which rounds, as the rules
(rules.substitutes) and the pages read them."""

from __future__ import annotations

from dataclasses import dataclass

from smear_scores.models import Night, Player, Substitution
from smear_scores.rules.substitutes import SatIn, rounds_text
from smear_scores.wording import night_substitutes as words


@dataclass(frozen=True)
class SatInLine:
    """One substitution as the pages say it."""

    pk: int
    absent_id: int
    sub_id: int
    absent: str
    sub: str
    first: int
    last: int

    @property
    def text(self) -> str:
        """'Katherine sat in for Christopher, rounds 2–3'."""
        return words.SAT_IN.format(
            sub=self.sub, absent=self.absent, rounds=rounds_text(self.first, self.last)
        )

    def covers(self, number: int) -> bool:
        return self.first <= number <= self.last


def night_sat_in(night: Night) -> list[SatInLine]:
    """The night's substitutions, first round first. One query."""
    return nights_sat_in([night.pk])[night.pk]


def nights_sat_in(night_ids: list[int]) -> dict[int, list[SatInLine]]:
    """Each night's substitutions (by night id), first round first: one query for all."""
    lines: dict[int, list[SatInLine]] = {pk: [] for pk in night_ids}
    for s in (
        Substitution.objects.filter(night_id__in=night_ids)
        .select_related("absent", "sub")
        .order_by("from_round", "at")
    ):
        lines[s.night_id].append(
            SatInLine(
                s.pk, s.absent_id, s.sub_id, s.absent.name, s.sub.name, s.from_round, s.to_round
            )
        )
    return lines


def as_rules(lines: list[SatInLine]) -> list[SatIn[int]]:
    return [SatIn(s.absent_id, s.sub_id, s.first, s.last) for s in lines]


def sat_in_for(lines: list[SatInLine], player_id: int, number: int | None = None) -> str:
    """What a player's line, card or seat says of them: 'sat in for Christopher, rounds
    2–3' for a sub, 'Katherine sat in, rounds 2–3' for the absent player; in round
    ``number`` only, when given."""
    return _said(lines, player_id, words.SUB_NOTE, words.ABSENT_NOTE, number)


def card_line(lines: list[SatInLine], player_id: int) -> str:
    """What a player's own card says, each substitution of theirs: 'You sit in for
    Christopher, rounds 2–3' on the sub's, 'Katherine sits in for you, rounds 2–3' on the
    absent player's."""
    return _said(lines, player_id, words.CARD_SUB, words.CARD_ABSENT)


def _said(
    lines: list[SatInLine], player_id: int, as_sub: str, as_absent: str, number: int | None = None
) -> str:
    said = []
    for s in lines:
        if number is not None and not s.covers(number):
            continue
        rounds = rounds_text(s.first, s.last)
        if s.sub_id == player_id:
            said.append(as_sub.format(absent=s.absent, rounds=rounds))
        elif s.absent_id == player_id:
            said.append(as_absent.format(sub=s.sub, rounds=rounds))
    return "; ".join(said)


def draw_players(
    night: Night, number: int, players: dict[int, Player]
) -> tuple[dict[int, Player], dict[int, Player]]:
    """The players the draw of round ``number`` places (``players``, those present, with
    each absent player a sub covers in place of the sub, by id) and who sits in each place
    (the sub in the absent player's)."""
    covering = list(
        Substitution.objects.filter(
            night=night, from_round__lte=number, to_round__gte=number
        ).select_related("absent", "sub")
    )
    if not covering:
        return players, players
    placed = {pid: p for pid, p in players.items() if pid not in {s.sub_id for s in covering}}
    for s in covering:
        placed[s.absent_id] = s.absent
    placed = dict(sorted(placed.items()))
    sitters = dict(placed)
    for s in covering:
        sitters[s.absent_id] = s.sub
    return placed, sitters


def places_of(night: Night, number: int, seat_ids: list[int | None]) -> list[int | None]:
    """The seats of a table of round ``number`` by the place each holds in the draw: a sub's
    seat is the absent player's place (king of the hill moves it as theirs)."""
    covering = {
        sub: absent
        for sub, absent in Substitution.objects.filter(
            night=night, from_round__lte=number, to_round__gte=number
        ).values_list("sub_id", "absent_id")
    }
    return [covering.get(p, p) if p is not None else None for p in seat_ids]
