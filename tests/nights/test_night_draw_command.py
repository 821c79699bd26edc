"""`manage.py night_draw`: the draw as JSON, and the fairness table in docs/clubs.md."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from django.core.management import call_command

from smear_scores.management.commands.night_draw import fairness_table
from smear_scores.rules import SCHMIER
from smear_scores.rules.draw import draw_night, player_counts

CLUBS_GUIDE = Path(__file__).resolve().parents[2] / "docs" / "clubs.md"


def test_night_draw_command_prints_the_draw_and_its_counts():
    out, err = io.StringIO(), io.StringIO()
    call_command(
        "night_draw",
        "--variant",
        "schmier",
        "--players",
        "24",
        "--rounds",
        "6",
        "--seed",
        "1",
        stdout=out,
        stderr=err,
    )
    data = json.loads(out.getvalue())
    names = list(range(1, 25))
    draws = draw_night(SCHMIER, names, 6, seed=1)
    counts = player_counts(SCHMIER, names, draws)
    assert [len(r["tables"]) for r in data["draw"]] == [4] * 6
    assert [t["seats"] for t in data["draw"][0]["tables"]] == [
        list(t.seats) for t in draws[0].tables
    ]
    assert data["counts"]["per_player"] == [
        {
            "player": c.player,
            "repeated_partners": c.repeated_partners,
            "repeated_opponents": c.repeated_opponents,
            "sit_outs": c.sit_outs,
        }
        for c in counts
    ]
    assert data["counts"]["repeated_partners"] == 0
    assert re.fullmatch(
        r"Drew 24 players x 6 rounds in \d+\.\d{3} s \(\d+\.\d{3} s of CPU\)\.\n", err.getvalue()
    )


def test_readme_fairness_table_is_what_the_draw_does():
    table = "\n".join(fairness_table(seed=1))
    assert table in CLUBS_GUIDE.read_text()
