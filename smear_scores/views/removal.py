"""Removing a casual game from the phone's list and its pages (every record kept), what
every page of a removed game answers (410), and restoring it."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from smear_scores.models import Game
from smear_scores.permissions import (
    can_score,
)
from smear_scores.selectors.games import game_teams, is_casual, removed_text
from smear_scores.services import removal

from .answers import HtmxRequest, page_or_fragment
from .board import (
    board_page,
    game_of,
    refuse_watcher,
    scorer_only,
    to_board,
)


def removed_page(request: HtmxRequest, game: Game) -> HttpResponse:
    """What every page of a removed game answers (410 Gone): when it was removed, and for
    its scorer a button to restore it."""
    context = {
        "game": game,
        "teams": game_teams(game),
        "removed": removed_text(game),
        "scorer": can_score(request, game),
    }
    return page_or_fragment(request, "games/removed.html", "game-board", context, status=410)


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
@scorer_only
def game_remove(request: HtmxRequest, game: Game) -> HttpResponse:
    """GET asks to confirm; POST takes a casual game off the home list and its pages,
    keeping every record of it (restore on its page)."""
    if not is_casual(game):
        return board_page(
            request,
            game,
            status=403,
            problem="League and club night games are the club's record and cannot be removed "
            "here. Ask a club admin.",
        )
    if request.method == "POST":
        game = removal.game_remove(game=game)
        # Its page says so, with the button to restore it after a mis-tap.
        messages.success(request, "The game was removed from this phone's list.")
        return redirect("game", game.public_id)
    context = {"game": game, "teams": game_teams(game)}
    return page_or_fragment(request, "games/remove.html", "game-board", context)


@require_POST
def game_restore(request: HtmxRequest, public_id: str) -> HttpResponse:
    """Bring a removed game back, as it was, on its scorer's phone."""
    game = game_of(public_id, removed=True)
    if not can_score(request, game):
        if game.removed_at is not None:
            return removed_page(request, game)
        return refuse_watcher(request, game)
    game = removal.game_restore(game=game)
    return to_board(request, game, notice="The game is back, as it was.")
