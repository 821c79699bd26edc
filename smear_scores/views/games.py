"""Thin views for scoring a game: forms shape the input, services write, selectors read.

Every page answers a plain request with the whole page and an htmx request
(``HX-Request: true``) with the fragment it swaps, ``"<page>.html#<dom-id>"``. Every form
has a real action and works without JavaScript (post/redirect/get); htmx only enhances.

Refused entries answer 422, a stale screen 409, a device that may not score 403, each
with the reason in plain words. htmx is configured in base.html (``htmx-config`` meta,
``responseHandling``) to swap 4xx answers too, so the same status codes serve both. The
views do not catch the services' refusals: a refused hand is put beside its fields by its
form (``HandForm.attempt``), and anything else a scorer's write is refused for is answered
by ``_refused_board`` through the web's one handler (views.answers).

The hand form (scoreboard, ``hand_record``; edit screen, ``hand_edit``; ``hand_preview``)
posts these fields (see ``smear_scores.forms``):

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

from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import urlencode

from asgiref.sync import sync_to_async
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.functional import SimpleLazyObject
from django.utils.text import slugify
from django.views.decorators.cache import cache_control
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import condition, require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect, push_url, reswap

from smear_scores.forms import HandForm, NewGameForm, hand_initial
from smear_scores.live import stream as live
from smear_scores.models import Game, Hand
from smear_scores.permissions import (
    can_score,
    code_matches,
    grant_scoring,
    scoring_tokens,
    show_code,
    was_stopped,
)
from smear_scores.rules import Gone, HandRefused, NotFound, Refusal
from smear_scores.selectors import games as selectors
from smear_scores.selectors.house_rules import SAVED_CHOICE, house_rules_listed, rules_choice
from smear_scores.selectors.variants import offered_first, variants
from smear_scores.services import games as services
from smear_scores.services.games import Conflict
from smear_scores.services.idempotency import (
    MAX_KEY,
    Answer,
    idempotent_write,
    request_fingerprint,
)
from smear_scores.templatetags.parts import SharedParts

from .answers import page_or_fragment, refusals_shown_by
from .exports import SafeWriter
from .house_rules import keep_on_phone, kept_ids

MAX_NUMBER_DIGITS = 6
READ_ONLY = (
    "This phone can only watch this game: the scores are changed on the scorer's phone. "
    "Ask the scorer for the scoring link or code to score from here too."
)
STOPPED = (
    "Not recorded: another phone tapped “Stop other phones scoring”, so this phone can no "
    "longer score this game. To score here again, open the new scoring link or type the new "
    "code from that phone."
)


def _game(public_id: str, *, removed: bool = False) -> Game:
    """The URL's game. A game its scorer removed raises selectors.GameRemoved (unless
    ``removed``), which every page answers with removed_page (middleware.removed_games)."""
    try:
        return selectors.game_get(public_id=public_id, removed=removed)
    except selectors.GameRemoved:
        raise
    except Game.DoesNotExist:
        raise Http404("No game has this link: check the address.") from None


def _hand_form(game: Game, board: selectors.Board | None = None, **kwargs: Any) -> HandForm:
    # The names came with the game (selectors.game_get): no query here.
    if board:
        names, teams = board.names, board.variant.team_names
    else:
        names, teams = selectors.seat_names(game), selectors.team_names(game)
    return HandForm(
        variant=selectors.game_variant(game), names=names, teams=teams, game=game, **kwargs
    )


def _count_line(game: Game, form: HandForm | None) -> HandForm | None:
    """The Game row's words for the counts typed in (D13): who takes Game by them, or
    what is wrong with them (services.card_points_check). Returns the form, so a context
    may name it in passing."""
    counts = form.typed_counts() if form is not None else None
    if counts is not None:
        verdict, errors = services.card_points_check(game=game, counts=counts)
        form.count_verdict = verdict
        form.count_problem = " ".join(e.message for e in errors)
    return form


# Per game, the phones that enter typed totals rather than who took each point: the
# switch stays on for that game on that phone (session), not just for one hand.
TOTALS_KEY = "typed_totals"


def _remember_totals(request: HttpRequest, game: Game, form: HandForm) -> None:
    chosen = list(request.session.get(TOTALS_KEY, []))
    if form.totals_on != (game.public_id in chosen):
        if form.totals_on:
            # The newest games only, to keep the cookie small.
            chosen = [*chosen, game.public_id][-30:]
        else:
            chosen.remove(game.public_id)
        request.session[TOTALS_KEY] = chosen


def _totals_on(request: HttpRequest, game: Game) -> bool:
    return game.public_id in request.session.get(TOTALS_KEY, [])


def _has_messages(request: HttpRequest) -> bool:
    """Are messages waiting for this phone (they are shown, and used, by the template)?"""
    return bool(len(messages.get_messages(request)))


def _board_context(
    request: HttpRequest,
    game: Game,
    *,
    form: HandForm | None = None,
    notice: str = "",
    problem: str = "",
    keep_links: bool = False,
    links_open: bool = False,
    kept: HandForm | None = None,
) -> dict[str, Any]:
    """``keep_links``: the phone already shows the link boxes (an htmx answer to a hand
    sent from the board): they are sent as empty boxes that htmx keeps as they are
    (hx-preserve), so a hand's answer carries neither the QR codes nor the scoring secret.

    The board and the blank hand form are lazy: the template reads them only for a part of
    the board it draws (templatetags.parts). Every phone that scores, and every phone that
    watches, sees those parts alike at one version of the game, so they are drawn once
    per kind of phone and kept in the cache; what is this phone's own (the links, a
    notice, a refusal, what it tapped, a hand form as it sent it) is drawn for it alone."""
    board = SimpleLazyObject(lambda: selectors.game_board(game))
    scorer = can_score(request, game)
    form_part = "form"
    fresh = set()
    if form is None and scorer and not game.finished:
        totals = _totals_on(request, game)
        if totals:
            form_part = "form-totals"

        def blank_form() -> HandForm:
            initial: dict[str, Any] = {"number": board.next_number}
            if totals:
                initial["by_totals"] = "on"
            return _count_line(game, _hand_form(game, board, initial=initial))

        form = SimpleLazyObject(blank_form)
        if notice or _has_messages(request):
            # The hand form's line says the notice, or the messages waiting.
            fresh.add(form_part)
    elif form is not None:
        # As this phone sent it, with its errors.
        fresh.add(form_part)
        _count_line(game, form)
    # A league game is scored by its club's members: it has no scoring link to hand on.
    hands_over = scorer and game.league_id is None
    links: dict[str, str] = {}
    if not keep_links:
        # Built from the address this phone used, so another phone on the same network
        # can open it.
        links["watch_url"] = request.build_absolute_uri(reverse("game", args=[game.public_id]))
        if hands_over:
            links |= scoring_link(request, game)
    # The game as this board shows it; the board polls for a newer one (game_live).
    version = selectors.version_of(game)
    kind = "scorer" if scorer else "watcher"
    return {
        "board": board,
        "game": game,
        "version": version,
        "scorer": scorer,
        "form": form,
        "has_form": form is not None,
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
        **links,
    }


def board_parts(
    game: Game, version: str, kind: str, *, fresh: frozenset[str] | set[str] = frozenset()
) -> SharedParts:
    """The kept parts of ``game``'s board at ``version`` for a kind of phone ("scorer" or
    "watcher"): one key for the page, its fragment and the watchers' streams."""
    return SharedParts(f"board:{game.public_id}:{version}:{kind}", fresh=fresh)


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


def _board(request: HttpRequest, game: Game, *, status: int = 200, **kwargs: Any) -> HttpResponse:
    """The scoreboard page, or its #game-board fragment for htmx."""
    context = _board_context(request, game, **kwargs)
    response = page_or_fragment(request, "games/game.html", "game-board", context, status=status)
    if "scoring_code" in context:
        keep_no_copy(response)
    if request.htmx and status == 422:
        # The board is one screen at 360x740: a refused hand's red lines are in view beside
        # their rows. Scrolling to the first one would put the rows above it off the
        # screen and it under the bar.
        return reswap(response, "outerHTML show:window:top")
    return response


def keep_no_copy(response: HttpResponse) -> HttpResponse:
    """A page that holds a scoring secret (the scorer's board with its scoring link, the
    director's screen with every table's code) is kept by no cache at all, the browser's
    own included (``no-store``): a page left in a shared phone's history, or on disk, would
    hand the secret to the next person who opens it."""
    patch_cache_control(response, private=True, no_store=True)
    return response


def _show_first_error(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """A refused entry scrolls to its first error (beside the field), not to the top."""
    if request.htmx and response.status_code == 422:
        return reswap(response, "outerHTML show:.error:bottom")
    return response


def _to_board(
    request: HttpRequest,
    game: Game,
    *,
    notice: str = "",
    keep_links: bool = False,
    links_open: bool = False,
) -> HttpResponse:
    """After a write: htmx swaps the fresh board in place (and shows the game's address);
    without JavaScript, redirect so a reload never posts twice."""
    if request.htmx:
        response = _board(
            request, game, notice=notice, keep_links=keep_links, links_open=links_open
        )
        return push_url(response, reverse("game", args=[game.public_id]))
    if notice:
        messages.success(request, notice)
    return redirect("game", game.public_id)


def _refuse_watcher(request: HttpRequest, game: Game) -> HttpResponse:
    if not was_stopped(request, game):
        return _board(request, game, status=403, problem=READ_ONLY)
    # Stopped meanwhile: say why, and show the hand it was sending, so nothing tapped is
    # lost without a word.
    kept = None
    if request.method == "POST" and "number" in request.POST:
        kept = _hand_form(game, data=request.POST)
    return _board(request, game, status=403, problem=STOPPED, kept=kept)


def _refused_board(
    request: HttpRequest, refusal: Refusal, public_id: str, **_: Any
) -> HttpResponse | None:
    """A scorer's write refused by its service: the board as it stands now (read again:
    another phone may have changed it), with why, and the refusal's status (409 for a
    stale screen, 422 for a rule). A removed game, or none, is the handler's to answer."""
    if isinstance(refusal, Gone | NotFound):
        return None
    return _board(request, _game(public_id), status=refusal.status, problem=refusal.message)


def _scorer_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The view gets the URL's game instead of its id, and only on a phone that may score
    it; any other phone gets the board, read-only, with 403. What its services refuse is
    answered on the board (``_refused_board``)."""

    @refusals_shown_by(_refused_board)
    @wraps(view)
    def guarded(request: HttpRequest, public_id: str, **kwargs: Any) -> HttpResponse:
        game = _game(public_id)
        if not can_score(request, game):
            return _refuse_watcher(request, game)
        return view(request, game, **kwargs)

    return guarded


# -- home and a new game ---------------------------------------------------------------------
@require_GET
@vary_on_headers("HX-Request")
def home(request: HttpRequest) -> HttpResponse:
    games = selectors.device_games(list(scoring_tokens(request)))
    rows = [
        {
            "game": g,
            "teams": selectors.game_teams(g),
            "removable": selectors.is_casual(g) and can_score(request, g),
        }
        for g in games
    ]
    return page_or_fragment(request, "home.html", "games", {"rows": rows})


def _new_context(form: NewGameForm) -> dict[str, Any]:
    variant = form.variant
    players = form.players()
    given = form.team_names()
    teams = [
        {
            "index": team,
            "label": given[team] or variant.team_label(team),
            "seats": [
                {"seat": s + 1, "name": players[s] or f"Seat {s + 1}"}
                for s in variant.seats_of(team)
            ],
            "name_field": f"team_name_{team}",
            "name_value": given[team],
            "name_errors": form.errors_of(f"team_name_{team}"),
        }
        for team in range(variant.teams)
    ]
    seats = [
        {
            "seat": s,
            "name": f"player_{s}",
            "value": players[s],
            "team": variant.team_of(s),
            "label": variant.team_label(variant.team_of(s)),
            "errors": form.errors_of(f"player_{s}"),
        }
        for s in range(variant.players)
    ]
    options = [
        {
            "option": o,
            "is_bool": o.type is bool,
            "name": f"option_{o.name}",
            "value": form.value(f"option_{o.name}"),
            "errors": form.errors_of(f"option_{o.name}"),
        }
        for o in variant.options
    ]
    dealers = [("random", "Draw at random")] + [
        (str(s), players[s] or f"Seat {s + 1}") for s in range(variant.players)
    ]
    chosen = form.value("variant") or variant.slug
    presets = {v.slug for v in variants()}
    offered = offered_first()
    return {
        "form": form,
        "variant": variant,
        "variants": variants(),
        # Buttons: the saved sets this phone offers first, the presets offered first and
        # the game chosen; every other preset is a link under "Other games".
        "rules_choices": [
            {"value": value, "name": name, "id": slugify(value)}
            for value, name in form.fields["variant"].choices
            if value in offered or value == chosen or value not in presets
        ],
        "other_games": [
            {"url": f"{reverse('game_new')}?{urlencode({'variant': v.slug})}", "variant": v}
            for v in variants()
            if v.slug not in offered and v.slug != chosen
        ],
        "chosen": chosen,
        "our_rules_url": f"{reverse('house_rules_new')}?{urlencode({'from': chosen})}",
        "teams": teams,
        "seats": seats,
        "options": options,
        "dealers": dealers,
        "dealer": form.value("first_dealer") or "random",
        # Open when the table named a team, or a name was refused.
        "team_names_open": any(given) or any(t["name_errors"] for t in teams),
        "max_team_name": services.MAX_TEAM_NAME,
    }


def _new_game_form(request: HttpRequest, data: Any, *, as_sent: bool = False) -> NewGameForm:
    """The new-game form for the rules chosen in ``data`` (None: the first this phone
    offers): a preset, or a saved set ("house:<id>"). This phone's saved sets are offered
    first, and a set opened from a shared link before them. ``as_sent``: the choice is
    checked as it was sent (a start), not replaced by the rules it falls back to."""
    kept = house_rules_listed(kept_ids(request))
    value = data.get("variant") if data is not None else None
    if value is None:
        value = f"{SAVED_CHOICE}{kept[0].public_id}" if kept else ""
    variant, house_rules = rules_choice(value)
    if house_rules is not None and house_rules not in kept:
        kept = [house_rules, *kept]
    chosen = f"{SAVED_CHOICE}{house_rules.public_id}" if house_rules else variant.slug
    saved = [(f"{SAVED_CHOICE}{h.public_id}", h.name) for h in kept]
    args = {"variant": variant, "house_rules": house_rules, "saved": saved}
    if data is None:
        return NewGameForm(initial={"variant": chosen}, **args)
    if as_sent:
        return NewGameForm(data, **args)
    return NewGameForm({**dict(data.items()), "variant": chosen}, **args)


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def game_new(request: HttpRequest) -> HttpResponse:
    """The new-game screen. An htmx GET re-draws the form for another variant
    (``HX-Target: new-game``) or the partners and dealer as names are typed
    (``HX-Target: partners``)."""
    if request.method == "POST" and "switch" in request.POST:
        # Without JavaScript, "Show the seats for this game" posts the form (a GET would put
        # the CSRF token in the address bar): the same screen for the variant picked.
        data = {k: v for k, v in request.POST.dict().items() if k != "csrfmiddlewaretoken"}
        form = _new_game_form(request, data)
        return render(request, "games/new.html", _new_context(form))
    if request.method == "POST":
        form = _new_game_form(request, request.POST, as_sent=True)
        game = form.attempt(lambda: services.game_create(**form.service_args()))
        if game is not None:
            grant_scoring(request, game)
            url = reverse("game", args=[game.public_id])
            # htmx: load the scoreboard as a whole page (its header and title differ).
            response = HttpResponseClientRedirect(url) if request.htmx else redirect(url)
            if form.house_rules is not None:
                # Offered first next time on this phone.
                keep_on_phone(request, response, form.house_rules.public_id)
            return response
        response = page_or_fragment(
            request, "games/new.html", "new-game", _new_context(form), status=422
        )
        return _show_first_error(request, response)

    if "variant" in request.GET:
        form = _new_game_form(request, request.GET.dict())
    else:
        form = _new_game_form(request, None)
    context = _new_context(form)
    fragment = "new-game"
    if request.htmx and request.htmx.target == "partners":
        fragment = "partners"
        # The dealer buttons' names follow out of band, leaving the choice alone.
        context["names_oob"] = True
    return page_or_fragment(request, "games/new.html", fragment, context)


# -- the scoreboard and recording a hand -----------------------------------------------------
@require_GET
@gzip_page
@vary_on_headers("HX-Request")
def game(request: HttpRequest, public_id: str) -> HttpResponse:
    return _board(request, _game(public_id))


def _live_etag(request: HttpRequest, public_id: str) -> str | None:
    return selectors.game_version(public_id=public_id)


@require_GET
@gzip_page
@vary_on_headers("HX-Request")
def game_table(request: HttpRequest, public_id: str) -> HttpResponse:
    """The table view: big scores for a phone in the middle of the table or a club screen,
    which follows the game by itself: its stream (game_events) says when the game changed,
    and htmx asks for its #table-board every few seconds while there is no stream."""
    game = _game(public_id)
    version = selectors.version_of(game)
    context = {
        "game": game,
        # Read only when the table's board is not kept already (templatetags.parts).
        "board": SimpleLazyObject(lambda: selectors.game_board(game)),
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
    return render(request, "games/game.html#game-board", _board_context(request, _game(public_id)))


@require_GET
async def game_events(request: HttpRequest, public_id: str) -> HttpResponse:
    """The stream an open scoreboard follows (smear_scores.live): the game's version at
    once and at every write, as server-sent events. A scorer's board, told a version it
    does not show, asks game_live as it would when polling; every other phone is sent the
    board itself (the same for all of them: watcher_board)."""
    refused = live.refusal(request)
    if refused is not None:
        return refused
    game = await sync_to_async(_game)(public_id, removed=True)
    scorer = await sync_to_async(can_score)(request, game)
    draw = None if scorer else ("board", lambda: watcher_board(public_id))
    return live.response(request, [("game", game.pk)], selectors.version_of(game), draw=draw)


@require_GET
async def game_table_events(request: HttpRequest, public_id: str) -> HttpResponse:
    """The table view's stream: its #table-board at every write (the same for every phone)."""
    refused = live.refusal(request)
    if refused is not None:
        return refused
    found = await sync_to_async(selectors.game_key)(public_id=public_id)
    if found is None:
        raise Http404("No such game: check the link.")
    pk, version = found
    return live.response(
        request, [("game", pk)], version, draw=("table", lambda: table_board(public_id))
    )


class _Address:
    """What a board drawn for no one request needs of one: the board's own path."""

    def __init__(self, path: str):
        self.path = path


def watcher_board(public_id: str) -> str | None:
    """#game-board as every phone that does not score the game sees it, with its link boxes
    kept as each phone has them (hx-preserve): what the watchers' streams carry. None for
    a removed game, whose phones then ask (and are shown its page). Its parts are the
    watchers' kept parts (board_parts): drawn once per version for the streams of every
    process and the watchers' pages alike, where the cache is shared."""
    try:
        game = selectors.game_get(public_id=public_id)
    except (selectors.GameRemoved, Game.DoesNotExist):
        return None
    version = selectors.version_of(game)
    context = {
        # Read only when the parts are not kept already.
        "board": SimpleLazyObject(lambda: selectors.game_board(game)),
        "parts": board_parts(game, version, "watcher"),
        "game": game,
        "version": version,
        "scorer": False,
        "form": None,
        "keep_links": True,
        "hands_over": False,
        "request": _Address(reverse("game", args=[public_id])),
    }
    return render_to_string("games/game.html#game-board", context)


def table_board(public_id: str) -> str | None:
    """The table view's #table-board, the same for every phone."""
    try:
        game = selectors.game_get(public_id=public_id)
    except (selectors.GameRemoved, Game.DoesNotExist):
        return None
    context = {
        "game": game,
        "board": selectors.game_board(game),
        "version": selectors.version_of(game),
    }
    return render_to_string("games/table.html#table-board", context)


@require_POST
@gzip_page
@vary_on_headers("HX-Request")
@_scorer_only
def hand_record(request: HttpRequest, game: Game) -> HttpResponse:
    """Record the next hand (fields: see the module docstring).

    The scoring screen's script sends each hand with an ``Idempotency-Key`` header, kept
    with the hand when it waits on the phone for the connection: a resend of a hand that
    did reach the server records nothing more and answers the board as it stands."""
    form = _hand_form(game, data=request.POST)
    if not form.is_valid():
        return _board(request, game, form=form, status=422)
    key = request.headers.get("Idempotency-Key")
    if key is not None and not 0 < len(key) <= MAX_KEY:
        return _board(
            request,
            game,
            form=form,
            status=422,
            problem=f"This hand's Idempotency-Key is {len(key)} characters long: send 1 to "
            f"{MAX_KEY}, or none.",
        )
    number = form.cleaned_data["number"]
    if not form.cleaned_data.get("thrown_in"):
        _remember_totals(request, game, form)

    def write() -> Answer:
        saved, result = services.hand_record(
            game=game, entry=form.cleaned_data["entry"], number=number
        )
        written["game"] = saved
        text = (
            ""
            if result is None
            else f"Hand {result.number}: {selectors.result_text(saved, result)}"
        )
        return Answer(200, {"notice": text})

    written: dict[str, Game] = {}
    body = sorted((k, v) for k, v in request.POST.items() if k != "csrfmiddlewaretoken")
    # A stale screen, a finished game or a key sent before with another hand (Conflict):
    # nothing recorded, and _refused_board shows the current board with why.
    answer = form.attempt(
        lambda: idempotent_write(
            scope=f"web:{game.public_id}:hands",
            key=key,
            fingerprint=request_fingerprint(method="POST", path=request.path, body=body),
            write=write,
        )
    )
    if answer is None:
        return _board(request, game, form=form, status=422)
    # The game as the write left it (services carry the names already read over).
    game = written.get("game") or _game(game.public_id)
    notice = answer.body["notice"]
    if answer.replayed or not notice:
        notice = f"Hand {number} was already recorded; nothing was added."
    # Sent from the board, whose link boxes stay as they are.
    return _to_board(request, game, notice=notice, keep_links=True)


def _preview_gone(request: HttpRequest, refusal: Refusal, **_: Any) -> HttpResponse | None:
    """Removed (on another phone) while a hand was being tapped in: a line that fits the
    entry bar, not the removed page's whole section inside it; Record, which can record
    nothing now, gives the line its room."""
    if not isinstance(refusal, selectors.GameRemoved):
        return None
    when = selectors.removed_text(refusal.game).removesuffix(".")
    context = {"preview_problem": f"{when}; reload the page to restore it.", "gone": True}
    return render(request, "games/_preview.html", context, status=410)


@refusals_shown_by(_preview_gone)
@require_POST
def hand_preview(request: HttpRequest, public_id: str) -> HttpResponse:
    """The 'will score' line for the hand being tapped in, from the rules engine; or what
    is still missing. Always a fragment (only htmx asks for it)."""
    game = _game(public_id)
    form = _hand_form(game, data=request.POST)
    # On the edit screen (a hand already played) the check replays the later hands too.
    number = _hand_number(form.data.get("number"))
    if number is not None and number <= game.hands_played and not can_score(request, game):
        # That check replays every later hand: a scorer's work, never a visitor's.
        problem = "Only a phone that scores this game can check a change to a played hand."
        context = {"preview": "", "preview_problem": problem, "form": _count_line(game, form)}
        return render(request, "games/_preview_answer.html", context, status=403)
    if (number is None or number > game.hands_played) and can_score(request, game):
        # The switch for typed totals, as this phone left it for this game.
        _remember_totals(request, game, form)
    context = {**_preview_line(game, number, form), "form": _count_line(game, form)}
    # The entry bar's line, and the Game row's words for the counts (out of band).
    return render(request, "games/_preview_answer.html", context)


def _hand_number(value: Any) -> int | None:
    """A hand number as the form posts it (ASCII digits), or None for anything else: "²"
    is a digit to str.isdigit but not to int(), and 5,000 digits are no hand of a game."""
    value = str(value or "")
    if value.isascii() and value.isdigit() and len(value) <= MAX_NUMBER_DIGITS:
        return int(value)
    return None


def _preview_line(game: Game, number: int | None, form: HandForm) -> dict[str, str]:
    """What the hand would score (services.hand_check), or what is wrong or missing."""
    text, problem = "", ""
    if form.is_valid():
        try:
            check = services.hand_check(game=game, number=number, entry=form.cleaned_data["entry"])
        except Conflict as conflict:
            problem = conflict.message
        else:
            text, problem = check.text, check.problem
    else:
        missing = form.missing()
        problem = "Still to tap: " + ", ".join(missing) + "." if missing else ""
    return {"preview": text, "preview_problem": problem}


# -- undo and edit ---------------------------------------------------------------------------
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
@_scorer_only
def hand_undo(request: HttpRequest, game: Game) -> HttpResponse:
    """GET asks to confirm; POST takes back the last hand (D8: may reopen the game)."""
    if request.method == "POST":
        number = request.POST.get("number")
        if number != str(game.hands_played):
            return _board(
                request,
                game,
                status=409,
                problem="The last hand changed on another device before this undo: "
                "nothing was undone. Check the scoreboard and undo again if needed.",
            )
        was_finished = game.finished
        game = services.hand_undo(game=game, version=request.POST.get("version"))
        reopened = " The game is open again." if was_finished and not game.finished else ""
        return _to_board(request, game, notice=f"Hand {number} was undone.{reopened}")
    if not game.hands_played:
        return _board(request, game, status=409, problem="There is no hand to undo yet.")
    hand = selectors.hand_get(game, game.hands_played)
    context = {
        "game": game,
        "hand": hand,
        "hand_text": selectors.hand_text(game, hand),
        "version": services.hand_version(hand),
    }
    return page_or_fragment(request, "games/undo.html", "game-board", context)


def _edit_context(
    game: Game, hand: Hand, form: HandForm, version: str, **extra: Any
) -> dict[str, Any]:
    _count_line(game, form)
    return {
        "game": game,
        "hand": hand,
        "form": form,
        # The hand this screen was opened on, carried through every step of the edit.
        "version": version,
        "hand_text": selectors.hand_text(game, hand),
        "later": game.hands_played - hand.number,
        **extra,
    }


def _edit_page(
    request: HttpRequest,
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
    return _show_first_error(request, response)


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
@_scorer_only
def hand_edit(request: HttpRequest, game: Game, number: int) -> HttpResponse:
    """GET shows the hand as entered (``_edit_show``); a POST shows the change to confirm
    (``_edit_confirm``); a POST with ``confirm=yes`` stores it and replays every later
    hand (``_edit_store``). ``back`` returns from the confirmation to the form as filled."""
    hand = selectors.hand_find(game, number)
    if hand is None:
        # Likely undone on another phone: show the board as it is now, with why.
        return _board(
            request,
            game,
            status=404,
            problem=f"This game has no hand {number} (any more): it may have been undone on "
            f"another phone. Here is the scoreboard as it stands.",
        )
    if request.method == "GET":
        return _edit_show(request, game, hand)
    # The hand this screen was opened on, carried through every step of the edit.
    version = request.POST.get("version") or services.hand_version(hand)
    form = _hand_form(game, data=request.POST)
    if request.POST.get("back"):
        return _edit_page(request, game, hand, form, version)
    if not form.is_valid():
        return _edit_page(request, game, hand, form, version, status=422)
    if request.POST.get("confirm") != "yes":
        return _edit_confirm(request, game, hand, form, version)
    return _edit_store(request, game, hand, form, version)


def _edit_show(request: HttpRequest, game: Game, hand: Hand) -> HttpResponse:
    """The hand as entered, with its 'will score' line from the totals before it."""
    initial = hand_initial(selectors.game_variant(game), hand)
    form = _hand_form(game, initial=initial)
    as_posted = _hand_form(game, data={k: str(v) for k, v in initial.items()})
    line = _preview_line(game, hand.number, as_posted)
    return _edit_page(request, game, hand, form, services.hand_version(hand), **line)


def _edit_confirm(
    request: HttpRequest, game: Game, hand: Hand, form: HandForm, version: str
) -> HttpResponse:
    """The change as it would be stored: the later hands replayed, so a change that would
    break one (D8) is refused here, before "Yes"."""
    check = services.hand_check(game=game, number=hand.number, entry=form.cleaned_data["entry"])
    if not check.ok:
        form.add_refusal(HandRefused(check.errors))
        # The line beside the button says why too, not "tap the bidder…".
        return _edit_page(
            request, game, hand, form, version, status=422, preview_problem=check.problem
        )
    hidden = [(k, v) for k, v in request.POST.items() if k not in ("csrfmiddlewaretoken", "back")]
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
    request: HttpRequest, game: Game, hand: Hand, form: HandForm, version: str
) -> HttpResponse:
    """Store the change and replay the later hands. A change that no longer fits (D8) is
    shown beside its fields; a hand changed on another phone meanwhile (Conflict) is
    answered with the board as it is now (_refused_board)."""
    entry = form.cleaned_data["entry"]
    edited = form.attempt(
        lambda: services.hand_edit(game=game, number=hand.number, entry=entry, version=version)
    )
    if edited is None:
        return _edit_page(request, game, hand, form, version, status=422)
    return _to_board(request, edited, notice=f"Hand {hand.number} was changed.")


# -- history -----------------------------------------------------------------------------------
@require_GET
@vary_on_headers("HX-Request")
def game_history(request: HttpRequest, public_id: str) -> HttpResponse:
    game = _game(public_id)
    rows = selectors.game_history(game)
    context = {
        "game": game,
        "variant": game.rules_variant,
        "teams": selectors.game_teams(game),
        "rows": rows,
        "chart": selectors.history_chart(game.rules_variant, rows),
        "scorer": can_score(request, game),
    }
    return page_or_fragment(request, "games/history.html", "history", context)


@require_GET
def game_history_csv(request: HttpRequest, public_id: str) -> HttpResponse:
    """The history table as CSV: one row per hand, points and running totals per team."""
    game = _game(public_id)
    rows = selectors.game_history(game)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="smear-{game.public_id}.csv"'
    writer = SafeWriter(response)
    labels = list(selectors.team_names(game))
    # D13: the card points each team counted; empty where the table did not count.
    counted = labels if game.rules_variant.counts_game else []
    writer.writerow(
        ["hand", "dealer", "bidder", "bid", "result"]
        + [f"{label} points" for label in labels]
        + [f"{label} total" for label in labels]
        + ["edited"]
        + [f"{label} card points" for label in counted]
    )
    for row in rows:
        writer.writerow(
            [row.number, row.dealer, row.bidder or "", row.bid or "", row.result]
            + row.points
            + row.totals
            + ["yes" if row.edited else "no"]
            + (row.card_points if row.card_points is not None else [""] * len(counted))
        )
    return response


# -- hand over scoring, take it back, rematch --------------------------------------------------
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def game_handover(request: HttpRequest, public_id: str) -> HttpResponse:
    """The scoring link's page: after a confirmation, this phone may score the game too.

    The link is ``/g/<id>/score/#<secret>``; the secret never reaches the server in the
    address. The page's script copies it from the fragment into the form, which posts it
    as ``code``; without script, the code shown on the scorer's phone is typed in."""
    game = _game(public_id)
    context = {
        "game": game,
        "teams": selectors.game_teams(game),
        "already": can_score(request, game),
    }
    status = 200
    if request.method == "POST":
        if game.league_id is None and code_matches(game, request.POST.get("code")):
            grant_scoring(request, game)
            return _to_board(request, game, notice="This phone can now score this game.")
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
@vary_on_headers("HX-Request")
@_scorer_only
def game_scoring_rotate(request: HttpRequest, game: Game) -> HttpResponse:
    """Stop other phones scoring: a new scoring link and code; every older one, and every
    phone let in with it, is refused from now on. This phone keeps scoring."""
    if game.league_id is not None:
        return _refuse_watcher(request, game)
    game = services.game_scoring_rotate(game=game)
    grant_scoring(request, game)
    return _to_board(
        request,
        game,
        notice="Other phones can no longer score this game. To let one score again, give it "
        "the new scoring link or code.",
        links_open=True,
    )


@require_POST
@vary_on_headers("HX-Request")
@_scorer_only
def game_rematch(request: HttpRequest, game: Game) -> HttpResponse:
    """A new game with the same seats. ``dealer=next`` goes on with the rotation; anything
    else draws the first dealer at random (D12)."""
    if not game.finished:
        return _board(
            request,
            game,
            status=409,
            problem="This game is not over yet: finish it before starting a rematch.",
        )
    keep_rotation = request.POST.get("dealer") == "next"
    # A league's rematch can be refused, e.g. when the league's season has ended: 422, on
    # the board (_refused_board).
    new = services.game_rematch(game=game, keep_rotation=keep_rotation)
    grant_scoring(request, new)
    how = "the deal goes on round the table" if keep_rotation else "drawn at random"
    dealer = selectors.seat_names(new)[new.first_dealer]
    return _to_board(request, new, notice=f"Rematch: same seats; {dealer} deals first ({how}).")


# -- remove a casual game, restore it ----------------------------------------------------------
def removed_page(request: HttpRequest, game: Game) -> HttpResponse:
    """What every page of a removed game answers (410 Gone): when it was removed, and for
    its scorer a button to restore it."""
    context = {
        "game": game,
        "teams": selectors.game_teams(game),
        "removed": selectors.removed_text(game),
        "scorer": can_score(request, game),
    }
    return page_or_fragment(request, "games/removed.html", "game-board", context, status=410)


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
@_scorer_only
def game_remove(request: HttpRequest, game: Game) -> HttpResponse:
    """GET asks to confirm; POST takes a casual game off the home list and its pages,
    keeping every record of it (restore on its page)."""
    if not selectors.is_casual(game):
        return _board(
            request,
            game,
            status=403,
            problem="League and club night games are the club's record and cannot be removed "
            "here. Ask a club admin.",
        )
    if request.method == "POST":
        game = services.game_remove(game=game)
        # Its page says so, with the button to restore it after a mis-tap.
        messages.success(request, "The game was removed from this phone's list.")
        return redirect("game", game.public_id)
    context = {"game": game, "teams": selectors.game_teams(game)}
    return page_or_fragment(request, "games/remove.html", "game-board", context)


@require_POST
@vary_on_headers("HX-Request")
def game_restore(request: HttpRequest, public_id: str) -> HttpResponse:
    """Bring a removed game back, as it was, on its scorer's phone."""
    game = _game(public_id, removed=True)
    if not can_score(request, game):
        if game.removed_at is not None:
            return removed_page(request, game)
        return _refuse_watcher(request, game)
    game = services.game_restore(game=game)
    return _to_board(request, game, notice="The game is back, as it was.")
