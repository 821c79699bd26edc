"""The rules of each variant, in the app: every rule and reading anchored by its id; and
the rules of any one game, as it froze them."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import select_template
from django.views.decorators.http import require_GET

from smear_scores.models import Game
from smear_scores.rules import VARIANTS
from smear_scores.selectors import games
from smear_scores.wording import rules_pages


@require_GET
def rules_page(request: HttpRequest, slug: str) -> HttpResponse:
    """A preset's page: its hand-written one (the seeds, ``rules/<slug>.html``), else the
    page written from its data (``rules/written.html``)."""
    variant = VARIANTS.get(slug)
    if variant is None:
        known = ", ".join(f"/rules/{v.slug}/" for v in VARIANTS.values())
        raise Http404(f"There are rules for {known} only.")
    template = select_template([f"rules/{variant.slug}.html", "rules/written.html"])
    return render(
        request,
        template.template.name,
        {
            "variant": variant,
            "variants": list(VARIANTS.values()),
            "page": rules_pages.rules_page(variant),
        },
    )


@require_GET
def game_rules(request: HttpRequest, public_id: str) -> HttpResponse:
    """The rules one game plays, written from the variant it froze when it started: the
    page its links go to when its rules have none of their own (settings given inline).
    A removed game's page is the removed page (410, middleware.Refusals)."""
    try:
        game = games.game_get(public_id=public_id)
    except Game.DoesNotExist:
        raise Http404("No game has this link: check the address.") from None
    variant = games.game_variant(game)
    return render(
        request,
        "rules/written.html",
        {
            "variant": variant,
            "variants": list(VARIANTS.values()),
            "page": rules_pages.rules_page(variant),
            "game": game,
        },
    )
