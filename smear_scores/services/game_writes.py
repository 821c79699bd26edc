"""What every write to an existing game shares: the row lock it takes first
(``game_lock``), the rows a hand is kept in (``hand_rows``), and the one way the game's
row is written (``game_save``), called once per write: the row written in one statement,
its version moved, the boards told after the commit, the club's ratings brought up to
date. The game row is locked (select_for_update) for the length of each write, so two
devices writing at once are serialised.

They are the game services' own (recording, editing, agreements, removal …), never a
screen's. Those services call them through this module (``game_writes.game_lock``), so a
test that wraps one wraps it for every write."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Exists, Model, OuterRef, QuerySet
from django.utils import timezone

from smear_scores import rules
from smear_scores.live import notify
from smear_scores.models import Game, Hand, HandRevision, Round, RoundTable
from smear_scores.models.games import STANDINGS
from smear_scores.models.prepared import PreparedRead, rows_write
from smear_scores.request_refusals import Conflict
from smear_scores.rules import HandResult
from smear_scores.selectors.games import carry_seat_names, named_variant, removed_text
from smear_scores.services.ratings import ratings_refresh_for


def _check_round_open(game: Game) -> None:
    """Conflict when the night has drawn a round after the one ``game`` is a table of.
    Asked once the game's lock is held, in a query of its own: a round being drawn holds
    the locks of its last round's games (round_draw), so by now it has committed, and a
    new statement sees it (the lock's own statement would not, on PostgreSQL)."""
    later = Round.objects.filter(
        night=OuterRef("round__night"), number__gt=OuterRef("round__number")
    )
    table = (
        RoundTable.objects.filter(game=game)
        .annotate(round_over=Exists(later))
        .select_related("round__night")
        .first()
    )
    if table is not None and table.round_over:
        raise Conflict(
            f"Round {table.round.number} of {table.round.night.name} is over: the next round "
            "is drawn, so this table's hands stand as they are. If its score is wrong, ask "
            "the director to correct the round.",
            field="game",
        )


def _lock_query(pk: int) -> QuerySet[Game]:
    return (
        Game.objects.select_for_update(of=("self",))
        .annotate(at_night=Exists(RoundTable.objects.filter(game=OuterRef("pk"))))
        .filter(pk=pk)
        .order_by()
    )


# Every write to a game reads it so: its SQL is built once (inside a transaction).
_LOCK_READ = PreparedRead(_lock_query, slot=-(2**62) - 7)


def game_lock(game: Game, *, removed: bool = False, scoring: bool = False) -> Game:
    """The game re-read under a row lock, held until the write's transaction ends. The
    players' names, which no write here changes, are carried over from ``game`` when it
    has them, so the answer after the write need not read them again.

    A game its scorer removed takes no write (Conflict) unless ``removed`` (restoring it).
    With ``scoring`` (a hand recorded, edited or undone), neither does a table of a night's
    round once the next round is drawn: the round is over, its scores went into the draw
    and the standings, and only the director's audited correction changes it now."""
    locked = _LOCK_READ.first(game.pk)
    if locked is None:
        raise Game.DoesNotExist(f"No game has the key {game.pk}.")
    if locked.removed_at is not None and not removed:
        raise Conflict(f"{removed_text(locked)} Restore it on its page to change it.", field="game")
    if scoring and locked.at_night:  # type: ignore[attr-defined]  # the read's annotation
        _check_round_open(locked)
    carry_seat_names(source=game, to=locked)
    return locked


def result_values(result: HandResult) -> dict[str, Any]:
    return {
        "dealer": result.dealer,
        "thrown_in": result.thrown_in,
        "bidder": result.bidder,
        "bid": result.bid,
        "points": list(result.points),
        "awards": dict(result.awards) if result.awards is not None else None,
        "made": result.made,
        "card_points": list(result.card_points) if result.card_points is not None else None,
        "scores_after": list(result.scores),
    }


def hand_rows(
    game: Game, result: HandResult, action: str, source: str
) -> tuple[Hand, HandRevision]:
    """The stored hand and its audit record, as every way of recording a hand keeps them."""
    values = result_values(result)
    return (
        Hand(game=game, number=result.number, **values),
        HandRevision(game=game, number=result.number, action=action, new=values, source=source),
    )


# The columns a league game's ratings read (the scores, and which games count: finished
# when, agreed or disputed): a write that sets one, of a game finished before or after it,
# brings the club's ratings up to date in the same transaction. The reason's words alone
# (a player's name corrected) change no rating.
COUNTED = frozenset({"scores", "finished", "winner", "finished_at", "agreed_at", "disputed"})


def game_save(
    game: Game,
    *,
    state: rules.GameState | None = None,
    fields: Iterable[str] = (),
    rows: tuple[Model, ...] = (),
    moved: bool = True,
) -> None:
    """The one way a write to an existing game writes its row, called once per write, with
    the game's lock held (game_lock): the standings of ``state`` set on ``game`` (and when
    it finished), its other ``fields`` as the caller set them, and ``rows`` (a new hand
    and its audit record) inserted in the same statement (prepared.rows_write: one on
    PostgreSQL). Unless ``moved`` is False (nothing any board shows changed), the game's
    version (updated_at) moves on, its boards are told once the transaction commits
    (live.notify), and a league game finished before or after the write has its club's
    ratings brought up to date in this transaction, so the league pages only read them."""
    was_finished = game.finished
    names = dict.fromkeys(fields)
    if state is not None:
        for column, value in Game.standings(state).items():
            setattr(game, column, value)
        if state.finished and not was_finished:
            game.finished_at = timezone.now()
        elif not state.finished:
            game.finished_at = None
        names.update(dict.fromkeys([*STANDINGS, "finished_at", "scored_by"]))
    if moved:
        names["updated_at"] = None
    rows_write(list(rows), game, list(names))
    if not moved:
        return
    notify.game_changed(game)
    if (
        game.league_id is not None
        and (game.finished or was_finished)
        and not COUNTED.isdisjoint(names)
    ):
        ratings_refresh_for(league_id=game.league_id)


def standings_replay(game: Game, hands: list[Hand]) -> rules.GameState:
    """The standings after ``hands``, replayed by the engine in the table's words."""
    state, _ = rules.replay(
        named_variant(game), game.options, game.first_dealer, [h.entry() for h in hands]
    )
    return state
