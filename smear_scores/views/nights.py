"""Progressive nights: the director's screens (open, check in, draw, correct) for club
admins, and the room view anyone may watch. Every form is a plain POST with a real action
that answers with a redirect; the room view polls a cheap version check."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from asgiref.sync import sync_to_async
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from smear_scores.boards import room_board, room_context
from smear_scores.forms.night_substitutes import ScoringChangeForm, SubstituteForm
from smear_scores.forms.nights import NightForm
from smear_scores.live import stream
from smear_scores.live.hub import Hub, Watch
from smear_scores.models import Club, Night
from smear_scores.permissions import is_club_admin, room_key, shows_check_in
from smear_scores.rules import Refusal
from smear_scores.selectors import night_phones as phone_selectors
from smear_scores.selectors import nights as night_selectors
from smear_scores.selectors.house_rules import club_house_rules
from smear_scores.selectors.leagues import club_get
from smear_scores.selectors.night_substitutes import night_sat_in
from smear_scores.services import nights as night_services
from smear_scores.services.following import board_followed
from smear_scores.services.night_substitutes import night_open_with_subs
from smear_scores.views.answers import page_or_fragment, refusals_shown_by
from smear_scores.views.board import keep_no_copy, scoring_link
from smear_scores.wording import nights as words
from smear_scores.wording.night_scoring import movement_rules, scoring_rule
from smear_scores.wording.night_substitutes import POLICIES as SUB_POLICIES


def _club(slug: str) -> Club:
    try:
        return club_get(slug=slug)
    except Club.DoesNotExist:
        raise Http404("No such club: check the link.") from None


def director_only(request: HttpRequest, club: Club) -> HttpResponse | None:
    """Only the club's admins direct a night; None when this user may."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path(), login_url=reverse("league_login"))
    if is_club_admin(request.user, club.pk):
        return None
    return render(
        request,
        "nights/forbidden.html",
        {
            "message": f"Only admins of {club.name} can run its nights. Ask a club admin to "
            "make you one, or watch the night's room view.",
        },
        status=403,
    )


def night_defaults(club: Club) -> dict[str, Any]:
    """What the club's settings page chose for a new night: walk-ins, when the standings
    show, its game."""
    defaults: dict[str, Any] = {"walk_ins": club.night_walk_ins, "reveal": club.night_reveal}
    if club.default_game:
        defaults["variant"] = club.default_game  # a preset, or "house:<id>" as the form's
    return defaults


@require_http_methods(["GET", "POST"])
def tournament_new(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(slug)
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
        return redirect("tournament", night_id=night.pk)
    return render(
        request,
        "nights/new.html",
        {"club": club, "form": form, "problems": form.problems},
        status=422 if request.method == "POST" else 200,
    )


def night_of(night_id: int) -> Night:
    return night_selectors.night_get(night_id=night_id)


# How often a card or the dashboard without a stream asks for a newer version.
POLL_SECONDS = 5


def night_rules(night: Night) -> list[str]:
    """The rules the night states before it starts, as its pages say them."""
    return [
        *movement_rules(night),
        scoring_rule(night.night_scoring),
        words.CLOSE_RULES[night.close_rule],
        words.REVEAL_RULES[night.reveal],
        night_selectors.SIT_OUT_RULE,
        *filter(None, [night_selectors.night_tie_rule(night)]),
    ]


def dashboard_context(night: Night, rounds: list | None = None) -> dict[str, Any]:
    """The director's dashboard: every table of the round, who is checked in."""
    if rounds is None:
        rounds = night_selectors.night_rounds(night)
    entrants, _ = night_selectors.night_roster(night)
    return {
        "night": night,
        "version": night_selectors.night_version(night.pk),
        "dash": phone_selectors.night_dashboard(night, rounds),
        "entrants": entrants,
        "present": sum(1 for e in entrants if e.present),
        "rounds": rounds,
        "poll": POLL_SECONDS,
        "sat_in": night_sat_in(night),
    }


def _director_context(request: HttpRequest, night: Night, **extra: Any) -> dict[str, Any]:
    entrants, others = night_selectors.night_roster(night)
    rounds = night_selectors.night_rounds(night)
    current = rounds[-1] if rounds else None
    if current is not None:
        for card in current.tables:
            if night.league_id is None:
                # The table's scoring link: a phone that scans it may score the table.
                link = scoring_link(request, card.game)
                card.scan_url, card.code = link["handover_url"], link["scoring_code"]
            else:
                # A league game is scored by the club's signed-in members: its plain page.
                card.scan_url = request.build_absolute_uri(
                    reverse("game", args=[card.game_public_id])
                )
                card.code = ""
    return {
        **dashboard_context(night, rounds),
        "room_key": room_key(night.pk, night.join_code),
        "night_rules": night_rules(night),
        "format": night_selectors.round_format(night),
        "others": others,
        "rounds": rounds,
        "current": current,
        "can_draw": len(rounds) < night.rounds and (current is None or current.finished),
        "sit_out_rule": night_selectors.SIT_OUT_RULE,
        "tie_rule": night_selectors.night_tie_rule(night),
        "problems": [],
        "sub_form": SubstituteForm(night=night),
        "sub_policy_text": SUB_POLICIES[night.sub_policy].format(bye_points=night.bye_points),
        "scoring_form": None if rounds else ScoringChangeForm(initial={"scoring": night.scoring}),
        **extra,
    }


@require_GET
def tournament(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_of(night_id)
    refused = director_only(request, night.club)
    if refused:
        return refused
    return keep_no_copy(render(request, "nights/director.html", _director_context(request, night)))


def director_write(
    request: HttpRequest, night: Night, action: Callable[[], object]
) -> HttpResponse:
    """Run a director's write; on success back to the director's screen. A refused write
    (NightRefused) is shown on it by director_refused."""
    refused = director_only(request, night.club)
    if refused:
        return refused
    action()
    return redirect("tournament", night_id=night.pk)


def director_refused(
    request: HttpRequest, refusal: Refusal, night_id: int, **_: Any
) -> HttpResponse | None:
    """The director's screen again, with what was refused and why (422)."""
    if not isinstance(refusal, night_services.NightRefused):
        return None
    context = _director_context(request, night_of(night_id), problems=[refusal.message])
    return keep_no_copy(render(request, "nights/director.html", context, status=422))


# A roster player's id as the director's form sends it: digits, no longer than a database
# key can be (a 5,000-digit "id" is no player's, and no query is made for it).
PLAYER_ID = re.compile(r"[0-9]{1,18}")
NOT_ON_ROSTER = (
    "{count} of the players sent {are} not on {club}'s roster: reload the director's screen "
    "and tick the players again."
)


def roster_players(night: Night, values: list[str]) -> list:
    """The club's players the form's ``player`` values name; refused with a message when
    any value is not one of the roster's (another club's player, or no id at all)."""
    ids = {int(v) for v in values if PLAYER_ID.fullmatch(v)}
    found = night_selectors.night_club_players(night, sorted(ids)) if ids else []
    missing = len(set(values)) - len(found)
    if missing:
        raise night_services.NightRefused(
            NOT_ON_ROSTER.format(
                count=missing, are="is" if missing == 1 else "are", club=night.club.name
            )
        )
    return found


@refusals_shown_by(director_refused)
@require_POST
def tournament_check_in(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_of(night_id)
    values = request.POST.getlist("player")
    walk_in = request.POST.get("walk_in", "").strip()

    def act() -> None:
        if not values and not walk_in:
            raise night_services.NightRefused(
                "Tick the players who are here, or type a walk-in's name, then check in."
            )
        players = roster_players(night, values)
        # The walk-in first: a name refused leaves the ticked players to check in again
        # with it, not half of the form done.
        if walk_in:
            night_services.night_check_in(night=night, walk_in=walk_in)
        for player in players:
            night_services.night_check_in(night=night, player=player)

    return director_write(request, night, act)


@refusals_shown_by(director_refused)
@require_POST
def tournament_check_out(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_of(night_id)

    def act() -> None:
        players = roster_players(night, request.POST.getlist("player")[:1])
        if not players:
            raise night_services.NightRefused("Pick the player who leaves, then check them out.")
        night_services.night_check_out(night=night, player=players[0])

    return director_write(request, night, act)


@refusals_shown_by(director_refused)
@require_POST
def tournament_draw(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_of(night_id)
    return director_write(request, night, lambda: night_services.round_draw(night=night))


@refusals_shown_by(director_refused)
@require_POST
def tournament_correct(request: HttpRequest, night_id: int, table_id: int) -> HttpResponse:
    night = night_of(night_id)
    table = night_selectors.night_table(night, table_id)
    if table is None:
        raise Http404("No such table at this night.")

    def act() -> None:
        try:
            team = int(request.POST.get("team", ""))
            points = int(request.POST.get("points", ""))
        except ValueError:
            raise night_services.NightRefused(
                "Pick the partnership and give the points to add as a whole number "
                "(negative to take away)."
            ) from None
        night_services.round_correct(
            table=table,
            team=team,
            points=points,
            reason=request.POST.get("reason", ""),
            by=request.user,
        )

    return director_write(request, night, act)


async def room_now(hub: Hub, watch: Watch) -> str:
    """A room's version after a change it follows; it follows the night's games as drawn."""
    night_id = watch.keys[0][1]
    version, games = await hub.run(room_read, night_id)
    hub.follow(watch, [("night", night_id), *(("game", pk) for pk in games)])
    return version


def room_read(night_id: int) -> tuple[str, list[int]]:
    return night_selectors.night_version(night_id), night_selectors.night_games(night_id)


@require_GET
async def tournament_room_events(request: HttpRequest, night_id: int) -> HttpResponse:
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
def tournament_room(request: HttpRequest, night_id: int) -> HttpResponse:
    """The room view (a big screen). htmx asks every few seconds with the version it shows;
    while nothing changed the answer is an empty 204, one cheap query."""
    version = night_selectors.night_version(night_id)
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
