"""The rules of Smear as pure Python: no Django import, ever (see shared RULES.md ids)."""

from .errors import HandRefused, RuleError
from .game import GameState, HandResult, describe, new_game, preview, replay
from .hands import HandEntry, taken_points, validate_hand
from .variants import (
    NE_WISCONSIN,
    SCHMIER,
    VARIANTS,
    Option,
    PointCategory,
    Variant,
    get_variant,
    team_label,
    variant_from_dict,
    variant_to_dict,
)

__all__ = [
    "NE_WISCONSIN",
    "SCHMIER",
    "VARIANTS",
    "GameState",
    "HandEntry",
    "HandRefused",
    "HandResult",
    "Option",
    "PointCategory",
    "RuleError",
    "Variant",
    "describe",
    "get_variant",
    "new_game",
    "preview",
    "replay",
    "taken_points",
    "team_label",
    "variant_from_dict",
    "variant_to_dict",
    "validate_hand",
]
