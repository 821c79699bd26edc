"""QR codes for the links a phone at the table hands to another one."""

from __future__ import annotations

from functools import lru_cache

import segno
from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe

register = template.Library()


@register.simple_tag
def qr_svg(url: str, label: str) -> str:
    """The link as an inline SVG QR code, drawn on the server (segno): no script, no
    request to another site. ``label`` names it for screen readers."""
    figure = f'<figure class="qr" role="img" aria-label="{escape(label)}">{_svg(url)}</figure>'
    return mark_safe(figure)


@lru_cache(maxsize=512)
def _svg(url: str) -> str:
    # Drawing a code costs milliseconds (segno tries every mask) and a board shows the same
    # links on every render, so each process keeps the codes it drew last. A link that
    # changes (a new scoring code) is a new key: an old code is never shown for it.
    qr = segno.make(url, error="m")
    # No fixed size, a viewBox: the stylesheet sizes it for the screen.
    return qr.svg_inline(border=2, dark="#111", light="#fff", omitsize=True)
