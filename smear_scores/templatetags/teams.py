"""A team's colour class, for any number of teams."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()

# static/css/app.css defines one colour per class t0 … t5; past the last, the palette
# starts again, so a variant with more teams still gets a colour for each.
TEAM_COLOURS = 6


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
    return " ".join(_hyphenate(word) for word in str(name).split(" "))


def _hyphenate(word: str) -> str:
    if len(word) < LONG_WORD or not word.isalpha():
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
