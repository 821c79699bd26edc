"""The director's screens and the room view."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext

from smear_scores.models import Night
from smear_scores.rules import HandEntry
from smear_scores.services.recording import hand_record

from .conftest import DAY, PASSWORD, make_user


def login(client, user):
    assert client.login(username=user.username, password=PASSWORD)


def run_night(client, club, players, **fields):
    data = {
        "name": "Tuesday progressive",
        "day": "2026-11-29",
        "variant": "schmier",
        "round_format": "hands",
        "round_hands": "2",
        "rounds": "3",
        "win_bonus": "0",
        "option_kitty": "0",
        **fields,
    }
    response = client.post(f"/clubs/{club.slug}/tournaments/new/", data)
    assert response.status_code == 302, response.content.decode()
    night = Night.objects.get()
    response = client.post(
        f"/tournaments/{night.pk}/check-in/", {"player": [p.pk for p in players[:12]]}
    )
    assert response.status_code == 302
    return night


def test_only_club_admins_direct_a_night(client, club, players):
    response = client.get(f"/clubs/{club.slug}/tournaments/new/")
    assert (response.status_code, response["Location"].split("?")[0]) == (302, "/clubs/login/")
    login(client, make_user("mo", club=club))
    response = client.get(f"/clubs/{club.slug}/tournaments/new/")
    assert response.status_code == 403
    assert "Only admins of Tuesday Smear Club can run its nights" in response.content.decode()


def test_open_night_refuses_a_set_number_of_hands_without_the_number(client, club, director):
    login(client, director)
    response = client.post(
        f"/clubs/{club.slug}/tournaments/new/",
        {
            "day": "2026-11-29",
            "variant": "schmier",
            "round_format": "hands",
            "rounds": "3",
            "win_bonus": "0",
            "option_kitty": "0",
        },
    )
    assert response.status_code == 422
    assert "Say how many hands a round has, or choose a full game for each round." in (
        response.content.decode()
    )
    assert Night.objects.count() == 0


def test_director_draws_a_round_and_sees_table_cards_with_a_qr_each(
    client, club, players, director
):
    login(client, director)
    night = run_night(client, club, players)
    response = client.post(f"/tournaments/{night.pk}/draw/")
    assert response.status_code == 302
    page = client.get(f"/tournaments/{night.pk}/").content.decode()

    lines = re.findall(r'<p class="table-line"><strong>(.*?)</strong>', page)
    assert len(lines) == 2
    for number, line in enumerate(lines, start=1):
        assert re.fullmatch(
            rf"Table {number}: \w+ &amp; \w+ · \w+ &amp; \w+ · \w+ &amp; \w+, \w+ deals", line
        ), line
    assert page.count("<svg") == 2
    # The QR leads to the table's scoring link: the phone that scans it may score.
    links = re.findall(r'href="http://testserver(/g/[^/]+/score/)#(\w+)" class="scan-link"', page)
    assert len(links) == 2
    path, secret = links[0]
    phone = client.__class__()
    assert phone.post(path, {"code": secret}).status_code == 302
    assert (
        "This phone can now score this game."
        in phone.get(path.replace("score/", "")).content.decode()
    )


def test_a_tables_scoring_code_on_the_director_screen_never_breaks_at_its_hyphens(
    client, club, players, director
):
    login(client, director)
    night = run_night(client, club, players)
    client.post(f"/tournaments/{night.pk}/draw/")
    page = client.get(f"/tournaments/{night.pk}/").content.decode()
    codes = re.findall(r'\(code <span class="scoring-code">([A-Z0-9-]+)</span>\)', page)
    assert len(codes) == 2 and all(code.count("-") == 2 for code in codes), codes
    # The class every scoring code is shown with keeps it on one line.
    css = (Path(settings.BASE_DIR) / "static/css/app.css").read_text()
    assert re.search(r"\.scoring-code \{[^}]*white-space: nowrap;", css)


def test_room_view_full_page_fragment_and_no_content_while_nothing_changed(
    client, club, players, director, django_assert_num_queries
):
    login(client, director)
    night = run_night(client, club, players)
    client.post(f"/tournaments/{night.pk}/draw/")
    client.logout()

    page = client.get(f"/tournaments/{night.pk}/room/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "<html" in html
    version = re.search(r'room/\?v=([^"]+)"', html).group(1)

    with django_assert_num_queries(1):
        same = client.get(
            f"/tournaments/{night.pk}/room/?v={version}", headers={"HX-Request": "true"}
        )
    assert (same.status_code, same.content) == (204, b"")

    game = night.round_set.get().tables.get(number=1).game
    hand_record(game=game, entry=HandEntry(bidder=0, bid=3, points=(5, 1, 0)))
    changed = client.get(
        f"/tournaments/{night.pk}/room/?v={version}", headers={"HX-Request": "true"}
    )
    fragment = changed.content.decode()
    assert changed.status_code == 200
    assert "<html" not in fragment
    assert fragment.strip().startswith('<section id="room"')
    assert "Playing: 1 hand" in fragment


def test_room_view_reads_the_same_number_of_queries_however_far_the_night_has_gone(
    client, club, players, director
):
    login(client, director)
    night = run_night(client, club, players)
    client.post(f"/tournaments/{night.pk}/draw/")

    def room_queries() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/tournaments/{night.pk}/room/").status_code == 200
        return len(queries)

    first = room_queries()
    for table in night.round_set.get().tables.select_related("game"):
        for _ in range(2):
            hand_record(game=table.game, entry=HandEntry(bidder=0, bid=3, points=(5, 1, 0)))
    table = night.round_set.get().tables.first()
    corrected = client.post(
        f"/tournaments/{night.pk}/tables/{table.pk}/correct/",
        {"team": "1", "points": "2", "reason": "scoresheet says 3"},
    )
    assert corrected.status_code == 302
    assert client.post(f"/tournaments/{night.pk}/draw/").status_code == 302
    walk_in = client.post(f"/tournaments/{night.pk}/check-in/", {"walk_in": "Nell"})
    assert walk_in.status_code == 302

    assert (night.round_set.count(), room_queries()) == (2, first)


def test_round_board_counts_down_hands_and_offers_no_rematch(client, club, players, director):
    login(client, director)
    night = run_night(client, club, players)
    client.post(f"/tournaments/{night.pk}/draw/")
    game = night.round_set.get().tables.get(number=1).game
    code = {"code": game.scoring_secret}
    assert client.post(f"/g/{game.public_id}/score/", code).status_code == 302

    game, _ = hand_record(game=game, entry=HandEntry(bidder=0, bid=3, points=(3, 2, 1)))
    page = client.get(f"/g/{game.public_id}/").content.decode()
    assert "Round of 2 hands: 1 more to play." in page
    assert "needs " not in page

    hand_record(game=game, entry=HandEntry(bidder=0, bid=3, points=(3, 2, 1)))
    page = client.get(f"/g/{game.public_id}/").content.decode()
    # Said in the table's names (the partners at table 1's first seats).
    assert re.search(
        r"The round&#x27;s 2 hands are played: \w+ &amp; \w+ win it with 6 points\.", page
    )
    assert "Rematch" not in page


def test_club_page_offers_admins_to_open_a_night_and_lists_the_nights(client, club, director):
    from smear_scores.services.nights import night_open

    night_open(club=club, name="Tuesday progressive", day=DAY, variant="schmier", rounds=3)
    page = client.get(f"/clubs/{club.slug}/").content.decode()
    assert "Open a progressive night" not in page
    assert re.findall(r'<a href="(/tournaments/\d+/room/)">Tuesday progressive</a>', page) == [
        f"/tournaments/{Night.objects.get().pk}/room/"
    ]
    login(client, director)
    page = client.get(f"/clubs/{club.slug}/").content.decode()
    assert f'href="/clubs/{club.slug}/tournaments/new/">Open a progressive night' in page


def test_league_night_qr_opens_the_game_for_signed_in_members(client, club, players, director):
    from tests.league.conftest import make_league

    league = make_league(club, variant="schmier")
    login(client, director)
    night = run_night(client, club, players, league=str(league.pk))
    assert night.league_id == league.pk
    client.post(f"/tournaments/{night.pk}/draw/")
    page = client.get(f"/tournaments/{night.pk}/").content.decode()
    links = re.findall(r'href="http://testserver(/g/[^"]+)" class="scan-link"', page)
    games = night.round_set.get().tables.order_by("number").values_list("game__public_id")
    assert links == [f"/g/{public_id}/" for (public_id,) in games]
    assert "(code " not in page
