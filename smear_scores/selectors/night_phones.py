"""Reads for a night run from the players' phones: each player's guide card (where they
play this round, with whom, their total and place as the night's reveal allows) and the
director's dashboard (every table of the round, and which need attention)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db.models import Q
from django.utils import timezone

from smear_scores.models import Entrant, Night, Player
from smear_scores.rules import Variant, partners_label
from smear_scores.selectors.agreements import open_disputes
from smear_scores.selectors.night_substitutes import card_line, night_sat_in
from smear_scores.selectors.nights import (
    RoundView,
    Standing,
    TableCard,
    night_alone,
    night_rounds,
    night_standings,
    round_format,
)
from smear_scores.wording import nights as words
from smear_scores.wording.night_substitutes import OUTSIDE_PRIZES


def night_by_code(code: str) -> Night | None:
    """The night a check-in code opens, typed in any case, spaces ignored."""
    code = "".join(code.split()).upper()
    if not code or len(code) > 12:
        return None
    return Night.objects.select_related("club").filter(join_code=code).first()


def join_roster(night: Night) -> list[tuple[Player, Entrant | None]]:
    """The club's roster for the check-in page, by name, each with its check-in if any."""
    entrants = {e.player_id: e for e in Entrant.objects.filter(night=night)}
    # The roster (a retired player no longer offered), and whoever is checked in tonight
    # (tonight's walk-ins are not on it until the director keeps them).
    roster = night.club.players.filter(Q(kept=True, retired=False) | Q(pk__in=list(entrants)))
    return [(p, entrants.get(p.pk)) for p in roster.order_by("name")]


def night_entrant(night: Night, player_id: int) -> Entrant | None:
    return Entrant.objects.filter(night=night, player_id=player_id).select_related("player").first()


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def night_over(night: Night, rounds: list[RoundView]) -> bool:
    return len(rounds) >= night.rounds and bool(rounds) and rounds[-1].finished


@dataclass
class GuideCard:
    """What one player's phone shows of the night now."""

    night: Night
    name: str
    player_id: int
    # "waiting" (no round for them yet), "seated", "table_done", "sitting_out", "gone", "over"
    state: str
    message: str = ""
    round_number: int | None = None
    table: TableCard | None = None
    seat: int | None = None  # 1-based
    partners: list[str] = field(default_factory=list)
    opponents: list[str] = field(default_factory=list)
    dealer: str = ""  # "You" on the player's own card
    dealer_name: str = ""  # by name, as paper says it
    scorer: bool = False
    scorer_name: str = ""
    total: str | None = None
    place: str | None = None
    # Each round of the player's whose table awaits agreement (two keys), in words: who
    # must agree; its score is in the total, marked provisional.
    awaiting: list[str] = field(default_factory=list)
    format: str = ""
    # Who this player sits in for, or who sits in for them ("sat in for Christopher,
    # rounds 2–3"; selectors.night_substitutes).
    sat_in: str = ""

    @property
    def partners_text(self) -> str:
        return partners_label(self.partners) if self.partners else ""

    @property
    def opponents_text(self) -> str:
        return ", ".join(self.opponents)


def card_key(night: Night, card: GuideCard | None, extra: tuple[Any, ...] = ()) -> str:
    """What a guide card shows, as a short key: the same key, the same card. A hand at
    another table moves the night's version but seldom what one card shows (its table, its
    total and place, its lines); a phone whose card has this key is told so and draws
    nothing (views.night_phones.night_guide). ``extra``: what else the card shows that the
    night's read does not hold (the phone's hold on its name, its agree strip)."""
    shown: tuple[Any, ...] = (night.name, night.announcement, night.rounds, night.reveal, extra)
    if card is not None:
        table = card.table
        shown += (
            card.name,
            card.state,
            card.message,
            card.round_number,
            table.number if table else None,
            table.pk if table else None,
            card.seat,
            tuple(card.partners),
            tuple(card.opponents),
            card.dealer,
            card.scorer,
            card.total,
            card.place,
            tuple(card.awaiting),
            card.sat_in,
        )
    return hashlib.blake2s(repr(shown).encode(), digest_size=8).hexdigest()


def _seated(card: GuideCard, table: TableCard, player_id: int, variant: Variant) -> None:
    seat = table.seat_ids.index(player_id)
    team = variant.team_of(seat)
    names = table.names
    card.table = table
    card.seat = seat + 1
    card.partners = [names[s] for s in variant.seats_of(team) if s != seat]
    card.opponents = [names[s] for s in range(len(names)) if variant.team_of(s) != team]
    card.dealer_name = names[table.game.first_dealer]
    card.dealer = "You" if table.game.first_dealer == seat else card.dealer_name
    # The player in seat 1 keeps the table's score (the card says who).
    card.scorer = seat == 0
    card.scorer_name = names[0]


@dataclass
class NightNow:
    """What every card of a night reads at one version: drawn once per version in a
    process, so that a draw pushed to sixty cards reads the night once, not sixty times."""

    night: Night
    version: str
    rounds: list[RoundView]
    standings: list[Standing] | None
    entrants: dict[int, Entrant]


# The last version read of each night, in this process (a few nights at once at most).
_NOW: dict[int, NightNow] = {}
MAX_NIGHTS_KEPT = 32


def night_now(night: Night, version: str) -> NightNow:
    """The night at ``version`` (its stamp, selectors.night_stamps.night_version, read by the
    caller): kept from an earlier card at the same version, else read now. Every write that
    changes a card moves the version (a check-in, a draw, a hand, an announcement)."""
    kept = _NOW.get(night.pk)
    # The code too: a night of the same row id in another database (a test's) is another.
    if kept is not None and (kept.version, kept.night.join_code) == (version, night.join_code):
        return kept
    rounds = night_rounds(night)
    over = night_over(night, rounds)
    standings = (
        night_standings(night, rounds) if night.reveal == Night.REVEAL_LIVE or over else None
    )
    entrants = {
        e.player_id: e for e in Entrant.objects.filter(night=night).select_related("player")
    }
    now = NightNow(night, version, rounds, standings, entrants)
    if len(_NOW) >= MAX_NIGHTS_KEPT:
        _NOW.clear()
    _NOW[night.pk] = now
    return now


def _who(player_id: int, table: TableCard) -> dict[str, str]:
    """Who a table's round awaits, as the player's own card says it: their own team first
    ("your team (Ed & Ann) and Gus & Bo agree"; "you and Bo agree" each alone), and the
    verb that goes with it ("Bo agrees")."""
    variant_teams = len(table.partnerships)
    mine = table.seat_ids.index(player_id) % variant_teams
    if not table.awaited_teams:
        return {"who": table.awaited, "s": ""}
    names = []
    for team in sorted(table.awaited_teams, key=lambda t: t != mine):
        label = partners_label(table.partnerships[team])
        if team == mine:
            alone = len(table.partnerships[team]) == 1
            label = words.YOU_ALONE if alone else words.YOUR_TEAM.format(names=label)
        names.append(label)
    one = len(names) == 1 and len(table.partnerships[table.awaited_teams[0]]) == 1
    return {"who": " and ".join(names), "s": "s" if one and names[0] != words.YOU_ALONE else ""}


def _awaiting(player_id: int, rounds: list[RoundView]) -> list[str]:
    """GuideCard.awaiting: each round of the player's whose table's result awaits."""
    lines = []
    for r in rounds:
        table = next((t for t in r.tables if player_id in t.seat_ids), None)
        if table is None or not table.awaited:
            continue
        if table.awaited == words.DISPUTED:
            lines.append(words.AWAITING_DISPUTE.format(round=r.number, table=table.number))
            continue
        lines.append(
            words.AWAITING.format(round=r.number, table=table.number, **_who(player_id, table))
        )
    return lines


def _placed(card: GuideCard, standings: list[Standing], rounds: list[RoundView]) -> None:
    """The player's total and place (once a round is drawn), as the night's reveal allows."""
    mine = next((s for s in standings if s.player_id == card.player_id), None)
    if mine is not None:
        if mine.provisional:
            card.awaiting = _awaiting(card.player_id, rounds)
        card.total = mine.total_text
        # Of the players placed: a sub who plays for themself is listed, never placed.
        placed = sum(1 for s in standings if not s.outside)
        card.place = f"{'=' if mine.tied else ''}{_ordinal(mine.rank)} of {placed}"
        if mine.outside:
            card.place = OUTSIDE_PRIZES


def _new_card(night: Night, name: str, player_id: int) -> GuideCard:
    """A player's card before their round is read: waiting, with who they sit in for."""
    return GuideCard(
        night=night,
        name=name,
        player_id=player_id,
        state="waiting",
        format=round_format(night),
        sat_in=card_line(night_sat_in(night), player_id),
    )


def guide_card(
    night: Night,
    player_id: int,
    rounds: list[RoundView] | None = None,
    standings: list[Standing] | None = None,
    entrants: dict[int, Entrant] | None = None,
) -> GuideCard | None:
    """The card of the player checked in as ``player_id``, or None when they are not (a
    check-in the director undid). ``rounds``, ``standings`` and ``entrants``: as read
    already (night_now), else read here."""
    if entrants is not None:
        entrant = entrants.get(player_id)
    else:
        entrant = night_entrant(night, player_id)
    if entrant is None:
        return None
    if rounds is None:
        rounds = night_rounds(night)
    card = _new_card(night, entrant.player.name, player_id)
    over = night_over(night, rounds)
    if rounds and (night.reveal == Night.REVEAL_LIVE or over):
        _placed(
            card, standings if standings is not None else night_standings(night, rounds), rounds
        )
    current = rounds[-1] if rounds else None
    if not entrant.present:
        card.state, card.message = "gone", words.GONE_CARD
        return card
    if current is None:
        card.message = words.WAITING_FIRST
        return card
    card.round_number = current.number
    table = next((t for t in current.tables if player_id in t.seat_ids), None)
    if over:
        card.state, card.message = "over", words.NIGHT_OVER
        if table is not None:
            _seated(card, table, player_id, night.rules_variant)
        return card
    if table is not None:
        _seated(card, table, player_id, night.rules_variant)
        if table.finished:
            card.state = "table_done"
            card.message = words.TABLE_DONE.format(number=current.number, next=current.number + 1)
        else:
            card.state = "seated"
            card.message = (
                words.SCORER if card.scorer else words.NOT_SCORER.format(name=card.scorer_name)
            )
        return card
    if player_id in current.sitting_out_ids:
        card.state, card.message = "sitting_out", words.SITTING_OUT.format(number=current.number)
        return card
    card.message = words.WAITING_NEXT.format(number=current.number, next=current.number + 1)
    return card


@dataclass
class DashTable:
    card: TableCard
    progress: str
    last_at: datetime
    minutes: int
    reasons: list[str]
    alone: bool = False  # the night's game is cutthroat (nights.night_alone)

    @property
    def attention(self) -> bool:
        return bool(self.reasons)

    @property
    def close_ask(self) -> str:
        """What closing the table as it stands does, asked before it is done."""
        scores = " · ".join(f"{names} {score}" for _, names, score in self.card.team_rows())
        short = words.CLOSE_RULE_SHORT_ALONE if self.alone else words.CLOSE_RULE_SHORT
        rule = short.get(self.card.close_rule, "")
        return words.CLOSE_ASK.format(number=self.card.number, scores=scores, rule=rule)


@dataclass
class Dashboard:
    round: RoundView | None
    tables: list[DashTable]
    waiting: list[str]  # checked in, present, not in the round's draw
    sitting_out: list[str]
    gone: list[str]
    can_start: bool
    next_number: int
    idle_minutes: int

    @property
    def attention(self) -> int:
        return sum(1 for t in self.tables if t.attention)


def _progress(night: Night, card: TableCard) -> str:
    game = card.game
    if night.round_hands:
        return f"{min(game.hands_scored, night.round_hands)} of {night.round_hands} hands"
    played = game.hands_played
    return f"{played} hand{'s' if played != 1 else ''}, to {night.rules_variant.target}"


def night_dashboard(
    night: Night, rounds: list[RoundView] | None = None, now: datetime | None = None
) -> Dashboard:
    """Every table of the round being played, each with why it needs the director (idle
    past the night's minutes, a player marked gone), and who waits for the next draw."""
    if rounds is None:
        rounds = night_rounds(night)
    now = now or timezone.now()
    current = rounds[-1] if rounds else None
    entrants = list(Entrant.objects.filter(night=night).select_related("player"))
    gone_ids = {e.player_id for e in entrants if not e.present}
    names = {e.player_id: e.player.name for e in entrants}
    disputed: dict[int, list[int]] = {}
    for dispute in open_disputes(night_id=night.pk):
        disputed.setdefault(dispute.game_id, []).append(dispute.number)
    tables = []
    alone = night_alone(night)
    if current is not None:
        for card in current.tables:
            last = card.game.updated_at
            minutes = max(0, int((now - last).total_seconds() // 60))
            reasons = []
            if not card.finished:
                if minutes >= night.idle_minutes:
                    reasons.append(words.IDLE.format(minutes=minutes))
                gone = [names[p] for p in card.seat_ids if p in gone_ids and p in names]
                if gone:
                    reasons.append(words.GONE.format(names=", ".join(gone)))
                if card.refused_at is not None and card.refused_at > last:
                    at = timezone.localtime(card.refused_at)
                    reasons.append(words.REFUSED.format(time=f"{at:%H:%M}"))
            # A dispute holds the table's result back, finished or not.
            if hands := disputed.get(card.game.pk):
                reasons.append(words.DISPUTE.format(hands=", ".join(map(str, sorted(set(hands))))))
            tables.append(
                DashTable(
                    card=card,
                    progress=_progress(night, card),
                    last_at=last,
                    minutes=minutes,
                    reasons=reasons,
                    alone=alone,
                )
            )
    # Drawn into the round, or seated in it since (a substitute in a player's seat).
    drawn = set(current.present) if current else set()
    if current:
        drawn.update(p for card in current.tables for p in card.seat_ids if p is not None)
    waiting = sorted(names[e.player_id] for e in entrants if e.present and e.player_id not in drawn)
    return Dashboard(
        round=current,
        tables=tables,
        waiting=waiting if current else [],
        sitting_out=current.sitting_out if current else [],
        gone=sorted(names[p] for p in gone_ids),
        can_start=len(rounds) < night.rounds and (current is None or current.finished),
        next_number=len(rounds) + 1,
        idle_minutes=night.idle_minutes,
    )
