"""Reads for signing in: the user's session version (models.SignInVersion)."""

from __future__ import annotations

from smear_scores.models import SignInVersion


def signin_version(*, user_id: int | str) -> int:
    """The version a session of this user must carry to stand: 0 until they first sign
    out. One query by primary key (a session keeps it as text)."""
    version = (
        SignInVersion.objects.filter(pk=int(user_id)).values_list("version", flat=True).first()
    )
    return version or 0
