"""The rules of Smear as pure Python: no Django import, ever. Rule ids (S10, W10a, D5 ...)
are those of the rules pages, /rules/<variant>/."""

from .errors import HandRefused, RuleError
from .game import (
    GameState,
    HandResult,
    describe,
    describe_end,
    new_game,
    preview,
    rematch_first_dealer,
    replay,
)
from .hands import (
    HandEntry,
    card_points_verdict,
    check_card_points,
    game_from_card_points,
    hand_awards,
    taken_points,
    validate_hand,
)
from .variants import (
    NE_WISCONSIN,
    SCHMIER,
    VARIANTS,
    Option,
    PointCategory,
    Variant,
    get_variant,
    partners_label,
    team_label,
    variant_from_dict,
    variant_to_dict,
)

__all__ = [
    "NE_WISCONSIN",
    "SCHMIER",
    "VARIANTS",
    "card_points_verdict",
    "check_card_points",
    "game_from_card_points",
    "hand_awards",
    "GameState",
    "HandEntry",
    "HandRefused",
    "HandResult",
    "Option",
    "PointCategory",
    "RuleError",
    "Variant",
    "describe",
    "describe_end",
    "get_variant",
    "partners_label",
    "new_game",
    "preview",
    "rematch_first_dealer",
    "replay",
    "taken_points",
    "team_label",
    "variant_from_dict",
    "variant_to_dict",
    "validate_hand",
]
