"""QR codes for the links a phone at the table hands to another one."""

from __future__ import annotations

import segno
from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe

register = template.Library()


@register.simple_tag
def qr_svg(url: str, label: str) -> str:
    """The link as an inline SVG QR code, drawn on the server (segno): no script, no
    request to another site. ``label`` names it for screen readers."""
    qr = segno.make(url, error="m")
    # No fixed size, a viewBox: the stylesheet sizes it for the screen.
    svg = qr.svg_inline(border=2, dark="#111", light="#fff", omitsize=True)
    return mark_safe(f'<figure class="qr" role="img" aria-label="{escape(label)}">{svg}</figure>')
