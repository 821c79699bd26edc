"""Who may change a game. Checked on the server for every write."""

from __future__ import annotations

import hmac

from django.http import HttpRequest

from smear_scores.models import Game

SESSION_KEY = "scoring"
MAX_REMEMBERED = 30


def scoring_tokens(request: HttpRequest) -> dict[str, str]:
    return dict(request.session.get(SESSION_KEY, {}))


def token_matches(game: Game, token: str | None) -> bool:
    return bool(token) and hmac.compare_digest(game.edit_token, token)


def can_score(request: HttpRequest, game: Game) -> bool:
    """This device created the game or was handed scoring with the game's link."""
    return token_matches(game, scoring_tokens(request).get(game.public_id))


def grant_scoring(request: HttpRequest, game: Game) -> None:
    """Remember on this device (signed session cookie) that it may score ``game``."""
    tokens = scoring_tokens(request)
    tokens.pop(game.public_id, None)
    tokens[game.public_id] = game.edit_token
    # Newest last; forget the oldest beyond the limit to keep the cookie small.
    while len(tokens) > MAX_REMEMBERED:
        tokens.pop(next(iter(tokens)))
    request.session[SESSION_KEY] = tokens
