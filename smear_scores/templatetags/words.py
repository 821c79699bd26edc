"""Figures said in words, as a person at the table reads them."""

from __future__ import annotations

from datetime import datetime, timedelta

from django import template
from django.utils.timesince import timesince

register = template.Library()


@register.filter
def duration(length: timedelta | None) -> str:
    """'15 minutes', '1 hour, 30 minutes'; '' for no length."""
    if not isinstance(length, timedelta):
        return ""
    start = datetime(2000, 1, 1)
    return timesince(start, start + length)
