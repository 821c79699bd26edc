from .accounts import SignInVersion
from .clubs import Club, League, Membership, Player, Rating
from .games import Dispute, Game, GameRevision, Hand, HandRevision, IdempotencyKey, Seat
from .house_rules import HouseRules
from .nights import Correction, Entrant, Night, Round, RoundTable
from .seasons import Season

__all__ = [
    "Club",
    "Correction",
    "Dispute",
    "Entrant",
    "Game",
    "GameRevision",
    "Hand",
    "HandRevision",
    "HouseRules",
    "IdempotencyKey",
    "League",
    "Membership",
    "Night",
    "Player",
    "Rating",
    "Round",
    "RoundTable",
    "Seat",
    "Season",
    "SignInVersion",
]
