"""Writes for signing in and out: the session version that ends every session of a user
who signs out (models.SignInVersion)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import F

from smear_scores.models import SignInVersion


@transaction.atomic
def signin_version_bump(*, user: Any) -> int:
    """The user signed out: every session begun before now is ended (their version is
    behind). Returns the new version."""
    row, created = SignInVersion.objects.get_or_create(user=user, defaults={"version": 1})
    if not created:
        SignInVersion.objects.filter(pk=row.pk).update(version=F("version") + 1)
        row.refresh_from_db(fields=["version"])
    return row.version
