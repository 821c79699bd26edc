from .accounts import SignInVersion
from .club_access import Invitation, JoinRequest, SignUp, StartInvitation
from .clubs import Club, League, Membership, Player, Rating, Role
from .games import Dispute, Game, GameRevision, Hand, HandRevision, IdempotencyKey, Seat
from .house_rules import HouseRules
from .nights import Correction, Entrant, Night, Round, RoundTable
from .seasons import Season
from .substitutes import Substitution

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
    "Invitation",
    "JoinRequest",
    "League",
    "Membership",
    "Night",
    "Player",
    "Rating",
    "Role",
    "Round",
    "RoundTable",
    "Seat",
    "Season",
    "SignInVersion",
    "SignUp",
    "StartInvitation",
    "Substitution",
]
