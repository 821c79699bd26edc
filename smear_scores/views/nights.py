"""Progressive nights: the director's screens (open, check in, draw, correct) for club
admins, and the room view anyone may watch. Every form is a plain POST with a real action
that answers with a redirect; the room view polls a cheap version check."""

from __future__ import annotations

from typing import Any

import segno
from django import forms
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from smear_scores.models import Club, Night, Player, RoundTable
from smear_scores.permissions import is_club_admin, show_code
from smear_scores.rules import HandRefused
from smear_scores.selectors import leagues as league_selectors
from smear_scores.selectors import nights as selectors
from smear_scores.selectors.variants import variants
from smear_scores.services import nights as services

ROOM_POLL_SECONDS = 3


def _club(slug: str) -> Club:
    try:
        return league_selectors.club_get(slug=slug)
    except Club.DoesNotExist:
        raise Http404("No such club: check the link.") from None


def _refuse(request: HttpRequest, club: Club) -> HttpResponse | None:
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


class NightForm(forms.Form):
    FORMATS = [("hands", "A set number of hands"), ("game", "A full game")]

    name = forms.CharField(max_length=80, required=False, label="Name (optional)")
    day = forms.DateField(label="Date", widget=forms.DateInput(attrs={"type": "date"}))
    league = forms.ModelChoiceField(
        queryset=None,
        required=False,
        empty_label="On its own (not a league night)",
        help_text="A league night plays the league's variant and options; its games count in "
        "the league table and ratings.",
    )
    variant = forms.ChoiceField(label="Variant (a night on its own)")
    round_format = forms.ChoiceField(
        choices=FORMATS, widget=forms.RadioSelect, initial="hands", label="Each round is"
    )
    round_hands = forms.IntegerField(
        min_value=1,
        max_value=services.MAX_ROUND_HANDS,
        required=False,
        label="Hands a round",
        help_text="6 lets each Schmier player deal once; 4 at a Wisconsin table.",
    )
    rounds = forms.IntegerField(min_value=1, max_value=services.MAX_ROUNDS, initial=6)
    win_bonus = forms.IntegerField(
        min_value=0,
        max_value=services.MAX_BONUS,
        initial=0,
        label="Bonus for winning a round",
        help_text="Points added to each winner's total; 0 for none.",
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["league"].queryset = club.leagues.order_by("-start_date")
        self.fields["variant"].choices = [(v.slug, v.name) for v in variants()]
        self.option_fields = []
        for variant in variants():
            for option in variant.options:
                name = f"option_{option.name}"
                if option.type is bool:
                    field = forms.BooleanField(required=False, label=option.label)
                else:
                    field = forms.TypedChoiceField(
                        choices=[(v, v) for v in option.allowed],
                        coerce=int,
                        initial=option.default,
                        label=option.label,
                    )
                field.help_text = f"{variant.name} only. {option.help}"
                self.fields[name] = field
                self.option_fields.append((variant.slug, option.name, name))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("round_format") == "hands" and not data.get("round_hands"):
            self.add_error(
                "round_hands",
                "Say how many hands a round has, or choose a full game for each round.",
            )
        return data

    def options(self) -> dict[str, Any]:
        variant = self.cleaned_data["variant"]
        return {
            option: self.cleaned_data[field]
            for slug, option, field in self.option_fields
            if slug == variant
        }


@require_http_methods(["GET", "POST"])
def night_new(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(slug)
    refused = _refuse(request, club)
    if refused:
        return refused
    form = NightForm(request.POST or None, club=club, initial={"day": timezone.localdate()})
    problems: list[str] = []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            night = services.night_open(
                club=club,
                name=data["name"],
                day=data["day"],
                variant=data["variant"],
                options=form.options(),
                league=data["league"],
                rounds=data["rounds"],
                round_hands=data["round_hands"] if data["round_format"] == "hands" else None,
                win_bonus=data["win_bonus"],
            )
        except services.NightRefused as error:
            if error.field in form.fields:
                form.add_error(error.field, error.message)
            else:
                problems.append(error.message)
        except HandRefused as refused_options:
            problems.extend(e.message for e in refused_options.errors)
        else:
            return redirect("tournament", night_id=night.pk)
    return render(
        request,
        "nights/new.html",
        {"club": club, "form": form, "problems": problems},
        status=422 if request.method == "POST" else 200,
    )


def _night(night_id: int) -> Night:
    return selectors.night_get(night_id=night_id)


def _qr(url: str) -> str:
    # segno's inline SVG: no script, no style attribute; dark modules on a white quiet zone.
    return mark_safe(segno.make(url, error="m").svg_inline(scale=3, border=2, omitsize=True))  # noqa: S308


def _director_context(request: HttpRequest, night: Night, **extra: Any) -> dict[str, Any]:
    entrants, others = selectors.night_roster(night)
    rounds = selectors.night_rounds(night)
    current = rounds[-1] if rounds else None
    if current is not None:
        secrets = dict(
            RoundTable.objects.filter(round__night=night, round__number=current.number).values_list(
                "game__public_id", "game__scoring_secret"
            )
        )
        for card in current.tables:
            # A league game is scored by the club's signed-in members: its plain page.
            path = reverse("game", args=[card.game_public_id])
            card.code = ""
            if night.league_id is None:
                # The table's scoring link: a phone that scans it may score the table.
                # The secret rides in the fragment, never in the address sent to the server.
                path = reverse("game_handover", args=[card.game_public_id])
                card.code = show_code(secrets[card.game_public_id])
                path += f"#{secrets[card.game_public_id]}"
            card.scan_url = request.build_absolute_uri(path)
            card.qr = _qr(card.scan_url)
    return {
        "night": night,
        "format": selectors.round_format(night),
        "entrants": entrants,
        "present": sum(1 for e in entrants if e.present),
        "others": others,
        "rounds": rounds,
        "current": current,
        "can_draw": len(rounds) < night.rounds and (current is None or current.finished),
        "sit_out_rule": selectors.SIT_OUT_RULE,
        "tie_rule": selectors.TIE_RULE,
        "problems": [],
        **extra,
    }


@require_GET
def tournament(request: HttpRequest, night_id: int) -> HttpResponse:
    night = _night(night_id)
    refused = _refuse(request, night.club)
    if refused:
        return refused
    return render(request, "nights/director.html", _director_context(request, night))


def _back(request: HttpRequest, night: Night, action: Any) -> HttpResponse:
    """Run a director's write; on success back to the director's screen, else show why."""
    refused = _refuse(request, night.club)
    if refused:
        return refused
    try:
        action()
    except services.NightRefused as error:
        context = _director_context(request, night, problems=[error.message])
        return render(request, "nights/director.html", context, status=422)
    return redirect("tournament", night_id=night.pk)


@require_POST
def tournament_check_in(request: HttpRequest, night_id: int) -> HttpResponse:
    night = _night(night_id)
    ids = [int(v) for v in request.POST.getlist("player") if v.isdigit()]
    walk_in = request.POST.get("walk_in", "").strip()

    def act() -> None:
        if not ids and not walk_in:
            raise services.NightRefused(
                "Tick the players who are here, or type a walk-in's name, then check in."
            )
        for player in Player.objects.filter(club=night.club, pk__in=ids):
            services.night_check_in(night=night, player=player)
        if walk_in:
            services.night_check_in(night=night, walk_in=walk_in)

    return _back(request, night, act)


@require_POST
def tournament_check_out(request: HttpRequest, night_id: int) -> HttpResponse:
    night = _night(night_id)
    player = Player.objects.filter(club=night.club, pk=request.POST.get("player") or 0).first()
    if player is None:
        raise Http404("No such player at this club.")
    return _back(request, night, lambda: services.night_check_out(night=night, player=player))


@require_POST
def tournament_draw(request: HttpRequest, night_id: int) -> HttpResponse:
    night = _night(night_id)
    return _back(request, night, lambda: services.round_draw(night=night))


@require_POST
def tournament_correct(request: HttpRequest, night_id: int, table_id: int) -> HttpResponse:
    night = _night(night_id)
    table = (
        RoundTable.objects.filter(round__night=night, pk=table_id)
        .select_related("game", "round__night")
        .first()
    )
    if table is None:
        raise Http404("No such table at this night.")

    def act() -> None:
        try:
            team = int(request.POST.get("team", ""))
            points = int(request.POST.get("points", ""))
        except ValueError:
            raise services.NightRefused(
                "Pick the partnership and give the points to add as a whole number "
                "(negative to take away)."
            ) from None
        services.round_correct(
            table=table,
            team=team,
            points=points,
            reason=request.POST.get("reason", ""),
            by=request.user,
        )

    return _back(request, night, act)


@require_GET
@vary_on_headers("HX-Request")
def tournament_room(request: HttpRequest, night_id: int) -> HttpResponse:
    """The room view (a big screen). htmx asks every few seconds with the version it shows;
    while nothing changed the answer is an empty 204, one cheap query."""
    version = selectors.night_version(night_id)
    if not version:
        raise Http404("No such night: check the link.")
    if request.htmx and request.GET.get("v") == version:
        return HttpResponse(status=204)
    night = _night(night_id)
    rounds = selectors.night_rounds(night)
    context = {
        "night": night,
        "format": selectors.round_format(night),
        "version": version,
        "standings": selectors.night_standings(night),
        "rounds": rounds,
        "current": rounds[-1] if rounds else None,
        "poll": ROOM_POLL_SECONDS,
        "updated": timezone.localtime(),
        "sit_out_rule": selectors.SIT_OUT_RULE,
        "tie_rule": selectors.TIE_RULE,
    }
    template = "nights/room.html#room" if request.htmx else "nights/room.html"
    return render(request, template, context)
