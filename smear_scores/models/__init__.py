from .clubs import Club, League, Membership, Player, Rating
from .games import Game, Hand, HandRevision, IdempotencyKey, Seat

__all__ = [
    "Club",
    "Game",
    "Hand",
    "HandRevision",
    "IdempotencyKey",
    "League",
    "Membership",
    "Player",
    "Rating",
    "Seat",
]
