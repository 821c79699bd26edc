"""A club night on the players' phones: check in by the night's code (its QR), a guide card
per phone that follows the night, and the director's dashboard, announcement, undo of a
check-in, a stuck table closed, and the night on paper."""

from __future__ import annotations

from typing import Any

from asgiref.sync import sync_to_async
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from smear_scores import phone
from smear_scores.forms.nights import TableCloseForm
from smear_scores.live import stream
from smear_scores.models import Night
from smear_scores.permissions import can_score
from smear_scores.rules import Refusal
from smear_scores.selectors import night_phones
from smear_scores.selectors import nights as night_selectors
from smear_scores.services import nights as night_services
from smear_scores.views.answers import page_or_fragment, refusals_shown_by
from smear_scores.views.board import keep_no_copy, scoring_link
from smear_scores.views.nights import (
    PLAYER_ID,
    POLL_SECONDS,
    dashboard_context,
    director_only,
    director_refused,
    night_of,
    night_rules,
    room_now,
    room_read,
    roster_players,
)


def join_url(request: HttpRequest, night: Night) -> str:
    """The check-in link the night's QR code holds, as this request reached the server."""
    return request.build_absolute_uri(reverse("night_join", args=[night.join_code]))


# -- check in --------------------------------------------------------------------------------
@require_GET
def night_join_code(request: HttpRequest) -> HttpResponse:
    """Type the night's code (for a phone that cannot scan the QR)."""
    code = request.GET.get("code", "")
    if code:
        night = night_phones.night_by_code(code)
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
    if not isinstance(refusal, night_services.NightRefused):
        return None
    night = _join_night(code)
    if isinstance(refusal, night_services.OnAnotherPhone):
        return _join_page(
            request, night, status=409, confirm=refusal.player, question=refusal.message
        )
    return _join_page(
        request,
        night,
        status=422,
        problems=[refusal.message],
        walk_in=request.POST.get("walk_in", ""),
    )


@refusals_shown_by(_join_refused)
@require_http_methods(["GET", "POST"])
def night_join(request: HttpRequest, code: str) -> HttpResponse:
    """A player checks in on their own phone: picks their name (or types it, where the
    night takes walk-ins); the phone then shows their guide card."""
    night = _join_night(code)
    if request.method == "GET":
        return _join_page(request, night)
    value = request.POST.get("player", "")
    walk_in = request.POST.get("walk_in", "").strip()
    player = None
    if value:
        found = (
            night_selectors.night_club_players(night, [int(value)])
            if PLAYER_ID.fullmatch(value)
            else []
        )
        if not found:
            raise night_services.NightRefused(
                f"That name is not on {night.club.name}'s roster: reload the page and pick "
                "your name again.",
                field="player",
            )
        player = found[0]
    elif not walk_in:
        raise night_services.NightRefused(
            "Pick your name" + (", or type it," if night.walk_ins else "") + " to check in.",
            field="player",
        )
    device = phone.phone_id(request)
    entrant = night_services.night_join(
        night=night,
        phone=device,
        player=player,
        walk_in=walk_in,
        confirm=request.POST.get("confirm") == "yes",
    )
    response = redirect("night_guide", night_id=night.pk)
    phone.remember_night(request, response, night.pk, entrant.player_id, device)
    return response


# -- the guide card --------------------------------------------------------------------------
@require_GET
@vary_on_headers("HX-Request")
def night_guide(request: HttpRequest, night_id: int) -> HttpResponse:
    """This phone's guide card: where its player plays this round, with whom, and how the
    night stands. htmx (or the stream's version) asks again with the version it shows;
    nothing changed is an empty 204."""
    version = night_selectors.night_version(night_id)
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
    key = night_phones.card_key(night, card)
    if request.htmx and request.GET.get("c") == key:
        # A hand at another table: the night moved on, this card did not. Nothing drawn;
        # the phone takes the new version (live.js) and keeps its card.
        return HttpResponse(status=204, headers={"X-Version": version})
    context = {
        "night": night,
        "card": card,
        "card_key": key,
        "version": version,
        "poll": POLL_SECONDS,
        "updated": timezone.localtime(),
        "night_rules": night_rules(night),
    }
    return page_or_fragment(request, "nights/guide.html", "guide", context)


@require_POST
def night_guide_score(request: HttpRequest, night_id: int) -> HttpResponse:
    """The card's "Score table n": the phone of the player who keeps the table's score
    may score its game from now on (as the table's scoring link would let it)."""
    night = night_of(night_id)
    player_id = phone.night_player(request, night.pk)
    card = night_phones.guide_card(night, player_id) if player_id is not None else None
    if card is None or card.table is None or not card.scorer or card.state != "seated":
        raise Http404(
            "This phone keeps no table's score this round: open your card again and see "
            "who keeps the score at your table."
        )
    game = card.table.game
    if night.league_id is None and not can_score(request, game):
        phone.grant_scoring(request, game)
    return redirect("game", public_id=game.public_id)


@require_GET
async def night_events(request: HttpRequest, night_id: int) -> HttpResponse:
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
def tournament_dashboard(request: HttpRequest, night_id: int) -> HttpResponse:
    """The director's dashboard (the top of the director's screen) on its own: every
    table of the round, who is checked in. Asked again with the version it shows."""
    night = night_of(night_id)
    refused = director_only(request, night.club)
    if refused:
        return refused
    version = night_selectors.night_version(night_id)
    if request.htmx and request.GET.get("v") == version:
        return HttpResponse(status=204)
    context = dashboard_context(night)
    return keep_no_copy(page_or_fragment(request, "nights/dashboard.html", "dashboard", context))


def _back(request: HttpRequest, night: Night, action: Any) -> HttpResponse:
    refused = director_only(request, night.club)
    if refused:
        return refused
    action()
    return redirect("tournament", night_id=night.pk)


@refusals_shown_by(director_refused)
@require_POST
def tournament_announce(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_of(night_id)
    text = request.POST.get("announcement", "")
    return _back(request, night, lambda: night_services.night_announce(night=night, text=text))


@refusals_shown_by(director_refused)
@require_POST
def tournament_check_in_undo(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_of(night_id)

    def act() -> None:
        players = roster_players(night, request.POST.getlist("player")[:1])
        if not players:
            raise night_services.NightRefused("Pick the check-in to undo, then undo it.")
        night_services.night_check_in_undo(night=night, player=players[0])

    return _back(request, night, act)


@refusals_shown_by(director_refused)
@require_POST
def tournament_close_table(request: HttpRequest, night_id: int, table_id: int) -> HttpResponse:
    night = night_of(night_id)
    table = night_selectors.night_table(night, table_id)
    if table is None:
        raise Http404("No such table at this night.")
    form = TableCloseForm(request.POST, number=table.number)

    def act() -> None:
        if not form.is_valid():
            raise night_services.NightRefused(form.errors["confirm"][0], field="table")
        night_services.table_close(table=table)

    return _back(request, night, act)


@require_GET
def tournament_print(request: HttpRequest, night_id: int) -> HttpResponse:
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
    if current is not None:
        for table in current.tables:
            if night.league_id is None:
                link = scoring_link(request, table.game)
                table.scan_url, table.code = link["handover_url"], link["scoring_code"]
            else:
                table.scan_url = request.build_absolute_uri(
                    reverse("game", args=[table.game_public_id])
                )
                table.code = ""
    context = {
        "night": night,
        "format": night_selectors.round_format(night),
        "current": current,
        "cards": cards,
        "join_url": join_url(request, night),
        "night_rules": night_rules(night),
    }
    return keep_no_copy(render(request, "nights/print.html", context))
