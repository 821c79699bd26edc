"""Persistence of how people come into a club with no operator: sign-ups (counted per
address), the operator's invitations to start a club, a director's invitations for a
roster player, and requests to join. Storage only (services.club_people decides)."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models

from .games import SCORING_ALPHABET

INVITATION_LENGTH = 12


def new_invitation_code() -> str:
    """Twelve letters and digits that cannot be misread (the scoring codes' alphabet): about
    58 bits, typed from a phone's screen in three groups of four."""
    return "".join(secrets.choice(SCORING_ALPHABET) for _ in range(INVITATION_LENGTH))


class SignUp(models.Model):
    """An account made at the sign-up page, with the address it came from: sign-ups from one
    address are counted over the last hour (settings.SIGNUP_LIMIT_PER_HOUR)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sign_up"
    )
    address = models.GenericIPAddressField()
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    def __str__(self) -> str:
        return f"{self.user} from {self.address}"


class StartInvitation(models.Model):
    """The operator's invitation to start one club (CLUB_STARTERS=invited), made with
    `manage.py club_start_invitation`: used once, then it starts no other."""

    code = models.CharField(max_length=16, unique=True, default=new_invitation_code)
    note = models.CharField(max_length=80, blank=True, default="")
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)
    club = models.OneToOneField(
        "smear_scores.Club", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.note or f"invitation {self.pk}"


class Invitation(models.Model):
    """A director's invitation for one roster player: a one-use, expiring link (and its QR)
    that links the account of whoever opens it to that player."""

    club = models.ForeignKey("smear_scores.Club", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(
        "smear_scores.Player", on_delete=models.CASCADE, related_name="invitations"
    )
    code = models.CharField(max_length=16, unique=True, default=new_invitation_code)
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    # A director withdrew it (a new one was made, or the player was unlinked).
    withdrawn = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.player} ({self.club})"


class JoinRequest(models.Model):
    """A signed-in person asks to join a club, naming themselves as on its roster; a
    director accepts (linking them to that player) or refuses."""

    PENDING, ACCEPTED, REFUSED = "pending", "accepted", "refused"
    club = models.ForeignKey("smear_scores.Club", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="join_requests"
    )
    name = models.CharField(max_length=40)
    state = models.CharField(
        max_length=8,
        choices=[(PENDING, "pending"), (ACCEPTED, "accepted"), (REFUSED, "refused")],
        default=PENDING,
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "user"],
                condition=models.Q(state="pending"),
                name="join_request_one_pending",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} asks to join {self.club}"
