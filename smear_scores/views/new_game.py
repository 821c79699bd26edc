"""Starting a game: the home page (this phone's games), the new-game screen (a preset or
saved house rules, the seats, the partners, the dealer) and a rematch of a finished game."""

from __future__ import annotations

from typing import Any, TypedDict
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect

from smear_scores.forms.games import NewGameForm, RematchForm, SwitchForm
from smear_scores.forms.posted import sent_fields
from smear_scores.models import Game, HouseRules
from smear_scores.permissions import (
    can_score,
)
from smear_scores.phone import (
    grant_scoring,
    keep_on_phone,
    kept_ids,
    scoring_tokens,
)
from smear_scores.rules import VARIANTS, Variant
from smear_scores.selectors.games import device_games, game_teams, is_casual, seat_names
from smear_scores.selectors.house_rules import SAVED_CHOICE, house_rules_listed, rules_choice
from smear_scores.services import game_names, new_games, rematches
from smear_scores.wording.rules_pages import summary

from .answers import HtmxRequest, page_or_fragment
from .board import (
    board_page,
    scorer_only,
    show_first_error,
    to_board,
)

# The presets the new-game screen offers as buttons, the project's first two games; the
# others are listed under "Other games" (nine buttons would fill a phone's screen).
OFFERED_FIRST = ("schmier", "ne-wisconsin")


@require_GET
def home(request: HtmxRequest) -> HttpResponse:
    games = device_games(list(scoring_tokens(request)))
    rows = [
        {
            "game": g,
            "teams": game_teams(g),
            "removable": is_casual(g) and can_score(request, g),
        }
        for g in games
    ]
    return page_or_fragment(request, "home.html", "games", {"rows": rows})


def _team_rows(form: NewGameForm, players: list[str], given: list[str]) -> list[dict[str, Any]]:
    """Each team with its seats and the field that names it."""
    variant = form.variant
    return [
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


def _seat_rows(form: NewGameForm, players: list[str]) -> list[dict[str, Any]]:
    """Each seat's name field, with its team."""
    variant = form.variant
    return [
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


def _option_rows(form: NewGameForm) -> list[dict[str, Any]]:
    return [
        {
            "option": o,
            "is_bool": o.type is bool,
            "name": f"option_{o.name}",
            "value": form.value(f"option_{o.name}"),
            "errors": form.errors_of(f"option_{o.name}"),
        }
        for o in form.variant.options
    ]


def _new_context(form: NewGameForm) -> dict[str, Any]:
    variant = form.variant
    players = form.players()
    given = form.team_names()
    teams = _team_rows(form, players, given)
    dealers = [("random", "Draw at random")] + [
        (str(s), players[s] or f"Seat {s + 1}") for s in range(variant.players)
    ]
    chosen = form.value("variant") or variant.slug
    presets = set(VARIANTS)
    offered = OFFERED_FIRST
    return {
        "form": form,
        "variant": variant,
        # The game summed up in the words of the rules pages and the builder.
        "summary": summary(variant),
        "variants": list(VARIANTS.values()),
        # Buttons: the saved sets this phone offers first, the presets offered first and
        # the game chosen; every other preset is a link under "Other games".
        "rules_choices": [
            {"value": value, "name": name, "id": slugify(value)}
            for value, name in form.rules_offered
            if value in offered or value == chosen or value not in presets
        ],
        "other_games": [
            {
                "url": f"{reverse('game_new')}?{urlencode({'variant': v.slug})}",
                "variant": v,
                "summary": summary(v),
            }
            for v in VARIANTS.values()
            if v.slug not in offered and v.slug != chosen
        ],
        "chosen": chosen,
        "our_rules_url": f"{reverse('house_rules_new')}?{urlencode({'from': chosen})}",
        "teams": teams,
        "seats": _seat_rows(form, players),
        "options": _option_rows(form),
        "dealers": dealers,
        "dealer": form.value("first_dealer") or "random",
        # Open when the table named a team, or a name was refused.
        "team_names_open": any(given) or any(t["name_errors"] for t in teams),
        "max_team_name": game_names.MAX_TEAM_NAME,
    }


class _Offered(TypedDict):
    """The new-game form's rules: the game chosen, the saved set it comes from (if it
    does) and the saved sets offered first."""

    variant: Variant
    house_rules: HouseRules | None
    saved: list[tuple[str, str]]


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
    args: _Offered = {"variant": variant, "house_rules": house_rules, "saved": saved}
    if data is None:
        return NewGameForm(initial={"variant": chosen}, **args)
    if as_sent:
        return NewGameForm(data, **args)
    return NewGameForm({**dict(data.items()), "variant": chosen}, **args)


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def game_new(request: HtmxRequest) -> HttpResponse:
    """The new-game screen. An htmx GET re-draws the form for another variant
    (``HX-Target: new-game``) or the partners and dealer as names are typed
    (``HX-Target: partners``)."""
    if request.method == "POST" and SwitchForm(request.POST).checked()["switch"]:
        # Without JavaScript, "Show the seats for this game" posts the form (a GET would put
        # the CSRF token in the address bar): the same screen for the variant picked.
        form = _new_game_form(request, sent_fields(request.POST))
        return render(request, "games/new.html", _new_context(form))
    if request.method == "POST":
        form = _new_game_form(request, request.POST, as_sent=True)
        game = form.attempt(lambda: new_games.game_create(**form.service_args()))
        if game is not None:
            grant_scoring(request, game)
            url = reverse("game", args=[game.public_id])
            # htmx: load the scoreboard as a whole page (its header and title differ).
            response: HttpResponse = (
                HttpResponseClientRedirect(url) if request.htmx else redirect(url)
            )
            if form.house_rules is not None:
                # Offered first next time on this phone.
                keep_on_phone(request, response, form.house_rules.public_id)
            return response
        response = page_or_fragment(
            request, "games/new.html", "new-game", _new_context(form), status=422
        )
        return show_first_error(request, response)

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


@require_POST
@scorer_only
def game_rematch(request: HtmxRequest, game: Game) -> HttpResponse:
    """A new game with the same seats. ``dealer=next`` goes on with the rotation; anything
    else draws the first dealer at random (D12)."""
    if not game.finished:
        return board_page(
            request,
            game,
            status=409,
            problem="This game is not over yet: finish it before starting a rematch.",
        )
    keep_rotation = RematchForm(request.POST).checked()["dealer"] == "next"
    # A league's rematch can be refused, e.g. when the league's season has ended: 422, on
    # the board (_refused_board).
    new = rematches.game_rematch(game=game, keep_rotation=keep_rotation)
    grant_scoring(request, new)
    how = "the deal goes on round the table" if keep_rotation else "drawn at random"
    dealer = seat_names(new)[new.first_dealer]
    return to_board(request, new, notice=f"Rematch: same seats; {dealer} deals first ({how}).")
