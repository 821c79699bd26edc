"""Every club page and action, GET and POST, as each role of the club (owner, director,
scorer, player), as a director of another club, and signed out: each is let in exactly
when permissions.CLUB_RULES says, and refused otherwise (signed out: the sign-in page; a
role too low or another club's: 403). Each request is rolled back, so every role meets
the same club."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import pytest
from django.db import transaction

from smear_scores.models import JoinRequest, Role
from smear_scores.services.club_people import invitation_create
from smear_scores.services.league_games import league_game_create
from smear_scores.services.nights import night_open

from .conftest import make_league, member, roster

ANYONE, SIGNED_IN = "anyone", "signed in"
SIGN_IN = ("/clubs/login/", "/signup/")
RANK = {Role.PLAYER: 0, Role.SCORER: 1, Role.DIRECTOR: 2, Role.OWNER: 3}
# Who walks: (name, role in the club under test or None, role in the other club or None).
WALKERS = [
    ("olive", Role.OWNER, None),
    ("dora", Role.DIRECTOR, None),
    ("sam", Role.SCORER, None),
    ("pia", Role.PLAYER, None),
    ("otto", None, Role.OWNER),
    ("anon", None, None),
]


@dataclass(frozen=True)
class Door:
    method: str
    url: str
    least: str  # the least role that may, ANYONE, or SIGNED_IN
    data: dict | None = None


@pytest.fixture
def doors(club, other_club):
    ann, bo, cy, di = roster(club, "Ann", "Bo", "Cy", "Di")
    league = make_league(club, start_date=date(2026, 1, 1))
    game = league_game_create(league=league, players=[ann, bo, cy, di], first_dealer=0)
    night = night_open(
        club=club,
        name="Night",
        day=date(2026, 11, 29),
        variant="ne-wisconsin",
        rounds=2,
        round_hands=4,
    )
    invitation = invitation_create(player=ann, by=None)
    asker = member("asker", other_club, Role.PLAYER)
    asked = JoinRequest.objects.create(club=club, user=asker, name="Eve")
    s, g = f"/clubs/{club.slug}", game.public_id
    hand = {"bidder": "0", "bid": "2", "high": "0", "low": "0", "jack": "0", "game": "0"}
    return [
        Door("get", f"{s}/", ANYONE),
        Door("get", f"/leagues/{league.pk}/", ANYONE),
        Door("get", f"/tournaments/{night.pk}/room/", ANYONE),
        Door("get", f"{s}/join/", SIGNED_IN),
        Door("get", f"{s}/invitation/", ANYONE),
        Door("get", f"/leagues/{league.pk}/new/", Role.SCORER),
        Door("post", f"/leagues/{league.pk}/new/", Role.SCORER, {"seat_0": ann.pk}),
        Door("post", f"/g/{g}/hands/", Role.SCORER, hand),
        Door("get", f"{s}/settings/", Role.DIRECTOR),
        Door(
            "post",
            f"{s}/settings/",
            Role.DIRECTOR,
            {"confirm_hours": "12", "night_reveal": "end", "game": "schmier"},
        ),
        Door(
            "post",
            f"{s}/leagues/new/",
            Role.DIRECTOR,
            {"name": "Spring", "game": "schmier", "start_date": "2027-03-01", "ranking": "wins"},
        ),
        Door("post", f"{s}/leagues/{league.pk}/close/", Role.DIRECTOR, {"end_date": "2026-12-31"}),
        Door("get", f"{s}/people/", Role.DIRECTOR),
        Door("post", f"{s}/people/{bo.pk}/invite/", Role.DIRECTOR),
        Door("post", f"{s}/people/{bo.pk}/unlink/", Role.DIRECTOR),
        Door("get", f"{s}/invitations/{invitation.pk}/", Role.DIRECTOR),
        Door("post", f"{s}/join/{asked.pk}/", Role.DIRECTOR, {"decision": "refuse"}),
        Door("post", f"{s}/people/role/", Role.OWNER, {"user": asker.pk, "role": "scorer"}),
        Door("get", f"{s}/roster/", Role.DIRECTOR),
        Door("post", f"{s}/roster/", Role.DIRECTOR, {"action": "preview", "text": "Eve"}),
        Door("post", f"{s}/roster/", Role.DIRECTOR, {"action": "add", "text": "Eve"}),
        Door("post", f"{s}/roster/{cy.pk}/rename/", Role.DIRECTOR, {"name": "Cyd"}),
        Door("post", f"{s}/roster/{cy.pk}/retire/", Role.DIRECTOR),
        Door("post", f"{s}/roster/merge/", Role.DIRECTOR, {"keep": cy.pk, "duplicate": di.pk}),
        Door("get", f"{s}/archive.json", Role.DIRECTOR),
        Door("get", "/start-a-club/", SIGNED_IN),
        Door("get", "/import-a-club/", SIGNED_IN),
        Door("get", f"{s}/results/", Role.DIRECTOR),
        Door("get", f"{s}/tournaments/new/", Role.DIRECTOR),
        Door("get", f"/tournaments/{night.pk}/", Role.DIRECTOR),
        Door("post", f"/tournaments/{night.pk}/announce/", Role.DIRECTOR, {"text": "Hi"}),
    ]


def may(least: str, role: str | None, signed_in: bool) -> bool:
    if least == ANYONE:
        return True
    if least == SIGNED_IN:
        return signed_in
    return role is not None and RANK[Role(role)] >= RANK[Role(least)]


def knock(client, door: Door) -> int:
    """The door's answer, its writes rolled back."""
    with transaction.atomic():
        if door.method == "get":
            response = client.get(door.url)
        else:
            response = client.post(door.url, door.data or {})
        transaction.set_rollback(True)
    if response.status_code == 302 and response["Location"].startswith(SIGN_IN):
        return 401  # sent to sign in, or up
    return response.status_code


def test_every_club_door_lets_in_exactly_the_roles_that_may(client, club, other_club, doors):
    walkers = []
    for name, role, elsewhere in WALKERS:
        if role is not None:
            walkers.append((member(name, club, role), role))
        elif elsewhere is not None:
            walkers.append((member(name, other_club, elsewhere), None))
        else:
            walkers.append((None, None))
    wrong = []
    for user, role in walkers:
        client.logout()
        if user is not None:
            client.force_login(user)
        who = user.username if user else "signed out"
        for door in doors:
            status = knock(client, door)
            allowed = may(door.least, role, user is not None)
            ok = status in (200, 204, 302, 422) if allowed else status in (401, 403)
            if not ok:
                wrong.append(f"{who} {door.method.upper()} {door.url}: {status}")
    assert wrong == []
