"""A table's own rules: "Our rules…" (start from a preset, change any setting, name and save
it), the page of a saved set (shared as a link and a QR code: use the rules, save them on this
phone, adopt them for a club), and the phone's list of its saved sets.

Every form is a plain POST with a real action (post/redirect/get); htmx only redraws the
builder in place (``#house-rules-form``) when a point is moved or the example checked.

The sets a phone saved or used are remembered by smear_scores.phone."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from smear_scores import permissions
from smear_scores.forms.house_rules import AdoptForm, BuilderStepForm, HouseRulesForm
from smear_scores.forms.posted import InputRefused
from smear_scores.models import Club, HouseRules
from smear_scores.phone import forget_on_phone, keep_on_phone, kept_ids
from smear_scores.rules import VARIANTS
from smear_scores.selectors import house_rules as house_rules_selectors
from smear_scores.selectors.clubs import club_by_id
from smear_scores.services import house_rules as house_rules_services
from smear_scores.wording import builder, rules_pages

from .answers import HtmxRequest, page_or_fragment

# What a "from" (or a new game's choice) names that is a saved set rather than a preset.
SAVED = house_rules_selectors.SAVED_CHOICE


def _saved(public_id: str) -> HouseRules:
    try:
        return house_rules_selectors.house_rules_get(public_id=public_id)
    except HouseRules.DoesNotExist:
        raise Http404(
            "There are no house rules at this link: check the address, or ask for the link again."
        ) from None


# -- "Our rules…" ----------------------------------------------------------------------------
def _start(value: str) -> dict[str, Any]:
    """The settings the builder starts from: a preset's slug, or "house:<id>" of a set."""
    if value.startswith(SAVED):
        try:
            return dict(
                house_rules_selectors.house_rules_get(public_id=value[len(SAVED) :]).settings
            )
        except HouseRules.DoesNotExist:
            pass
    slug = value if value in VARIANTS else next(iter(VARIANTS))
    return house_rules_selectors.preset_settings(slug)


def _builder_context(form: HouseRulesForm, settings: dict[str, Any]) -> dict[str, Any]:
    return {
        "form": form,
        "builder": builder.builder(settings, say=form.in_form_message),
        "points": form.point_rows(),
        "presets": list(VARIANTS.values()),
    }


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def house_rules_new(request: HtmxRequest) -> HttpResponse:
    """GET ``?from=<preset slug>`` or ``?from=house:<id>``: the builder with those settings.
    POST: ``up=<point key>`` moves a point up, ``check`` shows the example and what
    contradicts what, ``save`` saves the set (and keeps it on this phone)."""
    settings: dict[str, Any] | None
    if request.method == "GET":
        settings = _start(request.GET.get("from", ""))
        if SAVED not in request.GET.get("from", ""):
            settings["name"] = ""  # a new set's name is the table's to give
        form = HouseRulesForm(HouseRulesForm.as_data(settings))
        form.is_valid()
        return page_or_fragment(
            request, "house_rules/new.html", "house-rules-form", _builder_context(form, settings)
        )
    form = HouseRulesForm(request.POST)
    step = BuilderStepForm(request.POST).checked()
    if step["up"]:
        form.moved(step["up"])
    # Read before any refusal is put beside its field (which takes the field's value away).
    settings = form.settings() if form.is_valid() else None
    status = 200
    if settings is not None and step["save"]:
        chosen = settings
        saved = form.attempt(lambda: house_rules_services.house_rules_create(settings=chosen))
        if saved is not None:
            messages.success(request, f"The house rules “{saved.name}” are saved on this phone.")
            response = redirect("house_rules", saved.public_id)
            keep_on_phone(request, response, saved.public_id)
            return response
        status = 422
    elif settings is not None:
        form.show_problems(house_rules_services.settings_problems(settings))
    elif step["save"]:
        status = 422
    if settings is None:
        settings = _start(step["based_on"])
    return page_or_fragment(
        request,
        "house_rules/new.html",
        "house-rules-form",
        _builder_context(form, settings),
        status=status,
    )


# -- a saved set's page ----------------------------------------------------------------------
@require_GET
def house_rules_page(request: HttpRequest, public_id: str) -> HttpResponse:
    house_rules = _saved(public_id)
    link = request.build_absolute_uri(reverse("house_rules", args=[public_id]))
    clubs = [
        c
        for c in permissions.clubs_where(request.user, permissions.ADOPT_RULES)
        if c.pk != house_rules.club_id
    ]
    context = {
        "house_rules": house_rules,
        "variant": house_rules.rules_variant,
        "based_on_name": (
            VARIANTS[house_rules.based_on].name
            if house_rules.based_on in VARIANTS
            else house_rules.based_on
        ),
        "page": rules_pages.rules_page(house_rules.rules_variant),
        "example": builder.example_hand(house_rules.settings),
        "link": link,
        "kept": public_id in kept_ids(request),
        "clubs": clubs,
        "use_url": f"{reverse('game_new')}?variant={SAVED}{public_id}",
        "change_url": f"{reverse('house_rules_new')}?from={SAVED}{public_id}",
    }
    return render(request, "house_rules/page.html", context)


@require_GET
def house_rules_by_slug(request: HttpRequest, public_id: str) -> HttpResponse:
    """``/rules/<slug>/`` for the slug a game froze from a saved set ("house-<id>"): the
    set's page. A browser keeps the link's ``#<rule id>`` across the redirect, so a game's
    "why?" links land on the rule."""
    return redirect("house_rules", _saved(public_id).public_id)


@require_POST
def house_rules_keep(request: HttpRequest, public_id: str) -> HttpResponse:
    house_rules = _saved(public_id)
    messages.success(
        request,
        f"The house rules “{house_rules.name}” are saved on this phone: offered first for a "
        "new game.",
    )
    response = redirect("house_rules", public_id)
    keep_on_phone(request, response, public_id)
    return response


@require_POST
def house_rules_forget(request: HttpRequest, public_id: str) -> HttpResponse:
    house_rules = _saved(public_id)
    messages.success(
        request,
        f"{house_rules.name} are no longer offered on this phone; this link still opens them.",
    )
    response = redirect("house_rules", public_id)
    forget_on_phone(request, response, public_id)
    return response


@require_POST
def house_rules_adopt(request: HttpRequest, public_id: str) -> HttpResponse:
    """A club admin adopts the set for a club: its leagues and nights may then play it."""
    house_rules = _saved(public_id)
    try:
        club = club_by_id(club_id=AdoptForm(request.POST).checked()["club"])
    except (Club.DoesNotExist, InputRefused):
        raise Http404("No such club: pick one of the clubs offered.") from None
    if not permissions.club_may(request.user, permissions.ADOPT_RULES, club.pk):
        messages.error(request, f"Only admins of {club.name} can adopt rules for it.")
        return redirect("house_rules", public_id)
    adopted = house_rules_services.house_rules_adopt(house_rules=house_rules, club=club)
    messages.success(
        request,
        f"{adopted.name} are {club.name}'s now: choose them for a league in the admin, or "
        "for a night when you open one.",
    )
    return redirect("house_rules", adopted.public_id)
