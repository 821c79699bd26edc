"""Editing a hand already played (the later hands replayed, D8) and undoing the last one."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.views.decorators.http import require_http_methods

from smear_scores.forms.edits import EditStepForm, UndoForm
from smear_scores.forms.hands import HandForm, hand_initial
from smear_scores.forms.posted import sent_fields
from smear_scores.models import Game, Hand
from smear_scores.permissions import scoring_team
from smear_scores.rules import HandRefused
from smear_scores.selectors import games
from smear_scores.services import editing

from .answers import HtmxRequest, page_or_fragment
from .board import (
    board_page,
    count_line,
    hand_form,
    scorer_only,
    show_first_error,
    to_board,
)
from .hands import preview_line


@require_http_methods(["GET", "POST"])
@scorer_only
def hand_undo(request: HtmxRequest, game: Game) -> HttpResponse:
    """GET asks to confirm; POST takes back the last hand (D8: may reopen the game)."""
    if request.method == "POST":
        posted = UndoForm(request.POST).checked()
        number = posted["number"]
        if number == str(game.hands_played + 1):
            # The screen was opened before this hand was undone (Back after the undo, or
            # another phone undid it first).
            return board_page(
                request,
                game,
                status=409,
                problem=f"Hand {number} is already undone: nothing more was undone. The "
                "scoreboard below is the game as it is now.",
            )
        if number != str(game.hands_played):
            return board_page(
                request,
                game,
                status=409,
                problem="The last hand changed on another device before this undo: "
                "nothing was undone. Check the scoreboard and undo again if needed.",
            )
        was_finished = game.finished
        game = editing.hand_undo(game=game, version=posted["version"])
        reopened = " The game is open again." if was_finished and not game.finished else ""
        return to_board(request, game, notice=f"Hand {number} was undone.{reopened}")
    if not game.hands_played:
        return board_page(request, game, status=409, problem="There is no hand to undo yet.")
    hand = games.hand_get(game, game.hands_played)
    context = {
        "game": game,
        "hand": hand,
        "hand_text": games.hand_text(game, hand),
        "version": editing.hand_version(hand),
    }
    return page_or_fragment(request, "games/undo.html", "game-board", context)


def _edit_context(
    game: Game, hand: Hand, form: HandForm, version: str, **extra: Any
) -> dict[str, Any]:
    count_line(game, form)
    return {
        "game": game,
        "hand": hand,
        "form": form,
        # The hand this screen was opened on, carried through every step of the edit.
        "version": version,
        "hand_text": games.hand_text(game, hand),
        "later": game.hands_played - hand.number,
        **extra,
    }


def _edit_page(
    request: HtmxRequest,
    game: Game,
    hand: Hand,
    form: HandForm,
    version: str,
    *,
    status: int = 200,
    **extra: Any,
) -> HttpResponse:
    context = _edit_context(game, hand, form, version, **extra)
    response = page_or_fragment(request, "games/edit.html", "game-board", context, status=status)
    return show_first_error(request, response)


@require_http_methods(["GET", "POST"])
@scorer_only
def hand_edit(request: HtmxRequest, game: Game, number: int) -> HttpResponse:
    """GET shows the hand as entered (``_edit_show``); a POST shows the change to confirm
    (``_edit_confirm``); a POST with ``confirm=yes`` stores it and replays every later
    hand (``_edit_store``). ``back`` returns from the confirmation to the form as filled."""
    hand = games.hand_find(game, number)
    if hand is None:
        # Likely undone on another phone: show the board as it is now, with why.
        return board_page(
            request,
            game,
            status=404,
            problem=f"This game has no hand {number} (any more): it may have been undone on "
            f"another phone. Here is the scoreboard as it stands.",
        )
    if request.method == "GET":
        return _edit_show(request, game, hand)
    # The hand this screen was opened on, carried through every step of the edit.
    step = EditStepForm(request.POST).checked()
    version = step["version"] or editing.hand_version(hand)
    form = hand_form(game, data=request.POST)
    if step["back"]:
        return _edit_page(request, game, hand, form, version)
    if not form.is_valid():
        return _edit_page(request, game, hand, form, version, status=422)
    if not step["confirm"]:
        return _edit_confirm(request, game, hand, form, version)
    return _edit_store(request, game, hand, form, version)


def _edit_show(request: HtmxRequest, game: Game, hand: Hand) -> HttpResponse:
    """The hand as entered, with its 'will score' line from the totals before it."""
    initial = hand_initial(games.game_variant(game), hand)
    form = hand_form(game, initial=initial)
    as_posted = hand_form(game, data={k: str(v) for k, v in initial.items()})
    line = preview_line(game, hand.number, as_posted)
    return _edit_page(request, game, hand, form, editing.hand_version(hand), **line)


def _edit_confirm(
    request: HtmxRequest, game: Game, hand: Hand, form: HandForm, version: str
) -> HttpResponse:
    """The change as it would be stored: the later hands replayed, so a change that would
    break one (D8) is refused here, before "Yes"."""
    check = editing.hand_check(game=game, number=hand.number, entry=form.cleaned_data["entry"])
    if not check.ok:
        form.add_refusal(HandRefused(check.errors))
        # The line beside the button says why too, not "tap the bidder…".
        return _edit_page(
            request, game, hand, form, version, status=422, preview_problem=check.problem
        )
    hidden = [(k, v) for k, v in sent_fields(form.data).items() if k != "back"]
    return _edit_page(
        request,
        game,
        hand,
        form,
        version,
        confirm=True,
        new_text=check.text,
        game_change=check.game_change,
        hidden=hidden,
    )


def _edit_store(
    request: HtmxRequest, game: Game, hand: Hand, form: HandForm, version: str
) -> HttpResponse:
    """Store the change and replay the later hands. A change that no longer fits (D8) is
    shown beside its fields; a hand changed on another phone meanwhile (Conflict) is
    answered with the board as it is now (_refused_board)."""
    entry = form.cleaned_data["entry"]
    edited = form.attempt(
        lambda: editing.hand_edit(
            game=game,
            number=hand.number,
            entry=entry,
            version=version,
            scorer_team=scoring_team(request, game),
        )
    )
    if edited is None:
        return _edit_page(request, game, hand, form, version, status=422)
    return to_board(request, edited, notice=f"Hand {hand.number} was changed.")
