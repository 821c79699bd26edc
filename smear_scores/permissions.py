"""Who may do what: score a game, start a league game, manage a club. Checked on the
server for every write; the one place these rules live."""

from __future__ import annotations

import hmac

from django.http import HttpRequest

from smear_scores.models import Game, Membership
from smear_scores.models.games import SCORING_ALPHABET
from smear_scores.phone import recorded_here, scoring_tokens, team_codes
from smear_scores.selectors.agreements import member_team


def token_matches(game: Game, token: str | None) -> bool:
    """``token`` is the game's edit_token (the API's Bearer token; never the screen's)."""
    # Compared as bytes: compare_digest refuses str with non-ASCII characters (a header
    # may carry any byte), which must be a wrong token, not a server error.
    return bool(token) and hmac.compare_digest(
        game.edit_token.encode(), token.encode("utf-8", "surrogatepass")
    )


def normalise_code(code: str | None) -> str:
    """A scoring code as typed or pasted: any case, with or without spaces and dashes."""
    return "".join(ch for ch in (code or "").upper() if ch.isalnum())


def code_matches(game: Game, code: str | None) -> bool:
    """``code`` is the game's current scoring secret (from a scoring link or typed)."""
    code = normalise_code(code)
    return bool(code) and hmac.compare_digest(game.scoring_secret.encode(), code.encode())


def show_code(secret: str) -> str:
    """The scoring secret grouped by four, for reading aloud or typing: ABCD-EFGH-JKMN."""
    return "-".join(secret[i : i + 4] for i in range(0, len(secret), 4))


def can_score(request: HttpRequest, game: Game) -> bool:
    """This device created the game or was handed scoring with the game's current scoring
    link or code (a scorer who stops other phones scoring replaces it).

    A league game is scored only by logged-in members of the league's club (club admins
    are members too); its link or token alone is not enough."""
    if game.league_id is not None:
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return False
        if user.is_superuser:
            return True
        return Membership.objects.filter(user=user, club__leagues=game.league_id).exists()
    return code_matches(game, scoring_tokens(request).get(game.public_id))


def was_stopped(request: HttpRequest, game: Game) -> bool:
    """This device could score ``game`` until a scorer stopped other phones scoring (its
    link or code is an older one): a casual game only."""
    if game.league_id is not None:
        return False
    token = scoring_tokens(request).get(game.public_id)
    return bool(token) and not code_matches(game, token)


def is_member(user, club_id: int) -> bool:
    if not user.is_authenticated:
        return False
    return Membership.objects.filter(user=user, club_id=club_id).exists()


def can_start_league_game(user, club_id: int) -> bool:
    """A logged-in member of the club (or a superuser) may start its league games."""
    return user.is_authenticated and (user.is_superuser or is_member(user, club_id))


def is_club_admin(user, club_id: int) -> bool:
    if not user.is_authenticated or not user.is_staff:
        return False
    if user.is_superuser:
        return True
    return Membership.objects.filter(user=user, club_id=club_id, is_admin=True).exists()


def admin_club_ids(request: HttpRequest) -> set[int] | None:
    """The clubs this user administers in the admin site; None for a superuser (every
    club). Read once per request."""
    user = request.user
    if user.is_superuser:
        return None
    if not (user.is_active and user.is_staff):
        return set()
    cached = getattr(request, "_admin_club_ids", None)
    if cached is None:
        cached = set(
            Membership.objects.filter(user=user, is_admin=True).values_list("club_id", flat=True)
        )
        request._admin_club_ids = cached  # noqa: SLF001 (this module's memo on the request)
    return cached


# -- two keys: a team's own phone --------------------------------------------------------------
TEAM_CODE_LENGTH = 8


def team_code(game: Game, team: int) -> str:
    """The code a team's own phone joins the game with to agree to its hands (shown on the
    scorer's table card, per team): derived from the game's team secret, never the scoring
    secret or the API token, so holding it lets a phone agree for that team and nothing else."""
    digest = hmac.new(
        game.team_secret.encode(), f"{game.public_id}:{team}".encode(), "sha256"
    ).digest()
    return "".join(SCORING_ALPHABET[b % len(SCORING_ALPHABET)] for b in digest[:TEAM_CODE_LENGTH])


def team_of_code(game: Game, code: str | None) -> int | None:
    """The team whose code ``code`` is (typed, pasted or from its link), or None."""
    code = normalise_code(code)
    if not code:
        return None
    for team in range(game.rules_variant.teams):
        if hmac.compare_digest(team_code(game, team).encode(), code.encode()):
            return team
    return None


def agreeing_team(request: HttpRequest, game: Game) -> int | None:
    """The team this phone agrees for: the one it joined by the team's code, else the team
    of the signed-in club member's own seat (their roster player's account), or None. The
    phone that recorded the game's hands agrees for no team: not its own hands."""
    if recorded_here(request, game):
        return None
    team = team_of_code(game, team_codes(request).get(game.public_id))
    user = getattr(request, "user", None)
    if team is None and user is not None and user.is_authenticated and game.confirm:
        team = member_team(game, user.pk)
    return team
