"""The scoring page with all its assets stays under 100 KB compressed (phones at a table)."""

import gzip
import re

from django.contrib.staticfiles import finders
from django.urls import reverse

from .conftest import text

BUDGET = 100 * 1024


def _assets(page: str) -> list[str]:
    refs = re.findall(r'<link rel="stylesheet" href="/static/([^"]+)"', page)
    refs += re.findall(r'<script src="/static/([^"]+)"', page)
    return refs


def test_scoring_page_with_assets_under_100kb_gzipped(client, make_game, scorer_for):
    game = make_game("schmier", hands=6)
    page = text(scorer_for(game).get(reverse("game", args=[game.public_id])))
    assets = _assets(page)
    assert [a.rsplit("/", 1)[-1] for a in assets][:3] == [
        "pico-2.1.1.min.css",
        "app.css",
        "htmx-2.min.js",
    ]
    sizes = {"page": len(gzip.compress(page.encode(), 9))}
    for asset in assets:
        with open(finders.find(asset), "rb") as f:
            sizes[asset] = len(gzip.compress(f.read(), 9))
    total = sum(sizes.values())
    print(f"scoring page gzipped: {total} bytes {sizes}")
    assert total < BUDGET
