"""Who may do what: score a game, start a league game, manage a club. Checked on the
server for every write; the one place these rules live. A club's roles (owner, director,
scorer, player) and what each may do are the table ``CLUB_RULES`` below; every club page
asks ``club_may``."""

from __future__ import annotations

import hmac
from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.crypto import salted_hmac

from smear_scores.models import Club, Entrant, Game, Membership, Role, RoundTable
from smear_scores.phone import kept_phone, night_player, scoring_tokens


def token_matches(game: Game, token: str | None) -> bool:
    """``token`` is the game's edit_token (the API's Bearer token; never the screen's)."""
    # Compared as bytes: compare_digest refuses str with non-ASCII characters (a header
    # may carry any byte), which must be a wrong token, not a server error.
    if not token:
        return False
    return hmac.compare_digest(game.edit_token.encode(), token.encode("utf-8", "surrogatepass"))


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

    A league game is scored only by signed-in scorers of the league's club (its directors
    and owner too); its link or token alone is not enough."""
    if game.league_id is not None:
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return False
        if user.is_superuser:
            return True
        return Membership.objects.filter(
            user=user, club__leagues=game.league_id, role__in=roles_that(SCORE)
        ).exists()
    return code_matches(game, scoring_tokens(request).get(game.public_id))


def was_stopped(request: HttpRequest, game: Game) -> bool:
    """This device could score ``game`` until a scorer stopped other phones scoring (its
    link or code is an older one): a casual game only."""
    if game.league_id is not None:
        return False
    token = scoring_tokens(request).get(game.public_id)
    return bool(token) and not code_matches(game, token)


# -- a club's roles ---------------------------------------------------------------------------
# What each role of one club may do, by the least role that may: each role may do what the
# roles below it may (player < scorer < director < owner). A site superuser is every club's
# owner. Anyone, signed in or not, reads a club's public pages (its leagues, tables, players,
# nights' room views); nothing here is needed for them.
SEE_OWN_GAMES = "see their own games"
AGREE = "agree for their own team"
SCORE = "start and score league games"
DIRECT = "run the club's nights and results queue"
ROSTER = "manage the roster"
INVITE = "invite players and decide requests to join"
LEAGUES = "create, edit and close leagues"
SETTINGS = "change the club's settings"
ADOPT_RULES = "adopt house rules for the club"
EXPORT = "download and import the club's archive"
NAME_DIRECTORS = "name and remove directors"

CLUB_RULES: dict[str, str] = {
    SEE_OWN_GAMES: Role.PLAYER,
    AGREE: Role.PLAYER,
    SCORE: Role.SCORER,
    DIRECT: Role.DIRECTOR,
    ROSTER: Role.DIRECTOR,
    INVITE: Role.DIRECTOR,
    LEAGUES: Role.DIRECTOR,
    SETTINGS: Role.DIRECTOR,
    ADOPT_RULES: Role.DIRECTOR,
    EXPORT: Role.DIRECTOR,
    NAME_DIRECTORS: Role.OWNER,
}
ROLE_ORDER = [Role.PLAYER, Role.SCORER, Role.DIRECTOR, Role.OWNER]


# Whoever a request is: a user, signed out (AnonymousUser), or no one (a request the
# authentication middleware never saw).
Someone = User | AnonymousUser | None


def account(user: Someone) -> User | None:
    """The signed-in account ``user`` is (a request's ``request.user``); None when signed
    out, or never seen by the authentication middleware."""
    return user if isinstance(user, User) else None


def roles_that(action: str) -> list[str]:
    """The roles that may do ``action`` (one of CLUB_RULES' keys)."""
    least = ROLE_ORDER.index(Role(CLUB_RULES[action]))
    return [role.value for role in ROLE_ORDER[least:]]


def club_role(user: Someone, club_id: int) -> str | None:
    """The user's role in the club (a superuser: owner), or None. Read once per user object
    and club (a request's user is one object)."""
    if user is None or not user.is_authenticated or not user.is_active:
        return None
    if user.is_superuser:
        return Role.OWNER
    memo: dict[int, str | None] = user.__dict__.setdefault("_club_roles", {})
    if club_id not in memo:
        memo[club_id] = (
            Membership.objects.filter(user=user, club_id=club_id)
            .values_list("role", flat=True)
            .first()
        )
    return memo[club_id]


def club_may(user: Someone, action: str, club_id: int) -> bool:
    """May ``user`` do ``action`` (one of CLUB_RULES' keys) in the club?"""
    role = club_role(user, club_id)
    return role is not None and role in roles_that(action)


def clubs_where(user: Someone, action: str) -> QuerySet[Club]:
    """The clubs in which ``user`` may do ``action``, by name."""
    if user is None or not user.is_authenticated or not user.is_active:
        return Club.objects.none()
    if user.is_superuser:
        return Club.objects.order_by("name")
    return Club.objects.filter(
        memberships__user=user, memberships__role__in=roles_that(action)
    ).order_by("name")


def is_member(user: Someone, club_id: int) -> bool:
    """Any role in the club."""
    return club_role(user, club_id) is not None


def can_start_league_game(user: Someone, club_id: int) -> bool:
    """A signed-in scorer, director or owner of the club (or a superuser)."""
    return club_may(user, SCORE, club_id)


def is_club_admin(user: Someone, club_id: int) -> bool:
    """A director or the owner of the club: runs its nights, results, roster and leagues."""
    return club_may(user, DIRECT, club_id)


def admin_club_ids(request: HttpRequest) -> set[int] | None:
    """The clubs this user administers in the Django admin site (the operator's tool: staff
    directors and owners only); None for a superuser (every club). Read once per request."""
    user = request.user
    if user.is_superuser:
        return None
    if not (user.is_active and user.is_staff):
        return set()
    cached: set[int] | None = request.__dict__.get("_admin_club_ids")
    if cached is None:
        cached = set(
            Membership.objects.filter(user=user, role__in=roles_that(DIRECT)).values_list(
                "club_id", flat=True
            )
        )
        request.__dict__["_admin_club_ids"] = cached  # this module's memo on the request
    return cached


# -- two keys: who speaks for which team -------------------------------------------------------
@dataclass(frozen=True)
class Voice:
    """Who this request is at a game's table: the team of their seat, and how the history
    names them ("Ann", a signed-in member; "Bo's phone", a phone checked in as Bo)."""

    team: int
    by: str


def night_of_game(game: Game) -> int | None:
    """The night whose table ``game`` is, or None."""
    return RoundTable.objects.filter(game=game).values_list("round__night_id", flat=True).first()


def seated_voice(request: HttpRequest, game: Game) -> Voice | None:
    """The seat of whoever sends ``request`` in ``game``: a signed-in member whose roster
    player (Player.user) holds a seat, else a phone checked in to the game's night as the
    player of a seat and still that player's phone (a name taken over on another phone
    speaks from that one only). None for anybody else: the scorer of a casual game, a
    watcher, a director with no seat."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        seat = game.seats.filter(player__user_id=user.pk).values_list("position", "player__name")
        for position, name in seat[:1]:
            return Voice(game.rules_variant.team_of(position), name)
    night_id = night_of_game(game)
    phone = kept_phone(request)
    if night_id is None or not phone:
        return None
    player_id = night_player(request, night_id)
    if player_id is None:
        return None
    # Still this phone's name, and no other phone asks for it (the director decides).
    held = Entrant.objects.filter(
        night_id=night_id, player_id=player_id, phone=phone, present=True, claim_phone=""
    ).exists()
    seat = game.seats.filter(player_id=player_id).values_list("position", "player__name")
    for position, name in seat[:1] if held else []:
        return Voice(game.rules_variant.team_of(position), f"{name}'s phone")
    return None


def agreeing_voice(request: HttpRequest, game: Game) -> Voice | None:
    """The one rule of who may agree (or say "not right") for which team of a club result
    (a league game or a night's table, Game.confirm): one of the team's own players, a
    signed-in member seated on it or a phone checked in to one of its seats at the night,
    for that team and no other. No code, link or token agrees for a team, so nothing the
    scorer's board, a team-mate's or the director's screen shows can. None: this request
    agrees for nobody."""
    if not game.confirm:
        return None
    return seated_voice(request, game)


def scoring_team(request: HttpRequest, game: Game) -> int | None:
    """The team of whoever records or edits a hand of a club result: that team is not asked
    to agree to it, every other team is (None: no seated player, every team is)."""
    if not game.confirm:
        return None
    voice = seated_voice(request, game)
    return None if voice is None else voice.team


# -- a night's check-in code: where the director put it ---------------------------------------
def room_key(night_id: int, join_code: str) -> str:
    """The key of the night's room view that shows its check-in code (the director's
    screen links to it): derived from the server's secret, so only the director's
    screen, and whoever it is shown to, has it."""
    return salted_hmac("smear_scores.room_key", f"{night_id}:{join_code}").hexdigest()[:20]


def shows_check_in(request: HttpRequest, night_id: int, join_code: str, club_id: int) -> bool:
    """Does this request's room view show the night's check-in code: the club's admin, or
    the room view opened with its key (``?key=``)? A room view with no key shows none:
    night ids are sequential, and the code checks anyone in."""
    if is_club_admin(request.user, club_id):
        return True
    key = request.GET.get("key", "")
    return bool(key) and hmac.compare_digest(
        key.encode("utf-8", "surrogatepass"), room_key(night_id, join_code).encode()
    )
