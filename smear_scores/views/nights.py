"""Progressive nights: the director's screens (open, check in, draw, correct) for club
admins, and the room view anyone may watch. Every form is a plain POST with a real action
that answers with a redirect; the room view polls a cheap version check."""

from __future__ import annotations

from typing import Any

from asgiref.sync import sync_to_async
from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from smear_scores.boards import room_board, room_context
from smear_scores.forms.nights import CheckInForm, CorrectionForm, NightForm
from smear_scores.live import stream
from smear_scores.models import Club, Night
from smear_scores.permissions import shows_check_in
from smear_scores.selectors import night_stamps
from smear_scores.selectors import nights as night_selectors
from smear_scores.selectors.house_rules import club_house_rules
from smear_scores.services import night_phones as phone_services
from smear_scores.services import nights as night_services
from smear_scores.services.following import board_followed
from smear_scores.services.night_substitutes import night_open_with_subs
from smear_scores.views.answers import HtmxRequest, page_or_fragment, refusals_shown_by
from smear_scores.views.board import keep_no_copy
from smear_scores.views.guards import club_of, director_only, director_write, night_of
from smear_scores.views.night_parts import (
    director_context,
    director_refused,
    one_picked,
    room_now,
    room_read,
    roster_players,
)
from smear_scores.wording import nights as words


def night_defaults(club: Club) -> dict[str, Any]:
    """What the club's settings page chose for a new night: walk-ins, when the standings
    show, who a substitute's rounds score for, its game."""
    defaults: dict[str, Any] = {
        "walk_ins": club.night_walk_ins,
        "reveal": club.night_reveal,
        "sub_policy": club.night_sub_policy,
        "bye_points": club.night_bye_points,
    }
    if club.default_game:
        defaults["variant"] = club.default_game  # a preset, or "house:<id>" as the form's
    return defaults


@require_http_methods(["GET", "POST"])
def night_new(request: HttpRequest, slug: str) -> HttpResponse:
    club = club_of(slug)
    refused = director_only(request, club)
    if refused:
        return refused
    form = NightForm(
        request.POST or None,
        leagues=night_selectors.night_leagues(club),
        house_rules=club_house_rules(club),
        initial={"day": timezone.localdate(), **night_defaults(club)},
    )

    def night_open() -> Night:
        data = form.cleaned_data
        return night_open_with_subs(
            club=club,
            name=data["name"],
            day=data["day"],
            **form.rules_chosen(),
            options=form.options(),
            league=data["league"],
            rounds=data["rounds"],
            round_hands=data["round_hands"] if data["round_format"] == "hands" else None,
            win_bonus=data["win_bonus"],
            walk_ins=data["walk_ins"],
            reveal=data["reveal"],
            close_rule=data["close_rule"],
            idle_minutes=data["idle_minutes"],
            **form.scoring_chosen(),
            movement=data["movement"],
            head_table_ends=data["head_table_ends"],
            sub_policy=data["sub_policy"] or Night.SUB_ABSENT,
            bye_points=data["bye_points"] or 0,
        )

    night = form.attempt(night_open)
    if night is not None:
        return redirect("night", night_id=night.pk)
    return render(
        request,
        "nights/new.html",
        {"club": club, "form": form, "problems": form.problems},
        status=422 if request.method == "POST" else 200,
    )


@require_GET
def night_page(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_of(night_id)
    refused = director_only(request, night.club)
    if refused:
        return refused
    return keep_no_copy(render(request, "nights/director.html", director_context(request, night)))


@refusals_shown_by(director_refused)
@require_POST
def night_check_in(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_of(night_id)

    def act() -> None:
        posted = CheckInForm(request.POST).checked()
        players = roster_players(night, posted["player"])
        # The walk-in first: a name refused leaves the ticked players to check in again
        # with it, not half of the form done.
        if posted["walk_in"]:
            phone_services.night_check_in(night=night, walk_in=posted["walk_in"])
        for player in players:
            phone_services.night_check_in(night=night, player=player)

    return director_write(request, night, act)


@refusals_shown_by(director_refused)
@require_POST
def night_check_out(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_of(night_id)

    def act() -> None:
        player = one_picked(request, night, words.CHECK_OUT_NOBODY)
        phone_services.night_check_out(night=night, player=player)

    return director_write(request, night, act)


@refusals_shown_by(director_refused)
@require_POST
def night_draw(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_of(night_id)
    return director_write(request, night, lambda: night_services.round_draw(night=night))


@refusals_shown_by(director_refused)
@require_POST
def night_correct(request: HttpRequest, night_id: int, table_id: int) -> HttpResponse:
    night = night_of(night_id)
    table = night_selectors.night_table(night, table_id)
    if table is None:
        raise Http404("No such table at this night.")

    def act() -> None:
        posted = CorrectionForm(request.POST, alone=night_selectors.night_alone(night)).checked()
        night_services.round_correct(
            table=table,
            team=posted["team"],
            points=posted["points"],
            reason=posted["reason"],
            by=request.user,
        )

    return director_write(request, night, act)


@require_GET
async def night_room_events(request: HttpRequest, night_id: int) -> HttpResponseBase:
    """The room view's stream (smear_scores.live): its #room whenever a hand at one of the
    night's tables, a check-in, a draw or a correction moves the night's version."""
    refused = stream.refusal(request)
    if refused is not None:
        return refused
    version, games = await sync_to_async(room_read)(night_id)
    if not version:
        raise Http404("No such night: check the link.")
    keys = [("night", night_id), *(("game", pk) for pk in games)]
    return await stream.response(
        request,
        keys,
        version,
        recheck=room_now,
        draw=("room", lambda: room_board(night_id)),
        follow=lambda: board_followed(key=("night", night_id), kind="room"),
    )


@require_GET
@vary_on_headers("HX-Request")
def night_room(request: HtmxRequest, night_id: int) -> HttpResponse:
    """The room view (a big screen). htmx asks every few seconds with the version it shows;
    while nothing changed the answer is an empty 204, one cheap query."""
    version = night_stamps.night_version(night_id)
    if not version:
        raise Http404("No such night: check the link.")
    if request.htmx and request.GET.get("v") == version:
        return HttpResponse(status=204)
    night = night_of(night_id)
    context = room_context(night, version)
    if not request.htmx and shows_check_in(request, night.pk, night.join_code, night.club_id):
        # The page's check-in code, outside the #room the streams carry (drawn for no
        # request), only where the director put it (permissions.shows_check_in).
        context["join_url"] = request.build_absolute_uri(
            reverse("night_join", args=[night.join_code])
        )
    return page_or_fragment(request, "nights/room.html", "room", context)
