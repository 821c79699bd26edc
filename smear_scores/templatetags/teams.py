"""A team's colour class, for any number of teams; names as they may wrap on a button."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

import pyphen
from django import template

register = template.Library()

# static/css/app.css defines one colour per class t0 … t7, in light and dark: every team of
# the largest table (8 players, each alone) has its own. Past the last, the palette starts
# again.
TEAM_COLOURS = 8


@register.filter
def team_colour(team: Any) -> str:
    """'t0' for the first team, 't1' for the second, …; '' when there is no team."""
    try:
        return f"t{int(team) % TEAM_COLOURS}"
    except (TypeError, ValueError):
        return ""


SOFT_HYPHEN = "\u00ad"
# Shorter words fit any column and are left whole ("Tuesday", "Jessica").
LONG_WORD = 8
# At least this many letters each side of a break: "Christo-pher", never "Ch-ristopher".
MIN_PART = 3
# One dictionary for every name, on every screen: the hyphenation patterns TeX and
# LibreOffice use (pyphen), so a name breaks the same way everywhere ("Christo-pher",
# never the browser's own "Chri-stopher"); the CSS breaks only where these marks are.
HYPHENATOR = pyphen.Pyphen(lang="en_US", left=MIN_PART, right=MIN_PART)


@register.filter
def soft_hyphens(name: Any) -> str:
    """The name with soft hyphens where a word may break across lines: "Unbeat-a-bles"
    rather than the browser's "Unbeatabl e" in a narrow column. A hyphen shows only where
    the line breaks; the name reads, copies and is spoken whole."""
    return _soft_hyphens(str(name))


@functools.lru_cache(maxsize=4096)
def _soft_hyphens(name: str) -> str:
    # A board says each name many times (a hand form: thirty buttons or more).
    return " ".join(LETTERS.sub(lambda m: _hyphenate(m.group()), word) for word in name.split(" "))


# The runs of letters in a word: "Katherine's" breaks inside "Katherine", and an
# apostrophe, hyphen or digit never takes a soft hyphen beside it.
LETTERS = re.compile(r"[^\W\d_]+")


@functools.lru_cache(maxsize=4096)
def _hyphenate(word: str) -> str:
    if len(word) < LONG_WORD:
        return word
    hyphenated: str = HYPHENATOR.inserted(word, hyphen=SOFT_HYPHEN)
    return hyphenated


@dataclass(frozen=True)
class ButtonWords:
    """A button's words as they may wrap in a narrow button (templates/games/_choice.html
    draws them): ``first`` the first name, then each further partner as ``(head, tail)``,
    "& " and ``head`` kept on one line, ``tail`` free to wrap. Long words only break
    between syllables, with a hyphen shown ("Christo-pher"); partners read "Katherine"
    over "& Brandon", never with "&" alone at the end or start of a line, however many
    partners a team has. The text reads, copies and is spoken as it was."""

    first: str
    rest: tuple[tuple[str, str], ...] = ()


def button_words(label: str) -> ButtonWords:
    first, *others = str(label).split(" & ")
    rest = []
    for name in others:
        marked = soft_hyphens(name)
        # "&" stays with the start of the next name, up to where that name may break.
        cut = min((i for i in (marked.find(SOFT_HYPHEN), marked.find(" ")) if i >= 0), default=-1)
        rest.append((marked, "") if cut < 0 else (marked[:cut], marked[cut:]))
    return ButtonWords(first=soft_hyphens(first), rest=tuple(rest))
