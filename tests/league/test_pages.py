"""Every club, league, player and night page, and who may start, score or edit a league
game: members of its club and its admins; never an anonymous visitor or another club's
member, whatever link they hold."""

from __future__ import annotations

import csv
import io
import re
from datetime import date

import pytest
from django.utils import timezone

from smear_scores.models import Game, Rating

from .conftest import PASSWORD, make_league, make_user, play, roster, wisconsin_win


@pytest.fixture
def member(club):
    return make_user("mia", club=club)


@pytest.fixture
def club_admin(club):
    return make_user("ada", club=club, admin=True)


@pytest.fixture
def stranger(other_club):
    return make_user("olga", club=other_club)


def login(client, user):
    assert client.login(username=user.username, password=PASSWORD)
    return client


def record_post(number=1):
    # Wisconsin: seat 1 (Team A) bids 2 and takes High and Game.
    return {
        "number": number,
        "bidder": 0,
        "bid": 2,
        "award_high": 0,
        "award_low": 1,
        "award_jack": "none",
        "award_game": 0,
    }


# -- public pages ----------------------------------------------------------------------------


def test_club_page_lists_leagues_nights_and_roster(client, club, league, four):
    wisconsin_win(league, four, winner=0)
    response = client.get(f"/clubs/{club.slug}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Winter 2026" in html
    assert f"/leagues/{league.pk}/" in html
    today = timezone.localdate().isoformat()
    assert f"/nights/{club.slug}/{today}/" in html
    assert [p.name for p in response.context["roster"]] == ["Ann", "Bob", "Cat", "Dan"]


def test_club_page_unknown_club_is_404(client, db):
    assert client.get("/clubs/nobody/").status_code == 404


def test_league_page_is_public_and_prints_the_rule(client, league, four):
    wisconsin_win(league, four, winner=0)
    response = client.get(f"/leagues/{league.pk}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Ranked by wins, then win %, then point difference." in html
    ann = four[0]
    # The rating beside the name (seen without swiping), on the club's scale: one win from
    # the start is above 1000, and provisional.
    ordinal = Rating.objects.filter(player=ann).latest("seq").ordinal
    assert ordinal > 0
    assert (
        f'<tr data-name="Ann"><td class="rank">=1</td><th scope="row" class="name">'
        f'<a href="/players/{ann.pk}/">Ann</a></th>'
        f'<td class="rating">{round(1000 + 20 * ordinal)}<small class="provisional">'
        "provisional</small></td><td>1</td><td>1</td><td>0</td><td>100.0</td>"
        "<td>16.0</td><td>16</td><td>0</td><td>16</td><td>4</td><td>4</td><td>0</td>"
        "<td>100.0</td><td>4.0</td></tr>"
    ) in html
    assert (
        f'<tr data-name="Bob &amp; Dan"><td class="rank">2</td><th scope="row" class="name">'
        f'<a href="/players/{four[1].pk}/">Bob</a> &amp; <a href="/players/{four[3].pk}/">Dan'
        "</a></th><td>1</td><td>0</td><td>1</td><td>0.0</td><td>0.0</td><td>0</td><td>16</td>"
        "<td>-16</td><td>0</td><td>0</td><td>0</td><td>–</td><td>–</td></tr>"
    ) in html
    assert [r.name for r in response.context["table"].players] == ["Ann", "Cat", "Bob", "Dan"]
    assert "Start a league game" not in html


def test_league_page_offers_a_new_game_to_members_only(client, league, member, stranger):
    assert (
        "Start a league game"
        in login(client, member).get(f"/leagues/{league.pk}/").content.decode()
    )
    client.logout()
    assert (
        "Start a league game"
        not in login(client, stranger).get(f"/leagues/{league.pk}/").content.decode()
    )


def test_league_page_htmx_poll_answers_the_tables_fragment(client, league, four):
    wisconsin_win(league, four, winner=0)
    page = client.get(f"/leagues/{league.pk}/").content.decode()
    response = client.get(f"/leagues/{league.pk}/", headers={"HX-Request": "true"})
    fragment = response.content.decode()
    assert response.status_code == 200
    assert response["Vary"] == "HX-Request, Cookie"
    assert "<html" not in fragment
    assert fragment.strip().startswith('<div id="league-tables"')
    # The same tables the page shows, and nothing else of the page.
    start = page.index('<div id="league-tables"')
    assert fragment.strip() == page[start : start + len(fragment.strip())]
    assert "1 finished game." in fragment


def test_league_games_page_lists_every_game(client, league, four):
    done = wisconsin_win(league, four, winner=1, loser_score=2)
    playing = play(league, four, [(0, 4, (4, 0))])
    response = client.get(f"/leagues/{league.pk}/games/")
    assert response.status_code == 200
    assert [line.game for line in response.context["games"]] == [playing, done]
    assert [line.status for line in response.context["games"]] == [
        "Playing: 1 hand",
        "Finished: Team B won",
    ]


def test_unknown_league_is_404(client, db):
    assert client.get("/leagues/999/").status_code == 404


# -- starting a league game ---------------------------------------------------------------


def test_league_game_new_anonymous_is_sent_to_log_in(client, league):
    response = client.get(f"/leagues/{league.pk}/new/")
    assert response.status_code == 302
    assert response["Location"] == f"/clubs/login/?next=/leagues/{league.pk}/new/"


def test_league_game_new_member_of_another_club_is_refused(client, league, stranger, four):
    login(client, stranger)
    response = client.get(f"/leagues/{league.pk}/new/")
    assert response.status_code == 403
    assert "Only members of Tuesday Smear Club can start or score" in response.content.decode()
    seats = {f"seat_{i}": p.pk for i, p in enumerate(four)}
    assert client.post(f"/leagues/{league.pk}/new/", seats).status_code == 403
    assert Game.objects.count() == 0


def test_league_game_new_member_starts_a_game_from_the_roster(client, club, member, four):
    league = make_league(club, start_date=date(2020, 1, 1), options={"kitty": 2})
    login(client, member)
    form = client.get(f"/leagues/{league.pk}/new/")
    assert form.status_code == 200
    assert '<span class="seat-number">Seat 1</span> <span class="seat-team">Team A</span>' in (
        form.content.decode()
    )
    ann, bob, cat, dan = four
    response = client.post(
        f"/leagues/{league.pk}/new/",
        {
            "seat_0": dan.pk,
            "seat_1": cat.pk,
            "seat_2": bob.pk,
            "seat_3": ann.pk,
            "first_dealer": "2",
        },
    )
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/g/{game.public_id}/"
    assert game.league == league
    assert game.variant == "ne-wisconsin"
    assert game.options == {"kitty": 2, "win_only_on_made_bid": False, "cap_non_bidder": False}
    assert game.first_dealer == 2
    assert [(s.name, s.player) for s in game.seats.order_by("position")] == [
        ("Dan", dan),
        ("Cat", cat),
        ("Bob", bob),
        ("Ann", ann),
    ]


def test_league_game_new_same_player_twice_is_refused(client, league, member, four):
    login(client, member)
    ann, bob, cat, _ = four
    response = client.post(
        f"/leagues/{league.pk}/new/",
        {"seat_0": ann.pk, "seat_1": bob.pk, "seat_2": cat.pk, "seat_3": ann.pk},
    )
    assert response.status_code == 422
    assert response.context["form"].errors == {
        "seat_3": ["Ann is already in seat 1: pick someone else for seat 4."]
    }
    assert Game.objects.count() == 0


def test_league_game_new_player_of_another_club_is_not_offered(
    client, league, member, other_club, four
):
    outsider = roster(other_club, "Zed")[0]
    login(client, member)
    ann, bob, cat, _ = four
    response = client.post(
        f"/leagues/{league.pk}/new/",
        {"seat_0": ann.pk, "seat_1": bob.pk, "seat_2": cat.pk, "seat_3": outsider.pk},
    )
    assert response.status_code == 422
    assert response.context["form"].errors == {
        "seat_3": ["That player is not on the roster: pick another for seat 4."]
    }


def test_league_game_new_after_the_season_is_refused(client, club, member, four):
    league = make_league(club, start_date=date(2020, 1, 1), end_date=date(2020, 6, 30))
    login(client, member)
    seats = {f"seat_{i}": p.pk for i, p in enumerate(four)}
    response = client.post(f"/leagues/{league.pk}/new/", seats)
    assert response.status_code == 422
    assert response.context["problems"] == [
        "Winter 2026 ended on 30 June 2020: ask a club admin to change its dates, or start a "
        "casual game instead."
    ]


# -- scoring a league game -------------------------------------------------------------------


@pytest.fixture
def league_game(league, four):
    return play(league, four, [])


def test_league_game_anonymous_cannot_score(client, league_game):
    response = client.post(f"/g/{league_game.public_id}/hands/", record_post())
    assert response.status_code == 403
    assert league_game.hands.count() == 0


def test_league_game_member_of_another_club_cannot_score_or_edit(client, league, four, stranger):
    game = play(league, four, [(0, 2, (2, 1))])
    login(client, stranger)
    assert client.post(f"/g/{game.public_id}/hands/", record_post(2)).status_code == 403
    assert client.post(f"/g/{game.public_id}/hands/1/edit/", record_post(1)).status_code == 403
    assert client.post(f"/g/{game.public_id}/undo/").status_code == 403
    assert game.hands.count() == 1


def test_league_game_handover_link_does_not_let_a_stranger_score(client, league_game):
    handover = client.post(
        f"/g/{league_game.public_id}/score/", {"code": league_game.scoring_secret}
    )
    assert handover.status_code == 403
    assert re.findall(r'<p class="problem" role="alert">(.*?)</p>', handover.content.decode()) == [
        "A league game is scored by the club&#x27;s members: log in as a member of the club "
        "to score it. A scoring code does not open it."
    ]
    response = client.post(f"/g/{league_game.public_id}/hands/", record_post())
    assert response.status_code == 403
    assert league_game.hands.count() == 0


def test_league_game_member_scores(client, league_game, member):
    login(client, member)
    response = client.post(f"/g/{league_game.public_id}/hands/", record_post())
    assert response.status_code == 302
    assert list(league_game.hands.values_list("number", "bid", "points")) == [(1, 2, [2, 1])]


def test_league_game_club_admin_scores_and_edits(client, league, four, club_admin):
    game = play(league, four, [(0, 2, (2, 1))])
    login(client, club_admin)
    edit = {**record_post(1), "bid": 3, "award_jack": 0, "confirm": "yes"}
    response = client.post(f"/g/{game.public_id}/hands/1/edit/", edit)
    assert response.status_code == 302
    assert list(game.hands.values_list("number", "bid", "points")) == [(1, 3, [3, 1])]


def test_casual_game_keeps_the_token_rule(client, member):
    from smear_scores.services.new_games import game_create

    game = game_create(variant="ne-wisconsin", players=["A", "B", "C", "D"], first_dealer=0)
    login(client, member)
    assert client.post(f"/g/{game.public_id}/hands/", record_post()).status_code == 403


# -- player page --------------------------------------------------------------------------


def test_player_page_shows_games_partners_bids_points_and_rating(client, league, four):
    ann, bob, cat, dan = four
    first = wisconsin_win(league, [ann, bob, cat, dan], winner=0)
    # Ann & Dan against Bob & Cat; Ann bids 2 with awards entered: set (took Low only).
    game = play(league, [ann, bob, dan, cat], [])
    from smear_scores.rules import HandEntry
    from smear_scores.services.recording import hand_record

    hand_record(
        game=game,
        entry=HandEntry(bidder=0, bid=2, awards={"high": 1, "low": 0, "jack": 1, "game": None}),
    )
    response = client.get(f"/players/{ann.pk}/")
    assert response.status_code == 200
    page = response.context["page"]
    assert (page.played, page.won, page.lost) == (1, 1, 0)
    assert [(line.game, line.partners, line.result) for line in page.games] == [
        (game, ["Dan"], "Playing"),
        (first, ["Cat"], "Won"),
    ]
    assert page.partners == [
        {"player_id": cat.pk, "name": "Cat", "games": 1, "won": 1, "win_pct": 100.0}
    ]
    # The game still being played counts nowhere yet: its hand waits (docs/clubs.md).
    assert page.bids == [{"bid": 4, "hands": 4, "made": 4, "set": 0, "make_rate": 100.0}]
    assert page.categories == []
    assert [(h.game_id, h.number, h.bid, h.made) for h in page.hands] == [
        (first.pk, n, 4, True) for n in (4, 3, 2, 1)
    ]
    assert page.rating is not None
    assert page.rating.ordinal == pytest.approx(page.rating.mu - 3 * page.rating.sigma)
    html = response.content.decode()
    assert "Rating history" in html
    # In the club's words: a whole number, provisional while games are few; no mu, sigma.
    shown = round(1000 + 20 * page.rating.ordinal)
    assert (
        f"Rating <strong>{shown}</strong> "
        '<span class="muted">(provisional: 1 of 10 rated games)</span>'
    ) in html
    assert "sigma" not in html and "mu " not in html
    # Games are named by their partnerships, not their ids.
    assert f'<a href="/g/{first.public_id}/">Ann &amp; Cat v Bob &amp; Dan</a>' in html
    assert f">{first.public_id}<" not in html and f">{game.public_id}<" not in html


def test_player_page_counts_the_bids_and_points_of_games_that_count_only(client, league, four):
    from smear_scores.rules import HandEntry
    from smear_scores.services.league_games import league_game_create
    from smear_scores.services.recording import hand_record
    from tests.league.conftest import agree_all

    ann = four[0]
    game = league_game_create(league=league, players=four, first_dealer=0)
    swept = HandEntry(bidder=0, bid=4, awards={"high": 0, "low": 0, "jack": 0, "game": 0})
    for _ in range(4):
        game, _ = hand_record(game=game, entry=swept)
    assert game.finished and game.agreed_at is None

    def shown():
        page = client.get(f"/players/{ann.pk}/").context["page"]
        high = [(c["taken"], c["hands"]) for c in page.categories if c["label"] == "High"]
        return page.bids, high, page.awarded_hands, len(page.hands)

    # Finished, not agreed yet: its hands wait, as the league table and ratings wait.
    assert shown() == ([], [], 0, 0)
    agree_all(game)
    assert shown() == (
        [{"bid": 4, "hands": 4, "made": 4, "set": 0, "make_rate": 100.0}],
        [(4, 4)],
        4,
        4,
    )


def test_player_page_hands_newest_first_and_paginated(client, league, four):
    for _ in range(7):
        wisconsin_win(league, four, winner=0)  # Ann bids 4 four times a game: 28 hands
    ann = four[0]
    first = client.get(f"/players/{ann.pk}/").context["page"].hands
    second = client.get(f"/players/{ann.pk}/?hands=2").context["page"].hands
    assert (first.paginator.count, len(first), len(second)) == (28, 25, 3)
    stamps = [h.created_at for h in [*first, *second]]
    assert stamps == sorted(stamps, reverse=True)
    assert client.get(f"/players/{ann.pk}/?hands=99").context["page"].hands.number == 2


def test_unknown_player_is_404(client, db):
    assert client.get("/players/999/").status_code == 404


# -- club night -------------------------------------------------------------------------------


def test_night_page_shows_tables_still_playing_first(client, club, league, four):
    done = wisconsin_win(league, four, winner=1)
    playing = play(league, four, [(0, 4, (4, 0))])
    today = timezone.localdate().isoformat()
    response = client.get(f"/nights/{club.slug}/{today}/")
    assert response.status_code == 200
    assert [line.game for line in response.context["games"]] == [playing, done]
    html = response.content.decode()
    assert "1 still playing" in html
    assert 'hx-trigger="every 10s"' in html
    assert "<html" in html


def test_night_page_htmx_answers_the_fragment_only(client, club, league, four):
    play(league, four, [(0, 4, (4, 0))])
    today = timezone.localdate().isoformat()
    response = client.get(f"/nights/{club.slug}/{today}/", headers={"HX-Request": "true"})
    html = response.content.decode()
    assert "<html" not in html
    assert html.lstrip().startswith('<section id="night-games"')
    assert "2 games" not in html and "1 game: " in html


def test_night_page_other_dates_and_bad_dates(client, club, league, four):
    play(league, four, [])
    assert client.get(f"/nights/{club.slug}/2001-01-01/").context["games"] == []
    assert client.get(f"/nights/{club.slug}/yesterday/").status_code == 404
    today = timezone.localdate().isoformat()
    assert client.get(f"/nights/{club.slug}/")["Location"] == f"/nights/{club.slug}/{today}/"


# -- exports and the API ---------------------------------------------------------------------


def read_csv(response):
    body = b"".join(response.streaming_content).decode()
    return list(csv.reader(io.StringIO(body)))


def test_league_table_csv_has_the_page_rows(client, league, four):
    wisconsin_win(league, four, winner=0, loser_score=2)
    response = client.get(f"/leagues/{league.pk}/table.csv")
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert (
        response["Content-Disposition"] == 'attachment; filename="tuesday-winter-2026-players.csv"'
    )
    rows = read_csv(response)
    assert rows[0] == [
        "Rank",
        "Name",
        "Played",
        "Won",
        "Lost",
        "Win %",
        "Avg score",
        "Points for",
        "Points against",
        "Difference",
        "Hands bid",
        "Made",
        "Set",
        "Make %",
        "Avg bid",
        "Rating",
        "Provisional",
        "Rated games",
        "mu",
        "sigma",
    ]
    # The CSV has OpenSkill's own figures beside the rating the pages show.
    bob = Rating.objects.filter(player=four[1]).latest("seq")
    assert rows[3][1] == "Bob"
    assert rows[3][15:] == [
        str(round(1000 + 20 * bob.ordinal)),
        "yes",
        "1",
        str(round(bob.mu, 2)),
        str(round(bob.sigma, 2)),
    ]
    # A loss from the start is under 1000, never a negative number.
    assert 900 < round(1000 + 20 * bob.ordinal) < 1000
    assert [r[:10] for r in rows[1:]] == [
        ["1", "Ann", "1", "1", "0", "100.0", "16.0", "16", "2", "14"],
        ["1", "Cat", "1", "1", "0", "100.0", "16.0", "16", "2", "14"],
        ["3", "Bob", "1", "0", "1", "0.0", "2.0", "2", "16", "-14"],
        ["3", "Dan", "1", "0", "1", "0.0", "2.0", "2", "16", "-14"],
    ]
    pairs = read_csv(client.get(f"/leagues/{league.pk}/table.csv?of=partnerships"))
    assert [r[:4] for r in pairs[1:]] == [
        ["1", "Ann & Cat", "1", "1"],
        ["2", "Bob & Dan", "1", "0"],
    ]


def test_league_hands_csv_has_every_hand(client, league, four):
    game = wisconsin_win(league, four, winner=0, loser_score=2)
    rows = read_csv(client.get(f"/leagues/{league.pk}/hands.csv"))
    assert rows[0] == [
        "game",
        "started",
        "finished",
        "hand",
        "dealer",
        "thrown_in",
        "bidder",
        "bidding_team",
        "bid",
        "made",
        "points Team A",
        "points Team B",
        "High to",
        "Low to",
        "Jack to",
        "Game to",
        "score Team A",
        "score Team B",
    ]
    assert len(rows) == 6
    # An id is random: one that starts with "-" would be a formula to a spreadsheet, so the
    # export escapes it with a quote, as it does every cell (tests/hardening/test_csv_exports.py).
    escaped = "'" if game.public_id.startswith("-") else ""
    assert rows[1][0] == escaped + game.public_id
    assert rows[1][2:] == [
        "yes",
        "1",
        "Ann",
        "no",
        "Bob",
        "Team B",
        "2",
        "made",
        "0",
        "2",
        "",
        "",
        "",
        "",
        "0",
        "2",
    ]
    assert rows[5][3:] == [
        "5",
        "Ann",
        "no",
        "Ann",
        "Team A",
        "4",
        "made",
        "4",
        "0",
        "",
        "",
        "",
        "",
        "16",
        "2",
    ]


def test_api_league_table_returns_the_page_rows(client, league, four):
    wisconsin_win(league, four, winner=0, loser_score=2)
    response = client.get(f"/api/leagues/{league.pk}/table")
    assert response.status_code == 200
    body = response.json()
    assert body["league"] == {
        "id": league.pk,
        "name": "Winter 2026",
        "club": "Tuesday Smear Club",
        "variant": "ne-wisconsin",
        "ranking": "wins",
        "rule": "Ranked by wins, then win %, then point difference. Equal rows share a rank (=).",
        "min_games": 1,
        "start_date": "2020-01-01",
        "end_date": None,
    }
    assert body["games"] == 1
    ann = body["players"][0]
    rating = Rating.objects.filter(player=four[0]).latest("seq")
    assert {k: ann.pop(k) for k in ("rating", "provisional", "rated_games", "mu", "sigma")} == {
        "rating": round(1000 + 20 * rating.ordinal),
        "provisional": True,
        "rated_games": 1,
        "mu": round(rating.mu, 2),
        "sigma": round(rating.sigma, 2),
    }
    assert ann == {
        "rank": 1,
        "rank_label": "=1",
        "ranked": True,
        "name": "Ann",
        "players": ["Ann"],
        "player_ids": [four[0].pk],
        "played": 1,
        "won": 1,
        "lost": 0,
        "win_pct": 100.0,
        "avg_score": 16.0,
        "points_for": 16,
        "points_against": 2.0,
        "diff": 14.0,
        "league_points": None,
        "hands_bid": 4,
        "made": 4,
        "set": 0,
        "make_rate": 100.0,
        "avg_bid": 4.0,
    }
    assert [r["name"] for r in body["partnerships"]] == ["Ann & Cat", "Bob & Dan"]


def test_api_league_table_unknown_league_is_404(client, db):
    response = client.get("/api/leagues/999/table")
    assert response.status_code == 404
    assert response.json()["message"] == "There is no league 999: check the league's link."


# -- log in ---------------------------------------------------------------------------------


def test_login_page_logs_a_member_in_and_returns(client, league, member):
    response = client.post(
        "/clubs/login/",
        {"username": "mia", "password": PASSWORD, "next": f"/leagues/{league.pk}/new/"},
    )
    assert response.status_code == 302
    assert response["Location"] == f"/leagues/{league.pk}/new/"
    assert client.get(f"/leagues/{league.pk}/new/").status_code == 200


def test_login_without_next_lands_on_the_clubs_list(client, member):
    response = client.post("/clubs/login/", {"username": "mia", "password": PASSWORD})
    assert response.status_code == 302
    assert response["Location"] == "/clubs/"
    assert client.get(response["Location"]).status_code == 200


def test_login_page_wrong_password_says_so(client, member):
    response = client.post("/clubs/login/", {"username": "mia", "password": "nope"})
    assert response.status_code == 422
    assert "Please enter a correct username and password." in response.content.decode()


def test_club_list_page_links_every_club(client, club, other_club, four):
    response = client.get("/clubs/")
    assert response.status_code == 200
    assert [(c.name, c.n_players) for c in response.context["clubs"]] == [
        ("Friday Club", 0),
        ("Tuesday Smear Club", 4),
    ]
    assert 'href="/clubs/tuesday/"' in response.content.decode()


def test_club_page_links_club_directors_to_its_own_settings(client, club, club_admin, member):
    login(client, member)
    assert "Settings and leagues" not in client.get("/clubs/tuesday/").content.decode()
    client.logout()
    login(client, club_admin)
    page = client.get("/clubs/tuesday/").content.decode()
    assert '<a href="/clubs/tuesday/settings/">Settings and leagues</a>' in page
    assert "/admin/" not in page


def test_league_game_scoreboard_links_to_the_league_and_offers_no_hand_over_link(
    client, league, four
):
    game = play(league, four, [])
    member = make_user("mel", club=league.club)
    client.force_login(member)

    page = client.get(f"/g/{game.public_id}/").content.decode()

    assert f'href="/leagues/{league.pk}/"' in page
    assert "Hand over scoring" not in page
    assert game.edit_token not in page


def test_league_game_watcher_is_told_to_sign_in(client, league, four):
    game = play(league, four, [])

    page = client.get(f"/g/{game.public_id}/").content.decode()

    assert "League game: the club's members score it after" in page
    assert 'action="/g/' not in page


def test_league_game_sign_in_link_comes_back_to_the_board_after_a_live_refresh(
    client, league, four
):
    # A watcher's board is redrawn in place (the live check, the pushed board): its
    # sign-in link still brings the member back to the board, not to the fragment.
    game = play(league, four, [])
    back = f"?next=%2Fg%2F{game.public_id}%2F"

    for path in (f"/g/{game.public_id}/", f"/g/{game.public_id}/live/"):
        assert back in client.get(path).content.decode(), path


def test_league_game_rematch_stays_in_the_league_with_the_same_players(client, league, four):
    game = wisconsin_win(league, four, winner=0)
    client.force_login(make_user("mel", club=league.club))

    # The table keeps the rotation (D12): the next dealer deals first.
    response = client.post(f"/g/{game.public_id}/rematch/", {"dealer": "next"})

    rematch = Game.objects.get(rematch_of=game)
    assert response.status_code == 302
    assert rematch.league_id == league.pk
    assert [s.player_id for s in rematch.seats.order_by("position")] == [p.pk for p in four]
    assert rematch.first_dealer == game.next_dealer
