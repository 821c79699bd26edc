"""What a phone remembers, all of it, and where it keeps it.

- **The games it may score** (its scoring grants): each game's scoring secret, in the
  signed session cookie (``SCORING_KEY``, newest last, at most ``MAX_SCORED``). Who may
  score is decided in permissions.can_score, from these.
- **The house rules it saved or used**: their public ids, newest first, in a long-lived
  signed cookie of their own (``KEPT_COOKIE``), not in the session: signing out of a club
  flushes the session, and a phone's rules are no sign-in's. The ids are public (anyone
  with one may read and use the set), so the cookie is signed only so that a damaged one is
  read as empty.
- **The nights it checked in to**: which player it is at each club night (the night's
  guide card reads it), and a random id of its own that tells the night one phone from
  another, in a long-lived signed cookie (``NIGHTS_COOKIE``), not in the session: a
  player needs no account, and signing out of a club is not leaving its night.
- **Which team it speaks for** (two keys): nothing of its own. A phone agrees for the
  team of the seat its night's check-in holds (permissions.agreeing_voice), never by a
  code.
- **Its taps/totals switch**: the games for which it enters typed totals rather than who
  took each point (``TOTALS_KEY``, in the session), so the switch stays on for that game
  on that phone, not just for one hand."""

from __future__ import annotations

import secrets

from django.conf import settings as django_settings
from django.core import signing
from django.http import HttpRequest, HttpResponse

from smear_scores.models import Game
from smear_scores.selectors.games import PUBLIC_ID

SCORING_KEY = "scoring"
MAX_SCORED = 30

KEPT_COOKIE = "house_rules"
KEPT_SALT = "smear_scores.house_rules"
# Browsers keep a cookie at most 400 days; each save or use renews it.
KEPT_SECONDS = 400 * 24 * 60 * 60
MAX_KEPT = 20

NIGHTS_COOKIE = "nights"
NIGHTS_SALT = "smear_scores.nights"
MAX_NIGHTS = 6

TOTALS_KEY = "typed_totals"
MAX_TOTALS = 30


# -- the games it may score ------------------------------------------------------------------
def scoring_tokens(request: HttpRequest) -> dict[str, str]:
    """Each game's scoring secret as this phone was given it, by public id, newest last."""
    return dict(request.session.get(SCORING_KEY, {}))


def grant_scoring(request: HttpRequest, game: Game) -> None:
    """Remember on this phone (signed session cookie) that it may score ``game``."""
    tokens = scoring_tokens(request)
    tokens.pop(game.public_id, None)
    tokens[game.public_id] = game.scoring_secret
    # Newest last; forget the oldest beyond the limit to keep the cookie small.
    while len(tokens) > MAX_SCORED:
        tokens.pop(next(iter(tokens)))
    request.session[SCORING_KEY] = tokens


# -- the house rules it saved or used --------------------------------------------------------
def kept_ids(request: HttpRequest) -> list[str]:
    """The public ids of the sets this phone saved or used, newest first."""
    try:
        value = request.get_signed_cookie(KEPT_COOKIE, default="", salt=KEPT_SALT)
    except signing.BadSignature:
        return []
    return [i for i in (value or "").split(".") if PUBLIC_ID.fullmatch(i)][:MAX_KEPT]


def _write_kept(response: HttpResponse, ids: list[str]) -> None:
    response.set_signed_cookie(
        KEPT_COOKIE,
        ".".join(ids[:MAX_KEPT]),
        salt=KEPT_SALT,
        max_age=KEPT_SECONDS,
        httponly=True,
        samesite="Lax",
        secure=django_settings.SESSION_COOKIE_SECURE,
    )


def keep_on_phone(request: HttpRequest, response: HttpResponse, public_id: str) -> None:
    """Offer the set first on this phone from now on."""
    _write_kept(response, [public_id, *(i for i in kept_ids(request) if i != public_id)])


def forget_on_phone(request: HttpRequest, response: HttpResponse, public_id: str) -> None:
    _write_kept(response, [i for i in kept_ids(request) if i != public_id])


# -- the nights it checked in to -------------------------------------------------------------
def _nights(request: HttpRequest) -> tuple[str, dict[int, int]]:
    """This phone's id ("" before it first checks in) and its player at each night."""
    try:
        value = request.get_signed_cookie(NIGHTS_COOKIE, default="", salt=NIGHTS_SALT)
    except signing.BadSignature:
        return "", {}
    phone, _, rest = (value or "").partition("|")
    nights = {}
    for pair in rest.split("."):
        night, _, player = pair.partition(":")
        if night.isdigit() and player.isdigit():
            nights[int(night)] = int(player)
    return (phone if len(phone) == 32 and phone.isalnum() else ""), nights


def kept_phone(request: HttpRequest) -> str:
    """The id this phone keeps, "" before it first checks in."""
    return _nights(request)[0]


def phone_id(request: HttpRequest) -> str:
    """This phone's own id: the one it keeps, else a new one (which ``remember_night``
    keeps: pass it the same)."""
    phone, _ = _nights(request)
    return phone or secrets.token_hex(16)


def night_player(request: HttpRequest, night_id: int) -> int | None:
    """The player this phone checked in as at the night, if it did."""
    return _nights(request)[1].get(night_id)


def remember_night(
    request: HttpRequest, response: HttpResponse, night_id: int, player_id: int, phone: str
) -> None:
    """This phone (its id ``phone``, from phone_id) is ``player_id`` at the night from now
    on (the newest nights only)."""
    _, nights = _nights(request)
    nights.pop(night_id, None)
    nights[night_id] = player_id
    kept = list(nights.items())[-MAX_NIGHTS:]
    value = phone + "|" + ".".join(f"{n}:{p}" for n, p in kept)
    response.set_signed_cookie(
        NIGHTS_COOKIE,
        value,
        salt=NIGHTS_SALT,
        max_age=KEPT_SECONDS,
        httponly=True,
        samesite="Lax",
        secure=django_settings.SESSION_COOKIE_SECURE,
    )


# -- its taps/totals switch ------------------------------------------------------------------
def totals_on(request: HttpRequest, game: Game) -> bool:
    """Does this phone enter typed totals for ``game``?"""
    return game.public_id in request.session.get(TOTALS_KEY, [])


def remember_totals(request: HttpRequest, game: Game, on: bool) -> None:
    """Keep the switch as this phone left it for ``game``."""
    chosen = list(request.session.get(TOTALS_KEY, []))
    if on != (game.public_id in chosen):
        if on:
            # The newest games only, to keep the cookie small.
            chosen = [*chosen, game.public_id][-MAX_TOTALS:]
        else:
            chosen.remove(game.public_id)
        request.session[TOTALS_KEY] = chosen
