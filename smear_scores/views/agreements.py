"""Two keys on a player's own phone: the board of the team of their seat (a signed-in
member seated on it, or a phone checked in to the night as one of its players:
permissions.agreeing_voice) lists the hands it has not agreed to yet, in the table's words,
with Agree and Not right. One tap agrees to a hand and every hand before it; a dispute
takes a few words. No code joins a team: nothing another phone shows agrees for one."""

from __future__ import annotations

from typing import Any

from asgiref.sync import sync_to_async
from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect
from django.views.decorators.http import require_GET, require_POST

from smear_scores.forms.agreements import AgreeForm, DisputeForm
from smear_scores.live import stream
from smear_scores.models import Game
from smear_scores.permissions import Voice, agreeing_voice, night_of_game
from smear_scores.request_refusals import Gone, NotFound
from smear_scores.rules import Refusal
from smear_scores.selectors import agreements as agreement_selectors
from smear_scores.selectors import games as game_selectors
from smear_scores.selectors.games import team_names
from smear_scores.services import agreements as agreement_services

from .answers import HtmxRequest, page_or_fragment, refusals_shown_by
from .board import game_of

# How often a team's board asks for a newer one while it has no stream (static/js/live.js).
POLL_SECONDS = 5


def _team_page(
    request: HtmxRequest,
    game: Game,
    *,
    notice: str = "",
    problem: str = "",
    status: int = 200,
    voice: Voice | None = None,
) -> HttpResponse:
    """The team's board; ``voice``: who this request speaks for, when already read."""
    voice = voice or agreeing_voice(request, game)
    team = voice.team if voice is not None else None
    context = {
        "game": game,
        "team": team,
        "voice": voice,
        "version": game_selectors.version_of(game),
        "poll": POLL_SECONDS,
        "keys": agreement_selectors.agreement_board(game, team) if team is not None else None,
        "notice": notice,
        "problem": problem,
    }
    return page_or_fragment(request, "games/agree.html", "agree-board", context, status=status)


def _refused(
    request: HtmxRequest, refusal: Refusal, public_id: str, **_: Any
) -> HttpResponse | None:
    """An agreement or a dispute refused: the team's board as it stands now, with why."""
    if isinstance(refusal, Gone | NotFound):
        return None
    return _team_page(request, game_of(public_id), problem=refusal.message, status=refusal.status)


@refusals_shown_by(_refused)
@require_GET
def team_board(request: HtmxRequest, public_id: str) -> HttpResponse:
    """The board of the team of this request's seat, or why it agrees for nobody."""
    game = game_of(public_id)
    # Asked again by the board itself (live.js, htmx) with the version it shows: nothing
    # written since is an empty 204.
    if request.htmx and request.GET.get("v") == game_selectors.version_of(game):
        return HttpResponse(status=204)
    return _team_page(request, game)


NOT_JOINED = (
    "Only the team's own players agree for it: sign in as a club member whose player sits "
    "at this table, or check in to the night on your phone as that player."
)


@refusals_shown_by(_refused)
@require_POST
def team_agree(request: HtmxRequest, public_id: str) -> HttpResponse:
    """Agree to hand ``number`` and every hand before it, as this board showed them
    (``version``)."""
    game = game_of(public_id)
    voice = agreeing_voice(request, game)
    if voice is None:
        return _team_page(request, game, problem=NOT_JOINED, status=403)
    posted = AgreeForm(request.POST).checked()
    number = posted["number"]
    game = agreement_services.hand_agree(
        game=game,
        team=voice.team,
        number=number,
        version=posted["version"],
        by=voice.by,
        withdraw=posted["withdraw"],
    )
    hands = f"hands 1–{number}" if number > 1 else "hand 1"
    name = team_names(game)[voice.team]
    night_id = night_of_game(game) if posted["back"] == "guide" else None
    if night_id is not None:
        # Agreed from the night's guide card: back to the card, which moves on by itself.
        return redirect("night_guide", night_id=night_id)
    notice = f"{name} agreed to {hands} ({voice.by})."
    return _team_page(request, game, notice=notice, voice=voice)


@refusals_shown_by(_refused)
@require_POST
def team_dispute(request: HtmxRequest, public_id: str) -> HttpResponse:
    """Not right: hand ``number``, as this board showed it, with a few ``words``."""
    game = game_of(public_id)
    voice = agreeing_voice(request, game)
    if voice is None:
        return _team_page(request, game, problem=NOT_JOINED, status=403)
    posted = DisputeForm(request.POST).checked()
    number = posted["number"]
    agreement_services.hand_dispute(
        game=game,
        team=voice.team,
        by=voice.by,
        number=number,
        words=posted["words"],
        version=posted["version"],
    )
    return _team_page(
        request,
        game_of(public_id),
        notice=f"Hand {number} is marked “not right” on every board. The scorer edits it, "
        "or the club's director settles it.",
    )


@require_GET
async def team_events(request: HttpRequest, public_id: str) -> HttpResponseBase:
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
