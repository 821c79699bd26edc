"""The rules of each variant, in the app: every rule and reading anchored by its id."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import select_template
from django.views.decorators.http import require_GET

from smear_scores.selectors import rules_pages
from smear_scores.selectors import variants as selectors


@require_GET
def rules_page(request: HttpRequest, slug: str) -> HttpResponse:
    """A preset's page: its hand-written one (the seeds, ``rules/<slug>.html``), else the
    page written from its data (``rules/written.html``)."""
    variant = selectors.variant_get(slug)
    if variant is None:
        known = ", ".join(f"/rules/{v.slug}/" for v in selectors.variants())
        raise Http404(f"There are rules for {known} only.")
    template = select_template([f"rules/{variant.slug}.html", "rules/written.html"])
    return render(
        request,
        template.template.name,
        {
            "variant": variant,
            "variants": selectors.variants(),
            "page": rules_pages.rules_page(variant),
        },
    )
