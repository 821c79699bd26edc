from .games import Game, Hand, HandRevision, IdempotencyKey, Seat

__all__ = ["Game", "Hand", "HandRevision", "IdempotencyKey", "Seat"]
