"""Substitutes and byes at a night, against nights worked by hand: each policy with a sub
(one with a tie), the refusals naming the player and the next step, the scoring system
locked once round 1 is drawn, and ratings weighing a part-game sub by the hands played.

Wisconsin, four players at one table, one hand a round: a sweep (bid 4, all four points)
scores the bidder's partnership 4 and the others 0, and wins the round."""

from __future__ import annotations

import html

import pytest

from smear_scores.models import Game, Night, Player, Rating, Seat
from smear_scores.rules import HandEntry
from smear_scores.selectors.night_substitutes import night_sat_in
from smear_scores.selectors.nights import night_prize_lines, night_rounds, night_standings
from smear_scores.services import night_phones, nights
from smear_scores.services import night_substitutes as subs
from smear_scores.services.ratings import ratings_refresh

from .conftest import DAY
from .test_nights import games_of, play_out

SWEEP_0 = HandEntry(bidder=0, bid=4, awards={"high": 0, "low": 0, "jack": 0, "game": 0})
SWEEP_1 = HandEntry(bidder=1, bid=4, awards={"high": 1, "low": 1, "jack": 1, "game": 1})


def _night(club, players, **kw):
    kw.setdefault("rounds", 2)
    kw.setdefault("round_hands", 1)
    night = subs.night_open_with_subs(
        club=club, name="Sub night", day=DAY, variant="ne-wisconsin", **kw
    )
    for player in players[:4]:
        night_phones.night_check_in(night=night, player=player)
    return night


def _seated(game):
    return [
        Player.objects.get(pk=p)
        for p in game.seats.order_by("position").values_list("player_id", flat=True)
    ]


def _table(night, number):
    (game,) = games_of(night.round_set.get(number=number))
    return game


def _night_with_a_sub(club, players, **kw):
    """Round 1: seats 0 & 2 sweep. Round 2 drawn; seat 0's player leaves before its first
    hand and Max sits in for them; seats 1 & 3 sweep. Returns the night, round 1's
    players by seat, round 2's by seat (as drawn) and the sub."""
    night = _night(club, players, **kw)
    nights.round_draw(night=night, seed=1)
    first = _seated(_table(night, 1))
    play_out(_table(night, 1), [SWEEP_0])
    nights.round_draw(night=night, seed=2)
    second = _seated(_table(night, 2))
    sub = players[12]
    night_phones.night_check_out(night=night, player=second[0])
    subs.sub_seat(night=night, absent=second[0], sub=sub, first=2)
    play_out(_table(night, 2), [SWEEP_1])
    return night, first, second, sub


def _standings(night):
    return {s.name: (s.rank, int(s.total), s.sat_in) for s in night_standings(night)}


def test_the_subs_points_go_to_the_absent_player_and_the_sub_is_named_sitting_in(club, players):
    night, first, second, sub = _night_with_a_sub(club, players, win_bonus=5)
    absent = second[0]
    # Round 1: seats 0 & 2 score 4 + 5; round 2: seats 1 & 3 score 4 + 5, seat 0 (Max for
    # the absent player) and seat 2 score 0.
    expected = {p.name: 9 if i in (0, 2) else 0 for i, p in enumerate(first)}
    for i, p in enumerate(second):
        expected[p.name] += 9 if i in (1, 3) else 0
    got = _standings(night)
    assert {n: t for n, (_, t, _) in got.items()} == expected
    assert sub.name not in got  # his round scored for the absent player
    assert got[absent.name][2] == f"{sub.name} sat in, round 2"
    # The seat is Max's at the table; the standings count it as the absent player's.
    assert _seated(_table(night, 2))[0] == sub
    assert [s.text for s in night_sat_in(night)] == [
        f"{sub.name} sat in for {absent.name}, round 2"
    ]


def test_level_totals_after_a_sub_share_the_place(club, players):
    night = _night(club, players, rounds=1, win_bonus=5)
    nights.round_draw(night=night, seed=1)
    seated = _seated(_table(night, 1))
    night_phones.night_check_out(night=night, player=seated[0])
    subs.sub_seat(night=night, absent=seated[0], sub=players[12], first=1)
    play_out(_table(night, 1), [SWEEP_0])
    # Seat 0 (Max for the absent player) and seat 2 sweep: 4 + 5 each, one round won, best
    # 9: level, they share first place; seats 1 and 3 share third on 0.
    got = {n: (r, t) for n, (r, t, _) in _standings(night).items()}
    assert got == {
        seated[0].name: (1, 9),
        seated[2].name: (1, 9),
        seated[1].name: (3, 0),
        seated[3].name: (3, 0),
    }
    assert all(s.tied for s in night_standings(night))


def test_a_sub_for_themself_is_outside_prizes_and_season_points(club, players):
    night, first, second, sub = _night_with_a_sub(
        club, players, scoring="total_points", sub_policy=Night.SUB_SELF
    )
    # Max sat in at seat 1 of round 2, whose partnership scored 0 there: his line shows
    # it unranked; the absent player keeps round 1 alone.
    got = _standings(night)
    absent = second[0]
    assert got[sub.name] == (0, 0, f"sat in for {absent.name}, round 2")
    assert got[absent.name][1] == (4 if first.index(absent) in (0, 2) else 0)
    season = {s.name for s in night_standings(night, counted_only=True)}
    assert sub.name not in season and absent.name in season


def test_the_subs_high_round_is_no_prize_line_of_his_when_he_plays_for_himself(club, players):
    night = _night(club, players, scoring="total_points", sub_policy=Night.SUB_SELF, rounds=1)
    nights.round_draw(night=night, seed=1)
    seated = _seated(_table(night, 1))
    sub = players[12]
    subs.sub_seat(night=night, absent=seated[0], sub=sub, first=1)
    play_out(_table(night, 1), [SWEEP_0])  # Max & seat 2 take the round's high, 4
    standings = night_standings(night)
    lines = night_prize_lines(night, standings, night_rounds(night))
    assert [(x.round, x.score, x.names) for x in lines] == [(1, 4, seated[2].name)]
    by_name = {s.name: s for s in standings}
    # Max's 4 would share first place with seat 2; he follows, unranked.
    assert (by_name[sub.name].rank, by_name[sub.name].outside) == (0, True)
    assert (by_name[seated[2].name].rank, by_name[seated[2].name].tied) == (1, False)
    assert by_name[seated[0].name].total == 0  # the absent player missed the round


def test_a_bye_scores_the_clubs_fixed_result_for_the_absent_player(club, players):
    night, first, second, sub = _night_with_a_sub(
        club, players, sub_policy=Night.SUB_BYE, bye_points=3
    )
    absent = second[0]
    got = _standings(night)
    round_1 = 4 if first.index(absent) in (0, 2) else 0
    assert got[absent.name][1] == round_1 + 3  # the bye's 3 for round 2
    assert sub.name not in got
    # The absent player's partner at the table keeps what the partnership scored (0).
    partner = second[2]
    assert got[partner.name][1] == (4 if first.index(partner) in (0, 2) else 0)


def test_a_sub_keeps_the_absent_players_place_in_the_next_draw(club, players):
    night = _night(club, players, rounds=3, movement="king")
    nights.round_draw(night=night, seed=1)
    seated = _seated(_table(night, 1))
    absent, sub = seated[1], players[12]
    play_out(_table(night, 1), [SWEEP_0])
    night_phones.night_check_out(night=night, player=absent)
    subs.sub_seat(night=night, absent=absent, sub=sub, first=2, last=3)
    second = nights.round_draw(night=night, seed=2)
    assert sub in _seated(games_of(second)[0])
    assert absent.pk in second.present and sub.pk not in second.present


# Bad input: each refusal names the player and the next step, and writes nothing.


def _refused(**kw):
    with pytest.raises(nights.NightRefused) as caught:
        subs.sub_seat(**kw)
    return caught.value.errors[0].message


def test_a_sub_already_seated_in_the_round_is_refused(club, players):
    night = _night(club, players + [], rounds=2)
    for p in players[4:8]:
        night_phones.night_check_in(night=night, player=p)
    round_ = nights.round_draw(night=night, seed=1)
    one, two = (_seated(g) for g in games_of(round_))
    message = _refused(night=night, absent=one[0], sub=two[1], first=1)
    assert message == (
        f"{two[1].name} is already seated at table 2 in round 1: pick another substitute, "
        f"or seat {two[1].name} from round 2."
    )
    assert not night.substitutions.exists()


def test_a_sub_at_a_table_that_finished_is_refused(club, players):
    night = _night(club, players)
    nights.round_draw(night=night, seed=1)
    seated = _seated(_table(night, 1))
    play_out(_table(night, 1), [SWEEP_0])
    message = _refused(night=night, absent=seated[0], sub=players[12], first=1)
    assert message == (
        f"Table 1 of round 1 has finished: {seated[0].name}'s round there stands. Seat the "
        "substitute from round 2."
    )
    assert Seat.objects.filter(player=players[12]).count() == 0


def test_a_second_sub_for_the_same_player_over_the_same_rounds_is_refused(club, players):
    night = _night(club, players, rounds=3)
    nights.round_draw(night=night, seed=1)
    seated = _seated(_table(night, 1))
    subs.sub_seat(night=night, absent=seated[0], sub=players[12], first=1, last=2)
    message = _refused(night=night, absent=seated[0], sub=players[11], first=2, last=3)
    assert message == (
        f"{players[12].name} already sits in for {seated[0].name} over rounds 1\u20132: "
        f"{seated[0].name}'s seat has a substitute there. Pick rounds after round 2."
    )
    assert night.substitutions.count() == 1


def test_a_sub_already_sitting_in_for_someone_else_over_those_rounds_is_refused(club, players):
    night = _night(club, players, rounds=3)
    for p in players[4:8]:
        night_phones.night_check_in(night=night, player=p)
    round_ = nights.round_draw(night=night, seed=1)
    one, two = (_seated(g) for g in games_of(round_))
    subs.sub_seat(night=night, absent=one[0], sub=players[12], first=2, last=3)
    message = _refused(night=night, absent=two[0], sub=players[12], first=2)
    assert message == (
        f"{players[12].name} already sits in for {one[0].name} over rounds 2\u20133: pick "
        "another substitute for these rounds."
    )
    assert night.substitutions.count() == 1


def test_the_scoring_system_cannot_change_once_round_1_is_drawn(club, players):
    night = _night(club, players)
    subs.night_scoring_change(night=night, scoring="win_points", scoring_numbers={"win_points": 2})
    night.refresh_from_db()
    assert (night.scoring, night.scoring_numbers["win_points"]) == ("win_points", 2)
    nights.round_draw(night=night, seed=1)
    with pytest.raises(nights.NightRefused) as caught:
        subs.night_scoring_change(night=night, scoring="total_points")
    assert caught.value.errors[0].message == (
        "Round 1 of Sub night is drawn: its scoring system stays win points and spread for "
        "the whole night, so every round is scored alike. Open a new night to score another way."
    )
    night.refresh_from_db()
    assert night.scoring == "win_points"


def test_a_sub_who_played_one_hand_of_three_moves_less_than_a_full_player(club, players):
    from tests.league.conftest import make_league

    league = make_league(club)
    night = _night(club, players, rounds=1, round_hands=3, league=league)
    nights.round_draw(night=night, seed=1)
    seated = _seated(_table(night, 1))
    game = play_out(_table(night, 1), [SWEEP_0, SWEEP_0], agreed=False)
    subs.sub_seat(night=night, absent=seated[0], sub=players[12], first=1)
    play_out(Game.objects.get(pk=game.pk), [SWEEP_0])
    ratings_refresh(club=club)
    mu = {r.player_id: r.mu - 25 for r in Rating.objects.all()}
    sub, partner, absent = players[12].pk, seated[2].pk, seated[0].pk
    # Seat 0's side won: the partner (3 hands of 3) gains most, the absent player (2 of
    # 3) two thirds of it, the sub (1 of 3) a third.
    assert mu[partner] > 0
    assert mu[sub] == pytest.approx(mu[partner] / 3)
    assert mu[absent] == pytest.approx(mu[partner] * 2 / 3)


# The director's screen: the form seats the sub, a refusal comes back on the screen in
# words, and every page says who sat in for whom.


def test_the_director_seats_a_walk_in_sub_and_the_pages_say_who_sat_in(
    client, club, players, director
):
    from .test_pages import login

    night = _night(club, players, rounds=2)
    nights.round_draw(night=night, seed=1)
    seated = _seated(_table(night, 1))
    login(client, director)
    page = client.get(f"/tournaments/{night.pk}/").content.decode()
    assert "Seat a substitute" in page
    assert "A substitute&#x27;s points go to the player they sit in for." in page

    answer = client.post(
        f"/tournaments/{night.pk}/substitute/",
        {"absent": seated[1].pk, "walk_in": "Katherine", "first": 1, "last": 2},
    )

    assert answer.status_code == 302
    line = f"Katherine sat in for {seated[1].name}, rounds 1\u20132"
    assert line in client.get(f"/tournaments/{night.pk}/").content.decode()
    room = client.get(f"/tournaments/{night.pk}/room/").content.decode()
    assert "Katherine sat in, rounds 1\u20132" in room  # on the absent player's line
    assert "<li>Katherine &amp;" in room or "&amp; Katherine" in room  # at the table


def test_a_refused_sub_comes_back_on_the_directors_screen_naming_the_player(
    client, club, players, director
):
    from .test_pages import login

    night = _night(club, players, rounds=2)
    nights.round_draw(night=night, seed=1)
    seated = _seated(_table(night, 1))
    login(client, director)

    answer = client.post(
        f"/tournaments/{night.pk}/substitute/",
        {"absent": seated[1].pk, "sub": seated[2].pk, "first": 1},
    )

    assert answer.status_code == 422
    assert (
        f"{seated[2].name} is already seated at table 1 in round 1: pick another substitute"
        in answer.content.decode().replace("&#x27;", "'")
    )
    assert not night.substitutions.exists()


@pytest.mark.parametrize(
    ("posted", "said"),
    [
        (
            {"sub": "", "first": "1"},
            "Pick the player who left or never came from the night's players.",
        ),
        ({"first": "\u0661"}, "The first round is a whole number from 1 to 20: type it in digits."),
        ({"first": "1", "last": "x"}, "The last round is a whole number from 1 to 20: type it"),
        ({"first": ""}, "Give the round the substitute sits in from"),
    ],
)
def test_a_substitute_form_with_a_field_wrong_is_refused_on_the_directors_screen(
    client, club, players, director, posted, said
):
    from .test_pages import login

    night = _night(club, players, rounds=2)
    nights.round_draw(night=night, seed=1)
    seated = _seated(_table(night, 1))
    login(client, director)

    answer = client.post(
        f"/tournaments/{night.pk}/substitute/",
        {"absent": seated[1].pk, **posted} if "sub" not in posted else posted,
    )

    assert answer.status_code == 422
    assert said in html.unescape(answer.content.decode())
    assert not night.substitutions.exists()


def test_a_subs_round_awaiting_agreement_is_provisional_on_the_absent_players_line(club, players):
    night = _night(club, players, rounds=1)
    nights.round_draw(night=night, seed=1)
    seated = _seated(_table(night, 1))
    subs.sub_seat(night=night, absent=seated[0], sub=players[12], first=1)
    play_out(_table(night, 1), [SWEEP_0], agreed=False)
    line = next(s for s in night_standings(night) if s.player_id == seated[0].pk)
    assert (line.rounds, line.provisional, line.counted) == (["4*"], True, 0)


def test_the_subs_card_and_the_absent_players_card_say_who_sat_in_for_whom(club, players):
    from smear_scores.selectors.night_phones import guide_card

    night = _night(club, players, rounds=1, sub_policy=Night.SUB_SELF)
    nights.round_draw(night=night, seed=1)
    seated = _seated(_table(night, 1))
    sub = players[12]
    night_phones.night_check_out(night=night, player=seated[0])
    subs.sub_seat(night=night, absent=seated[0], sub=sub, first=1)
    play_out(_table(night, 1), [SWEEP_0])
    mine, theirs = guide_card(night, sub.pk), guide_card(night, seated[0].pk)
    assert (mine.sat_in, mine.table.number, mine.seat) == (
        f"You sit in for {seated[0].name}, round 1",
        1,
        1,
    )
    assert (theirs.sat_in, theirs.state) == (f"{sub.name} sits in for you, round 1", "gone")
    assert mine.place == "sub, outside prizes"


def test_the_director_changes_the_scoring_before_round_1_and_is_refused_after(
    client, club, players, director
):
    from .test_pages import login

    night = _night(club, players, rounds=2)
    login(client, director)
    answer = client.post(f"/tournaments/{night.pk}/scoring/change/", {"scoring": "total_points"})
    assert answer.status_code == 302
    nights.round_draw(night=night, seed=1)
    page = client.get(f"/tournaments/{night.pk}/").content.decode()
    assert "Change the scoring" not in page  # the form is gone once round 1 is drawn

    answer = client.post(f"/tournaments/{night.pk}/scoring/change/", {"scoring": "progressive"})

    assert answer.status_code == 422
    assert "Round 1 of Sub night is drawn: its scoring system stays total points" in (
        answer.content.decode()
    )
    night.refresh_from_db()
    assert night.scoring == "total_points"


def test_the_night_form_sets_the_substitute_policy_when_the_night_is_opened(client, club, director):
    from .test_night_scoring import FORM
    from .test_pages import login

    login(client, director)
    answer = client.post(
        "/clubs/tuesday/tournaments/new/", {**FORM, "sub_policy": "bye", "bye_points": "6"}
    )
    assert answer.status_code == 302
    night = Night.objects.get()
    assert (night.sub_policy, night.bye_points) == ("bye", 6)
    page = client.get(f"/tournaments/{night.pk}/").content.decode()
    assert "the absent player scores 6 points for each round covered" in page
    for address in (f"/tournaments/{night.pk}/room/", f"/tournaments/{night.pk}/scoring/"):
        shown = client.get(address).content.decode()
        assert "the absent player scores 6 points for each round covered" in shown, address


def test_the_absent_player_back_ends_the_subs_rounds_and_the_next_draw_seats_them(
    client, club, players, director
):
    from .test_pages import login

    night = _night(club, players, rounds=3)
    nights.round_draw(night=night, seed=1)
    seated = _seated(_table(night, 1))
    night_phones.night_check_out(night=night, player=seated[0])
    sat = subs.sub_seat(night=night, absent=seated[0], sub=players[12], first=2)
    assert (sat.from_round, sat.to_round) == (2, 3)
    play_out(_table(night, 1), [SWEEP_0])
    nights.round_draw(night=night, seed=2)
    login(client, director)

    too_soon = client.post(
        f"/tournaments/{night.pk}/substitute/end/", {"substitution": sat.pk, "back": "2"}
    )
    assert too_soon.status_code == 422
    assert (
        f"Round 2 is drawn with {players[12].name} in {seated[0].name}'s seat: that round "
        f"stands. {seated[0].name} can come back from round 3."
    ) in html.unescape(too_soon.content.decode())

    back = client.post(
        f"/tournaments/{night.pk}/substitute/end/", {"substitution": sat.pk, "back": "3"}
    )
    assert back.status_code == 302
    sat.refresh_from_db()
    assert (sat.from_round, sat.to_round) == (2, 2)
    play_out(_table(night, 2), [SWEEP_1])
    nights.round_draw(night=night, seed=3)
    third = _seated(_table(night, 3))
    assert seated[0] in third and players[12] not in third
    lines = {s.name: s.sat_in for s in night_standings(night)}
    assert lines[seated[0].name] == f"{players[12].name} sat in, round 2"


def test_the_absent_player_back_before_the_sub_played_removes_the_sub(club, players):
    night = _night(club, players, rounds=3)
    nights.round_draw(night=night, seed=1)
    seated = _seated(_table(night, 1))
    sat = subs.sub_seat(night=night, absent=seated[0], sub=players[12], first=2)

    assert subs.sub_end(night=night, substitution=sat.pk, back=2) is None

    assert not night.substitutions.exists()
    with pytest.raises(nights.NightRefused) as refused:
        subs.sub_end(night=night, substitution=sat.pk, back=3)
    assert refused.value.errors[0].message == (
        "That substitution is not one of this night's: reload the director's screen."
    )


def test_a_sub_seated_mid_round_is_not_listed_waiting_and_no_place_counts_him(club, players):
    """The director's screen lists who is checked in but not seated: a sub who took a seat
    after the draw is seated. A sub who plays for themself is outside the places: the
    others' cards count the players placed, not him."""
    from smear_scores.selectors.night_phones import guide_card, night_dashboard

    night = _night(club, players, rounds=2, sub_policy=Night.SUB_SELF)
    nights.round_draw(night=night, seed=1)
    seated = _seated(_table(night, 1))
    sub = players[12]
    night_phones.night_check_out(night=night, player=seated[0])
    subs.sub_seat(night=night, absent=seated[0], sub=sub, first=1)

    assert sub.name not in night_dashboard(night).waiting

    play_out(_table(night, 1), [SWEEP_1])
    assert guide_card(night, seated[1].pk).place == "=1st of 4"
    assert guide_card(night, seated[2].pk).place.endswith(" of 4")
