"""The rules of Smear as pure Python: no Django import, ever. Rule ids (S10, W10a, D5 ...)
are those of the rules pages, /rules/<variant>/."""

from .entry import HandEntry
from .errors import (
    HandRefused,
    RecordRefused,
    Refusal,
    Refused,
    RuleError,
)
from .frozen import example_to_dict, variant_from_dict, variant_to_dict
from .game import (
    GameState,
    HandResult,
    new_game,
    preview,
    rematch_first_dealer,
    replay,
)
from .hands import (
    card_points_verdict,
    check_card_points,
    game_from_card_points,
    hand_awards,
    taken_points,
    validate_hand,
)
from .house import settings_of, variant_from_settings
from .presets import PRESET_SLUGS
from .presets.auction_pitch import PRESET as AUCTION_PITCH
from .presets.minnesota_smear import PRESET as MINNESOTA_SMEAR
from .presets.ne_wisconsin import PRESET as NE_WISCONSIN
from .presets.pedro import PRESET as PEDRO
from .presets.schmier import PRESET as SCHMIER
from .presets.schmier_two_teams import PRESET as SCHMIER_TWO_TEAMS
from .presets.six_point_wisconsin import PRESET as SIX_POINT_WISCONSIN
from .presets.ten_point_pitch import PRESET as TEN_POINT_PITCH
from .presets.ten_point_smear import PRESET as TEN_POINT_SMEAR
from .registry import VARIANTS, get_variant
from .sentences import describe, describe_end
from .settings import SETTING_DEFAULTS, SETTING_KEYS, settings_check
from .variants import (
    ALL_PASS,
    GAME_GOES_TO,
    HOUSE_RULE_IDS,
    LOW_GOES_TO,
    MOON_FAILED,
    MOON_MADE,
    NON_BIDDERS,
    POINT_KINDS,
    SET_BID,
    TOPICS,
    WIN,
    WORDS,
    Example,
    Moon,
    Option,
    PointCategory,
    PointKind,
    Variant,
    partners_label,
    seat_shapes,
    team_label,
)

__all__ = [
    "ALL_PASS",
    "AUCTION_PITCH",
    "Example",
    "GAME_GOES_TO",
    "GameState",
    "HOUSE_RULE_IDS",
    "HandEntry",
    "HandRefused",
    "HandResult",
    "LOW_GOES_TO",
    "MINNESOTA_SMEAR",
    "MOON_FAILED",
    "MOON_MADE",
    "Moon",
    "NE_WISCONSIN",
    "NON_BIDDERS",
    "Option",
    "PEDRO",
    "POINT_KINDS",
    "PRESET_SLUGS",
    "PointCategory",
    "PointKind",
    "RecordRefused",
    "Refusal",
    "Refused",
    "RuleError",
    "SCHMIER",
    "SCHMIER_TWO_TEAMS",
    "SETTING_DEFAULTS",
    "SETTING_KEYS",
    "SET_BID",
    "SIX_POINT_WISCONSIN",
    "TEN_POINT_PITCH",
    "TEN_POINT_SMEAR",
    "TOPICS",
    "VARIANTS",
    "Variant",
    "WIN",
    "WORDS",
    "card_points_verdict",
    "check_card_points",
    "describe",
    "describe_end",
    "example_to_dict",
    "game_from_card_points",
    "get_variant",
    "hand_awards",
    "new_game",
    "partners_label",
    "preview",
    "rematch_first_dealer",
    "replay",
    "seat_shapes",
    "settings_check",
    "settings_of",
    "taken_points",
    "team_label",
    "validate_hand",
    "variant_from_dict",
    "variant_from_settings",
    "variant_to_dict",
]
