"""Every screen that answers an address both as a whole page and, for htmx, as a fragment
says so with ``Vary: HX-Request``: otherwise a cache (the browser's own, on Back) may hand
the fragment to a plain request, which shows a bare piece of page without its header.

Each case below makes a fresh request both ways; the answers must differ (else the case
shows nothing) and both must vary on HX-Request. Every named address of the screens is a
case or is listed in ONE_WAY with why, so a new screen cannot be forgotten."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils.cache import has_vary_header

from smear_scores.models import Club
from smear_scores.services import nights, removal
from tests.league.conftest import make_league, make_user, play, roster

from .conftest import HTMX, SCHMIER_ALL_A, awards_post

pytestmark = pytest.mark.django_db


def _game(make_game, scorer_for, *, hands: int = 1):
    game = make_game("schmier", hands=hands)
    scorer_for(game)
    return game


def _removed(make_game, scorer_for):
    game = _game(make_game, scorer_for)
    return removal.game_remove(game=game)


# name -> a function (client, make_game, scorer_for) -> (method, path, data), run once per
# way so that a write never sees the first request's effect.
def _get(path: str, data: dict[str, Any] | None = None):
    return ("get", path, data or {})


def _post(path: str, data: dict[str, Any] | None = None):
    return ("post", path, data or {})


CASES = {
    "home": lambda c, mg, sf: _get(reverse("home")),
    "game_new": lambda c, mg, sf: _get(reverse("game_new")),
    "game_new (refused)": lambda c, mg, sf: _post(
        reverse("game_new"), {"variant": "schmier", "first_dealer": "random"}
    ),
    "game": lambda c, mg, sf: _get(reverse("game", args=[_game(mg, sf).public_id])),
    "results_queue": lambda c, mg, sf: _get(reverse("results_queue", args=[_director(c).slug])),
    "result_settle (no reason, 422)": lambda c, mg, sf: _settle(c),
    "team_board": lambda c, mg, sf: _get(reverse("team_board", args=[_game(mg, sf).public_id])),
    "team_agree (not joined, 403)": lambda c, mg, sf: _post(
        reverse("team_agree", args=[_game(mg, sf).public_id]), {"number": "1"}
    ),
    "team_dispute (not joined, 403)": lambda c, mg, sf: _post(
        reverse("team_dispute", args=[_game(mg, sf).public_id]), {"number": "1"}
    ),
    "game (removed, 410)": lambda c, mg, sf: _get(
        reverse("game", args=[_removed(mg, sf).public_id])
    ),
    "game_history (removed, 410)": lambda c, mg, sf: _get(
        reverse("game_history", args=[_removed(mg, sf).public_id])
    ),
    "hand_record (removed, 410)": lambda c, mg, sf: _post(
        reverse("hand_record", args=[_removed(mg, sf).public_id]),
        awards_post(2, 1, 4, SCHMIER_ALL_A),
    ),
    # A game's rules page answers one way, but a removed game's is the removed page.
    "game_rules (removed, 410)": lambda c, mg, sf: _get(
        reverse("game_rules", args=[_removed(mg, sf).public_id])
    ),
    "game_table": lambda c, mg, sf: _get(reverse("game_table", args=[_game(mg, sf).public_id])),
    "hand_record": lambda c, mg, sf: _post(
        reverse("hand_record", args=[_game(mg, sf).public_id]),
        awards_post(2, 1, 4, SCHMIER_ALL_A),
    ),
    "hand_record (refused by a rule, 422)": lambda c, mg, sf: _post(
        reverse("hand_record", args=[_game(mg, sf).public_id]),
        # Schmier's five points awarded every hand cannot add up to 4.
        {"number": "2", "bidder": "0", "bid": "3", "by_totals": "on"}
        | {"points_0": "2", "points_1": "1", "points_2": "1"},
    ),
    "hand_record (stale screen, 409)": lambda c, mg, sf: _post(
        reverse("hand_record", args=[_game(mg, sf, hands=2).public_id]),
        awards_post(1, 1, 4, SCHMIER_ALL_A),
    ),
    "hand_undo": lambda c, mg, sf: _get(reverse("hand_undo", args=[_game(mg, sf).public_id])),
    "hand_undo (stale screen, 409)": lambda c, mg, sf: _post(
        reverse("hand_undo", args=[_game(mg, sf).public_id]), {"number": "1", "version": "x"}
    ),
    "hand_edit": lambda c, mg, sf: _get(reverse("hand_edit", args=[_game(mg, sf).public_id, 1])),
    "game_history": lambda c, mg, sf: _get(reverse("game_history", args=[_game(mg, sf).public_id])),
    "game_handover": lambda c, mg, sf: _get(
        reverse("game_handover", args=[mg("schmier").public_id])
    ),
    "game_scoring_rotate": lambda c, mg, sf: _post(
        reverse("game_scoring_rotate", args=[_game(mg, sf).public_id])
    ),
    "game_rematch (not over, 409)": lambda c, mg, sf: _post(
        reverse("game_rematch", args=[_game(mg, sf).public_id])
    ),
    "game_remove": lambda c, mg, sf: _get(reverse("game_remove", args=[_game(mg, sf).public_id])),
    "game_restore": lambda c, mg, sf: _post(
        reverse("game_restore", args=[_removed(mg, sf).public_id])
    ),
    "league": lambda c, mg, sf: _get(reverse("league", args=[_league().pk])),
    "league_day": lambda c, mg, sf: _get(reverse("league_day", args=[_club().slug, "2026-11-29"])),
    "night_room": lambda c, mg, sf: _get(reverse("night_room", args=[_night().pk])),
    "night_guide": lambda c, mg, sf: _get(reverse("night_guide", args=[_night().pk])),
    "night_dashboard": lambda c, mg, sf: _get(reverse("night_dashboard", args=[_directed(c).pk])),
    "house_rules_new": lambda c, mg, sf: _get(reverse("house_rules_new")),
    "house_rules_new (a point moved)": lambda c, mg, sf: _post(
        reverse("house_rules_new"), {"based_on": "schmier", "up": "game"}
    ),
}

# Addresses that answer one way only, and why.
ONE_WAY = {
    "service_worker": "a script",
    # A club's own pages (views/club_urls.py): plain pages and forms htmx never asks for.
    "sign_up": "a plain form",
    "club_start": "a plain form",
    "club_settings": "a plain form",
    "club_league_new": "a plain POST answered with a redirect or the settings page",
    "club_league_close": "a plain POST answered with the settings page",
    "club_people": "a page of plain forms",
    "club_member_role": "a plain POST answered with the people page",
    "club_player_invite": "a plain POST answered with a redirect",
    "club_player_unlink": "a plain POST answered with the people page",
    "club_invitation_show": "a page htmx never asks for",
    "club_invitation": "a plain form",
    "club_join": "a plain form",
    "club_join_decide": "a plain POST answered with the people page",
    "club_roster": "a page of plain forms",
    "club_player_rename": "a plain POST answered with the roster page",
    "club_player_retire": "a plain POST answered with the roster page",
    "club_players_merge": "a plain POST answered with the roster page",
    "club_import": "a plain form",
    "club_archive": "a file",
    "game_live": "always the board's fragment (what an open board polls); varies on Cookie",
    "game_events": "a stream (text/event-stream) of versions, or of the watchers' board",
    "night_room_events": "a stream of the room view (text/event-stream)",
    "game_table_events": "a stream of the table view (text/event-stream)",
    "team_events": "a stream (text/event-stream) of the game's versions for a team's board",
    "hand_preview": "always a fragment (only htmx asks for it)",
    "game_history_csv": "a file",
    "rules": "a page htmx never asks for",
    "clubs": "a page htmx never asks for",
    "league_login": "Django's sign-in form",
    "league_logout": "Django's sign-out",
    "club": "a page htmx never asks for",
    "night_new": "a plain form",
    "night_scoring": "a page htmx never asks for",
    "season": "a page htmx never asks for",
    "season_print": "a page to print",
    "night_results_print": "a page to print",
    "season_new": "a plain form",
    "season_edit": "a plain form",
    "season_csv": "a file",
    "night": "the director's screen, plain forms",
    "night_check_in": "a plain POST answered with a redirect",
    "night_check_out": "a plain POST answered with a redirect",
    "night_draw": "a plain POST answered with a redirect",
    "night_correct": "a plain POST answered with a redirect",
    "night_substitute": "a plain POST answered with a redirect",
    "night_sub_end": "a plain POST answered with a redirect",
    "night_scoring_change": "a plain POST answered with a redirect",
    "league_day_today": "a redirect",
    "night_announce": "a plain POST answered with a redirect",
    "night_check_in_undo": "a plain POST answered with a redirect",
    "night_close_table": "a plain POST answered with a redirect",
    "night_print": "a page to print, htmx never asks for it",
    "night_events": "a stream (text/event-stream) of a night's versions",
    "night_join_code": "a plain GET form",
    "night_join": "the check-in page, plain forms",
    "night_guide_score": "a plain POST answered with a redirect",
    "night_guide_release": "a plain POST answered with a redirect",
    "night_check_in_move": "a plain POST answered with a redirect",
    "night_walk_in_keep": "a plain POST answered with a redirect",
    "league_games": "a page htmx never asks for",
    "league_game_new": "a plain form",
    "league_table_csv": "a file",
    "league_hands_csv": "a file",
    "player": "a page htmx never asks for",
    "house_rules": "a page htmx never asks for",
    "house_rules_slug": "a redirect",
    "house_rules_keep": "a plain POST answered with a redirect",
    "house_rules_forget": "a plain POST answered with a redirect",
    "house_rules_adopt": "a plain POST answered with a redirect",
}


def _club() -> Club:
    return Club.objects.get_or_create(name="Vary Club", slug="vary")[0]


def _director(client: Client) -> Club:
    club = _club()
    user = User.objects.filter(username="dora").first() or make_user("dora", club=club, admin=True)
    client.force_login(user)
    return club


def _settle(client: Client):
    """A finished league game the other team has not agreed to, settled with no reason."""
    club = _director(client)
    league = make_league(club, start_date=date(2020, 1, 1))
    players = roster(club, "Katherine", "Christopher", "Jessica", "Brandon")
    game = play(league, players, [(0, 4, (4, 0))] * 4, agreed=False)
    path = reverse("result_settle", args=[club.slug, game.public_id])
    return _post(path, {"number": "4", "decision": "keep", "reason": ""})


def _league():
    return make_league(_club(), start_date=date(2020, 1, 1))


def _night():
    club = _club()
    roster(club, "Katherine", "Christopher", "Jessica", "Brandon")
    return nights.night_open(
        club=club, name="Vary night", day=date(2026, 11, 29), variant="ne-wisconsin", rounds=2
    )


def _directed(client: Client):
    """A night whose club's admin ``client`` is signed in as."""
    from django.contrib.auth.models import User

    from smear_scores.models import Membership

    night = _night()
    user, _ = User.objects.get_or_create(username="vary-director", defaults={"is_staff": True})
    Membership.objects.get_or_create(user=user, club=night.club, defaults={"role": "director"})
    client.force_login(user)
    return night


def _answer(client: Client, case, make_game, scorer_for, *, htmx: bool):
    method, path, data = case(client, make_game, scorer_for)
    headers = HTMX if htmx else {}
    return getattr(client, method)(path, data, **headers)


def _names(patterns, found: set[str]) -> set[str]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            if pattern.app_name in ("admin",) or str(pattern.pattern).startswith("api/"):
                continue
            _names(pattern.url_patterns, found)
        elif isinstance(pattern, URLPattern) and pattern.name:
            found.add(pattern.name)
    return found


def test_vary_every_screen_is_a_case_or_answers_one_way():
    listed = {name.split(" (")[0] for name in CASES} | set(ONE_WAY)

    assert _names(get_resolver().url_patterns, set()) - listed == set()
    assert listed - _names(get_resolver().url_patterns, set()) == set()


@pytest.mark.parametrize("name", CASES)
def test_vary_a_page_answered_both_ways_varies_on_hx_request(client, make_game, scorer_for, name):
    plain = _answer(client, CASES[name], make_game, scorer_for, htmx=False)
    fragment = _answer(client, CASES[name], make_game, scorer_for, htmx=True)

    # The two ways really differ (else this case would prove nothing) …
    assert (plain.status_code, plain.content) != (fragment.status_code, fragment.content)
    # … and each answer says which header chose it.
    assert has_vary_header(plain, "HX-Request"), plain.get("Vary")
    assert has_vary_header(fragment, "HX-Request"), fragment.get("Vary")
