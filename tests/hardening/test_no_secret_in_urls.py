"""No secret that lets a device write to a game (the API's edit token, the scoring link's
secret, a password) is ever part of a URL path or query, a redirect's address or a log
line: access logs and Referer headers would hand it out, and it could not be withdrawn."""

from __future__ import annotations

import logging
import re

from django.urls import URLPattern, URLResolver, get_resolver, reverse

from smear_scores.models import Game
from smear_scores.permissions import show_code

from ..league.conftest import PASSWORD, make_user

SECRET_NAME = re.compile(r"token|secret|code|key|password|auth", re.IGNORECASE)


def route_parameters(patterns, prefix: str = "") -> list[tuple[str, str]]:
    """(route, parameter name) for every captured part of every URL the site answers."""
    found = []
    for entry in patterns:
        if isinstance(entry, URLResolver):
            found += [(f"{prefix}{entry.pattern}", name) for name in entry.pattern.regex.groupindex]
            found += route_parameters(entry.url_patterns, f"{prefix}{entry.pattern}")
        elif isinstance(entry, URLPattern):
            found += [(f"{prefix}{entry.pattern}", name) for name in entry.pattern.regex.groupindex]
    return found


# Codes that are meant to be read out in the open, not secrets: a club night's check-in code
# is shown on the room screen and printed on its sheet for everyone in the room, its QR code
# is this very address, and it lets a phone check a player in, never write to a game.
IN_THE_OPEN = {("join/<str:code>/", "code")}


def test_no_url_pattern_captures_a_secret():
    parameters = route_parameters(get_resolver().url_patterns)
    assert parameters, "the walk found the site's routes"
    captured = [(route, name) for route, name in parameters if SECRET_NAME.search(name)]
    assert [found for found in captured if found not in IN_THE_OPEN] == []


def test_a_whole_scoring_session_logs_no_secret_and_puts_none_in_an_address(
    client, db, caplog, club
):
    caplog.set_level(logging.DEBUG)
    seen_urls: list[str] = []

    def visit(method: str, url: str, **kwargs):
        response = getattr(client, method)(url, **kwargs)
        # What an access log writes: the path and query, and where a redirect points.
        seen_urls.append(url)
        if response.has_header("Location"):
            seen_urls.append(response["Location"])
        return response

    created = visit(
        "post",
        "/api/games",
        data={"variant": "schmier", "players": ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]},
        content_type="application/json",
    )
    body = created.json()
    token, game_id = body["edit_token"], body["id"]
    hands = f"/api/games/{game_id}/hands"
    bearer = {"Authorization": f"Bearer {token}"}
    visit("post", hands, data={"thrown_in": True}, content_type="application/json", headers=bearer)
    wrong = {"Authorization": f"Bearer {token[:-1]}x"}
    visit("post", hands, data={"thrown_in": True}, content_type="application/json", headers=wrong)
    visit("delete", f"{hands}/last", headers=bearer)
    game = Game.objects.get(public_id=game_id)
    secret = game.scoring_secret
    # Another phone takes over scoring with the code, then the scorer withdraws it.
    visit("get", reverse("game_handover", args=[game_id]))
    visit("post", reverse("game_handover", args=[game_id]), data={"code": "WRONG-CODE"})
    visit("post", reverse("game_handover", args=[game_id]), data={"code": show_code(secret)})
    visit("get", reverse("game", args=[game_id]))
    visit("post", reverse("game_scoring_rotate", args=[game_id]))
    new_secret = Game.objects.get(public_id=game_id).scoring_secret
    visit("post", reverse("hand_record", args=[game_id]), data={"thrown_in": "1"})
    # A member signs in, wrongly and then rightly.
    make_user("mia", club=club)
    visit("post", reverse("league_login"), data={"username": "mia", "password": "wrong-one"})
    visit("post", reverse("league_login"), data={"username": "mia", "password": PASSWORD})

    secrets = [token, secret, show_code(secret), new_secret, show_code(new_secret), PASSWORD]
    logged = [record.getMessage() for record in caplog.records]
    assert logged, "the session logged something (a refused write at least)"
    assert [(s, line) for s in secrets for line in logged if s in line] == []
    assert [(s, url) for s in secrets for url in seen_urls if s in url] == []
