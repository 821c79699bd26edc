"""Helpers for driving the JSON API through Django's test client."""

from __future__ import annotations

import json
from typing import Any

from smear_scores.rules import get_variant

SIX = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
FOUR = ["Ann", "Bo", "Cy", "Di"]


class ApiClient:
    """Sends JSON and reads JSON; ``token`` and ``key`` add the Authorization and
    Idempotency-Key headers."""

    def __init__(self, client):
        self.client = client

    def _send(self, method: str, url: str, body: Any = None, *, token=None, key=None, raw=None):
        headers = {}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        if key is not None:
            headers["Idempotency-Key"] = key
        data = raw if raw is not None else (json.dumps(body) if body is not None else "")
        return getattr(self.client, method)(
            url, data=data, content_type="application/json", headers=headers
        )

    def get(self, url: str):
        return self.client.get(url)

    def post(self, url: str, body: Any = None, **kwargs):
        return self._send("post", url, body, **kwargs)

    def put(self, url: str, body: Any = None, **kwargs):
        return self._send("put", url, body, **kwargs)

    def delete(self, url: str, **kwargs):
        return self._send("delete", url, **kwargs)

    # -- shortcuts -----------------------------------------------------------------------
    def create(self, variant: str = "schmier", players=None, first_dealer: int = 0, **extra):
        # As many names as the preset seats (the six-seat presets take SIX).
        seats = get_variant(variant).players
        players = players if players is not None else [*SIX, "Gus", "Hal"][:seats]
        body = {"variant": variant, "players": players, "first_dealer": first_dealer, **extra}
        response = self.post("/api/games", body)
        assert response.status_code == 201, response.json()
        return response.json()

    def game(self, game_id: str) -> dict:
        response = self.get(f"/api/games/{game_id}")
        assert response.status_code == 200, response.json()
        return response.json()

    def hand(self, game: dict, body: dict):
        response = self.post(f"/api/games/{game['id']}/hands", body, token=game["edit_token"])
        assert response.status_code == 201, response.json()
        return response.json()
