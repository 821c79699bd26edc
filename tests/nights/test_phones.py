"""A club night on the players' phones: check in by the night's code, each phone's guide
card, the director's dashboard, the announcement, a stuck table closed, the night on A4."""

from __future__ import annotations

import html
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from smear_scores.models import Entrant, Game, Night, Player
from smear_scores.rules import HandEntry
from smear_scores.selectors.nights import night_standings
from smear_scores.services import night_phones, nights
from smear_scores.services.agreements import hand_dispute
from smear_scores.services.recording import hand_record

from .conftest import DAY
from .test_pages import login

# A Schmier hand: the first partnership bids 3 and takes 4 of its 6 points.
HAND = HandEntry(bidder=0, bid=3, points=(4, 1, 1))


def open_night(club, players, n=12, **kw):
    kw.setdefault("variant", "schmier")
    kw.setdefault("rounds", 3)
    kw.setdefault("round_hands", 1)
    night = nights.night_open(club=club, name="Tuesday progressive", day=DAY, **kw)
    for player in players[:n]:
        night_phones.night_check_in(night=night, player=player)
    return night


def text(response) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())))


def phone_of(night, player) -> Client:
    """A phone that checked in as ``player`` by the night's link."""
    phone = Client()
    response = phone.post(f"/join/{night.join_code}/", {"player": player.pk})
    assert response.status_code == 302, response.content.decode()
    assert response["Location"] == f"/tournaments/{night.pk}/me/"
    return phone


def finish_round(night, *, scorer_team: int | None = None):
    """Each unfinished table's last hand, recorded by a player of ``scorer_team`` (None: by
    nobody seated, every team asked to agree)."""
    for game in Game.objects.filter(night_table__round__night=night, finished=False):
        hand_record(game=game, entry=HAND, scorer_team=scorer_team)


# -- check in by QR ---------------------------------------------------------------------------
def test_a_phone_checks_in_by_the_nights_code_with_no_account(club, players):
    night = nights.night_open(
        club=club, name="Tuesday", day=DAY, variant="schmier", rounds=3, round_hands=1
    )
    phone = Client()
    page = text(phone.get(f"/join/{night.join_code.lower()}/"))
    assert "Check in: Tuesday" in page
    assert "Ann" in page and "Max" in page
    phone_of(night, players[0])
    entrant = Entrant.objects.get(night=night)
    assert (entrant.player, entrant.present, len(entrant.phone)) == (players[0], True, 32)
    # Typed by hand on the room screen's address: the code in any case leads there.
    response = Client().get("/join/", {"code": f" {night.join_code.lower()} "})
    assert response["Location"] == f"/join/{night.join_code}/"
    response = Client().get("/join/", {"code": "NOPE42"})
    assert response.status_code == 404
    assert "No night has the code 'NOPE42'" in text(response)


def test_a_name_checked_in_on_another_phone_asks_first(club, players):
    night = open_night(club, players, n=0)
    first = phone_of(night, players[0])
    second = Client()
    response = second.post(f"/join/{night.join_code}/", {"player": players[0].pk})
    assert response.status_code == 409
    assert "Ann is already checked in on another phone" in text(response)
    assert "I am Ann: check in on this phone" in text(response)
    # The first phone still has Ann's card; the same phone again is not asked.
    assert first.post(f"/join/{night.join_code}/", {"player": players[0].pk}).status_code == 302
    response = second.post(f"/join/{night.join_code}/", {"player": players[0].pk, "confirm": "yes"})
    assert response.status_code == 302
    # Asked, not taken: the name stays on the first phone until the director moves it.
    entrant = Entrant.objects.get(night=night)
    assert (bool(entrant.phone), entrant.claim_phone != "") == (True, True)


def test_walk_ins_only_where_the_night_takes_them_and_under_the_roster_rules(club, players):
    night = open_night(club, players, n=0)
    phone = Client()
    response = phone.post(f"/join/{night.join_code}/", {"walk_in": "Zed"})
    assert response.status_code == 422
    assert "checks in players of Tuesday Smear Club's roster only" in text(response)
    assert not Player.objects.filter(name="Zed").exists()
    Night.objects.filter(pk=night.pk).update(walk_ins=True)
    response = phone.post(f"/join/{night.join_code}/", {"walk_in": "ann"})
    assert response.status_code == 422
    assert "Ann" in text(response) and Player.objects.filter(club=club).count() == len(players)
    response = phone.post(f"/join/{night.join_code}/", {"walk_in": "  Zed  Zeppelin "})
    assert response.status_code == 302
    assert Entrant.objects.get(night=night).player.name == "Zed Zeppelin"


def test_the_director_sees_each_check_in_and_can_undo_it(client, club, players, director):
    night = open_night(club, players, n=0)
    login(client, director)
    shown = client.get(f"/tournaments/{night.pk}/dashboard/", headers={"HX-Request": "true"})
    version = re.search(r'data-version="([^"]+)"', shown.content.decode()).group(1)
    phone_of(night, players[1])
    response = client.get(
        f"/tournaments/{night.pk}/dashboard/", {"v": version}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    assert "Bo (phone)" in text(response) and "Checked in (1)" in text(response)
    response = client.post(f"/tournaments/{night.pk}/check-in/undo/", {"player": players[1].pk})
    assert response.status_code == 302
    assert not Entrant.objects.filter(night=night).exists()
    # Once drawn, a check-in stands: the player is marked gone instead.
    night = open_night(club, players)
    nights.round_draw(night=night, seed=1)
    response = client.post(f"/tournaments/{night.pk}/check-in/undo/", {"player": players[1].pk})
    assert response.status_code == 422
    assert "Bo was in the draw of round 1: their rounds stand. Mark them gone instead." in text(
        response
    )


# -- the guide card ----------------------------------------------------------------------------
def test_the_card_says_table_seat_partners_opponents_and_the_dealer(club, players):
    night = open_night(club, players, n=12)
    phones = {p.pk: phone_of(night, p) for p in players[:12]}
    round_ = nights.round_draw(night=night, seed=7)
    for table in round_.tables.select_related("game"):
        names = [s.name for s in table.game.seats.order_by("position")]
        for seat, s in enumerate(table.game.seats.order_by("position")):
            card = text(phones[s.player_id].get(f"/tournaments/{night.pk}/me/"))
            assert f"Round 1 of 3 Table {table.number} Seat {seat + 1}" in card
            partner = names[(seat + 3) % 6]
            assert f"Partner {partner}" in card
            others = [n for i, n in enumerate(names) if i % 3 != seat % 3]
            assert f"Opponents {', '.join(others)}" in card
            dealer = "You" if table.game.first_dealer == seat else names[table.game.first_dealer]
            assert f"Deals first {dealer}" in card
            if seat == 0:
                assert f"Score table {table.number}" in card
            else:
                assert f"{names[0]} keeps the score at this table" in card


def test_only_the_scorer_s_card_opens_the_table_to_score(club, players):
    night = open_night(club, players, n=12)
    phones = {p.pk: phone_of(night, p) for p in players[:12]}
    round_ = nights.round_draw(night=night, seed=7)
    game = round_.tables.get(number=1).game
    seats = list(game.seats.order_by("position"))
    scorer, other = phones[seats[0].player_id], phones[seats[1].player_id]
    assert other.post(f"/tournaments/{night.pk}/me/score/").status_code == 404
    response = scorer.post(f"/tournaments/{night.pk}/me/score/")
    assert response["Location"] == f"/g/{game.public_id}/"
    board = text(scorer.get(f"/g/{game.public_id}/"))
    assert "Record hand 1" in board


def test_a_late_arrival_joins_the_next_draw_and_gone_is_left_out(club, players):
    night = open_night(club, players, n=12)
    nights.round_draw(night=night, seed=3)
    late = phone_of(night, players[12])  # Max, after round 1 was drawn
    card = text(late.get(f"/tournaments/{night.pk}/me/"))
    assert "Waiting for round 2" in card
    assert "You checked in after round 1 was drawn: you play from round 2" in card
    gone = phone_of(night, players[0])
    night_phones.night_check_out(night=night, player=players[0])
    assert "You were marked as gone" in text(gone.get(f"/tournaments/{night.pk}/me/"))
    finish_round(night)
    round2 = nights.round_draw(night=night, seed=4)
    seated = {s.player_id for t in round2.tables.all() for s in t.game.seats.all()}
    assert players[12].pk in seated and players[0].pk not in seated
    assert "Table" in text(late.get(f"/tournaments/{night.pk}/me/"))
    # Max missed round 1: it scores nothing (the night's stated rule).
    max_total = next(s for s in night_standings(night) if s.name == "Max")
    assert max_total.rounds[0] == "–"


def test_sitting_out_and_between_rounds_say_so(club, players):
    night = open_night(club, players, n=13)
    phones = {p.pk: phone_of(night, p) for p in players}
    round_ = nights.round_draw(night=night, seed=5)
    out = round_.sitting_out.get()
    card = text(phones[out.pk].get(f"/tournaments/{night.pk}/me/"))
    assert "Round 1 of 3 Sitting out" in card
    assert "You sit out round 1: it scores your average round" in card
    table = round_.tables.get(number=1)
    hand_record(game=table.game, entry=HAND)
    seated = table.game.seats.first().player_id
    card = text(phones[seated].get(f"/tournaments/{night.pk}/me/"))
    assert "Your table has finished round 1. Round 2 appears here as soon as it is drawn." in card


def test_totals_and_place_only_as_the_reveal_allows(club, players):
    night = open_night(club, players, n=12, rounds=1, reveal="end")
    phone = phone_of(night, players[0])
    nights.round_draw(night=night, seed=5)
    card = text(phone.get(f"/tournaments/{night.pk}/me/"))
    assert "Your total" not in card
    assert "Totals and places are shown once the last round is over." in card
    finish_round(night)
    card = text(phone.get(f"/tournaments/{night.pk}/me/"))
    # Provisional (*) until the other teams at the table agree.
    assert re.search(r"Your total \d+\* · =?\d+(st|nd|rd|th) of 12", card)


def test_the_card_answers_204_while_nothing_changed(club, players):
    night = open_night(club, players, n=12)
    phone = phone_of(night, players[0])
    page = phone.get(f"/tournaments/{night.pk}/me/").content.decode()
    version = re.search(r'data-version="([^"]+)"', page).group(1)
    htmx = {"HX-Request": "true"}
    url = f"/tournaments/{night.pk}/me/"
    assert phone.get(url, {"v": version}, headers=htmx).status_code == 204
    nights.round_draw(night=night, seed=5)
    fresh = phone.get(url, {"v": version}, headers=htmx)
    assert fresh.status_code == 200 and "<html" not in fresh.content.decode()
    assert "Table" in text(fresh)


def test_a_phone_that_never_checked_in_is_told_how(club, players):
    night = open_night(club, players)
    card = text(Client().get(f"/tournaments/{night.pk}/me/"))
    assert "Not checked in on this phone" in card and "/join/" in card


# -- the dashboard -----------------------------------------------------------------------------
def test_dashboard_shows_each_table_and_why_it_needs_attention(client, club, players, director):
    night = open_night(club, players, n=12, round_hands=2, idle_minutes=10)
    round_ = nights.round_draw(night=night, seed=9)
    t1, t2 = round_.tables.order_by("number")
    hand_record(game=t1.game, entry=HAND)
    Game.objects.filter(pk=t2.game_id).update(updated_at=timezone.now() - timedelta(minutes=12))
    gone = t1.game.seats.get(position=2).player
    night_phones.night_check_out(night=night, player=gone)
    login(client, director)
    page = text(client.get(f"/tournaments/{night.pk}/"))
    assert "Round 1 of 3 · 2 tables need you" in page
    assert "Table 1 1 of 2 hands" in page
    assert f"{gone.name} marked gone" in page
    assert "Table 2 0 of 2 hands" in page and "no hand for 12 min" in page
    # The clock counts from the last hand, or from the draw where none is played yet.
    assert "12 min since the round was drawn" in page
    assert "0 min since its last hand" in page
    assert "Start round 2 (" not in page
    assert "Start round 2 once every table has finished" in page


def test_dashboard_shows_a_disputed_hand(client, club, players, director):
    night = open_night(club, players, n=12, round_hands=2)
    round_ = nights.round_draw(night=night, seed=9)
    table = round_.tables.get(number=2)
    game, _ = hand_record(game=table.game, entry=HAND)
    hand_dispute(game=game, team=1, number=1, words="we took low")
    login(client, director)
    page = text(client.get(f"/tournaments/{night.pk}/"))
    assert "1 table needs you" in page
    assert "hand 1 disputed by another team" in page


def test_dashboard_shows_a_table_whose_hand_was_refused(client, club, players, director):
    night = open_night(club, players, n=12, round_hands=2)
    phones = {p.pk: phone_of(night, p) for p in players[:12]}
    round_ = nights.round_draw(night=night, seed=9)
    game = round_.tables.get(number=1).game
    scorer = phones[game.seats.get(position=0).player_id]
    scorer.post(f"/tournaments/{night.pk}/me/score/")
    hand = {"number": "1", "bidder": "0", "bid": "3", "by_totals": "on"}
    hand |= {"points_0": "5", "points_1": "5", "points_2": "5"}
    assert scorer.post(f"/g/{game.public_id}/hands/", hand).status_code == 422
    login(client, director)
    page = text(client.get(f"/tournaments/{night.pk}/"))
    assert "1 table needs you" in page
    assert re.search(r"a hand refused at \d\d:\d\d: its scorer may need help", page)
    # A hand recorded there since: the table is fine again.
    hand_record(game=Game.objects.get(pk=game.pk), entry=HAND)
    assert "a hand refused" not in text(client.get(f"/tournaments/{night.pk}/"))
    # Refused at Record for what is missing (Game not tapped), not by the rules: the same.
    missing = {"number": "2", "bidder": "1", "bid": "3"}
    missing |= {f"award_{key}": "0" for key in ("high", "low", "right_bauer", "left_bauer")}
    missing |= {"award_joker": "1"}
    refused = scorer.post(f"/g/{game.public_id}/hands/", missing)
    assert refused.status_code == 422
    assert "Who took Game?" in text(refused)
    page = text(client.get(f"/tournaments/{night.pk}/"))
    assert "1 table needs you" in page
    assert re.search(r"a hand refused at \d\d:\d\d: its scorer may need help", page)


def test_a_stuck_table_closes_as_it_stands_by_the_nights_rule(client, club, players, director):
    night = open_night(club, players, n=12, round_hands=3)
    round_ = nights.round_draw(night=night, seed=9)
    t1, t2 = round_.tables.order_by("number")
    for _ in range(3):
        hand_record(game=Game.objects.get(pk=t1.game_id), entry=HAND)
    hand_record(game=t2.game, entry=HAND)
    login(client, director)
    # Asked first, saying what it does; a tap that skips the question closes nothing.
    page = text(client.get(f"/tournaments/{night.pk}/"))
    names = list(t2.game.seats.order_by("position").values_list("name", flat=True))
    scores = " · ".join(
        f"{names[t]} & {names[t + 3]} {score}"
        for t, score in enumerate(Game.objects.get(pk=t2.game_id).scores)
    )
    assert (
        f"Close table 2 as it stands Table 2's round ends now with its scores as they stand "
        f"({scores}); the partnership ahead wins the round (nobody, if level). Its players "
        "record no more hands there, and this cannot be undone. Yes, close table 2"
    ) in page
    response = client.post(f"/tournaments/{night.pk}/tables/{t2.pk}/close/")
    assert response.status_code == 422
    assert (
        "Table 2 was not closed: tap “Close table 2 as it stands”, read what it does, then tap "
        "“Yes, close table 2”."
    ) in text(response)
    assert "Closed as it stood:" not in text(client.get(f"/tournaments/{night.pk}/"))
    response = client.post(f"/tournaments/{night.pk}/tables/{t2.pk}/close/", {"confirm": "on"})
    assert response.status_code == 302
    page = text(client.get(f"/tournaments/{night.pk}/"))
    assert "Closed as it stood:" in page and " won" in page
    assert "Start round 2 (12 players present)" in page
    # The round counts the table's scores as they stood, whatever is recorded later.
    before = {s.name: s.total for s in night_standings(night)}
    hand_record(game=Game.objects.get(pk=t2.game_id), entry=HAND)
    assert {s.name: s.total for s in night_standings(night)} == before
    response = client.post(f"/tournaments/{night.pk}/tables/{t2.pk}/close/", {"confirm": "on"})
    assert response.status_code == 422
    assert "Table 2 has finished already: there is nothing to close." in text(response)
    assert client.post(f"/tournaments/{night.pk}/draw/").status_code == 302


def test_close_rule_none_gives_nobody_the_round(club, players):
    night = open_night(club, players, n=12, round_hands=3, close_rule="none", win_bonus=5)
    round_ = nights.round_draw(night=night, seed=9)
    table = round_.tables.get(number=1)
    hand_record(game=table.game, entry=HAND)
    night_phones.table_close(table=table)
    won = {s.name: s.won for s in night_standings(night)}
    assert set(won.values()) == {0}


@pytest.mark.parametrize("bad", ["x" * 201, "bad\x00char"])
def test_announcement_on_every_card_and_the_room_and_its_refusals(
    client, club, players, director, bad
):
    night = open_night(club, players, n=12)
    phone = phone_of(night, players[3])
    login(client, director)
    response = client.post(f"/tournaments/{night.pk}/announce/", {"announcement": bad})
    assert response.status_code == 422
    assert "announcement" in text(response).lower()
    response = client.post(f"/tournaments/{night.pk}/announce/", {"announcement": "Pizza is here!"})
    assert response.status_code == 302
    assert "From the director: Pizza is here!" in text(phone.get(f"/tournaments/{night.pk}/me/"))
    assert "From the director: Pizza is here!" in text(
        Client().get(f"/tournaments/{night.pk}/room/")
    )
    client.post(f"/tournaments/{night.pk}/announce/", {"announcement": " "})
    assert "From the director" not in text(phone.get(f"/tournaments/{night.pk}/me/"))


def test_an_anonymous_room_view_carries_no_check_in_code(club, players):
    night = open_night(club, players)
    for url in (f"/tournaments/{night.pk}/room/", f"/tournaments/{night.pk}/room/?key=guess"):
        page = Client().get(url).content.decode()
        assert night.join_code not in page
        assert f"/join/{night.join_code}/" not in page
        assert "QR code to check in" not in page


def test_the_room_view_opened_from_the_directors_screen_shows_the_code_and_qr(
    client, club, players, director
):
    night = open_night(club, players)
    login(client, director)
    screen = client.get(f"/tournaments/{night.pk}/").content.decode()
    link = re.search(r'href="(/tournaments/\d+/room/\?key=\w+)"', screen)
    assert link is not None
    page = Client().get(link.group(1)).content.decode()
    assert 'aria-label="QR code to check in to Tuesday progressive"' in page
    assert f'code <strong class="code">{night.join_code}</strong>' in page


# -- paper -------------------------------------------------------------------------------------
def test_the_night_prints_a_check_in_sheet_table_cards_and_every_players_card(
    client, club, players, director
):
    night = open_night(club, players, n=13)
    round_ = nights.round_draw(night=night, seed=5)
    login(client, director)
    response = client.get(f"/tournaments/{night.pk}/print/")
    page = text(response)
    assert response.status_code == 200
    assert f"Code {night.join_code}" in page
    assert page.count("QR code to score table") == 0  # labels are attributes
    assert response.content.decode().count('aria-label="QR code to score table') == 2
    out = round_.sitting_out.get()
    for p in players:
        assert f" {p.name} " in page
    assert "Table 1, seat 1" in page and "Table 2, seat 6" in page
    # Paper names the first dealer, on the dealer's own card too.
    assert "Deals first: You" not in page
    assert "You sit out round 1" in page and out.name in page
    assert Client().get(f"/tournaments/{night.pk}/print/").status_code == 302


def test_the_draw_stays_fair_as_players_come_and_go(club, players):
    """Twelve seats, players arriving and leaving between rounds: nobody partners anyone
    twice, and the rounds sat out (or missed) stay within one of each other."""
    extra = [Player.objects.create(club=club, name=f"Late {n}") for n in range(2)]
    night = open_night(club, players, n=13, rounds=5)
    partners = set()
    for number in range(1, 6):
        if number == 2:
            night_phones.night_check_in(night=night, player=extra[0])
        if number == 3:
            night_phones.night_check_out(night=night, player=players[0])
            night_phones.night_check_in(night=night, player=extra[1])
        round_ = nights.round_draw(night=night, seed=number)
        for table in round_.tables.select_related("game"):
            seats = [s.player_id for s in table.game.seats.order_by("position")]
            for seat in range(3):
                pair = frozenset((seats[seat], seats[seat + 3]))
                assert pair not in partners, f"a partnership repeated in round {number}"
                partners.add(pair)
        finish_round(night)
    # Everyone here all night: rounds sat out within one of each other. The late arrivals'
    # missed rounds count as sat out: they are not sat out again before the others.
    sat = {p.name: p.rounds_sat_out.filter(night=night).count() for p in players[1:13]}
    assert max(sat.values()) - min(sat.values()) <= 1, sat
    late = {p.name: p.rounds_sat_out.filter(night=night).count() for p in extra}
    assert late == {"Late 0": 0, "Late 1": 0}


def test_a_round_awaiting_agreement_reads_as_provisional_with_who_is_awaited(
    client, club, players, director
):
    from smear_scores.selectors.nights import night_rounds
    from tests.league.conftest import agree_all

    night = open_night(club, players, n=12, rounds=2)
    nights.round_draw(night=night, seed=5)
    finish_round(night, scorer_team=0)
    table = night_rounds(night)[0].tables[0]
    # A player of the second team (seat 2): the scorer's team (seat 1's) awaits nobody's
    # word of its own, the other two teams agree.
    me = next(p for p in players if p.pk == table.seat_ids[1])
    score = table.scores()[1]
    others = [" & ".join(table.partnerships[t]) for t in (1, 2)]
    who = f"{others[0]} and {others[1]}"
    phone = phone_of(night, me)

    # The card: the round's score in the total, marked, and who must agree (their own
    # team first, as theirs).
    card = text(phone.get(f"/tournaments/{night.pk}/me/"))
    assert f"Your total {score}* · " in card
    mine, other = others
    assert (
        f"Provisional (*): round 1 at table {table.number} counts once your team ({mine}) "
        f"and {other} agree to its hands."
    ) in card
    # The room view: the cells and totals marked, the note, the table's status.
    room = text(client.get(f"/tournaments/{night.pk}/room/"))
    assert f"{me.name} {score}* 0 {score}*" in room or f"{me.name} {score}* 1 {score}*" in room
    assert "* Provisional: counts once the other teams at the table agree to its hands." in room
    winner = " & ".join(table.partnerships[table.game.winner])
    assert f"{winner} won; counts once agreed by {who}" in room
    # The dashboard does not say "Finished" for it; the printed card says what the phone does.
    login(client, director)
    dash = text(client.get(f"/tournaments/{night.pk}/"))
    assert f"Table {table.number} {winner} won; counts once agreed by {who}" in dash
    printed = text(client.get(f"/tournaments/{night.pk}/print/"))
    assert f"and {other} agree to its hands." in printed

    # Agreed: the standings count it, unmarked, and the line is gone.
    for game in Game.objects.filter(night_table__round__night=night):
        agree_all(game)
    card = text(phone.get(f"/tournaments/{night.pk}/me/"))
    assert f"Your total {score} · " in card
    assert "Provisional" not in card and "*" not in card
    room = text(client.get(f"/tournaments/{night.pk}/room/"))
    assert "Provisional" not in room and "counts once" not in room


def test_a_card_is_not_drawn_again_for_a_hand_that_does_not_move_it(club, players):
    night = open_night(club, players, n=12, rounds=2, round_hands=2, reveal="end")
    round_ = nights.round_draw(night=night, seed=5)
    mine, other = round_.tables.order_by("number")
    me = mine.game.seats.get(position=1).player
    phone = phone_of(night, me)
    url = f"/tournaments/{night.pk}/me/"
    page = phone.get(url).content.decode()
    version = re.search(r'data-version="([^"]+)"', page).group(1)
    key = re.search(r"&amp;c=([0-9a-f]+)", page).group(1)
    htmx = {"HX-Request": "true"}

    # A hand at the other table: the night's version moves, the card does not (the night
    # shows totals at its end only); nothing is drawn, the phone is told the new version.
    hand_record(game=other.game, entry=HAND)
    answer = phone.get(url, {"v": version, "c": key}, headers=htmx)
    assert (answer.status_code, answer.content) == (204, b"")
    assert answer["X-Version"] not in ("", version)
    # Without the card's key (an older phone), the card as ever.
    assert phone.get(url, {"v": version}, headers=htmx).status_code == 200

    # The player's own table finishes: the card moves.
    for _ in range(2):
        hand_record(game=Game.objects.get(pk=mine.game_id), entry=HAND)
    fresh = phone.get(url, {"v": answer["X-Version"], "c": key}, headers=htmx)
    assert fresh.status_code == 200
    assert "Your table has finished round 1." in text(fresh)
