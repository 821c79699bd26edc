"""Every team colour, light and dark: up to eight teams (eight players each alone), each
readable as text on the page and under the text of a tapped button, in both schemes."""

from __future__ import annotations

import re

from django.conf import settings

from smear_scores.templatetags.teams import TEAM_COLOURS

CSS = settings.BASE_DIR / "static" / "css" / "app.css"
# Pico's dark background, and the dark text of a tapped (filled) button in dark mode.
DARK_PAGE = (19, 22.5, 30.5)
DARK_INK = (0x10, 0x16, 0x1A)
WHITE = (255, 255, 255)


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))


def _contrast(a, b) -> float:
    def lum(rgb):
        def f(v):
            v /= 255
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

        r, g, b = (f(v) for v in rgb)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _team_colours(block: str) -> dict[int, str]:
    return {int(n): c for n, c in re.findall(r"--team-(\d+): (#[0-9a-f]{6});", block)}


def _schemes() -> tuple[dict[int, str], dict[int, str]]:
    css = CSS.read_text()
    dark_at = css.index("@media screen and (prefers-color-scheme: dark)")
    return _team_colours(css[:dark_at]), _team_colours(css[dark_at:])


def test_team_colours_every_team_has_a_light_and_a_dark_colour():
    light, dark = _schemes()
    assert sorted(light) == list(range(TEAM_COLOURS))
    assert sorted(dark) == list(range(TEAM_COLOURS))


def test_team_colours_read_at_4_5_to_1_as_text_and_under_a_tapped_buttons_text():
    light, dark = _schemes()
    low = {}
    for team in range(TEAM_COLOURS):
        on_white = _contrast(_rgb(light[team]), WHITE)  # text on the page; white on a fill
        on_dark = _contrast(_rgb(dark[team]), DARK_PAGE)
        ink_on_fill = _contrast(DARK_INK, _rgb(dark[team]))
        for what, ratio in (("light", on_white), ("dark", on_dark), ("dark fill", ink_on_fill)):
            if ratio < 4.5:
                low[f"t{team} {what}"] = round(ratio, 2)
    assert low == {}
