"""Two keys: the other teams agree to the hands the scoring phone recorded, or say a hand
is not right; the club's director settles what they dispute. Each write locks the game
row first (game_writes.game_lock), as every other write to a game does, so two phones
agreeing or disputing at once are serialised and end in one state; each is kept in the
game's audit (HandRevision: agree, dispute, decide), which its history and CSV show.

A finished game counts in the league table, the ratings and a night's standings once
every other team agreed to its last hand, or the director settled it, or the club's
window passed with no dispute open (GameQuerySet.counted)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from smear_scores import rules
from smear_scores.models import Dispute, Game, Hand, HandRevision
from smear_scores.names import words_problem
from smear_scores.request_refusals import Conflict, Forbidden
from smear_scores.rules import HandEntry, Refused, RuleError
from smear_scores.selectors.agreements import agree_version, agreed_list, agreeing_teams
from smear_scores.selectors.games import team_names
from smear_scores.services import editing, game_writes

# What a dispute, or the director's reason, says: a few words.
WORDS_MAX = 200
# Disputes one team may open in one game: past it, the table talks to the director.
DISPUTES_MAX = 10


def _words(words: str, field: str, what: str) -> str:
    problem = words_problem(words or "")
    if problem is not None:
        # A NUL (PostgreSQL refuses it), a control or a bidi character would be shown raw
        # on every board, the history and the director's queue.
        raise Refused([RuleError(field, f"What you typed {problem}.", "")])
    words = " ".join((words or "").split())
    if not words:
        raise Refused([RuleError(field, f"Say in a few words {what}.", "")])
    if len(words) > WORDS_MAX:
        raise Refused(
            [
                RuleError(
                    field,
                    f"Say it in at most {WORDS_MAX} characters ({len(words)} now): the "
                    "director asks the table for the rest.",
                    "",
                )
            ]
        )
    return words


def _confirming(game: Game, *, scoring: bool = False) -> Game:
    locked = game_writes.game_lock(game, scoring=scoring)
    if not locked.confirm:
        raise Conflict(
            "This game does not ask the other teams to agree: its scores count as recorded.",
            field="game",
        )
    return locked


def _team_checked(game: Game, team: int) -> None:
    if team not in agreeing_teams(game):
        if 0 <= team < game.rules_variant.teams:
            raise Forbidden(
                f"{team_names(game)[team]} recorded every hand so far, so none needs their "
                "agreement: the other teams agree on their own phones.",
                field="team",
            )
        raise Forbidden("This is not a team of this game.", field="team")


def _hands_seen(game: Game, number: int, version: str | None, what: str) -> None:
    """Conflict when there is no hand ``number``, or when hands 1 to ``number`` are not
    as the phone saw them (``version``): read from the locked game row, no other query."""
    if not 1 <= number <= game.hands_played:
        hands = game.hands_played
        raise Conflict(
            f"There is no hand {number} to {what}: this game has {hands} hand"
            f"{'s' if hands != 1 else ''}. Read the board again.",
            field="number",
        )
    if version is not None and version != agree_version(game, number):
        raise Conflict(
            f"The hands up to hand {number} changed since this board showed them: nothing "
            f"was {what}d. Read them again, then agree or say what is not right.",
            field="version",
        )


def _settle_state(
    game: Game,
    *,
    disputes_changed: bool = True,
    rows: tuple[HandRevision, ...] = (),
    edited: tuple[rules.GameState, tuple[str, ...]] | None = None,
) -> None:
    """Store what the agreements now add up to: whether a dispute is open, and whether
    the finished game is agreed by every other team (when, if it just became so); the
    boards move on (updated_at), and the club's ratings follow in this transaction.
    ``disputes_changed`` False: no dispute was opened or closed (whether one is open is
    as the game says). ``rows``: the write's audit. ``edited``: the standings and the
    columns a hand's edit set in the same write (editing.hand_rewrite). All of it is
    saved in the write's one save of the game's row (game_writes.game_save)."""
    state, marks = edited if edited is not None else (None, ())
    disputed = (
        Dispute.objects.filter(game=game, settled_at__isnull=True).exists()
        if disputes_changed
        else game.disputed
    )
    through = agreed_list(game)
    finished = state.finished if state is not None else game.finished
    agreed = (
        finished
        and not disputed
        and all(through[t] >= game.hands_played for t in agreeing_teams(game))
    ) or _decided(game)
    # What every board shows of it: the open disputes, and whether a finished game is
    # agreed. An agreement to a hand of a game still being played, with no dispute opened
    # or closed, changes neither: no board moves (updated_at, the boards' version, stays).
    shown = finished or disputes_changed or disputed != game.disputed or state is not None
    game.disputed = disputed
    game.agreed_through = through
    if not agreed:
        game.agreed_at = None
    elif game.agreed_at is None:
        game.agreed_at = timezone.now()
    if not shown:
        game_writes.game_save(game, fields=["agreed_through"], rows=rows, moved=False)
        return
    game_writes.game_save(
        game, state=state, fields=["agreed_through", "agreed_at", "disputed", *marks], rows=rows
    )


def _log(game: Game, number: int, action: str, source: str, **new: Any) -> HandRevision:
    """The audit row of an agreement, a dispute or a decision (saved with the game)."""
    return HandRevision(game=game, number=number, action=action, new=new, source=source)


def _decided(game: Game) -> bool:
    """Has the club's director settled this game (it stays settled: a later word from a
    team goes to the director's queue without uncounting it)?"""
    return game.agreed_at is not None and (
        HandRevision.objects.filter(game=game, action=HandRevision.Action.DECIDE).exists()
    )


@transaction.atomic
def hand_agree(
    *,
    game: Game,
    team: int,
    number: int,
    version: str | None,
    source: str = "web",
    by: str = "",
    withdraw: bool = False,
) -> Game:
    """``team`` agrees to hand ``number`` and every hand before it, as its phone showed
    them (``version``: selectors.agreements.agree_version; Conflict if they changed). Its
    own open dispute of one of them is withdrawn only when it says so (``withdraw``: kept
    in the history as a withdrawal); else Conflict. An agreement the team already gave
    writes nothing. Returns the game as written."""
    locked = _confirming(game)
    _team_checked(locked, team)
    _hands_seen(locked, number, version, "agree")
    through = agreed_list(locked)
    own = _own_open_disputes(locked, team, number, withdraw=withdraw)
    if through[team] >= number and not own:
        return locked  # agreed already: nothing more to keep
    through[team] = max(through[team], number)
    locked.agreed_through = through
    rows = _withdrawn(locked, own, source, team=team, by=by)
    rows.append(
        _log(locked, number, HandRevision.Action.AGREE, source, team=team, through=number, by=by)
    )
    _settle_state(locked, disputes_changed=bool(own), rows=tuple(rows))
    return locked


def _own_open_disputes(game: Game, team: int, number: int, *, withdraw: bool) -> list[Dispute]:
    """``team``'s own open disputes of hand ``number`` or before it, which an agreement
    withdraws only when the team says so (``withdraw``); else Conflict."""
    if not game.disputed:
        return []
    own = list(
        Dispute.objects.filter(game=game, team=team, number__lte=number, settled_at__isnull=True)
    )
    if own and not withdraw:
        raise Conflict(
            f"{team_names(game)[team]} said hand {own[0].number} is not right "
            f"(“{own[0].words}”): withdraw that first (“It is right after all”), then agree.",
            field="withdraw",
        )
    return own


def _withdrawn(
    game: Game, own: list[Dispute], source: str, *, team: int, by: str
) -> list[HandRevision]:
    """The disputes ``own`` closed as withdrawn, and their rows for the history."""
    if not own:
        return []
    Dispute.objects.filter(pk__in=[d.pk for d in own]).update(
        settled_at=timezone.now(), decision=Dispute.Decision.WITHDRAWN
    )
    return [
        _log(
            game, d.number, HandRevision.Action.DISPUTE, source, team=team, by=by, withdrawn=d.words
        )
        for d in own
    ]


@transaction.atomic
def hand_dispute(
    *,
    game: Game,
    team: int,
    number: int,
    words: str,
    version: str | None = None,
    source: str = "web",
    by: str = "",
) -> Dispute:
    """``team`` says hand ``number`` is not right, in a few ``words``: every board marks
    the hand, and the game cannot count until the scorer's edit is agreed to or the
    director settles it. The team's agreement to that hand and later ones is lifted."""
    words = _words(words, "words", "what is not right with the hand (“the 4 was ours”)")
    locked = _confirming(game)
    _team_checked(locked, team)
    _hands_seen(locked, number, version, "dispute")
    names = team_names(locked)
    already = Dispute.objects.filter(
        game=locked, team=team, number=number, settled_at__isnull=True
    ).first()
    if already is not None:
        raise Conflict(
            f"{names[team]} already said hand {number} is not right (“{already.words}”): "
            "nothing more was added. The scorer edits it, or the director settles it.",
            field="number",
        )
    if Dispute.objects.filter(game=locked, team=team).count() >= DISPUTES_MAX:
        raise Conflict(
            f"{names[team]} said “not right” {DISPUTES_MAX} times in this game, the most it "
            "may: ask the club's director to settle it.",
            field="number",
        )
    dispute = Dispute.objects.create(game=locked, number=number, team=team, words=words)
    row = _log(locked, number, HandRevision.Action.DISPUTE, source, team=team, words=words, by=by)
    if _decided(locked):
        # Settled by the director: it stays counted; the word goes to the queue.
        locked.disputed = True
        game_writes.game_save(locked, fields=("disputed",), rows=(row,))
        return dispute
    through = agreed_list(locked)
    through[team] = min(through[team], number - 1)
    locked.agreed_through = through
    _settle_state(locked, rows=(row,))
    return dispute


def swapped(entry: HandEntry, a: int, b: int) -> HandEntry:
    """The hand with teams ``a`` and ``b``'s points exchanged (entered in each other's
    column): points, awarded points and counted card points alike."""

    def other(team: int | None) -> int | None:
        return b if team == a else a if team == b else team

    points = entry.points
    if points is not None:
        listed = list(points)
        listed[a], listed[b] = listed[b], listed[a]
        points = tuple(listed)
    awards = entry.awards
    if awards is not None:
        awards = {kind: other(team) for kind, team in awards.items()}
    counts = entry.card_points
    if counts is not None:
        listed = list(counts)
        listed[a], listed[b] = listed[b], listed[a]
        counts = tuple(listed)
    return replace(entry, points=points, awards=awards, card_points=counts)


def _swap_teams(game: Game, teams: tuple[int, int] | None) -> tuple[int, int]:
    """The two teams a swap exchanges: as named, or the only two a game of two has."""
    count = game.rules_variant.teams
    if teams is None:
        if count != 2:
            raise Refused([RuleError("teams", "Name the two teams whose points are swapped.", "")])
        teams = (0, 1)
    a, b = teams
    if a == b or not (0 <= a < count and 0 <= b < count):
        raise Refused([RuleError("teams", "Name two different teams of the game.", "")])
    return a, b


@transaction.atomic
def dispute_settle(
    *,
    game: Game,
    number: int,
    decision: str,
    reason: str,
    by: AbstractBaseUser | None,
    entry: HandEntry | None = None,
    teams: tuple[int, int] | None = None,
    source: str = "web",
    version: str | None = None,
) -> Game:
    """The club's director settles the game at hand ``number``: keeps it as recorded
    (``keep``), changes it (``edit``, to ``entry``), or exchanges two ``teams``' points on
    it (``swap``). Every open dispute of the game is closed with the decision and its
    ``reason``, kept with who (``by``) and when, and the game stands as it is after the
    decision: agreed for every team. ``version``: the hands as the director's queue showed
    them (agree_version; Conflict when they moved since). Keep and swap answer an open
    dispute: with none open, they are refused."""
    reason = _words(reason, "reason", "why the game stands so (“checked with both tables”)")
    if decision not in (Dispute.Decision.KEEP, Dispute.Decision.EDIT, Dispute.Decision.SWAP):
        raise Refused([RuleError("decision", "Choose keep, edit or swap.", "")])
    # An edit is a scoring write: a table of a night's round that is over takes none.
    locked = _confirming(game, scoring=decision != Dispute.Decision.KEEP)
    _hands_seen(locked, number, version, "settle")
    if decision != Dispute.Decision.EDIT and not locked.disputed:
        raise Conflict(
            "No team says a hand of this game is not right, so there is nothing to keep or "
            "swap: it counts once the other teams agree, or when the club's window passes.",
            field="decision",
        )
    name = by.get_username() if by is not None else ""
    Dispute.objects.filter(game=locked, settled_at__isnull=True).update(
        settled_at=timezone.now(), decision=decision, reason=reason, settled_by=by
    )
    edited, teams_named = _hand_as_decided(locked, number, decision, entry, teams, source)
    locked.agreed_through = [locked.hands_played] * locked.rules_variant.teams
    row = _log(
        locked,
        number,
        HandRevision.Action.DECIDE,
        source,
        decision=str(decision),
        reason=reason,
        by=name,
        teams=teams_named,
    )
    _settle_state(locked, rows=(row,), edited=edited)
    return locked


def _hand_as_decided(
    game: Game,
    number: int,
    decision: str,
    entry: HandEntry | None,
    teams: tuple[int, int] | None,
    source: str,
) -> tuple[tuple[rules.GameState, tuple[str, ...]] | None, list[int]]:
    """Hand ``number`` rewritten as the director decided (an edit to ``entry``, or two
    ``teams``' points exchanged), with the teams a swap named; a keep rewrites nothing."""
    teams_named: list[int] = []
    if decision == Dispute.Decision.SWAP:
        a, b = _swap_teams(game, teams)
        entry = swapped(Hand.objects.get(game=game, number=number).entry(), a, b)
        teams_named = [a, b]
    if decision == Dispute.Decision.KEEP:
        return None, teams_named
    if entry is None:
        raise Refused([RuleError("entry", "Give the hand as it should be.", "")])
    edited = editing.hand_rewrite(game=game, number=number, entry=entry, source=source)
    return edited, teams_named
