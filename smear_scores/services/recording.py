"""Recording a hand: the one service every caller (the scoring screen, htmx, the API,
a phone resending what it kept offline) records the next hand through, and its
once-per-key run for a resend."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from smear_scores import rules
from smear_scores.models import Game, Hand, HandRevision
from smear_scores.request_refusals import Conflict
from smear_scores.rules import HandEntry, HandResult
from smear_scores.selectors.games import game_get, named_state, result_text
from smear_scores.services import game_writes
from smear_scores.services.idempotency import Answer, idempotent_write

# The most hands one game keeps. A game of Smear rarely passes 60 hands, but thrown-in
# deals never end one: without a cap a game would grow for ever, and an edit or an undo
# (which replay the hands after it) with it. The import's cap is the same number.
MAX_HANDS = 500


def _same_hand(variant: rules.Variant, hand: Hand, entry: HandEntry) -> bool:
    """Is ``entry`` what ``hand`` already records (a repeated submission)?"""
    if rules.validate_hand(variant, entry):
        return False
    # Game as the counts gave it, when the table counted and did not tap it (D13).
    awards = rules.hand_awards(variant, entry)
    counts = entry.card_points
    return (
        hand.thrown_in == entry.thrown_in
        and hand.bidder == entry.bidder
        and hand.bid == entry.bid
        and tuple(hand.points) == rules.taken_points(variant, entry)
        and hand.awards == (dict(awards) if awards is not None else None)
        and hand.card_points == (list(counts) if counts is not None else None)
    )


@transaction.atomic
def hand_record(
    *,
    game: Game,
    entry: HandEntry,
    number: int | None = None,
    source: str = "web",
    scorer_team: int | None = None,
) -> tuple[Game, HandResult | None]:
    """Record the next hand: the one service every caller (scoring screen, htmx, API, a
    phone resending what it kept while offline) records a hand through. ``number`` is the
    hand number the caller's screen or request showed.

    A repeat of the hand just recorded (a double tap, a resubmitted form, a resend)
    records nothing and returns (game, None). A different hand under a number already
    taken, or any hand for a finished game, raises Conflict; a hand that breaks a rule
    raises HandRefused. One lock, one transaction (no savepoint). ``scorer_team``: the
    team of the seated player who records it (two keys: that team is not asked to agree
    to it; None, every team is)."""
    game = game_writes.game_lock(game, scoring=True)
    # In the table's words: a refusal, and the reason stored when the hand ends the game,
    # name the teams by their players (read with the game, carried over by game_lock).
    state = named_state(game)
    if number is not None and number != state.next_number:
        if number == state.hands_played and number >= 1:
            last = game.hands.get(number=number)
            if _same_hand(game.rules_variant, last, entry):
                return game, None
        if number <= state.hands_played:
            raise Conflict(
                f"Hand {number} was already recorded on another device; the scoreboard now "
                f"shows hand {state.next_number}. Check it and enter the hand again if needed.",
                number=number,
                next_number=state.next_number,
                field="number",
            )
        raise Conflict(
            f"The next hand is hand {state.next_number}, not hand {number}.",
            number=number,
            next_number=state.next_number,
            field="number",
        )
    if game.confirm:
        game.scored_by = [*(game.scored_by or [])[: state.hands_played], scorer_team]
    return game, _record_next(game, state, entry, source=source)


@dataclass(frozen=True)
class Recorded:
    """What a screen answers after recording a hand: the game as the write left it, and
    the hand's line ("Hand 7: Cy & Flo bid 4 and took 5: made, +5"), or "" when nothing was
    added (the same hand again, or a resend of a hand already recorded)."""

    game: Game
    line: str


def hand_record_once(
    *,
    game: Game,
    entry: HandEntry,
    number: int,
    scope: str,
    key: str | None,
    fingerprint: str,
    scorer_team: int | None = None,
) -> Recorded:
    """``hand_record`` run once per Idempotency-Key in ``scope`` (services.idempotency): a
    resend of a hand that did reach the server records nothing more. Refused as
    hand_record refuses (Conflict, HandRefused), or KeyReused for a key sent before with
    another hand."""

    def write() -> Answer:
        saved, result = hand_record(game=game, entry=entry, number=number, scorer_team=scorer_team)
        line = "" if result is None else f"Hand {result.number}: {result_text(saved, result)}"
        return Answer(200, {"notice": line}, value=saved)

    answer = idempotent_write(scope=scope, key=key, fingerprint=fingerprint, write=write)
    if answer.value is None:
        # Recorded by an earlier request: the game as it stands now.
        return Recorded(game=game_get(public_id=game.public_id), line="")
    return Recorded(game=answer.value, line=answer.body["notice"])


def _record_next(
    game: Game, state: rules.GameState, entry: HandEntry, *, source: str
) -> HandResult:
    """Store ``entry`` as the next hand of the locked ``game`` (whose standings are
    ``state``), with its audit record; the caller has checked the hand number."""
    if state.finished:
        raise Conflict(
            f"The game is over: {state.reason} Undo the last hand to reopen it.",
            field="game",
            rule="D8",
        )
    if state.hands_played >= MAX_HANDS:
        raise Conflict(
            f"This game has {MAX_HANDS} hands, the most one game keeps: a game of Smear "
            "rarely passes 60 hands, and one longer is slow to correct. Start a new game "
            "(a rematch) to play on.",
            field="game",
        )
    new_state, result = state.play(entry)
    rows = game_writes.hand_rows(game, result, HandRevision.Action.RECORD, source)
    game_writes.game_save(game, state=new_state, rows=rows)
    return result
