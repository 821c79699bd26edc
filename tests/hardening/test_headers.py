"""Every answer carries the policy headers; no page holds an inline script, an inline
event handler or a style attribute (the Content-Security-Policy would block them); no
page is for a shared cache; the API reads only JSON that says it is JSON."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from smear_scores.models import Game

from ..league.conftest import make_user, wisconsin_win
from ..web.conftest import grant, text

CSP = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}
PERMISSIONS = (
    "accelerometer=(), autoplay=(), browsing-topics=(), camera=(), display-capture=(), "
    "geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), "
    "publickey-credentials-get=(), screen-wake-lock=(self), usb=()"
)


def policy(header: str) -> dict[str, list[str]]:
    """A Content-Security-Policy as directive -> sources (its order is the library's)."""
    directives = [d.split() for d in header.split(";") if d.strip()]
    return {name: sources for name, *sources in directives}


@pytest.fixture
def pages(client, make_game, league, four, club):
    """Every kind of page, as the device that sees the most of it."""
    schmier = make_game("schmier", hands=3)
    wisconsin = make_game("ne-wisconsin", hands=2)
    league_game = wisconsin_win(league, four, winner=0)
    grant(client, schmier)
    grant(client, wisconsin)
    return [
        "/",
        "/new/",
        "/new/?variant=ne-wisconsin",
        f"/g/{schmier.public_id}/",
        f"/g/{wisconsin.public_id}/",
        f"/g/{schmier.public_id}/hands/2/edit/",
        f"/g/{schmier.public_id}/undo/",
        f"/g/{schmier.public_id}/history/",
        f"/g/{schmier.public_id}/score/",
        f"/g/{league_game.public_id}/",
        "/clubs/",
        f"/clubs/{club.slug}/",
        f"/leagues/{league.pk}/",
        f"/leagues/{league.pk}/games/",
        f"/players/{four[0].pk}/",
        f"/nights/{club.slug}/2026-01-01/",
        "/clubs/login/",
        "/admin/login/",
        "/api/docs",
    ]


def test_every_page_carries_the_policy_headers_and_is_private(client, pages):
    # The two boards this device scores hold their scoring link: kept by no cache at all.
    secret = {url: "private, no-store" for url in pages[3:5]}
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        headers = (
            policy(response["Content-Security-Policy"]),
            response["Permissions-Policy"],
            response["Cache-Control"],
        )
        expected = NEVER_CACHED.get(url) or secret.get(url, "private")
        assert headers == (CSP, PERMISSIONS, expected), url


def test_no_page_has_inline_script_handlers_or_style_attributes(client, pages):
    for url in pages:
        page = text(client.get(url))
        inline_scripts = [
            tag
            for tag in re.findall(r"<script\b[^>]*>", page)
            if "src=" not in tag and 'type="application/json"' not in tag
        ]
        handlers = re.findall(r"<[^>]*\s(on[a-z]+|hx-on[:\w-]*)\s*=", page)
        styles = re.findall(r"<[^>]*\sstyle\s*=", page)
        assert (inline_scripts, handlers, styles) == ([], [], []), url


def test_htmx_is_configured_for_the_policy(client, db):
    page = text(client.get("/"))
    config = re.search(r"<meta name=\"htmx-config\" content='([^']*)'>", page).group(1)
    assert (json.loads(config)["allowEval"], json.loads(config)["includeIndicatorStyles"]) == (
        False,
        False,
    )


def test_a_signed_in_members_page_is_private_too(client, club, league):
    client.force_login(make_user("mia", club=club))
    response = client.get(reverse("league_game_new", args=[league.pk]))
    assert (response.status_code, response["Cache-Control"]) == (200, "private")


def test_api_answers_carry_the_policy_headers(client, db):
    response = client.get("/api/variants")
    assert (policy(response["Content-Security-Policy"]), response["Permissions-Policy"]) == (
        CSP,
        PERMISSIONS,
    )


# Sign-in pages say more than private themselves (django's never_cache).
NEVER_CACHED = {
    url: "max-age=0, no-cache, no-store, must-revalidate, private"
    for url in ("/clubs/login/", "/admin/login/")
}
BODY = {"variant": "schmier", "players": ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]}


@pytest.mark.parametrize(
    "content_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"]
)
def test_api_refuses_a_body_that_is_not_sent_as_json(client, db, content_type):
    response = client.generic("POST", "/api/games", json.dumps(BODY), content_type=content_type)
    assert response.status_code == 415
    assert response.json()["detail"] == [
        {
            "field": "Content-Type",
            "message": f"The body is sent as {content_type}: send it as JSON, with the header "
            "'Content-Type: application/json'.",
            "rule": "",
        }
    ]
    assert Game.objects.count() == 0


def test_api_refuses_deeply_nested_json_with_422(client, make_game):
    game = make_game("schmier")
    deep = '{"bidder": ' + "[" * 100_000 + "]" * 100_000 + "}"
    response = client.post(
        f"/api/games/{game.public_id}/hands",
        deep,
        content_type="application/json",
        headers={"Authorization": f"Bearer {game.edit_token}"},
    )
    assert response.status_code == 422
    assert response.json()["detail"][0]["field"] == "body"
    assert response.json()["detail"][0]["message"].startswith(
        "The body is nested too deeply to read"
    )
    assert Game.objects.get(pk=game.pk).hands_played == 0
