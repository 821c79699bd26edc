"""The hand form's rows of big radio buttons, drawn in Python: a scoreboard shows about
forty of them on every render, and the template engine took most of the board's server
time drawing them one variable at a time."""

from __future__ import annotations

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from smear_scores.forms import ChoiceGroup

register = template.Library()


@register.simple_tag
def choice_group(group: ChoiceGroup, kind: str) -> SafeString:
    """One radio group (``kind``: its classes, e.g. "bidder" or "bid point"), with its
    label, hint and errors, each error beside the group it is about."""
    has_error = " has-error" if group.errors else ""
    hint = format_html(" <small>{}</small>", group.hint) if group.hint else ""
    columns = f" cols-{group.columns}" if group.columns else ""
    buttons = format_html_join(
        "\n",
        '<input type="radio" name="{}" value="{}" id="{}"{}><label for="{}" class="{}">{}</label>',
        (
            (
                group.name,
                c.value,
                c.id,
                SafeString(" checked") if c.checked else "",
                c.id,
                c.label_class,
                c.label,
            )
            for c in group.choices
        ),
    )
    errors = format_html_join(
        "", '<p class="error" id="{}-error">{}</p>', ((group.name, e) for e in group.errors)
    )
    return format_html(
        '<div class="choice-group {}{}" role="radiogroup" aria-labelledby="{}-label">'
        '<span class="group-label" id="{}-label">{}{}</span>'
        '<div class="choices{}">{}</div>{}</div>',
        kind,
        has_error,
        group.name,
        group.name,
        group.legend,
        hint,
        columns,
        buttons,
        errors,
    )
