"""Reads for a club's people page: its roster with each player's account and open
invitation, its members with their roles, and the requests to join not yet decided."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.utils import timezone

from smear_scores.models import Club, Invitation, JoinRequest, Membership, Player


@dataclass(frozen=True)
class RosterLine:
    player: Player
    account: str  # the linked account's username, "" when none
    invitation: Invitation | None  # the open one (unused, not withdrawn, not expired)


def roster_lines(club: Club) -> list[RosterLine]:
    now = timezone.now()
    open_invitations = {
        i.player_id: i
        for i in Invitation.objects.filter(
            club=club, used_at__isnull=True, withdrawn=False, expires_at__gt=now
        ).order_by("created_at")
    }
    players = Player.objects.filter(club=club).select_related("user").order_by("retired", "name")
    return [
        RosterLine(
            player=p,
            account=p.user.get_username() if p.user is not None else "",
            invitation=open_invitations.get(p.pk),
        )
        for p in players
    ]


def members(club: Club) -> list[Membership]:
    return list(
        Membership.objects.filter(club=club).select_related("user").order_by("user__username")
    )


def join_requests(club: Club) -> list[JoinRequest]:
    return list(
        JoinRequest.objects.filter(club=club, state=JoinRequest.PENDING).select_related("user")
    )


def invitation_get(*, club: Club, invitation_id: int) -> Invitation:
    return Invitation.objects.select_related("player").get(club=club, pk=invitation_id)


def own_request(*, club: Club, user: User | AnonymousUser) -> JoinRequest | None:
    if not user.is_authenticated:
        return None
    return JoinRequest.objects.filter(club=club, user=user).order_by("-created_at").first()
