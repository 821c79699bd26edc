"""Two keys on the other team's phone: it joins the game for its team with the team's
code (from the scorer's table card, typed or carried in the link after ``#``), then its
board lists the hands it has not agreed to yet, in the table's words, with Agree and
Not right. One tap agrees to a hand and every hand before it; a dispute takes a few words.

The phone that records the game's hands never joins a team (phone.mark_recorded), so it
cannot agree to its own hands; a team's code lets a phone agree for that team only."""

from __future__ import annotations

from typing import Any

from asgiref.sync import sync_to_async
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from smear_scores.live import stream
from smear_scores.models import Game
from smear_scores.permissions import agreeing_team, normalise_code, team_of_code
from smear_scores.phone import join_team, recorded_here
from smear_scores.request_refusals import Gone, NotFound
from smear_scores.rules import Refusal
from smear_scores.selectors import agreements as agreement_selectors
from smear_scores.selectors import games as game_selectors
from smear_scores.selectors.games import team_names
from smear_scores.services import agreements as agreement_services

from .answers import page_or_fragment, refusals_shown_by
from .board import game_of

# How often a team's board asks for a newer one while it has no stream (static/js/live.js).
POLL_SECONDS = 5


def _team_page(
    request: HttpRequest, game: Game, *, notice: str = "", problem: str = "", status: int = 200
) -> HttpResponse:
    team = agreeing_team(request, game)
    context = {
        "game": game,
        "team": team,
        "version": game_selectors.version_of(game),
        "poll": POLL_SECONDS,
        "keys": agreement_selectors.agreement_board(game, team) if team is not None else None,
        "recorder": recorded_here(request, game),
        "notice": notice,
        "problem": problem,
    }
    return page_or_fragment(request, "games/agree.html", "agree-board", context, status=status)


def _refused(
    request: HttpRequest, refusal: Refusal, public_id: str, **_: Any
) -> HttpResponse | None:
    """An agreement or a dispute refused: the team's board as it stands now, with why."""
    if isinstance(refusal, Gone | NotFound):
        return None
    return _team_page(request, game_of(public_id), problem=refusal.message, status=refusal.status)


def _number(value: str | None) -> int:
    try:
        return int(value or "")
    except ValueError:
        return 0


@refusals_shown_by(_refused)
@require_http_methods(["GET", "POST"])
def team_board(request: HttpRequest, public_id: str) -> HttpResponse:
    """The team's board, or the form a phone joins its team with (POST ``code``)."""
    game = game_of(public_id)
    if request.method == "GET":
        # Asked again by the board itself (live.js, htmx) with the version it shows:
        # nothing written since is an empty 204.
        if request.htmx and request.GET.get("v") == game_selectors.version_of(game):
            return HttpResponse(status=204)
        return _team_page(request, game)
    code = normalise_code(request.POST.get("code"))
    team = team_of_code(game, code)
    if recorded_here(request, game):
        problem = (
            "This phone records this game's hands, so it cannot agree to them for a team: "
            "the other team agrees on a phone of its own, with its code from this table card."
        )
        return _team_page(request, game, problem=problem, status=403)
    if team is None or team not in agreement_selectors.agreeing_teams(game) or not game.confirm:
        problem = (
            "This is not a team's code for this game: check it on the scorer's table card "
            "(“Other teams agree”), or scan your team's code there."
        )
        return _team_page(request, game, problem=problem, status=403)
    join_team(request, game, code)
    name = team_names(game)[team]
    return _team_page(request, game, notice=f"This phone agrees for {name}.")


def _joined(request: HttpRequest, game: Game) -> int | None:
    return agreeing_team(request, game)


NOT_JOINED = (
    "This phone has not joined a team of this game: type your team's code from the "
    "scorer's table card first."
)


@refusals_shown_by(_refused)
@require_POST
def team_agree(request: HttpRequest, public_id: str) -> HttpResponse:
    """Agree to hand ``number`` and every hand before it, as this board showed them
    (``version``)."""
    game = game_of(public_id)
    team = _joined(request, game)
    if team is None:
        return _team_page(request, game, problem=NOT_JOINED, status=403)
    number = _number(request.POST.get("number"))
    game = agreement_services.hand_agree(
        game=game, team=team, number=number, version=request.POST.get("version", "")
    )
    hands = f"hands 1–{number}" if number > 1 else "hand 1"
    return _team_page(request, game, notice=f"{team_names(game)[team]} agreed to {hands}.")


@refusals_shown_by(_refused)
@require_POST
def team_dispute(request: HttpRequest, public_id: str) -> HttpResponse:
    """Not right: hand ``number``, as this board showed it, with a few ``words``."""
    game = game_of(public_id)
    team = _joined(request, game)
    if team is None:
        return _team_page(request, game, problem=NOT_JOINED, status=403)
    number = _number(request.POST.get("number"))
    agreement_services.hand_dispute(
        game=game,
        team=team,
        number=number,
        words=request.POST.get("words", ""),
        version=request.POST.get("version", ""),
    )
    return _team_page(
        request,
        game_of(public_id),
        notice=f"Hand {number} is marked “not right” on every board. The scorer edits it, "
        "or the club's director settles it.",
    )


@require_GET
async def team_events(request: HttpRequest, public_id: str) -> HttpResponse:
    """The stream a team's board follows (smear_scores.live): the game's version at once
    and at every write; the board then asks for itself (team_board), drawn for its team."""
    refused = stream.refusal(request)
    if refused is not None:
        return refused
    found = await sync_to_async(game_selectors.game_key)(public_id=public_id)
    if found is None:
        raise Http404("No such game: check the link.")
    pk, version = found
    return await stream.response(request, [("game", pk)], version)
