"""A club night on the players' phones: check in by the night's code (its QR), a guide card
per phone that follows the night, and the director's dashboard, announcement, undo of a
check-in, a stuck table closed, and the night on paper."""

from __future__ import annotations

import copy
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from smear_scores import pace, phone
from smear_scores.forms.night_phones import AnnounceForm, JoinForm, KeepForm
from smear_scores.forms.nights import PickForm, TableCloseForm
from smear_scores.forms.posted import InputRefused
from smear_scores.live import stream
from smear_scores.models import Night
from smear_scores.permissions import agreeing_voice, can_score
from smear_scores.rules import Refusal
from smear_scores.selectors import agreements as agreement_selectors
from smear_scores.selectors import night_phones, night_stamps
from smear_scores.selectors import nights as night_selectors
from smear_scores.services import night_claims
from smear_scores.services import night_phones as phone_services
from smear_scores.services import nights as night_services
from smear_scores.views.answers import HtmxRequest, page_or_fragment, refusals_shown_by
from smear_scores.views.board import keep_no_copy
from smear_scores.views.guards import director_only, director_write, night_of
from smear_scores.views.night_parts import (
    PLAYER_ID,
    POLL_SECONDS,
    add_scan_links,
    dashboard_context,
    director_refused,
    night_rules,
    one_picked,
    room_now,
    room_read,
    roster_players,
)
from smear_scores.wording import nights as words


def join_url(request: HttpRequest, night: Night) -> str:
    """The check-in link the night's QR code holds, as this request reached the server."""
    return request.build_absolute_uri(reverse("night_join", args=[night.join_code]))


# -- check in --------------------------------------------------------------------------------
def _too_many(request: HttpRequest) -> HttpResponse:
    wait = pace.seconds_left()
    problem = (
        "This address has typed too many check-in codes that open no night: wait "
        f"{wait} seconds, then scan the room's code again or ask the director."
    )
    response = render(request, "nights/join_code.html", {"problem": problem}, status=429)
    response["Retry-After"] = str(wait)
    return response


def _night_by_code(request: HttpRequest, code: str) -> Night | None | HttpResponse:
    """The night ``code`` opens; None (a miss, counted for this address); or the 429 once
    the address missed CHECK_IN_MISSES_PER_MINUTE times this minute."""
    if pace.spent(request, "check-in", settings.CHECK_IN_MISSES_PER_MINUTE):
        return _too_many(request)
    night = night_phones.night_by_code(code)
    if night is None:
        pace.missed(request, "check-in")
    return night


@require_GET
def night_join_code(request: HttpRequest) -> HttpResponse:
    """Type the night's code (for a phone that cannot scan the QR)."""
    code = request.GET.get("code", "")
    if code:
        night = _night_by_code(request, code)
        if isinstance(night, HttpResponse):
            return night
        if night is not None:
            return redirect("night_join", code=night.join_code)
        problem = (
            f"No night has the code {code.strip()[:12]!r}: check it on the room screen and "
            "type it again."
        )
        return render(request, "nights/join_code.html", {"problem": problem}, status=404)
    return render(request, "nights/join_code.html", {})


def _join_night(code: str) -> Night:
    night = night_phones.night_by_code(code)
    if night is None:
        raise Http404("No night has this check-in code: scan the QR code on the room screen again.")
    return night


def _join_page(
    request: HttpRequest, night: Night, *, status: int = 200, **extra: Any
) -> HttpResponse:
    context = {
        "night": night,
        "roster": night_phones.join_roster(night),
        "mine": phone.night_player(request, night.pk),
        "problems": [],
        **extra,
    }
    return render(request, "nights/join.html", context, status=status)


def _join_refused(
    request: HttpRequest, refusal: Refusal, code: str, **_: Any
) -> HttpResponse | None:
    """The check-in page again, with what was refused and why; a name checked in on
    another phone asks whether this is them."""
    if not isinstance(refusal, night_services.NightRefused | InputRefused):
        return None
    night = _join_night(code)
    if isinstance(refusal, phone_services.OnAnotherPhone):
        return _join_page(
            request, night, status=409, confirm=refusal.player, question=refusal.message
        )
    return _join_page(
        request,
        night,
        status=422,
        problems=[refusal.message],
        walk_in=JoinForm(request.POST).as_typed("walk_in"),
    )


@refusals_shown_by(_join_refused)
@require_http_methods(["GET", "POST"])
def night_join(request: HttpRequest, code: str) -> HttpResponse:
    """A player checks in on their own phone: picks their name (or types it, where the
    night takes walk-ins); the phone then shows their guide card."""
    found = _night_by_code(request, code)
    if isinstance(found, HttpResponse):
        return found
    night = _join_night(code) if found is None else found
    if request.method == "GET":
        return _join_page(request, night)
    posted = JoinForm(request.POST).checked()
    value, walk_in = posted["player"], posted["walk_in"]
    player = None
    if value:
        named = (
            night_selectors.night_club_players(night, [int(value)])
            if PLAYER_ID.fullmatch(value)
            else []
        )
        if not named:
            raise night_services.NightRefused(
                words.JOIN_NOT_ON_ROSTER.format(club=night.club.name), field="player"
            )
        player = named[0]
    elif not walk_in:
        typed = words.JOIN_OR_TYPE if night.walk_ins else ""
        raise night_services.NightRefused(words.JOIN_NOBODY.format(typed=typed), field="player")
    device = phone.phone_id(request)
    entrant = phone_services.night_join(
        night=night,
        phone=device,
        player=player,
        walk_in=walk_in,
        confirm=posted["confirm"],
    )
    response = redirect("night_guide", night_id=night.pk)
    phone.remember_night(request, response, night.pk, entrant.player_id, device)
    return response


# -- the guide card --------------------------------------------------------------------------
AGREEMENT_FIELDS = ["agreed_through", "agreed_at", "disputed", "hands_epoch", "scored_by"]


def agree_strip(request: HttpRequest, card: night_phones.GuideCard | None) -> dict[str, Any] | None:
    """Two keys on the card: the last hand of the player's table that their team has not
    agreed to yet (agreeing to it agrees to every hand before it), when this phone speaks
    for that team (permissions.agreeing_voice: still the player's phone); else None."""
    if card is None or card.table is None or card.state == "gone":
        return None
    # The night's read is kept while its version stands, and an agreement to a hand of a
    # game still being played moves no version: the agreements as they stand now.
    game = copy.copy(card.table.game)
    game.refresh_from_db(fields=AGREEMENT_FIELDS)
    voice = agreeing_voice(request, game)
    if voice is None:
        return None
    board = agreement_selectors.agreement_board(game, voice.team)
    waiting = [h for h in board.hands if not h.agreed and not h.disputes]
    if not waiting:
        return None
    return {"game": game, "hand": waiting[-1], "count": len(waiting), "voice": voice}


def holding(request: HttpRequest, entrant: Any) -> str:
    """Whether this phone holds its player's check-in: "held"; "claimed" (held, and another
    phone asks for it: no "Score table" while asked); "asking" (this phone asked for a
    name another phone holds); "elsewhere" (the name was moved to another phone)."""
    if entrant is None:
        return ""
    mine = phone.kept_phone(request)
    if entrant.phone in ("", mine):
        return "claimed" if entrant.claim_phone else "held"
    return "asking" if entrant.claim_phone == mine else "elsewhere"


@require_GET
@vary_on_headers("HX-Request")
def night_guide(request: HtmxRequest, night_id: int) -> HttpResponse:
    """This phone's guide card: where its player plays this round, with whom, and how the
    night stands. htmx (or the stream's version) asks again with the version it shows;
    nothing changed is an empty 204."""
    version = night_stamps.night_version(night_id)
    if not version:
        raise Http404("No such night: check the link.")
    if request.htmx and request.GET.get("v") == version:
        return HttpResponse(status=204)
    player_id = phone.night_player(request, night_id)
    now = night_phones.night_now(night_of(night_id), version)
    night = now.night
    card = (
        night_phones.guide_card(night, player_id, now.rounds, now.standings, now.entrants)
        if player_id is not None
        else None
    )
    hold = holding(request, now.entrants.get(player_id) if player_id is not None else None)
    if card is not None and hold != "held":
        card.scorer = False
    strip = agree_strip(request, card) if hold == "held" else None
    # What the card shows beyond the night's read: whether this phone holds its name, and
    # the hand its team is asked to agree to.
    shown = (hold, (strip["hand"].number, strip["hand"].version, strip["count"]) if strip else None)
    key = night_phones.card_key(night, card, shown)
    if request.htmx and request.GET.get("c") == key:
        # A hand at another table: the night moved on, this card did not. Nothing drawn;
        # the phone takes the new version (live.js) and keeps its card.
        return HttpResponse(status=204, headers={"X-Version": version})
    context = {
        "night": night,
        "card": card,
        "card_key": key,
        "hold": hold,
        "version": version,
        "poll": POLL_SECONDS,
        "updated": timezone.localtime(),
        "night_rules": night_rules(night),
        "strip": strip,
    }
    return page_or_fragment(request, "nights/guide.html", "guide", context)


@require_POST
def night_guide_score(request: HttpRequest, night_id: int) -> HttpResponse:
    """The card's "Score table n": the phone of the player who keeps the table's score
    may score its game from now on (as the table's scoring link would let it)."""
    night = night_of(night_id)
    player_id = phone.night_player(request, night.pk)
    card = night_phones.guide_card(night, player_id) if player_id is not None else None
    entrant = (
        night_phones.night_entrant(night, player_id)
        if card is not None and player_id is not None
        else None
    )
    if card is None or holding(request, entrant) != "held":
        card = None
    if card is None or card.table is None or not card.scorer or card.state != "seated":
        raise Http404(
            "This phone keeps no table's score this round: open your card again and see "
            "who keeps the score at your table."
        )
    game = card.table.game
    if night.league_id is None and not can_score(request, game):
        phone.grant_scoring(request, game)
    return redirect("game", public_id=game.public_id)


@require_POST
def night_guide_release(request: HttpRequest, night_id: int) -> HttpResponse:
    """The card's "Yes, move me": this phone gives its player's name to the phone asking."""
    night = night_of(night_id)
    player_id = phone.night_player(request, night.pk)
    entrant = night_phones.night_entrant(night, player_id) if player_id is not None else None
    if entrant is None:
        raise Http404("This phone is not checked in to this night.")
    try:
        night_claims.night_claim_release(
            night=night, player=entrant.player, phone=phone.kept_phone(request)
        )
    except night_services.NightRefused as refused:
        context = {"message": refused.message, "heading": "Not moved"}
        return render(request, "nights/forbidden.html", context, status=409)
    return redirect("night_guide", night_id=night.pk)


@require_GET
async def night_events(request: HttpRequest, night_id: int) -> HttpResponseBase:
    """The stream a guide card and the director's dashboard follow: the night's version at
    each change (a hand at one of its tables, a check-in, a draw, an announcement); each
    screen then asks for its own fragment."""
    refused = stream.refusal(request)
    if refused is not None:
        return refused
    version, games = await sync_to_async(room_read)(night_id)
    if not version:
        raise Http404("No such night: check the link.")
    keys = [("night", night_id), *(("game", pk) for pk in games)]
    return await stream.response(request, keys, version, recheck=room_now)


# -- the director ----------------------------------------------------------------------------
@require_GET
@vary_on_headers("HX-Request")
def night_dashboard(request: HtmxRequest, night_id: int) -> HttpResponse:
    """The director's dashboard (the top of the director's screen) on its own: every
    table of the round, who is checked in. Asked again with the version it shows."""
    night = night_of(night_id)
    refused = director_only(request, night.club)
    if refused:
        return refused
    version = night_stamps.night_version(night_id)
    if request.htmx and request.GET.get("v") == version:
        return HttpResponse(status=204)
    context = dashboard_context(night)
    return keep_no_copy(page_or_fragment(request, "nights/dashboard.html", "dashboard", context))


@refusals_shown_by(director_refused)
@require_POST
def night_announce(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_of(night_id)
    return director_write(
        request,
        night,
        lambda: phone_services.night_announce(
            night=night, text=AnnounceForm(request.POST).checked()["announcement"]
        ),
    )


@refusals_shown_by(director_refused)
@require_POST
def night_check_in_undo(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_of(night_id)

    def act() -> None:
        player = one_picked(request, night, words.UNDO_NOBODY)
        phone_services.night_check_in_undo(night=night, player=player)

    return director_write(request, night, act)


@refusals_shown_by(director_refused)
@require_POST
def night_check_in_move(request: HttpRequest, night_id: int) -> HttpResponse:
    """The director's answer to a phone asking for a name checked in on another phone:
    ``move`` it to the asking phone, or ``refuse``."""
    night = night_of(night_id)

    def act() -> None:
        form = PickForm(request.POST, nobody=words.MOVE_NOBODY)
        players = roster_players(night, form.picked())
        if form.cleaned_data["answer"] == "move":
            night_claims.night_claim_move(night=night, player=players[0])
        else:
            night_claims.night_claim_refuse(night=night, player=players[0])

    return director_write(request, night, act)


@refusals_shown_by(director_refused)
@require_POST
def night_walk_in_keep(request: HttpRequest, night_id: int) -> HttpResponse:
    """The director keeps a walk-in of the night on the club's roster."""
    night = night_of(night_id)

    def act() -> None:
        picked = KeepForm(request.POST).checked()["player"]
        entrant = next(
            (e for e in night_selectors.night_roster(night)[0] if str(e.player_id) == picked),
            None,
        )
        if entrant is None:
            raise night_services.NightRefused(words.KEEP_NOBODY)
        phone_services.walk_in_keep(night=night, player=entrant.player)

    return director_write(request, night, act)


@refusals_shown_by(director_refused)
@require_POST
def night_close_table(request: HttpRequest, night_id: int, table_id: int) -> HttpResponse:
    night = night_of(night_id)
    table = night_selectors.night_table(night, table_id)
    if table is None:
        raise Http404("No such table at this night.")
    form = TableCloseForm(request.POST, number=table.number)

    def act() -> None:
        if not form.is_valid():
            raise night_services.NightRefused(str(form.errors["confirm"][0]), field="table")
        phone_services.table_close(table=table)

    return director_write(request, night, act)


@require_GET
def night_print(request: HttpRequest, night_id: int) -> HttpResponse:
    """The night on A4: the check-in sheet, the round's table cards and every player's
    guide card, for a club whose players do not all carry phones."""
    night = night_of(night_id)
    refused = director_only(request, night.club)
    if refused:
        return refused
    rounds = night_selectors.night_rounds(night)
    current = rounds[-1] if rounds else None
    standings = night_selectors.night_standings(night, rounds)
    entrants, _ = night_selectors.night_roster(night)
    cards = [
        card
        for e in entrants
        if e.present
        and (card := night_phones.guide_card(night, e.player_id, rounds, standings)) is not None
    ]
    add_scan_links(request, night, current)
    context = {
        "night": night,
        "format": night_selectors.round_format(night),
        "current": current,
        "cards": cards,
        "join_url": join_url(request, night),
        "night_rules": night_rules(night),
    }
    return keep_no_copy(render(request, "nights/print.html", context))
