"""Writes for progressive nights: open, draw a round, correct a round, a table's refused hand
noted. One transaction each; the night row is locked while a round is drawn, so two directors
pressing "Draw" at once draw one round. What the phones write (check in, join, undo, announce,
close a table) is services.night_phones."""

from __future__ import annotations

import random
import unicodedata
from datetime import date
from typing import Any, cast

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from smear_scores import rules
from smear_scores.live import notify
from smear_scores.models import (
    Club,
    Correction,
    Entrant,
    Game,
    HouseRules,
    League,
    Night,
    Round,
    RoundTable,
)
from smear_scores.rules import HandRefused, Refused, RuleError
from smear_scores.rules.draw import DrawnTable, History, RoundDraw, draw_round
from smear_scores.rules.movement import king_of_the_hill
from smear_scores.rules.night_scoring import NUMBERS, PROGRESSIVE, NightScoring, scoring_errors
from smear_scores.selectors.night_substitutes import draw_players, places_of
from smear_scores.selectors.nights import night_rounds
from smear_scores.services.league_games import league_is_open
from smear_scores.services.new_games import game_create, rules_given
from smear_scores.wording import nights as words
from smear_scores.wording.night_scoring import MOVEMENT_RULES

MAX_ROUNDS = 20
MAX_ROUND_HANDS = 30
MAX_BONUS = 50
# A correction puts a round's score right: a few points, never more than a night could
# score (and within the column's range, a small integer).
MAX_CORRECTION = 1000
# Control characters (NUL among them: PostgreSQL refuses it) and lone surrogates.
UNPRINTABLE = frozenset({"Cc", "Cs"})


def unprintable(text: str) -> str | None:
    """The first character of ``text`` as typed that a note cannot keep (a control
    character or a lone surrogate; line breaks and tabs are spaces), or None. Checked
    before the spaces are folded: Python counts U+001C–U+001F as spaces too."""
    return next(
        (c for c in text if c not in "\n\r\t" and unicodedata.category(c) in UNPRINTABLE),
        None,
    )


MAX_IDLE_MINUTES = 120


class NightRefused(Refused):
    """A night's write that does not fit: the message says what is wrong and what to do."""

    def __init__(self, message: str, *, field: str = "__all__"):
        super().__init__([RuleError(field, message, "")])


def night_version_bump(night: Night) -> None:
    # The room view's cheap version check reads this (with the games' own stamps).
    Night.objects.filter(pk=night.pk).update(version=F("version") + 1)
    notify.night_changed(night.pk)


@transaction.atomic
def night_open(
    *,
    club: Club,
    name: str,
    day: date,
    variant: str,
    rounds: int,
    round_hands: int | None = None,
    win_bonus: int = 0,
    options: dict[str, Any] | None = None,
    league: League | None = None,
    house_rules: HouseRules | None = None,
    walk_ins: bool = False,
    reveal: str = Night.REVEAL_LIVE,
    idle_minutes: int = 10,
    close_rule: str = Night.CLOSE_LEADER,
    scoring: str = PROGRESSIVE,
    scoring_numbers: dict[str, int] | None = None,
    movement: str = Night.MOVE_DRAW,
    head_table_ends: bool = False,
) -> Night:
    """A new night of ``club``. A league night plays the league's variant and options (or
    its house rules); a night on its own, ``house_rules`` the club adopted, if given.
    ``scoring``: how a player's round scores (rules.night_scoring), with the numbers that
    system reads in ``scoring_numbers`` (progressive points read ``win_bonus``)."""
    if league is not None:
        _check_league_night(league, club=club, day=day)
        variant, options = league.variant, dict(league.options or {})
        house_rules = league.house_rules
    variant, rules_variant = _night_rules(club, variant, house_rules)
    resolved, errors = rules_variant.resolve_options(options)
    if errors:
        raise HandRefused(errors)
    _check_night_size(rounds=rounds, round_hands=round_hands, win_bonus=win_bonus)
    _check_night_running(reveal=reveal, close_rule=close_rule, idle_minutes=idle_minutes)
    chosen = _night_scoring(scoring, win_bonus, scoring_numbers or {})
    _check_movement(movement)
    name = " ".join((name or "").split()) or f"{club.name} night"
    return Night.objects.create(
        club=club,
        league=league,
        name=name[:80],
        day=day,
        variant=variant,
        house_rules=house_rules,
        options=resolved,
        rounds=rounds,
        round_hands=round_hands,
        win_bonus=win_bonus,
        walk_ins=walk_ins,
        reveal=reveal,
        idle_minutes=idle_minutes,
        close_rule=close_rule,
        movement=movement,
        head_table_ends=head_table_ends and movement == Night.MOVE_KING,
        scoring=chosen.system,
        scoring_numbers={k: v for k, v in chosen.numbers.items() if k != "win_bonus"},
    )


def _check_night_running(*, reveal: str, close_rule: str, idle_minutes: int) -> None:
    """How the night is run, as stated before round 1."""
    if reveal not in words.REVEAL_RULES:
        raise NightRefused("Show totals live or only at the end of the night.", field="reveal")
    if close_rule not in words.CLOSE_RULES:
        raise NightRefused(
            "Say what a table closed before it finished scores: the leader wins, or nobody.",
            field="close_rule",
        )
    if not 1 <= idle_minutes <= MAX_IDLE_MINUTES:
        raise NightRefused(
            f"A table needs attention after 1 to {MAX_IDLE_MINUTES} minutes without a hand, "
            f"not {idle_minutes}.",
            field="idle_minutes",
        )


def _check_movement(movement: str) -> None:
    if movement not in MOVEMENT_RULES:
        raise NightRefused(
            "Say how players move between rounds: a random draw, or king of the hill.",
            field="movement",
        )


def _night_scoring(system: str, win_bonus: int, numbers: dict[str, int]) -> NightScoring:
    """The night's scoring as chosen, refused per field where a number cannot hold."""
    wanted = NUMBERS.get(system, ())
    chosen = NightScoring(
        system=system,
        win_bonus=win_bonus,
        **{k: int(v) for k, v in numbers.items() if k in wanted and k != "win_bonus"},
    )
    errors = scoring_errors(chosen)
    if errors:
        raise Refused(errors)
    return chosen


def _check_league_night(league: League, *, club: Club, day: date) -> None:
    """A league night is a night of the league's club, on a day of its season."""
    if league.club_id != club.pk:
        raise NightRefused(f"{league.name} is not a league of {club.name}.", field="league")
    if not league_is_open(league, day):
        raise NightRefused(
            f"{league.name} does not run on {day:%-d %B %Y}: pick a date in its season, "
            "or open the night on its own.",
            field="day",
        )


def _night_rules(
    club: Club, variant: str, house_rules: HouseRules | None
) -> tuple[str, rules.Variant]:
    """The preset slug a night is recorded under and the rules it plays: the club's own
    ``house_rules`` (the preset they started from), else the preset ``variant``."""
    if house_rules is not None:
        if house_rules.club_id != club.pk:
            raise NightRefused(
                f"{house_rules.name} are not {club.name}'s house rules: open their link and "
                "adopt them for the club first.",
                field="variant",
            )
        return house_rules.based_on, house_rules.rules_variant
    try:
        return variant, rules.get_variant(variant)
    except KeyError as error:
        raise NightRefused(error.args[0], field="variant") from None


def _check_night_size(*, rounds: int, round_hands: int | None, win_bonus: int) -> None:
    if not 1 <= rounds <= MAX_ROUNDS:
        raise NightRefused(f"A night has 1 to {MAX_ROUNDS} rounds, not {rounds}.", field="rounds")
    if round_hands is not None and not 1 <= round_hands <= MAX_ROUND_HANDS:
        raise NightRefused(
            f"A round of a set number of hands has 1 to {MAX_ROUND_HANDS} hands, not "
            f"{round_hands}; leave it empty to play a full game each round.",
            field="round_hands",
        )
    if not 0 <= win_bonus <= MAX_BONUS:
        raise NightRefused(
            f"The bonus for winning a round is 0 to {MAX_BONUS} points, not {win_bonus}.",
            field="win_bonus",
        )


@transaction.atomic
def table_refused(*, game: Game) -> None:
    """A hand the scorer sent at ``game`` was refused by the rules: if it is a night's
    table, its director's dashboard says so (until a hand is recorded there)."""
    table = RoundTable.objects.filter(game=game).select_related("round").first()
    if table is None:
        return
    RoundTable.objects.filter(pk=table.pk).update(refused_at=timezone.now())
    night_version_bump(table.round.night)


def _history(night: Night, variant: rules.Variant) -> History:
    """The earlier rounds as the draw remembers them, read back from their games."""
    history = History()
    everyone = set(Entrant.objects.filter(night=night).values_list("player_id", flat=True))
    for round_ in night_rounds(night):
        tables = tuple(
            DrawnTable(number=t.number, seats=tuple(t.seat_ids), dealer=0) for t in round_.tables
        )
        draw = RoundDraw(tables=tables, sitting_out=tuple(round_.sitting_out_ids), seed=round_.seed)
        history.add(variant, draw, absent=everyone - set(round_.present))
    return history


@transaction.atomic
def round_draw(*, night: Night, seed: int | None = None) -> Round:
    """Draw the next round from the players present and create one game per table."""
    night = Night.objects.select_for_update().get(pk=night.pk)
    variant = night.rules_variant
    done = night.round_set.count()
    if done >= night.rounds:
        raise NightRefused(
            f"All {night.rounds} rounds of {night.name} are drawn: the night is complete."
        )
    _last_round_over(night, done)
    present = list(
        Entrant.objects.filter(night=night, present=True)
        .select_related("player")
        .order_by("player_id")
    )
    # A sub keeps the absent player's place in the draw and sits in it.
    players, sitters = draw_players(night, done + 1, {e.player_id: e.player for e in present})
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    try:
        drawn = _drawn(night, variant, list(players), seed)
    except HandRefused as refused:
        raise NightRefused(refused.errors[0].message) from None
    round_ = Round.objects.create(night=night, number=done + 1, seed=seed, present=list(players))
    round_.sitting_out.set(cast(tuple[int, ...], drawn.sitting_out))
    for table in drawn.tables:
        seated = [sitters[cast(int, pid)] for pid in table.seats]
        game = game_create(
            **rules_given(night.variant, night.house_rules),
            players=[p.name for p in seated],
            first_dealer=table.dealer,
            options=dict(night.options),
            hand_limit=night.round_hands,
            league=night.league,
            seat_players=seated,
            confirm=True,
        )
        RoundTable.objects.create(round=round_, number=table.number, game=game)
    night_version_bump(night)
    return round_


def _last_round_over(night: Night, done: int) -> None:
    """NightRefused while round ``done`` still has a table playing (the head table's end
    ends it where the night says so).

    Its games are locked: a hand being undone there finishes its write first (and the
    round is then still playing), and a table cannot undo a hand of this round once the
    next one is drawn (services.game_writes.game_lock). Earlier rounds are over already."""
    last_games = Game.objects.select_for_update(of=("self",)).filter(
        night_table__round__night=night, night_table__round__number=done
    )
    playing = sum(
        1
        for finished, closed in last_games.values_list("finished", "night_table__closed_at")
        if not finished and closed is None
    )
    if playing and night.head_table_ends:
        playing = _head_table_ended(night, done)
    if playing:
        raise NightRefused(
            f"Round {done} still has {playing} table{'s' if playing != 1 else ''} playing: "
            "finish (or correct) those games before drawing the next round."
        )


def _drawn(night: Night, variant: rules.Variant, players: list[int], seed: int) -> RoundDraw:
    """The next round: the random draw, or king of the hill after the first round."""
    history = _history(night, variant)
    last = night_rounds(night)[-1:] if night.movement == Night.MOVE_KING else []
    if not last:
        return draw_round(variant, players, history, seed)
    tables = tuple(
        DrawnTable(
            number=t.number, seats=tuple(places_of(night, last[0].number, t.seat_ids)), dealer=0
        )
        for t in last[0].tables
    )
    winners = {t.number: t.winner if t.finished else None for t in last[0].tables}
    previous = RoundDraw(tables=tables, sitting_out=(), seed=last[0].seed)
    return king_of_the_hill(variant, players, previous, winners, history, seed)


def _head_table_ended(night: Night, number: int) -> int:
    """With king of the hill where the head table ends the round: once table 1 of round
    ``number`` has finished, every table still playing closes as it stands (by the night's
    close rule). The tables still playing after that (0, or all of them while the head
    table plays)."""
    tables = list(
        RoundTable.objects.filter(round__night=night, round__number=number).select_related("game")
    )
    head = next((t for t in tables if t.number == 1), None)
    if head is None or not (head.game.finished or head.closed_at is not None):
        return sum(1 for t in tables if not t.game.finished and t.closed_at is None)
    now = timezone.now()
    for t in tables:
        if not t.game.finished and t.closed_at is None:
            t.closed_at, t.closed_scores = now, list(t.game.scores)
            t.save(update_fields=["closed_at", "closed_scores"])
    return 0


@transaction.atomic
def round_correct(
    *, table: RoundTable, team: int, points: int, reason: str, by: Any = None
) -> Correction:
    """A director's correction of one partnership's score in a round, kept as its own
    audited row (who, when, why); the table's hands are left as the table scored them."""
    variant = table.game.rules_variant
    side = "player" if variant.cutthroat else "partnership"
    if not 0 <= team < variant.teams:
        raise NightRefused(f"Pick one of the table's {variant.teams} {side}s.", field="team")
    if not -MAX_CORRECTION <= points <= MAX_CORRECTION:
        raise NightRefused(
            f"A correction is {-MAX_CORRECTION} to {MAX_CORRECTION} points, not {points}: "
            f"give the points the {side}'s round score is off by.",
            field="points",
        )
    if points == 0:
        raise NightRefused(
            "A correction of 0 points changes nothing: give the points to add "
            "(negative to take away).",
            field="points",
        )
    if bad := unprintable(reason or ""):
        raise NightRefused(
            f"The reason holds a character that cannot be kept in a note (U+{ord(bad):04X}): "
            "type it again in plain words.",
            field="reason",
        )
    reason = " ".join((reason or "").split())
    if not reason:
        raise NightRefused(
            'Say why the round is corrected (e.g. "scoresheet says 7, phone says 5").',
            field="reason",
        )
    correction = Correction.objects.create(
        table=table, team=team, points=points, reason=reason[:200], by=by
    )
    night_version_bump(table.round.night)
    return correction
