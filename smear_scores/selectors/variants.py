"""The presets as GET /api/variants answers them: each as the engine freezes it into a
game, with its points given by their keys and its settings. The screens and the API read
the engine's list of presets (rules.VARIANTS) themselves, as they read its types."""

from __future__ import annotations

from typing import Any

from smear_scores import rules


def variant_list() -> list[dict[str, Any]]:
    """The presets as the engine freezes them into a game, with points given by their keys
    (GET /api/variants)."""
    return [
        {
            **rules.variant_to_dict(v),
            "points": list(v.point_keys),
            "always_awarded": list(v.always_awarded),
            "settings": rules.settings_of(v),
        }
        for v in rules.VARIANTS.values()
    ]
