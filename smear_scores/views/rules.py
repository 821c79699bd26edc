"""The rules of each variant, in the app: every rule and reading anchored by its id."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from smear_scores.selectors import variants as selectors


@require_GET
def rules_page(request: HttpRequest, slug: str) -> HttpResponse:
    variant = selectors.variant_get(slug)
    if variant is None:
        known = " or ".join(f"/rules/{v.slug}/" for v in selectors.variants())
        raise Http404(f"There are rules for {known} only.")
    return render(
        request,
        f"rules/{variant.slug}.html",
        {"variant": variant, "variants": selectors.variants()},
    )
