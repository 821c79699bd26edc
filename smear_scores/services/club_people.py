"""Writes about a club's people: the roles the owner names, a director's invitations for a
roster player (one use, expiring), requests to join, and unlinking an account from its
player. One transaction each; who may call them is permissions.py's (the views ask)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from smear_scores.models import Club, Invitation, JoinRequest, Membership, Player, Role
from smear_scores.names import name_key
from smear_scores.permissions import normalise_code
from smear_scores.services.club_start import ClubRefused, account_sign_up
from smear_scores.services.clubs import player_create
from smear_scores.wording import clubs as words

# An invitation opens its player's account for this long.
INVITATION_DAYS = 7


def _day(moment: datetime) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M")


@transaction.atomic
def role_set(*, club: Club, user: User, role: str) -> Membership:
    """``user``'s role in ``club`` becomes ``role`` (they must hold one already: a person
    comes in as a player, by invitation or request). The last owner keeps the club."""
    membership = Membership.objects.select_for_update().filter(club=club, user=user).first()
    if membership is None:
        raise ClubRefused(words.NOT_A_MEMBER.format(name=user.get_username(), club=club.name))
    if membership.role == Role.OWNER and role != Role.OWNER:
        owners = Membership.objects.select_for_update().filter(club=club, role=Role.OWNER)
        if owners.count() == 1:
            raise ClubRefused(words.LAST_OWNER.format(name=user.get_username()))
    membership.role = Role(role)
    membership.save(update_fields=["role"])
    return membership


def _at_least_player(club: Club, user: User) -> None:
    """``user`` holds a role in the club: a player, unless they hold a higher one."""
    Membership.objects.get_or_create(club=club, user=user, defaults={"role": Role.PLAYER})


def _withdraw_open(player: Player) -> None:
    Invitation.objects.filter(player=player, used_at__isnull=True, withdrawn=False).update(
        withdrawn=True
    )


@transaction.atomic
def invitation_create(*, player: Player, by: User | None) -> Invitation:
    """A new one-use invitation for ``player``, valid INVITATION_DAYS; any earlier one of
    theirs not yet used is withdrawn (one link per player is open at a time)."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.retired:
        raise ClubRefused(words.RETIRED_PLAYER.format(player=player.name))
    _withdraw_open(player)
    return Invitation.objects.create(
        club_id=player.club_id,
        player=player,
        made_by=by,
        expires_at=timezone.now() + timedelta(days=INVITATION_DAYS),
    )


def _invitation_refusal(invitation: Invitation | None, club: Club) -> str | None:
    if invitation is None:
        return words.INVITATION_UNKNOWN
    if invitation.club_id != club.pk:
        return words.INVITATION_OTHER_CLUB.format(club=club.name)
    if invitation.used_at is not None:
        return words.INVITATION_USED.format(date=_day(invitation.used_at), club=club.name)
    if invitation.withdrawn:
        return words.INVITATION_WITHDRAWN.format(club=club.name)
    if invitation.expires_at <= timezone.now():
        return words.INVITATION_EXPIRED.format(date=_day(invitation.expires_at), club=club.name)
    return None


def invitation_check(*, club: Club, code: str) -> Invitation:
    """The open invitation ``code`` of ``club``, or ClubRefused saying why not (a read: the
    invitation page checks before it makes an account)."""
    invitation = Invitation.objects.filter(code=normalise_code(code)).first()
    refusal = _invitation_refusal(invitation, club)
    if refusal is not None:
        raise ClubRefused(refusal, "code")
    assert invitation is not None
    return invitation


def _link(club: Club, player: Player, user: User) -> None:
    """``user``'s account becomes ``player``'s, and they hold a role in the club."""
    if player.user_id is not None and player.user_id != user.pk:
        raise ClubRefused(words.INVITATION_TAKEN.format(player=player.name, club=club.name))
    other = Player.objects.filter(club=club, user=user).exclude(pk=player.pk).first()
    if other is not None:
        raise ClubRefused(words.ALREADY_ANOTHER_PLAYER.format(other=other.name, club=club.name))
    player.user = user
    player.save(update_fields=["user"])
    _at_least_player(club, user)


@transaction.atomic
def invitation_accept(*, club: Club, code: str, user: User) -> Player:
    """The invitation ``code`` links ``user`` to its player; used once. Two phones opening
    it at once: the invitation's row is locked, the second sees it used."""
    invitation = Invitation.objects.select_for_update().filter(code=normalise_code(code)).first()
    refusal = _invitation_refusal(invitation, club)
    if refusal is not None:
        raise ClubRefused(refusal, "code")
    assert invitation is not None
    player = Player.objects.select_for_update().get(pk=invitation.player_id)
    _link(club, player, user)
    invitation.used_at = timezone.now()
    invitation.used_by = user
    invitation.save(update_fields=["used_at", "used_by"])
    return player


@transaction.atomic
def invitation_sign_up(
    *, club: Club, code: str, username: str, password: str, email: str, address: str
) -> Player:
    """A new account made from the invitation's page, linked to its player: both or
    neither (an invitation refused makes no account)."""
    invitation_check(club=club, code=code)
    user = account_sign_up(username=username, password=password, email=email, address=address)
    return invitation_accept(club=club, code=code, user=user)


@transaction.atomic
def player_unlink(*, player: Player) -> Player:
    """``player``'s account is no longer theirs (it stays an account); their open
    invitations are withdrawn, and an account that was only this player leaves the club."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    user_id = player.user_id
    player.user = None
    player.save(update_fields=["user"])
    _withdraw_open(player)
    if user_id is not None:
        Membership.objects.filter(
            club_id=player.club_id, user_id=user_id, role=Role.PLAYER
        ).delete()
    return player


@transaction.atomic
def join_request_create(*, club: Club, user: User, name: str) -> JoinRequest:
    """``user`` asks to join ``club`` as ``name`` (a roster player's, or a new one)."""
    role = Membership.objects.filter(club=club, user=user).values_list("role", flat=True).first()
    if role is not None:
        raise ClubRefused(words.JOIN_ALREADY.format(role=role, club=club.name))
    if JoinRequest.objects.filter(club=club, user=user, state=JoinRequest.PENDING).exists():
        raise ClubRefused(words.JOIN_PENDING.format(club=club.name))
    name = " ".join(name.split())
    return JoinRequest.objects.create(club=club, user=user, name=name)


@transaction.atomic
def join_request_decide(*, request: JoinRequest, accept: bool, by: User) -> JoinRequest:
    """A director accepts (the person becomes the roster player of that name, added to the
    roster under its name rules if not on it) or refuses a request to join."""
    request = JoinRequest.objects.select_for_update().get(pk=request.pk)
    if request.state != JoinRequest.PENDING:
        raise ClubRefused(words.JOIN_DECIDED)
    club = request.club
    if accept:
        player = Player.objects.filter(club=club, name_key=name_key(request.name)).first()
        if player is None:
            player = player_create(club=club, name=request.name)
        _link(club, player, request.user)
    request.state = JoinRequest.ACCEPTED if accept else JoinRequest.REFUSED
    request.decided_by = by
    request.decided_at = timezone.now()
    request.save(update_fields=["state", "decided_by", "decided_at"])
    return request
