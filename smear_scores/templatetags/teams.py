"""A team's colour class, for any number of teams; names as they may wrap on a button."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

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


VOWELS = frozenset("aeiouyAEIOUY")
# Consonant pairs that open a syllable together ("Unbeata-bles", not "Unbeatab-les").
ONSETS = frozenset(
    {"bl", "br", "ch", "cl", "cr", "dr", "fl", "fr", "gl", "gr", "ph", "pl"}
    | {"pr", "sc", "sh", "sk", "sl", "sm", "sn", "sp", "st", "sw", "th", "tr", "wh", "wr"}
)
SOFT_HYPHEN = "\u00ad"
# A word this long or longer may be broken, keeping at least MIN_PART letters each side.
LONG_WORD = 8
MIN_PART = 3


@register.filter
def soft_hyphens(name: Any) -> str:
    """The name with soft hyphens where a long word may break across lines: "Unbea-tables"
    rather than the browser's "Unbeatabl e" in a narrow column. A hyphen shows only where
    the line breaks; the name reads, copies and is spoken whole. Breaks go before a
    consonant between vowels, or between two consonants unless they open a syllable
    together: a rough English rule, good enough for a name in a header."""
    return " ".join(
        LETTERS.sub(lambda m: _hyphenate(m.group()), word) for word in str(name).split(" ")
    )


# The runs of letters in a word: "Katherine's" breaks inside "Katherine", and an
# apostrophe, hyphen or digit never takes a soft hyphen beside it.
LETTERS = re.compile(r"[^\W\d_]+")


def _hyphenate(word: str) -> str:
    if len(word) < LONG_WORD:
        return word
    breaks = []
    for i in range(MIN_PART, len(word) - MIN_PART + 1):
        before, at, after = word[i - 1], word[i], word[i + 1] if i + 1 < len(word) else ""
        if at in VOWELS:
            continue
        if before in VOWELS and after in VOWELS:  # V|CV: "Unbea-tables"
            breaks.append(i)
        elif before not in VOWELS and word[i - 2] in VOWELS and after in VOWELS:
            # VC|CV, or V|CCV when the pair opens a syllable: "Cham-pions", "Unbeata-bles"
            pair = before + at
            breaks.append(i - 1 if pair.lower() in ONSETS else i)
    kept = sorted({i for i in breaks if MIN_PART <= i <= len(word) - MIN_PART})
    parts = [word[a:b] for a, b in zip([0, *kept], [*kept, len(word)], strict=True)]
    return SOFT_HYPHEN.join(parts)


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
