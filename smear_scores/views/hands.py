"""Entering a hand: recording the next one, and the line that says what a hand being
tapped in would score.

The hand form (scoreboard, ``hand_record``; edit screen, views.edit.hand_edit;
``hand_preview``) posts these fields (see ``smear_scores.forms.hands``):

- ``number``     the hand number the screen showed (hidden);
- ``bidder``     the bidder's seat, 0-based clockwise;
- ``bid``        the bid;
- ``award_<key>`` per point (``award_high``, ``award_low``, ``award_jack``,
  ``award_right_bauer``, ``award_left_bauer``, ``award_joker``, ``award_game``): the team
  (0-based) that took it, or ``none`` (not out) where D1 allows;
- ``by_totals=on`` with ``points_<team>``: points taken per team instead of awards;
- ``thrown_in=1``: everyone passed (D4).

Example (Schmier, seat 0's team bid 4 and took every point but Game)::

    number=7&bidder=0&bid=4&award_high=0&award_low=0&award_right_bauer=0
    &award_left_bauer=0&award_joker=0&award_game=none
"""

from __future__ import annotations

from typing import Any, TypedDict

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_POST

from smear_scores.forms.hands import HandForm
from smear_scores.forms.posted import sent_fields
from smear_scores.models import Game
from smear_scores.permissions import can_score, scoring_team
from smear_scores.phone import remember_totals
from smear_scores.request_refusals import Conflict
from smear_scores.rules import Refusal
from smear_scores.selectors import games
from smear_scores.services import editing, recording
from smear_scores.services import nights as night_services
from smear_scores.services.idempotency import (
    MAX_KEY,
    request_fingerprint,
)

from .answers import HtmxRequest, refusals_shown_by
from .board import (
    board_page,
    count_line,
    game_of,
    hand_form,
    scorer_only,
    to_board,
)

MAX_NUMBER_DIGITS = 6


@require_POST
@gzip_page
@scorer_only
def hand_record(request: HtmxRequest, game: Game) -> HttpResponse:
    """Record the next hand (fields: see the module docstring).

    The scoring screen's script sends each hand with an ``Idempotency-Key`` header, kept
    with the hand when it waits on the phone for the connection: a resend of a hand that
    did reach the server records nothing more and answers the board as it stands."""
    form = hand_form(game, data=request.POST)
    if not form.is_valid():
        # A hand refused for what is missing (an award not tapped) as much as by the rules:
        # a club night's director sees the table.
        night_services.table_refused(game=game)
        return board_page(request, game, form=form, status=422)
    key = request.headers.get("Idempotency-Key")
    if key is not None and not 0 < len(key) <= MAX_KEY:
        return board_page(
            request,
            game,
            form=form,
            status=422,
            problem=f"This hand's Idempotency-Key is {len(key)} characters long: send 1 to "
            f"{MAX_KEY}, or none.",
        )
    number = form.cleaned_data["number"]
    if not form.cleaned_data.get("thrown_in"):
        remember_totals(request, game, form.totals_on)
    body = sorted(sent_fields(form.data).items())
    # A stale screen, a finished game or a key sent before with another hand (Conflict):
    # nothing recorded, and the board's refusal page shows the current board with why.
    recorded = form.attempt(
        lambda: recording.hand_record_once(
            game=game,
            entry=form.cleaned_data["entry"],
            number=number,
            scope=f"web:{game.public_id}:hands",
            key=key,
            fingerprint=request_fingerprint(method="POST", path=request.path, body=body),
            scorer_team=scoring_team(request, game),
        )
    )
    if recorded is None:
        # A club night's director sees a table whose hands are refused.
        night_services.table_refused(game=game)
        return board_page(request, game, form=form, status=422)
    notice = recorded.line or f"Hand {number} was already recorded; nothing was added."
    # Sent from the board, whose link boxes stay as they are.
    return to_board(request, recorded.game, notice=notice, keep_links=True)


def _preview_gone(request: HttpRequest, refusal: Refusal, **_: Any) -> HttpResponse | None:
    """Removed (on another phone) while a hand was being tapped in: a line that fits the
    entry bar, not the removed page's whole section inside it; Record, which can record
    nothing now, gives the line its room."""
    if not isinstance(refusal, games.GameRemoved):
        return None
    when = games.removed_text(refusal.game).removesuffix(".")
    context = {"preview_problem": f"{when}; reload the page to restore it.", "gone": True}
    return render(request, "games/_preview.html", context, status=410)


@refusals_shown_by(_preview_gone)
@require_POST
def hand_preview(request: HttpRequest, public_id: str) -> HttpResponse:
    """The 'will score' line for the hand being tapped in, from the rules engine; or what
    is still missing. Always a fragment (only htmx asks for it)."""
    game = game_of(public_id)
    form = hand_form(game, data=request.POST)
    # On the edit screen (a hand already played) the check replays the later hands too.
    number = hand_number(form.data.get("number"))
    if number is not None and number <= game.hands_played and not can_score(request, game):
        # That check replays every later hand: a scorer's work, never a visitor's.
        problem = "Only a phone that scores this game can check a change to a played hand."
        context: dict[str, Any] = {
            "preview": "",
            "preview_problem": problem,
            "form": count_line(game, form),
        }
        return render(request, "games/_preview_answer.html", context, status=403)
    if (number is None or number > game.hands_played) and can_score(request, game):
        # The switch for typed totals, as this phone left it for this game.
        remember_totals(request, game, form.totals_on)
    context = {**preview_line(game, number, form), "form": count_line(game, form)}
    # The entry bar's line, and the Game row's words for the counts (out of band).
    return render(request, "games/_preview_answer.html", context)


def hand_number(value: Any) -> int | None:
    """A hand number as the form posts it (ASCII digits), or None for anything else: "²"
    is a digit to str.isdigit but not to int(), and 5,000 digits are no hand of a game."""
    value = str(value or "")
    if value.isascii() and value.isdigit() and len(value) <= MAX_NUMBER_DIGITS:
        return int(value)
    return None


class Preview(TypedDict):
    """The hand form's 'will score' line: what the hand would score, or what is wrong."""

    preview: str
    preview_problem: str


def preview_line(game: Game, number: int | None, form: HandForm) -> Preview:
    """What the hand would score (editing.hand_check), or what is wrong or missing."""
    text, problem = "", ""
    if form.is_valid():
        try:
            check = editing.hand_check(game=game, number=number, entry=form.cleaned_data["entry"])
        except Conflict as conflict:
            problem = conflict.message
        else:
            text, problem = check.text, check.problem
    else:
        missing = form.missing()
        problem = "Still to tap: " + ", ".join(missing) + "." if missing else ""
    return {"preview": text, "preview_problem": problem}
