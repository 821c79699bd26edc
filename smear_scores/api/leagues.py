"""League tables."""

from ninja import Router

router = Router(tags=["leagues"])
