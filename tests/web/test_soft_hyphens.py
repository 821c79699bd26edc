"""Where a long name may break across lines: soft hyphens inside its runs of letters."""

from __future__ import annotations

import pytest

from smear_scores.templatetags.teams import soft_hyphens

SHY = "\u00ad"


@pytest.mark.parametrize(
    ("name", "marked"),
    [
        ("Katherine", f"Kathe{SHY}rine"),
        # A possessive or a double-barrelled name breaks inside its letters, never beside
        # the apostrophe or hyphen (it was left whole, to break mid-word at 200 % text).
        ("Katherine's", f"Kathe{SHY}rine's"),
        ("O'Sullivan-Smith", f"O'Sul{SHY}li{SHY}van-Smith"),
        ("Champions!", f"Cham{SHY}pions!"),
        # Short words and numbers are left as they are.
        ("Ann & Bo", "Ann & Bo"),
        ("Table 12345678", "Table 12345678"),
    ],
)
def test_a_long_name_may_break_inside_its_letters_only(name, marked):
    assert soft_hyphens(name) == marked
    assert soft_hyphens(name).replace(SHY, "") == name
