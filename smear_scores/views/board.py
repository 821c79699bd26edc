"""The scoreboard and its live parts: the board a phone sees (as a scorer or a watcher),
the table view, what an open board polls (game_live) and the streams that push a board
(game_events, game_table_events). What the other game views share lives here too: the
URL's game, the hand form, the board as an answer after a write (``to_board``) and the
guard that lets only a scoring phone write (``scorer_only``).

Every page answers a plain request with the whole page and an htmx request
(``HX-Request: true``) with the fragment it swaps, ``"<page>.html#<dom-id>"``. Every form
has a real action and works without JavaScript (post/redirect/get); htmx only enhances.

Refused entries answer 422, a stale screen 409, a device that may not score 403, each
with the reason in plain words. htmx is configured in base.html (``htmx-config`` meta,
``responseHandling``) to swap 4xx answers too, so the same status codes serve both. The
views do not catch the services' refusals: a refused hand is put beside its fields by its
form (``HandForm.attempt``), and anything else a scorer's write is refused for is answered
by ``_refused_board`` through the web's one handler (views.refusal_pages)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from asgiref.sync import sync_to_async
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.functional import SimpleLazyObject
from django.views.decorators.cache import cache_control
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import condition, require_GET
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import push_url

from smear_scores.boards import board_parts, table_board, watcher_board
from smear_scores.forms.hands import HandForm
from smear_scores.live import stream
from smear_scores.models import Game
from smear_scores.permissions import (
    can_score,
    show_code,
    was_stopped,
)
from smear_scores.phone import totals_on
from smear_scores.request_refusals import Gone, NotFound
from smear_scores.rules import Refusal
from smear_scores.selectors import agreements, games
from smear_scores.services import editing
from smear_scores.services.following import board_followed
from smear_scores.templatetags.parts import SharedParts

from .answers import HtmxRequest, page_or_fragment, refusals_shown_by

READ_ONLY = (
    "This phone can only watch this game: the scores are changed on the scorer's phone. "
    "Ask the scorer for the scoring link or code to score from here too."
)


STOPPED = (
    "Not recorded: another phone tapped “Stop other phones scoring”, so this phone can no "
    "longer score this game. To score here again, open the new scoring link or type the new "
    "code from that phone."
)


def game_of(public_id: str, *, removed: bool = False) -> Game:
    """The URL's game. A game its scorer removed raises games.GameRemoved (unless
    ``removed``), which every page answers with removed_page (middleware.removed_games)."""
    try:
        return games.game_get(public_id=public_id, removed=removed)
    except Game.DoesNotExist:
        raise Http404("No game has this link: check the address.") from None


def hand_form(game: Game, board: games.Board | None = None, **kwargs: Any) -> HandForm:
    # The names came with the game (games.game_get): no query here.
    if board:
        names, teams = board.names, board.variant.team_names
    else:
        names, teams = games.seat_names(game), games.team_names(game)
    return HandForm(variant=games.game_variant(game), names=names, teams=teams, game=game, **kwargs)


def count_line(game: Game, form: HandForm) -> HandForm:
    """The Game row's words for the counts typed in (D13): who takes Game by them, or
    what is wrong with them (editing.card_points_check). Returns the form, so a context
    may name it in passing."""
    counts = form.typed_counts() if form is not None else None
    if counts is not None:
        verdict, errors = editing.card_points_check(game=game, counts=counts)
        form.count_verdict = verdict
        form.count_problem = " ".join(e.message for e in errors)
    return form


def _has_messages(request: HttpRequest) -> bool:
    """Are messages waiting for this phone (they are shown, and used, by the template)?"""
    return bool(len(messages.get_messages(request)))


def _form_of(
    request: HttpRequest, game: Game, board: Any, form: HandForm | None, *, notice: str
) -> tuple[HandForm | SimpleLazyObject[HandForm], str, set[str]]:
    """The scorer's hand form, the name of its kept part, and the parts to draw for this
    phone alone: a blank form (lazy, read only when its part is drawn) or the form as this
    phone sent it, with its errors."""
    if form is not None:
        count_line(game, form)
        return form, "form", {"form"}
    totals = totals_on(request, game)
    form_part = "form-totals" if totals else "form"

    def blank_form() -> HandForm:
        initial: dict[str, Any] = {"number": board.next_number}
        if totals:
            initial["by_totals"] = "on"
        return count_line(game, hand_form(game, board, initial=initial))

    # The hand form's line says the notice, or the messages waiting.
    fresh = {form_part} if notice or _has_messages(request) else set()
    return SimpleLazyObject(blank_form), form_part, fresh


def _links(
    request: HttpRequest, game: Game, *, hands_over: bool, scorer: bool = False
) -> dict[str, Any]:
    """The link boxes, built from the address this phone used, so another phone on the
    same network can open them. A game the other teams confirm shows no team's key here:
    each team agrees as one of its own players (permissions.agreeing_voice)."""
    links: dict[str, Any] = {
        "watch_url": request.build_absolute_uri(reverse("game", args=[game.public_id]))
    }
    if hands_over:
        links |= scoring_link(request, game)
    if scorer and game.confirm:
        links["others_agree"] = True
    return links


def _board_context(
    request: HttpRequest,
    game: Game,
    *,
    scorer: bool | None = None,
    form: HandForm | None = None,
    notice: str = "",
    problem: str = "",
    keep_links: bool = False,
    links_open: bool = False,
    kept: HandForm | None = None,
) -> dict[str, Any]:
    """``scorer``: whether this phone scores the game, when the caller knows already.
    ``keep_links``: the phone already shows the link boxes (an htmx answer to a hand
    sent from the board): they are sent as empty boxes that htmx keeps as they are
    (hx-preserve), so a hand's answer carries neither the QR codes nor the scoring secret.

    The board and the blank hand form are lazy: the template reads them only for a part of
    the board it draws (templatetags.parts). Every phone that scores, and every phone that
    watches, sees those parts alike at one version of the game, so they are drawn once
    per kind of phone and kept in the cache; what is this phone's own (the links, a
    notice, a refusal, what it tapped, a hand form as it sent it) is drawn for it alone."""
    board = SimpleLazyObject(lambda: games.game_board(game))
    if scorer is None:
        scorer = can_score(request, game)
    fresh: set[str]
    shown: HandForm | SimpleLazyObject[HandForm] | None = form
    form_part, fresh = "form", set()
    if form is not None or (scorer and not game.finished):
        # The blank form comes back lazy: a SimpleLazyObject stands in for the HandForm.
        shown, form_part, fresh = _form_of(request, game, board, form, notice=notice)
    # A league game is scored by its club's members: it has no scoring link to hand on.
    hands_over = scorer and game.league_id is None
    # The game as this board shows it; the board polls for a newer one (game_live).
    version = games.version_of(game)
    kind = "scorer" if scorer else "watcher"
    return {
        "board": board,
        "game": game,
        "version": version,
        "scorer": scorer,
        "form": shown,
        "has_form": shown is not None,
        "form_part": form_part,
        "parts": board_parts(game, version, kind, fresh=fresh),
        "notice": notice,
        "problem": problem,
        "keep_links": keep_links,
        # The scoring link box stays open (a new link was just made).
        "links_open": links_open,
        # A hand this phone sent but may no longer record: what it had tapped.
        "kept": kept,
        "hands_over": hands_over,
        # Two keys: the board's open disputes and what it awaits (read when drawn).
        "keys_status": SimpleLazyObject(lambda: agreements.board_status(game)),
        **({} if keep_links else _links(request, game, hands_over=hands_over, scorer=scorer)),
    }


def scoring_link(request: HttpRequest, game: Game) -> dict[str, str]:
    """The scoring link and code a scorer hands on (a league game is scored by its club's
    members instead). The secret rides in the fragment (``#...``): a browser never sends
    it to a server, so it appears in no access log and no Referer header; the hand-over
    page's script posts it in a form body."""
    url = request.build_absolute_uri(reverse("game_handover", args=[game.public_id]))
    return {
        "handover_url": f"{url}#{game.scoring_secret}",
        "scoring_code": show_code(game.scoring_secret),
    }


def board_page(
    request: HtmxRequest, game: Game, *, status: int = 200, **kwargs: Any
) -> HttpResponse:
    """The scoreboard page, or its #game-board fragment for htmx."""
    context = _board_context(request, game, **kwargs)
    response = page_or_fragment(request, "games/game.html", "game-board", context, status=status)
    if "scoring_code" in context:
        keep_no_copy(response)
    if request.htmx and status == 422:
        # The board is one screen at 360x740: a refused hand's red lines are in view beside
        # their rows. Scrolling to the first one would put the rows above it off the
        # screen and it under the bar.
        return _swapped(response, "outerHTML show:window:top")
    return response


def keep_no_copy(response: HttpResponse) -> HttpResponse:
    """A page that holds a scoring secret (the scorer's board with its scoring link, the
    director's screen with every table's code) is kept by no cache at all, the browser's
    own included (``no-store``): a page left in a shared phone's history, or on disk, would
    hand the secret to the next person who opens it."""
    patch_cache_control(response, private=True, no_store=True)
    return response


def show_first_error(request: HtmxRequest, response: HttpResponse) -> HttpResponse:
    """A refused entry scrolls to its first error (beside the field), not to the top."""
    if request.htmx and response.status_code == 422:
        return _swapped(response, "outerHTML show:.error:bottom")
    return response


def _swapped(response: HttpResponse, swap: str) -> HttpResponse:
    """``response`` swapped in as ``swap`` says (HX-Reswap): a method with its modifiers,
    which htmx reads after the method (django-htmx's reswap takes the method alone)."""
    response["HX-Reswap"] = swap
    return response


def to_board(
    request: HtmxRequest,
    game: Game,
    *,
    notice: str = "",
    keep_links: bool = False,
    links_open: bool = False,
) -> HttpResponse:
    """After a write by this phone, which scores the game: htmx swaps the fresh board in
    place (and shows the game's address); without JavaScript, redirect so a reload never
    posts twice."""
    if request.htmx:
        response = board_page(
            request,
            game,
            scorer=True,
            notice=notice,
            keep_links=keep_links,
            links_open=links_open,
        )
        return push_url(response, reverse("game", args=[game.public_id]))
    if notice:
        messages.success(request, notice)
    # The page and htmx are answered differently here too (page_or_fragment's Vary).
    response = redirect("game", game.public_id)
    patch_vary_headers(response, ["HX-Request"])
    return response


def refuse_watcher(request: HtmxRequest, game: Game) -> HttpResponse:
    if not was_stopped(request, game):
        return board_page(request, game, status=403, problem=READ_ONLY)
    # Stopped meanwhile: say why, and show the hand it was sending, so nothing tapped is
    # lost without a word.
    kept = None
    if request.method == "POST":
        posted = hand_form(game, data=request.POST)
        kept = posted if "number" in posted.data else None
    return board_page(request, game, status=403, problem=STOPPED, kept=kept)


def _refused_board(
    request: HtmxRequest, refusal: Refusal, public_id: str, **_: Any
) -> HttpResponse | None:
    """A scorer's write refused by its service: the board as it stands now (read again:
    another phone may have changed it), with why, and the refusal's status (409 for a
    stale screen, 422 for a rule). A removed game, or none, is the handler's to answer."""
    if isinstance(refusal, Gone | NotFound):
        return None
    return board_page(request, game_of(public_id), status=refusal.status, problem=refusal.message)


def scorer_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The view gets the URL's game instead of its id, and only on a phone that may score
    it; any other phone gets the board, read-only, with 403. What its services refuse is
    answered on the board (``_refused_board``)."""

    @refusals_shown_by(_refused_board)
    @wraps(view)
    def guarded(request: HtmxRequest, public_id: str, **kwargs: Any) -> HttpResponse:
        game = game_of(public_id)
        if not can_score(request, game):
            return refuse_watcher(request, game)
        return view(request, game, **kwargs)

    return guarded


@require_GET
@gzip_page
def game(request: HtmxRequest, public_id: str) -> HttpResponse:
    return board_page(request, game_of(public_id))


def _live_etag(request: HttpRequest, public_id: str) -> str | None:
    return games.game_version(public_id=public_id)


@require_GET
@gzip_page
def game_table(request: HtmxRequest, public_id: str) -> HttpResponse:
    """The table view: big scores for a phone in the middle of the table or a club screen,
    which follows the game by itself: its stream (game_events) says when the game changed,
    and htmx asks for its #table-board every few seconds while there is no stream."""
    game = game_of(public_id)
    version = games.version_of(game)
    context = {
        "game": game,
        # Read only when the table's board is not kept already (templatetags.parts).
        "board": SimpleLazyObject(lambda: games.game_board(game)),
        "parts": SharedParts(f"table:{game.public_id}:{version}"),
        "version": version,
    }
    return page_or_fragment(request, "games/table.html", "table-board", context)


@require_GET
@gzip_page
@cache_control(private=True, no_cache=True)
@vary_on_headers("Cookie")
@condition(etag_func=_live_etag)
def game_live(request: HttpRequest, public_id: str) -> HttpResponse:
    """What an open board polls (static/js/live.js) with ``If-None-Match: "<version>"``.
    Nothing new: an empty 304 after one indexed query (the game's version). Otherwise the
    #game-board fragment as this phone sees it, with the new version as its ETag.
    Nothing is kept in a process's memory, so any app process may answer any phone."""
    return render(
        request, "games/game.html#game-board", _board_context(request, game_of(public_id))
    )


@require_GET
async def game_events(request: HttpRequest, public_id: str) -> HttpResponseBase:
    """The stream an open scoreboard follows (smear_scores.live): the game's version at
    once and at every write, as server-sent events. A scorer's board, told a version it
    does not show, asks game_live as it would when polling; every other phone is sent the
    board itself (the same for all of them: watcher_board)."""
    refused = stream.refusal(request)
    if refused is not None:
        return refused
    game = await sync_to_async(game_of)(public_id, removed=True)
    scorer = await sync_to_async(can_score)(request, game)
    key = ("game", game.pk)
    if scorer:
        return await stream.response(request, [key], games.version_of(game))
    return await stream.response(
        request,
        [key],
        games.version_of(game),
        draw=("board", lambda: watcher_board(public_id)),
        follow=lambda: board_followed(key=key, kind="board"),
    )


@require_GET
async def game_table_events(request: HttpRequest, public_id: str) -> HttpResponseBase:
    """The table view's stream: its #table-board at every write (the same for every phone)."""
    refused = stream.refusal(request)
    if refused is not None:
        return refused
    found = await sync_to_async(games.game_key)(public_id=public_id)
    if found is None:
        raise Http404("No such game: check the link.")
    pk, version = found
    return await stream.response(
        request,
        [("game", pk)],
        version,
        draw=("table", lambda: table_board(public_id)),
        follow=lambda: board_followed(key=("game", pk), kind="table"),
    )
