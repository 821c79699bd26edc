"""Handing scoring on: the scoring link's page (a code typed or carried in the link),
and "Stop other phones scoring" (a new link and code)."""

from __future__ import annotations

from django.http import HttpResponse
from django.views.decorators.http import require_http_methods, require_POST

from smear_scores.forms.games import HandoverForm
from smear_scores.models import Game
from smear_scores.permissions import (
    can_score,
    code_matches,
)
from smear_scores.phone import (
    grant_scoring,
)
from smear_scores.selectors import games
from smear_scores.services import handover

from .answers import HtmxRequest, page_or_fragment
from .board import (
    game_of,
    refuse_watcher,
    scorer_only,
    to_board,
)


@require_http_methods(["GET", "POST"])
def game_handover(request: HtmxRequest, public_id: str) -> HttpResponse:
    """The scoring link's page: after a confirmation, this phone may score the game too.

    The link is ``/g/<id>/score/#<secret>``; the secret never reaches the server in the
    address. The page's script copies it from the fragment into the form, which posts it
    as ``code``; without script, the code shown on the scorer's phone is typed in."""
    game = game_of(public_id)
    context = {
        "game": game,
        "teams": games.game_teams(game),
        "already": can_score(request, game),
    }
    status = 200
    if request.method == "POST":
        if game.league_id is None and code_matches(
            game, HandoverForm(request.POST).checked()["code"]
        ):
            grant_scoring(request, game)
            return to_board(request, game, notice="This phone can now score this game.")
        if game.league_id is not None:
            context["problem"] = (
                "A league game is scored by the club's members: log in as a member of the "
                "club to score it. A scoring code does not open it."
            )
        else:
            context["problem"] = (
                "This scoring code is not the game's: check it against the scorer's screen. "
                "If the scorer stopped other phones scoring, ask for the new link."
            )
        status = 403
    return page_or_fragment(request, "games/handover.html", "game-board", context, status=status)


@require_POST
@scorer_only
def game_scoring_rotate(request: HtmxRequest, game: Game) -> HttpResponse:
    """Stop other phones scoring: a new scoring link and code; every older one, and every
    phone let in with it, is refused from now on. This phone keeps scoring."""
    if game.league_id is not None:
        return refuse_watcher(request, game)
    game = handover.game_scoring_rotate(game=game)
    grant_scoring(request, game)
    return to_board(
        request,
        game,
        notice="Other phones can no longer score this game. To let one score again, give it "
        "the new scoring link or code.",
        links_open=True,
    )
