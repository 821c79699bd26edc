"""Writes that bring a club into being with no operator: a person signs up (an account of
their own, counted per address), then starts a club and is its owner, as the server's
CLUB_STARTERS setting allows. One transaction each."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.text import slugify

from smear_scores.models import Club, Membership, Role, SignUp, StartInvitation
from smear_scores.names import name_key
from smear_scores.rules import Refused, RuleError
from smear_scores.wording import clubs as words


class ClubRefused(Refused):
    """A write of a club's own pages refused, with what to do instead (``field``: the form's
    field it is about, "" for the whole form)."""

    def __init__(self, message: str, field: str = ""):
        super().__init__([RuleError(field, message, "")])


class SignUpPaused(ClubRefused):
    """Too many accounts from one address in the last hour (answered 429)."""


# Addresses of the site's own pages under /clubs/, which no club may take.
RESERVED_SLUGS = {"login", "logout", "signup", "start", "new", "join", "invitation"}


def username_problem(username: str) -> str | None:
    """Why a new account cannot be called ``username``: a shape Django's rules refuse
    (letters, digits and @ . + - _ only), or a username that looks like an existing
    account's ("BEN", or "bеn" with a Cyrillic е, beside "ben"), which would sign in as
    the wrong person in a member's eyes."""
    model = get_user_model()
    try:
        for validator in getattr(model._meta.get_field(model.USERNAME_FIELD), "validators", []):
            validator(username)
    except ValidationError:
        return words.USERNAME_SHAPE.format(name=username)
    key = name_key(username)
    for taken in model.objects.values_list(model.USERNAME_FIELD, flat=True).iterator():
        if taken == username:
            return words.USERNAME_TAKEN.format(name=username)
        if name_key(taken) == key:
            return words.USERNAME_LOOKS_LIKE.format(name=username, taken=taken)
    return None


def signups_from(address: str) -> int:
    """Accounts made at the sign-up page from ``address`` in the last hour."""
    since = timezone.now() - timedelta(hours=1)
    return SignUp.objects.filter(address=address, created_at__gte=since).count()


@transaction.atomic
def account_sign_up(*, username: str, password: str, email: str, address: str) -> User:
    """A new account, its password already checked by the password rules (the form). At
    most SIGNUP_LIMIT_PER_HOUR from one address in an hour."""
    count = signups_from(address)
    if count >= settings.SIGNUP_LIMIT_PER_HOUR:
        raise SignUpPaused(words.SIGNUP_PAUSED.format(count=count))
    problem = username_problem(username)
    if problem is not None:
        raise ClubRefused(problem, "username")
    try:
        with transaction.atomic():
            user = get_user_model().objects.create_user(username, email=email, password=password)
    except IntegrityError:
        # The same username made between the check and this write.
        raise ClubRefused(words.USERNAME_TAKEN.format(name=username), "username") from None
    SignUp.objects.create(user=user, address=address)
    return user


def slug_refusal(slug: str) -> str | None:
    if not slug or slugify(slug) != slug or len(slug) > 40:
        return words.SLUG_SHAPE
    if slug in RESERVED_SLUGS:
        return words.SLUG_RESERVED.format(slug=slug)
    if Club.objects.filter(slug=slug).exists():
        return words.SLUG_TAKEN.format(slug=slug)
    return None


def _hold_clubs() -> None:
    """Two people starting the one club of a CLUB_STARTERS=one server at once: the second
    waits for the first and then sees its club. SQLite's BEGIN IMMEDIATE (env.py) already
    holds the write lock; PostgreSQL takes the clubs table's write lock."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(f"LOCK TABLE {Club._meta.db_table} IN EXCLUSIVE MODE")


def _invitation_used(code: str) -> StartInvitation:
    """The operator's invitation ``code``, locked and checked: unused and unexpired."""
    code = "".join(ch for ch in code.upper() if ch.isalnum())
    if not code:
        raise ClubRefused(words.START_CODE_NEEDED, "invitation")
    invitation = StartInvitation.objects.select_for_update().filter(code=code).first()
    if invitation is None:
        raise ClubRefused(words.START_CODE_UNKNOWN, "invitation")
    if invitation.used_at is not None:
        club = invitation.club.name if invitation.club else "a club since closed"
        raise ClubRefused(words.START_CODE_USED.format(club=club), "invitation")
    if invitation.expires_at <= timezone.now():
        day = timezone.localtime(invitation.expires_at).date().isoformat()
        raise ClubRefused(words.START_CODE_EXPIRED.format(date=day), "invitation")
    return invitation


def club_start_allowed(*, user: User, invitation: str = "") -> StartInvitation | None:
    """Refused unless the server lets ``user`` start a club (settings.CLUB_STARTERS):
    anyone, with the operator's invitation (returned, locked, to be spent), or the one
    club while there is none. Within the caller's transaction."""
    starters = settings.CLUB_STARTERS
    if starters == "one":
        _hold_clubs()
        first = Club.objects.order_by("pk").first()
        if first is not None:
            raise ClubRefused(words.ONE_CLUB_TAKEN.format(club=first.name))
    elif starters == "invited" and not user.is_superuser:
        return _invitation_used(invitation)
    return None


def start_invitation_spend(used: StartInvitation | None, club: Club) -> None:
    if used is not None:
        used.used_at = timezone.now()
        used.club = club
        used.save(update_fields=["used_at", "club"])


@transaction.atomic
def club_start(*, user: User, name: str, slug: str, invitation: str = "") -> Club:
    """A new club at /clubs/<slug>/ whose owner is ``user``, if the server lets them start
    one (club_start_allowed)."""
    used = club_start_allowed(user=user, invitation=invitation)
    name = " ".join(name.split())
    refusal = slug_refusal(slug)
    if refusal is not None:
        raise ClubRefused(refusal, "slug")
    try:
        with transaction.atomic():
            club = Club.objects.create(name=name, slug=slug)
    except IntegrityError:
        raise ClubRefused(words.SLUG_TAKEN.format(slug=slug), "slug") from None
    Membership.objects.create(user=user, club=club, role=Role.OWNER)
    start_invitation_spend(used, club)
    return club


@transaction.atomic
def start_invitation_create(*, note: str = "", days: int = 14) -> StartInvitation:
    """The operator's invitation to start one club, valid for ``days``."""
    return StartInvitation.objects.create(
        note=note, expires_at=timezone.now() + timedelta(days=days)
    )
