"""The hand form's rows of big radio buttons, drawn in Python: a scoreboard shows about
forty of them on every render, and the template engine took most of the board's server
time drawing them one variable at a time."""

from __future__ import annotations

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from smear_scores.forms import ChoiceGroup
from smear_scores.templatetags.teams import SOFT_HYPHEN, soft_hyphens

register = template.Library()


def button_words(label: str) -> SafeString:
    """A button's words as they may wrap in a narrow button: long words only between
    syllables, with a hyphen shown ("Christo-pher"); partners as "Katherine" over
    "& Brandon", never with "&" alone at the end or start of a line. The text reads,
    copies and is spoken as it was."""
    first, sep, rest = label.partition(" & ")
    if not sep:
        return format_html("<span>{}</span>", soft_hyphens(label))
    # "&" stays with the start of the next name; the name may still break at a hyphen.
    head, shy, tail = soft_hyphens(rest).partition(SOFT_HYPHEN)
    return format_html(
        '<span>{} <span class="and">&amp; {}</span>{}</span>',
        soft_hyphens(first),
        head,
        shy + tail,
    )


@register.simple_tag
def why_link(href: str) -> SafeString:
    """A refusal's "why?" link to its rule on the rules page (nothing without one)."""
    if not href:
        return SafeString("")
    return format_html(
        ' <a class="why" href="{}" aria-label="Why? The rule, on the rules page">why?</a>', href
    )


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
                button_words(c.label),
            )
            for c in group.choices
        ),
    )
    errors = format_html_join(
        "",
        '<p class="error" id="{}-error">{}{}</p>',
        ((group.name, e, why_link(group.why.get(e, ""))) for e in group.errors),
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
