"""A played hand checked, changed or undone: what a hand would do before it is
written (``hand_check``, the preview), an edit that replays every later hand, and the
undo of the last one (D8: either may finish or reopen the game)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from django.db import transaction

from smear_scores import rules
from smear_scores.models import Game, Hand, HandRevision
from smear_scores.models.prepared import rows_update
from smear_scores.request_refusals import Conflict
from smear_scores.rules import HandEntry, HandRefused, HandResult, RuleError
from smear_scores.selectors.games import named_variant
from smear_scores.services import agreement_marks, game_writes


@dataclass(frozen=True)
class HandCheck:
    """What a hand would do if it were recorded (or changed) now, asked without writing:
    the result and one line saying it, or the errors that would refuse it. ``before`` and
    ``after`` are the standings either side of the hand; ``was`` and ``final`` the game's
    end as it stands and as it would be once every later hand is replayed (an edit)."""

    number: int
    result: HandResult | None
    errors: list[RuleError]
    variant: rules.Variant
    before: rules.GameState | None = None
    after: rules.GameState | None = None
    was: rules.GameState | None = None
    final: rules.GameState | None = None

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def text(self) -> str:
        """'Cy & Flo bid 4 and took 5: made, +5 · Al & Di +1 · ends the game: Cy & Flo
        win 23–19', or '' when refused."""
        if self.result is None:
            return ""
        line = rules.describe(self.variant, self.result)
        if self.before is not None and self.after is not None and self.final is None:
            end = rules.describe_end(self.before, self.after)
            if end:
                line = f"{line} · {end}"
        return line

    @property
    def game_change(self) -> str:
        """For an edit: how the end of the game changes (D8), or ''."""
        was, final = self.was, self.final
        if was is None or final is None:
            return ""
        label = self.variant.team_label
        if final.finished and not was.finished:
            ending = rules.describe_end(was, final)
            return f"This change {ending}."
        if was.finished and not final.finished:
            assert was.winner is not None  # a finished game has a winner
            return (
                f"This change reopens the game: {label(was.winner)} would not have won "
                f"yet, and play goes on."
            )
        if was.finished and final.finished and was.winner != final.winner:
            assert was.winner is not None and final.winner is not None
            return (
                f"This change gives the game to {label(final.winner)} instead of "
                f"{label(was.winner)} ({final.scores[final.winner]} points)."
            )
        return ""

    @property
    def problem(self) -> str:
        return " ".join(error.message for error in self.errors)


def hand_version(hand: Hand) -> str:
    """Which hand, as edited how often: what an edit or undo screen was opened on."""
    return f"{hand.pk}.{hand.revisions}"


def _check_version(hand: Hand, version: str | None, undone: str) -> None:
    # Another phone undid, re-recorded or edited this hand since the screen was opened:
    # acting now would change a hand the scorer never saw.
    if version is not None and version != hand_version(hand):
        raise Conflict(
            f"Hand {hand.number} changed on another device since this screen was opened: "
            f"nothing was {undone}. Check the scoreboard and try again.",
            field="number",
        )


def _check_last(last: Hand, number: int | None) -> None:
    # The hand named is no longer (or never was) the last one: undoing the last one now
    # would take back a hand the caller did not name.
    if number is None or number == last.number:
        return
    if number > last.number:
        message = (
            f"There is no hand {number} to undo: the last hand is hand {last.number}, and "
            "nothing was undone. Read the game again and name its last hand to undo it."
        )
    else:
        message = (
            f"Hand {number} is not the last hand (hand {last.number} is): only the last hand "
            f"can be undone, and nothing was undone. Edit hand {number} instead, or undo "
            f"hand {last.number} first."
        )
    raise Conflict(message, field="number")


def entries_edited(hands: list[Hand], number: int, entry: HandEntry) -> list[HandEntry]:
    """Every hand's entry, with hand ``number`` replaced by ``entry`` as given (its made/set
    claim too: the replay checks it as the edit's own check did)."""
    entries = [h.entry() for h in hands]
    entries[_position(hands, number)] = entry
    return entries


def _hands_span(first: int, last: int) -> str:
    """'hand 12', 'hands 11 and 12', 'hands 10 to 12'."""
    if first == last:
        return f"hand {first}"
    return f"hands {first} {'and' if last == first + 1 else 'to'} {last}"


def _replay_edited(
    game: Game, hands: list[Hand], number: int, entry: HandEntry
) -> tuple[rules.GameState, list[HandResult]]:
    """The game replayed from the start with hand ``number`` changed to ``entry``. Raises
    HandRefused when the change breaks a rule, or when a later hand no longer fits (the
    game now ends before it, D8), naming the hand the game now ends after and the hands
    to undo first."""
    errors = rules.validate_hand(game.rules_variant, entry)
    if errors:
        raise HandRefused(errors, hand_number=number)
    entries = entries_edited(hands, number, entry)
    try:
        return rules.replay(named_variant(game), game.options, game.first_dealer, entries)
    except HandRefused as refused:
        first = refused.hand_number
        if first is not None and first > number and any(e.rule == "D8" for e in refused.errors):
            # The replay refused hand ``first``: the game is decided by the hand before it,
            # so it and every hand after it would be played in a finished game (D8). Say so
            # instead of silently dropping them.
            follow = _hands_span(first, len(hands))
            verb = "follows" if first == len(hands) else "follow"
            raise HandRefused(
                [
                    RuleError(
                        "game",
                        f"With this change the game is over after hand {first - 1}, but "
                        f"{follow} {verb} it. Undo {follow} first, then edit hand {number}.",
                        "D8",
                    )
                ],
                hand_number=number,
            ) from None
        raise


def _store_replay(hands: list[Hand], results: list[HandResult]) -> None:
    """Rewrite the hands whose result a replay changed: only the columns that changed,
    every hand in one statement (an early hand edited moves every later hand's dealer and
    running scores). The standings are the caller's to save, with the game's row."""
    changed: list[Hand] = []
    columns: dict[str, None] = {}
    for hand, result in zip(hands, results, strict=True):
        moved = {
            k: v for k, v in game_writes.result_values(result).items() if getattr(hand, k) != v
        }
        if moved:
            for k, v in moved.items():
                setattr(hand, k, v)
            columns.update(dict.fromkeys(moved))
            changed.append(hand)
    rows_update(changed, list(columns))


def _position(hands: list[Hand], number: int) -> int:
    """Where hand ``number`` is among ``hands`` (found by its number, never by counting:
    a game restored with a hole in its hands still edits the hand named)."""
    return next(i for i, hand in enumerate(hands) if hand.number == number)


def _played_hands(game: Game, number: int, *, to: str = "") -> list[Hand]:
    """The game's hands in order, or Conflict when it has no hand ``number`` (``to``: what
    was asked of that hand, " to edit")."""
    hands = list(game.hands.order_by("number"))
    if not any(hand.number == number for hand in hands):
        raise Conflict(
            f"There is no hand {number}{to}: this game has {len(hands)} hand"
            f"{'s' if len(hands) != 1 else ''}.",
            field="number",
        )
    return hands


def hand_check(*, game: Game, entry: HandEntry, number: int | None = None) -> HandCheck:
    """What ``entry`` would do as hand ``number``, without writing: as the next hand
    (``number`` None or the next number) from the game's standings, or, for a hand already
    played, as an edit replaying every later hand, so an edit that would break one is
    refused here already, as hand_edit would refuse it. No lock: it answers for the game
    as it was read; the write checks again under the lock. Its words name the teams by
    their players (one read of the names)."""
    variant = named_variant(game)
    was = replace(game.state(), variant=variant)
    if number is None or number > game.hands_played:
        errors = was.check(entry)
        if errors:
            return HandCheck(was.next_number, None, errors, variant)
        after, result = was.play(entry)
        return HandCheck(was.next_number, result, [], variant, before=was, after=after)
    hands = _played_hands(game, number)
    try:
        final, results = _replay_edited(game, hands, number, entry)
    except HandRefused as refused:
        return HandCheck(number, None, refused.errors, variant)
    return HandCheck(
        number,
        results[_position(hands, number)],
        [],
        variant,
        was=was,
        final=replace(final, variant=variant),
    )


def card_points_check(*, game: Game, counts: Sequence[int]) -> tuple[str, list[RuleError]]:
    """Who takes Game by the table's counts of card points, as the hand form's Game row
    says it while they are typed ("Ann & Dee take Game, 34 to 27 to 20", D13), or what is
    wrong with the counts. No write; the hand is checked whole by hand_check."""
    variant = named_variant(game)
    errors = rules.check_card_points(variant, list(counts))
    return ("" if errors else rules.card_points_verdict(variant, counts)), errors


@transaction.atomic
def hand_edit(
    *,
    game: Game,
    number: int,
    entry: HandEntry,
    source: str = "web",
    version: str | None = None,
    scorer_team: int | None = None,
) -> Game:
    """Change hand ``number`` and replay everything after it (D8: may finish or reopen).
    ``version`` (hand_version) is the hand the edit screen showed; Conflict if it changed.
    ``scorer_team``: the team of the seated player editing it (two keys)."""
    game = game_writes.game_lock(game, scoring=True)
    state, marks = hand_rewrite(
        game=game,
        number=number,
        entry=entry,
        source=source,
        version=version,
        scorer_team=scorer_team,
    )
    game_writes.game_save(game, state=state, fields=marks)
    return game


def hand_rewrite(
    *,
    game: Game,
    number: int,
    entry: HandEntry,
    source: str,
    version: str | None = None,
    scorer_team: int | None = None,
) -> tuple[rules.GameState, tuple[str, ...]]:
    """hand_edit inside a write that holds the game's lock and saves its row itself
    (hand_edit; the director's settle, its decision in the same save): the hands rewritten
    and the edit audited, the other teams asked to agree again. Returns the standings
    after the edit and the agreement columns it set, for the caller's game_save."""
    hands = _played_hands(game, number, to=" to edit")
    target = hands[_position(hands, number)]
    _check_version(target, version, "changed")
    old = target.as_record()
    state, results = _replay_edited(game, hands, number, entry)
    marks = agreement_marks.hand_changed(game, number, scorer_team=scorer_team)
    _store_replay(hands, results)
    target.revisions += 1
    Hand.objects.filter(pk=target.pk).update(revisions=target.revisions)
    target.refresh_from_db()
    HandRevision.objects.create(
        game=game,
        number=number,
        action=HandRevision.Action.EDIT,
        old=old,
        new=target.as_record(),
        source=source,
    )
    return state, marks


@transaction.atomic
def hand_undo(
    *,
    game: Game,
    source: str = "web",
    version: str | None = None,
    number: int | None = None,
    director: bool = False,
) -> Game:
    """Remove the last hand; undoing the winning hand reopens the game (D8).
    ``version`` (hand_version) is the hand the undo screen showed, ``number`` the hand an
    API client names; Conflict if the last hand is another one by now (two phones undoing
    at once, or a request sent twice, undo one hand). A hand another team agreed to is
    undone only by the club's director (``director``)."""
    game = game_writes.game_lock(game, scoring=True)
    hands = list(game.hands.order_by("number"))
    if not hands:
        raise Conflict("There is no hand to undo yet.", field="game")
    last = hands.pop()
    _check_version(last, version, "undone")
    _check_last(last, number)
    agreement_marks.undo_allowed(game, last.number, director=director)
    marks = agreement_marks.hand_changed(game, last.number)
    HandRevision.objects.create(
        game=game,
        number=last.number,
        action=HandRevision.Action.UNDO,
        old=last.as_record(),
        source=source,
    )
    last.delete()
    # Replayed, not rewound: whether the game is over depends on who bid in the hand
    # before (D5), which the engine decides.
    game_writes.game_save(game, state=game_writes.standings_replay(game, hands), fields=marks)
    return game
