"""QR codes for the links a phone at the table hands to another one."""

from __future__ import annotations

from functools import lru_cache

import segno
from django import template
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.inclusion_tag("_qr.html")
def qr_svg(url: str, *label: object) -> dict[str, object]:
    """The link as an inline SVG QR code, drawn on the server (segno): no script, no
    request to another site. ``label`` names it for screen readers; its words are joined
    by spaces (``{% qr_svg link "QR code to score table" card.number %}``)."""
    return {"svg": _svg(url), "label": " ".join(str(word) for word in label)}


@lru_cache(maxsize=512)
def _svg(url: str) -> SafeString:
    # Drawing a code costs milliseconds (segno tries every mask) and a board shows the same
    # links on every render, so each process keeps the codes it drew last. A link that
    # changes (a new scoring code) is a new key: an old code is never shown for it.
    qr = segno.make(url, error="m")
    # No fixed size, a viewBox: the stylesheet sizes it for the screen. segno writes the
    # SVG, escaping what it puts in it.
    return mark_safe(qr.svg_inline(border=2, dark="#111", light="#fff", omitsize=True))
