"""What a person's name may hold, and when two names are the same name: text people can
read, never characters that hide or reorder it or that a database refuses, and two names
that look alike on a seat are one name.

A seat shows a name as typed, so a name must draw at least one glyph (a letter, digit,
punctuation mark or symbol that is not blank) and hold none of: control characters (NUL,
tab, line breaks), lone surrogates, private-use or unassigned code points, and the bidi
controls and marks that make text run the other way (a right-to-left override turns "Ann"
into "nnA" for everything after it). Invisible joiners inside a name (the zero-width joiner
of an emoji sequence, a soft hyphen) are fine next to visible characters.

``name_key`` is the one comparison of names: the roster's unique index is on it, and the
API, the forms, the roster paste, the walk-ins and a game's seats and team names all ask
it. Pure Python (no Django), so any layer may use it."""

from __future__ import annotations

import re
import unicodedata

import decancer_py

# Embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), and the marks that
# set a direction (U+061C ARABIC LETTER MARK, U+200E/U+200F LEFT-TO-RIGHT/RIGHT-TO-LEFT
# MARK): they change the direction of the text around them, invisibly, on the seat and in
# every list the name appears in.
BIDI_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u061c\u200e\u200f"
)
# What a browser or Django puts where the bytes sent were not UTF-8 (a form posting a lone
# surrogate arrives with this instead): never part of a name as typed.
REPLACEMENT = "\ufffd"
SURROGATE = re.compile("([\ud800-\udfff])")
REFUSED_CATEGORIES = {
    "Cc": "a control character",
    "Cs": "a broken character (a lone surrogate)",
    "Co": "a private-use character",
    "Cn": "a character that is not assigned in Unicode",
}
VISIBLE_CATEGORIES = ("L", "N", "P", "S")

# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 15): drawn as
# nothing by a font that does not know them. Python's unicodedata does not carry the
# property, so its ranges are here. Among them are "letters" that draw nothing: the Hangul
# fillers U+115F, U+1160, U+3164 and U+FFA0.
DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
# Visible by their category, yet blank on the screen: BRAILLE PATTERN BLANK (a symbol with
# no dots) and the blank Hangul letters' half-width and jamo forms.
BLANK = frozenset("\u2800\u3164\u115f\u1160\uffa0")


def is_ignorable(char: str) -> bool:
    point = ord(char)
    return any(low <= point <= high for low, high in DEFAULT_IGNORABLE)


def draws_glyph(char: str) -> bool:
    """Whether ``char`` puts ink on the seat: a letter, digit, mark of punctuation or
    symbol that is neither default-ignorable nor blank."""
    return (
        unicodedata.category(char)[0] in VISIBLE_CATEGORIES
        and char not in BLANK
        and not is_ignorable(char)
    )


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
    if not any(draws_glyph(c) for c in name):
        return "has no visible letter, digit or sign: type a name people can read"
    return None


def text_problem(text: str) -> str | None:
    """Why ``text`` (a few lines of words, such as a set's deck or kitty) cannot be kept
    and shown, as the end of a sentence, or None when it is fine: line breaks and tabs
    are words' own; any other control character (a NUL, which PostgreSQL refuses), a
    lone surrogate or a bidi control is not."""
    for char in text:
        if char in "\n\r\t":
            continue
        what = REFUSED_CATEGORIES.get(unicodedata.category(char))
        if what is None and char in BIDI_CONTROLS:
            what = "a character that reverses the text's direction"
        if what is not None and unicodedata.category(char) != "Cn":
            return f"contains {what} (U+{ord(char):04X}): type the words again in plain text"
    return None


JOINERS = frozenset("\u200c\u200d")


def words_problem(text: str) -> str | None:
    """Why a few words said on a phone (a dispute's, the director's reason, a night's
    announcement) cannot be kept and shown, as the end of a sentence, or None: what
    text_problem refuses, and a joiner (ZWJ, ZWNJ) with nothing drawn on both sides."""
    problem = text_problem(text)
    if problem is not None:
        return problem
    for i, char in enumerate(text):
        if char in JOINERS and not (
            0 < i < len(text) - 1 and draws_glyph(text[i - 1]) and draws_glyph(text[i + 1])
        ):
            return f"contains a lone joiner (U+{ord(char):04X}): type the words again in plain text"
    return None


def name_key(name: str) -> str:
    """``name`` as people see it, for telling whether two names are one: invisible
    (default-ignorable) characters dropped, compatibility forms folded (NFKC: "Ｂｅｎ" is
    "Ben"), any case (case folding: "İVY" is "Ivy"), look-alike letters of other scripts
    and accents read as the letter they look like ("Аnn" with a Cyrillic А, "Ann"), and
    spaces as one. Two names with the same key look the same on a seat, so a roster, a
    game's seats and its team names hold each key once.

    The look-alikes are decancer's (decancer-py, kept up to date with Unicode's
    confusables); it also folds case and accents. Any text has a key, even one that
    ``name_problem`` refuses (a lone surrogate, which decancer cannot read, is kept as it
    is), so a check may compare names before it looks at each one."""
    visible = "".join(c for c in name if not is_ignorable(c) and c not in BLANK)
    folded = unicodedata.normalize("NFKC", visible).casefold()
    read = "".join(
        part if SURROGATE.fullmatch(part) else str(decancer_py.parse(part))
        for part in SURROGATE.split(folded)
        if part
    )
    # A name decancer has no reading for keeps its folded form, never an empty key.
    return " ".join(read.split()) or " ".join(folded.split())
