"""Variants and games."""

from ninja import Router

router = Router(tags=["games"])
