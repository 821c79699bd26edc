"""A made-up third variant plays through the screens and the API, not only the engine.

Every fact of a variant (seats, teams, bids, points) is read from its preset, so a preset
the code has never heard of (four players each for themselves) must work end to end. It
is added as docs/architecture.md's checklist adds one: a module in the presets folder and
its slug in the list, nothing else.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import sys

import pytest
from django.urls import reverse

from smear_scores import rules
from smear_scores.models import Game
from smear_scores.rules import presets, registry

from .api.helpers import ApiClient
from .web.conftest import HTMX, awards_post, find_all, scores, text

SLUG = "cutthroat-test"
# The preset's module, presets/cutthroat_test.py, written as a real preset's is.
MODULE = '''"""Cutthroat (test): four players, each for themselves, to 7."""

from __future__ import annotations

from ..entry import HandEntry
from ..house import points, preset
from ..variants import Example

PRESET = preset(
    "cutthroat-test",
    {
        "name": "Cutthroat (test)",
        "players": 4,
        "teams": 4,
        "target": 7,
        "min_bid": 2,
        "max_bid": 4,
        "points": points("high", "low", "jack", "game", always=("high", "low")),
    },
    source="Made up for the tests.",
    examples=(
        Example(
            title="Each for themselves",
            words="Bo bids 3 and takes High, Jack and Game: made, 3; Dee takes Low, 1.",
            scores_before=(0, 0, 0, 0),
            entry=HandEntry(bidder=1, bid=3, awards=dict(high=1, low=3, jack=1, game=1)),
            changes=(0, 3, 0, 1),
            scores_after=(0, 3, 0, 1),
        ),
    ),
)
'''

NAMES = ["Ann", "Bo", "Cy", "Dee"]


@pytest.fixture
def cutthroat(tmp_path, monkeypatch):
    """The made-up preset, added as the checklist says (its module in the presets folder,
    its slug at the end of PRESET_SLUGS) and known to the app for this test only: the
    registry is built again as at start-up, and the app's list takes what it adds."""
    folder = tmp_path / "presets"
    folder.mkdir()
    (folder / "cutthroat_test.py").write_text(MODULE)
    monkeypatch.setattr(presets, "__path__", [*presets.__path__, str(folder)])
    monkeypatch.setattr(presets, "PRESET_SLUGS", (*presets.PRESET_SLUGS, SLUG))
    importlib.invalidate_caches()
    for slug, variant in registry.listed().items():
        monkeypatch.setitem(rules.VARIANTS, slug, variant)
    yield rules.VARIANTS[SLUG]
    sys.modules.pop(f"{presets.__name__}.cutthroat_test", None)


def test_third_variant_added_as_one_module_is_offered_and_covered(db, make_game, cutthroat):
    # Offered: the engine's list has it, last, as listed.
    assert list(rules.VARIANTS) == [*rules.PRESET_SLUGS, SLUG]
    assert rules.get_variant(SLUG) is cutthroat
    assert (cutthroat.players, cutthroat.teams, cutthroat.source) == (
        4,
        4,
        "Made up for the tests.",
    )
    # Covered: the test helpers seat it, and its worked example is recorded as a hand.
    example = cutthroat.examples[0]
    game = make_game(SLUG, entries=[example.entry])
    assert game.seats.count() == 4
    assert list(game.scores) == list(example.scores_after)


def test_presets_folder_holds_exactly_the_listed_presets():
    # A preset module left out of PRESET_SLUGS would never be offered: none is.
    modules = sorted(m.name for m in pkgutil.iter_modules(presets.__path__))
    assert modules == sorted(slug.replace("-", "_") for slug in presets.PRESET_SLUGS)


def test_third_variant_plays_through_the_screens(client, db, cutthroat):
    form = {"variant": cutthroat.slug, "first_dealer": "0"}
    form.update({f"player_{i}": name for i, name in enumerate(NAMES)})
    new_page = text(client.get(reverse("game_new") + f"?variant={cutthroat.slug}"))
    # Players each alone: the new game lists no partnerships (the colours show on the board).
    assert "team-chip" not in new_page and "Partners" not in new_page

    response = client.post(reverse("game_new"), form)
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("game", args=[game.public_id])

    # The hand form's bidder buttons carry each player's team colour.
    board = text(client.get(response["Location"]))
    bidder_labels = re.findall(r'<label for="[^"]*bidder[^"]*" class="([^"]*)"', board)
    assert [re.search(r"\bt\d\b", c).group() for c in bidder_labels] == ["t0", "t1", "t2", "t3"]

    record = reverse("hand_record", args=[game.public_id])
    # Hand 1: Bo (seat 1) bids 3 and takes high, jack and game; Dee takes low.
    response = client.post(
        record, awards_post(1, 1, 3, {"high": 1, "low": 3, "jack": 1, "game": 1})
    )
    assert response.status_code == 302
    # Hand 2 (htmx): Cy bids 2 and takes only high: set back 2.
    response = client.post(
        record, awards_post(2, 2, 2, {"high": 2, "low": 0, "jack": "none", "game": "none"}), **HTMX
    )
    assert response.status_code == 200
    page = text(client.get(reverse("game", args=[game.public_id])))
    assert scores(page) == [1, 3, -2, 1]
    assert find_all(page, "span", "team-label") == ["Ann", "Bo", "Cy", "Dee"]
    assert re.findall(r'class="team (t\d)', page) == ["t0", "t1", "t2", "t3"]

    history = text(client.get(reverse("game_history", args=[game.public_id])))
    assert find_all(history, "td", "num") == [
        "0 0", "3 3", "0 0", "1 1",
        "1 1", "0 3", "1 -2", "0 1",
    ]  # fmt: skip
    csv = client.get(reverse("game_history_csv", args=[game.public_id])).content.decode()
    assert csv.splitlines() == [
        "hand,dealer,bidder,bid,result,Ann points,Bo points,Cy points,Dee points,"
        "Ann total,Bo total,Cy total,Dee total,edited",
        "1,Ann,Bo,3,made,0,3,0,1,0,3,0,1,no",
        "2,Bo,Cy,2,set,1,0,1,0,1,3,-2,1,no",
    ]


def test_third_variant_plays_through_the_api(client, db, cutthroat):
    api = ApiClient(client)
    game = api.create(cutthroat.slug, players=NAMES, first_dealer=3)
    assert [(t["label"], t["players"]) for t in game["teams"]] == [
        ("Team A", [0]),
        ("Team B", [1]),
        ("Team C", [2]),
        ("Team D", [3]),
    ]
    body = api.hand(game, {"bidder": 3, "bid": 4, "points": [1, 0, 0, 3], "made": False})
    assert body["hand"]["scores"] == [1, 0, 0, -4]
    body = api.hand(game, {"bidder": 1, "bid": 2, "awards": {"high": 1, "low": 1}})
    assert [t["score"] for t in body["teams"]] == [1, 2, 0, -4]
    assert api.game(game["id"])["hands"][1]["points"] == [0, 2, 0, 0]


def test_team_colours_in_the_stylesheet_are_the_palette_the_filter_cycles_through():
    from django.conf import settings

    from smear_scores.templatetags.teams import TEAM_COLOURS, team_colour

    css = (settings.BASE_DIR / "static" / "css" / "app.css").read_text()
    assert re.findall(r"^\.(t\d+) \{ --team: var\(--team-\d+\); \}", css, flags=re.M) == [
        f"t{i}" for i in range(TEAM_COLOURS)
    ]
    # Past the last colour the palette starts again, so no team is left without one.
    assert [team_colour(t) for t in (0, TEAM_COLOURS - 1, TEAM_COLOURS, TEAM_COLOURS + 1)] == [
        "t0",
        f"t{TEAM_COLOURS - 1}",
        "t0",
        "t1",
    ]
    assert team_colour(None) == ""
