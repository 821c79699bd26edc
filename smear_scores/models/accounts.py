"""Persistence of what a sign-in needs beyond django.contrib.auth: storage only."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class SignInVersion(models.Model):
    """How many times the user signed out. A sign-in keeps the number it began with in its
    (signed-cookie) session; signing out raises it, so every session begun before, a copied
    cookie included, no longer signs anyone in."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="signin_version",
    )
    version = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.user}: {self.version}"
