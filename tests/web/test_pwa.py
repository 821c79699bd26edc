"""The installable app: manifest, icons, and a service worker that covers the whole site."""

from __future__ import annotations

import json
import re

from django.contrib.staticfiles import finders

from .conftest import grant, text


def test_service_worker_is_served_from_the_root_with_the_app_shell(client, db):
    response = client.get("/sw.js")
    body = text(response)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Cache-Control"] == "no-cache"
    shell = json.loads(re.search(r"const SHELL_FILES = (\[.*?\]);", body).group(1))
    assert shell == [
        "/static/vendor/pico/pico-2.1.1.min.css",
        "/static/css/app.css",
        "/static/django_htmx/htmx-2.min.js",
        "/static/js/share.js",
        "/static/js/live.js",
        "/static/js/offline.js",
        "/static/js/handover.js",
        "/static/manifest.webmanifest",
        "/static/icons/icon-192.png",
        "/static/icons/icon.svg",
    ]
    # Every file of the shell exists, or the worker's install would fail.
    assert [path for path in shell if not finders.find(path.removeprefix("/static/"))] == []


def test_manifest_makes_the_app_installable(client, db):
    page = text(client.get("/"))
    assert '<link rel="manifest" href="/static/manifest.webmanifest">' in page
    with open(finders.find("manifest.webmanifest"), encoding="utf-8") as f:
        manifest = json.load(f)
    assert (manifest["name"], manifest["start_url"], manifest["display"]) == (
        "Smear Scores",
        "/",
        "standalone",
    )
    sizes = [icon["sizes"] for icon in manifest["icons"]]
    assert sizes == ["192x192", "512x512", "any"]
    for icon in manifest["icons"]:
        assert finders.find(f"{icon['src']}"), icon["src"]


def test_service_worker_keeps_only_the_pages_the_offline_board_needs(client, db):
    # The path test the served worker applies before keeping a page. A director's screen
    # shows every table's scoring code, and a kept page outlives a logout.
    body = text(client.get("/sw.js"))
    served = re.search(r"const OFFLINE_PAGES = new RegExp\((.*?)\);", body).group(1)
    pattern = re.compile(json.loads(served))
    paths = [
        "/",
        "/g/AbC12_x-9/",
        "/g/AbC12_x-9/history/",
        "/rules/ne-wisconsin/",
        "/admin/",
        "/admin/smear_scores/game/",
        "/clubs/",
        "/clubs/oak-tavern/",
        "/tournaments/3/",
        "/tournaments/3/room/",
        "/nights/oak-tavern/",
        "/leagues/1/",
        "/players/2/",
        "/new/",
        "/g/AbC12_x-9/score/",
        "/g/AbC12_x-9/hands/1/edit/",
    ]
    assert [path for path in paths if pattern.search(path)] == [
        "/",
        "/g/AbC12_x-9/",
        "/g/AbC12_x-9/history/",
        "/rules/ne-wisconsin/",
    ]


def test_service_worker_cuts_the_scoring_link_out_of_a_kept_board(client, make_game):
    game = make_game("ne-wisconsin", hands=0)
    grant(client, game)
    board = text(client.get(f"/g/{game.public_id}/"))
    assert game.scoring_secret in board
    body = text(client.get("/sw.js"))
    cut = re.search(r"const SECRET = /(.*?)/g;", body).group(1).replace(r"\/", "/")
    kept = re.sub(cut, "", board)
    assert game.scoring_secret not in kept
    assert "scoring-code" not in kept
    assert "Record hand 1" in kept
