"""The hand form's rows of big radio buttons: on the score pad each button stands in its
team's column. A row draws itself (``ChoiceGroup.__html__``; a template says
``{{ group }}``), escaping every value as the template engine does: a scorer's board draws
thirty buttons or more after every hand, which the template engine made the largest part
of the answer (docs/benchmarks.md, "Latest, section 1"; tests/web/test_choice_rows.py holds
the markup). Django's ``format_html_join`` would say the same markup, but costs a pad about
ten times as much (each value through ``conditional_escape``): 19,604 Python calls per htmx
hand became 26,851 (docs/benchmarks.md, "The pad's escaping"), so ``html.escape`` it is."""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from django.utils.safestring import SafeString, mark_safe

from smear_scores.templatetags.links import why_link
from smear_scores.templatetags.teams import ButtonWords, button_words, soft_hyphens


@dataclass
class PadChoice:
    """One button of a row: a player who bid, a bid, or the team that took a point."""

    value: str
    label: str
    css: str
    checked: bool
    wide: bool = False
    # Set by the group: the radio button's DOM id, its label's classes and its words as
    # they may wrap, worked out once here rather than pieced together in the template for
    # every button (ChoiceGroup.__html__ draws them).
    id: str = ""
    label_class: str = ""
    words: ButtonWords | None = None
    # A smaller second line of the button ("10" under the moon's name).
    small: str = ""
    # On the score pad (HandForm.pad): the team's column the button stands in (None: the
    # "Nobody" column), and whether its words are said to a screen reader only (the
    # column's head names the team on the screen).
    column: int | None = None
    # A bidder's place among the players of its team (0 for the first of them).
    mate: int | None = None
    words_hidden: bool = False
    # Said before the words to a screen reader only: "High: " in "High: Ann & Bo".
    spoken_prefix: str = ""


@dataclass
class ChoiceGroup:
    """A row of radio buttons drawn as big buttons (``{{ group }}`` in a template)."""

    name: str
    legend: str
    choices: list[PadChoice]
    errors: list[str] = field(default_factory=list)
    hint: str = ""
    columns: int = 0
    # Each error's "why?" link: the rule it comes from, on the rules page.
    why: dict[str, str] = field(default_factory=dict)
    # A row of the score pad: each button in its team's column (PadChoice.column).
    pad: bool = False
    # The row's classes beside "choice-group" ("bidder", "bid point", "point").
    kind: str = ""

    def __post_init__(self) -> None:
        for choice in self.choices:
            choice.id = f"{self.name}-{choice.value}"
            classes = [choice.css, *(["wide"] if choice.wide else [])]
            if self.pad:
                classes.append("at-none" if choice.column is None else f"at-{choice.column}")
                if choice.mate is not None:
                    classes.append(f"mate-{choice.mate}")
            choice.label_class = " ".join(classes)
            # A button whose words a screen reader alone says draws them whole.
            choice.words = None if choice.words_hidden else button_words(choice.label)

    @property
    def errors_why(self) -> list[tuple[str, str]]:
        """Each error with its "why?" link ('' without one)."""
        return [(e, self.why.get(e, "")) for e in self.errors]

    def __str__(self) -> SafeString:
        # A template turns a value into text with str() before it escapes it.
        return mark_safe(self.__html__())

    def __html__(self) -> str:
        name = escape(self.name)
        errors = " has-error" if self.errors else ""
        hint = f" <small>{escape(self.hint)}</small>" if self.hint else ""
        columns = f" cols-{self.columns}" if self.columns else ""
        buttons = "\n".join(_button(c, name) for c in self.choices)
        problems = "".join(
            f'<p class="error" id="{name}-error">{escape(error)}{why_link(why)}</p>'
            for error, why in self.errors_why
        )
        return (
            f'<div class="choice-group {escape(self.kind)}{errors}" role="radiogroup" '
            f'aria-labelledby="{name}-label"><span class="group-label" id="{name}-label">'
            f"{escape(self.legend)}{hint}</span>"
            f'<div class="choices{columns}">{buttons}</div>{problems}</div>'
        )


def _button(c: PadChoice, name: str) -> str:
    """One button: its radio input and its label, the words as they may wrap."""
    if c.words_hidden:
        words = f'<span class="visually-hidden">{escape(soft_hyphens(c.label))}</span>'
    else:
        wrapped = c.words if c.words is not None else button_words(c.label)
        partners = "".join(
            f' <span class="and">&amp; {escape(head)}</span>{escape(tail)}'
            for head, tail in wrapped.rest
        )
        words = f"<span>{escape(wrapped.first)}{partners}</span>"
    prefix = (
        f'<span class="visually-hidden spoken-prefix">{escape(c.spoken_prefix)}</span>'
        if c.spoken_prefix
        else ""
    )
    small = f" <small>{escape(c.small)}</small>" if c.small else ""
    checked = " checked" if c.checked else ""
    id_ = escape(c.id)
    return (
        f'<input type="radio" name="{name}" value="{escape(c.value)}" id="{id_}"{checked}>'
        f'<label for="{id_}" class="{escape(c.label_class)}">{prefix}{words}{small}</label>'
    )
