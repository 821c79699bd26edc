"""What a person's name may hold: text people can read, never characters that hide or
reorder it or that a database refuses.

A seat shows a name as typed, so a name must have at least one visible character
(a letter, digit, punctuation mark or symbol) and none of: control characters (NUL, tab,
line breaks), lone surrogates, private-use or unassigned code points, and the bidi
controls that make text run the other way (a right-to-left override turns "Ann" into
"nnA" for everything after it). Invisible joiners inside a name (the zero-width joiner
of an emoji sequence, a soft hyphen) are fine next to visible characters."""

from __future__ import annotations

import unicodedata

# Embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they change the
# direction of the text around them, on the seat and in every list the name appears in.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# What a browser or Django puts where the bytes sent were not UTF-8 (a form posting a lone
# surrogate arrives with this instead): never part of a name as typed.
REPLACEMENT = "\ufffd"
REFUSED_CATEGORIES = {
    "Cc": "a control character",
    "Cs": "a broken character (a lone surrogate)",
    "Co": "a private-use character",
    "Cn": "a character that is not assigned in Unicode",
}
VISIBLE_CATEGORIES = ("L", "N", "P", "S")


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be shown as a player's name, as the end of a sentence
    ("… contains a control character (U+0000): …"), or None when it is fine."""
    for char in name:
        category = unicodedata.category(char)
        what = REFUSED_CATEGORIES.get(category)
        if what is None and char in BIDI_CONTROLS:
            what = "a character that reverses the text's direction"
        if what is None and char == REPLACEMENT:
            what = "a broken character"
        if what is not None:
            return f"contains {what} (U+{ord(char):04X}): type the name again in plain text"
    if not any(unicodedata.category(c)[0] in VISIBLE_CATEGORIES for c in name):
        return "has no visible letter, digit or sign: type a name people can read"
    return None
