"""Where a long name may break across lines: soft hyphens inside its runs of letters, where
the hyphenation dictionary (pyphen's en_US patterns) puts them, with three letters or more
each side."""

from __future__ import annotations

import pytest

from smear_scores.templatetags.teams import soft_hyphens

SHY = "\u00ad"


@pytest.mark.parametrize(
    ("name", "marked"),
    [
        ("Christopher", f"Christo{SHY}pher"),
        ("Katherine", f"Kather{SHY}ine"),
        ("Elizabeth", f"Eliz{SHY}a{SHY}beth"),
        # No break the dictionary does not know: "Michelle" stays whole (never "Michell-e").
        ("Michelle", "Michelle"),
        # A possessive or a double-barrelled name breaks inside its letters, never beside
        # the apostrophe or hyphen (it was left whole, to break mid-word at 200 % text).
        ("Katherine's", f"Kather{SHY}ine's"),
        ("O'Sullivan-Smith", f"O'Sul{SHY}li{SHY}van-Smith"),
        ("Champions!", f"Cham{SHY}pi{SHY}ons!"),
        # Short words and numbers are left as they are.
        ("Ann & Bo", "Ann & Bo"),
        ("Table 12345678", "Table 12345678"),
    ],
)
def test_a_long_name_may_break_inside_its_letters_only(name, marked):
    assert soft_hyphens(name) == marked
    assert soft_hyphens(name).replace(SHY, "") == name
