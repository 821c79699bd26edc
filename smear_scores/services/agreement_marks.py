"""Two keys, as the scorer's own writes touch them: an edit of a hand asks the other
teams again for it and every later hand, and an undo of a hand another team agreed to
needs that team's "Not right" first, or the club's director. Called by services.editing
under the game's lock; the marks are saved with the standings, in the write's one save of
the game's row (game_writes.game_save), so the ratings refreshed with them see the game as
no longer agreed. The agreements themselves: services.agreements."""

from __future__ import annotations

from django.utils import timezone

from smear_scores.models import Dispute, Game
from smear_scores.request_refusals import Conflict
from smear_scores.selectors.agreements import agreed_list, agreeing_teams
from smear_scores.selectors.games import team_names

# The game's columns hand_changed sets.
MARKS = ("agreed_through", "agreed_at", "disputed", "hands_epoch", "scored_by")


def hand_changed(
    game: Game,
    number: int,
    *,
    decision: str = Dispute.Decision.EDITED,
    scorer_team: int | None = None,
) -> tuple[str, ...]:
    """Hand ``number`` was edited (or undone): every team agrees to it again, and the
    hands after it, but the team of the seated player who changed it (``scorer_team``); a
    dispute of it is answered by the change (``decision``). Returns the game's columns it
    set, for the write to save with its own (game_writes.game_save)."""
    if not game.confirm:
        return ()
    scored = list(game.scored_by or [])
    scored += [None] * (number - len(scored))
    scored[number - 1] = scorer_team
    game.scored_by = scored
    through = agreed_list(game)
    game.agreed_through = [min(t, number - 1) for t in through]
    game.agreed_at = None
    Dispute.objects.filter(game=game, number=number, settled_at__isnull=True).update(
        settled_at=timezone.now(), decision=decision
    )
    game.disputed = Dispute.objects.filter(game=game, settled_at__isnull=True).exists()
    game.hands_epoch += 1
    return MARKS


def undo_allowed(game: Game, number: int, *, director: bool = False) -> None:
    """Conflict when another team agreed to hand ``number`` (the last) and the director is
    not the one undoing it."""
    if not game.confirm or director:
        return
    through = agreed_list(game)
    agreed = [t for t in agreeing_teams(game) if through[t] >= number]
    if agreed:
        names = team_names(game)
        who = " and ".join(names[t] for t in agreed)
        raise Conflict(
            f"Hand {number} was agreed to by {who}, so it cannot be undone from here: ask "
            f"{who} to tap “Not right” on it first, or edit it instead (they will be asked "
            "to agree again), or ask the club's director.",
            field="number",
        )
