from .clubs import Club, League, Membership, Player, Rating
from .games import Game, Hand, HandRevision, IdempotencyKey, Seat
from .nights import Correction, Entrant, Night, Round, RoundTable

__all__ = [
    "Club",
    "Correction",
    "Entrant",
    "Game",
    "Hand",
    "HandRevision",
    "IdempotencyKey",
    "League",
    "Membership",
    "Night",
    "Player",
    "Rating",
    "Round",
    "RoundTable",
    "Seat",
]
