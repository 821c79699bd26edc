"""Clubs, members, leagues and finished games for the league tests."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import User

from smear_scores.models import Club, League, Membership, Player
from smear_scores.rules import HandEntry
from smear_scores.selectors.agreements import agree_version, agreeing_teams
from smear_scores.services.agreements import hand_agree
from smear_scores.services.league_games import league_game_create
from smear_scores.services.recording import hand_record

PASSWORD = "a-long-test-password"


def make_user(username: str, *, club: Club | None = None, admin: bool = False) -> User:
    user = User.objects.create_user(username, password=PASSWORD, is_staff=admin)
    if club is not None:
        Membership.objects.create(user=user, club=club, is_admin=admin)
    return user


def make_league(club: Club, *, variant: str = "ne-wisconsin", **fields) -> League:
    fields.setdefault("name", "Winter 2026")
    fields.setdefault("start_date", date(2026, 1, 1))
    return League.objects.create(club=club, variant=variant, **fields)


def roster(club: Club, *names: str) -> list[Player]:
    return [Player.objects.get_or_create(club=club, name=n)[0] for n in names]


def agree_all(game):
    """Every other team agrees to every hand of ``game`` (two keys), as their phones would."""
    for team in agreeing_teams(game):
        hands = list(game.hands.order_by("number"))
        if hands:
            game = hand_agree(
                game=game,
                team=team,
                number=len(hands),
                version=agree_version(game, len(hands)),
            )
    return game


def play(
    league: League,
    players: list[Player],
    hands: list[tuple[int, int, tuple]],
    *,
    agreed: bool = True,
    scorer_team: int | None = 0,
    **kw,
):
    """A league game with ``hands`` recorded, each (bidder seat, bid, points per team), by a
    player of ``scorer_team`` (None: by nobody seated), and, unless ``agreed`` is False,
    agreed to by the other teams once finished."""
    game = league_game_create(league=league, players=players, first_dealer=0, **kw)
    for bidder, bid, points in hands:
        entry = HandEntry(bidder=bidder, bid=bid, points=points)
        game, _ = hand_record(game=game, entry=entry, scorer_team=scorer_team)
    if agreed and game.finished:
        game = agree_all(game)
    return game


def wisconsin_win(league, players, winner: int, loser_score: int = 0, **kw):
    """A finished Wisconsin game: ``winner``'s team reaches 16 in four hands of 4 made bids;
    the other team takes ``loser_score`` points (0 to 3) in one extra early hand."""
    other = 1 - winner
    hands = []
    if loser_score:
        pts = [0, 0]
        pts[other] = loser_score
        hands.append((other, 2, tuple(pts)))
    win_pts = [0, 0]
    win_pts[winner] = 4
    hands += [(winner, 4, tuple(win_pts))] * 4
    return play(league, players, hands, **kw)


@pytest.fixture
def club(db):
    return Club.objects.create(name="Tuesday Smear Club", slug="tuesday")


@pytest.fixture
def other_club(db):
    return Club.objects.create(name="Friday Club", slug="friday")


@pytest.fixture
def league(club):
    return make_league(club, start_date=date(2020, 1, 1))


@pytest.fixture
def four(club):
    return roster(club, "Ann", "Bob", "Cat", "Dan")
