"""The team codes the first version of two keys printed on the scorer's board: a code a
probe could have read off that board, which no route of the app takes any more. The
secret they were derived from (a column of the game, since dropped) is any string here:
the point is that no such code is a key."""

from __future__ import annotations

import hmac

from smear_scores.models import Game
from smear_scores.models.games import SCORING_ALPHABET

FIRST_VERSION_SECRET = "the-first-version-s-team-secret"


def first_version_code(game: Game, team: int) -> str:
    """The code the first version printed on the scorer's board for ``team``."""
    digest = hmac.new(
        FIRST_VERSION_SECRET.encode(), f"{game.public_id}:{team}".encode(), "sha256"
    ).digest()
    return "".join(SCORING_ALPHABET[b % len(SCORING_ALPHABET)] for b in digest[:8])
