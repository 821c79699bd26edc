"""How a night scores, chosen when it is opened: the form, its refusals, the rules page's
worked example, and the standings of nights played by each system."""

from __future__ import annotations

import pytest

from smear_scores.models import Night
from smear_scores.rules import HandEntry
from smear_scores.selectors.nights import night_standings
from smear_scores.services import night_phones, nights
from smear_scores.views.night_parts import night_rules as nights_rules

from .conftest import DAY
from .test_nights import games_of, play_out
from .test_pages import login

FORM = {
    "name": "Tuesday progressive",
    "day": "2026-11-29",
    "variant": "schmier",
    "round_format": "hands",
    "round_hands": "2",
    "rounds": "3",
    "win_bonus": "0",
    "option_kitty": "0",
}


def test_a_night_opened_with_win_points_states_them_and_works_the_example(client, club, director):
    login(client, director)
    response = client.post(
        f"/clubs/{club.slug}/tournaments/new/",
        {**FORM, "scoring": "win_points", "win_points": "2", "margin": "5", "margin_points": "3"},
    )
    assert response.status_code == 302, response.content.decode()
    night = Night.objects.get()
    assert (night.scoring, night.scoring_numbers) == (
        "win_points",
        {"win_points": 2, "margin": 5, "margin_points": 3},
    )
    rule = (
        "Each player scores 2 points for a round their partnership wins, 3 points for a win "
        "by 5 points or more, nothing for a round lost; ties are broken by rounds won, then "
        "the spread (points scored less the best other partnership&#x27;s, over the rounds), "
        "then the best round."
    )
    director = client.get(f"/tournaments/{night.pk}/").content.decode()
    assert rule in director
    # The night's own tie-break (the spread) is the one stated, not the default.
    assert "Ties are broken by more rounds won, then the best single round" not in director

    client.logout()
    page = client.get(f"/tournaments/{night.pk}/scoring/").content.decode()
    assert rule in page
    # Round 1: Ann & Cy win 11-6 (by 5: 3 points); round 2: Cy & Di win 11-5 (by 6: 3).
    # Di and Ann level on 3 with a round won each: the spread puts Di ahead.
    example = [
        "Round 1: Ann &amp; Cy 11, Bo &amp; Di 6; Ann &amp; Cy won.",
        "Round 2: Ann &amp; Bo 5, Cy &amp; Di 11; Cy &amp; Di won.",
        "Cy: 3 + 3 = 6, spread +11, place 1.",
        "Di: 0 + 3 = 3, spread +1, place 2.",
        "Ann: 3 + 0 = 3, spread -1, place 3.",
        "Bo: 0 + 0 = 0, spread -11, place 4.",
    ]
    shown = page.split('<ol class="scoring-example">')[1].split("</ol>")[0]
    assert shown == "".join(f"<li>{line}</li>" for line in example)


def test_scoring_numbers_that_cannot_hold_are_refused_beside_their_field(client, club, director):
    login(client, director)
    response = client.post(
        f"/clubs/{club.slug}/tournaments/new/",
        {**FORM, "scoring": "win_points", "win_points": "2", "margin": "5", "margin_points": "2"},
    )
    assert response.status_code == 422
    page = response.content.decode()
    assert (
        "A win by 5 or more scores more than a plain win (2), not 2: raise it, or set the "
        "margin to 0 for no margin rule."
    ) in page
    response = client.post(
        f"/clubs/{club.slug}/tournaments/new/",
        {**FORM, "scoring": "total_points", "win_bonus": "4"},
    )
    assert response.status_code == 422
    assert "The bonus for winning a round belongs to progressive points" in (
        response.content.decode()
    )
    assert Night.objects.count() == 0


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("rounds", "\u0663", "Type a whole number from 1 to 20, in digits."),
        ("round_hands", "\u0663", "Type a whole number from 1 to 30, in digits."),
        ("win_bonus", "\u0663", "Type a whole number from 0 to 50, in digits."),
        ("rounds", "21", "Type a whole number from 1 to 20, in digits."),
        ("rounds", "", "Type a whole number from 1 to 20, in digits."),
        ("win_bonus", "-1", "Type a whole number from 0 to 50, in digits."),
    ],
)
def test_a_number_not_in_range_or_not_in_digits_is_refused_on_the_night_form_with_its_range(
    client, club, director, field, value, said
):
    login(client, director)

    response = client.post(f"/clubs/{club.slug}/tournaments/new/", {**FORM, field: value})

    assert response.status_code == 422
    assert said in response.content.decode()
    assert Night.objects.count() == 0


def test_a_bid_bonus_night_adds_for_the_bid_made_and_takes_away_for_the_bid_set(club, players):
    night = nights.night_open(
        club=club,
        name="Bid night",
        day=DAY,
        variant="schmier",
        rounds=2,
        round_hands=2,
        scoring="bid_bonus",
        scoring_numbers={"bid_made": 4, "bid_set": 10},
    )
    for player in players[:6]:
        night_phones.night_check_in(night=night, player=player)
    (game,) = games_of(nights.round_draw(night=night, seed=3))
    # Hand 1: A bids 3 and takes 1 (set); hand 2: B bids 3 and takes 3 (made).
    game = play_out(
        game,
        [
            HandEntry(bidder=0, bid=3, points=(1, 1, 4)),
            HandEntry(bidder=1, bid=3, points=(0, 3, 3)),
        ],
    )
    seats = list(game.seats.order_by("position").values_list("name", flat=True))
    totals = {s.name: s.total for s in night_standings(night)}
    assert game.scores == [-3, 4, 7]  # A set once, B made once
    by_team = {team: {totals[seats[s]] for s in (team, team + 3)} for team in range(3)}
    assert by_team == {0: {-3 - 10}, 1: {4 + 4}, 2: {7}}


def test_a_total_points_night_shows_each_rounds_high_in_the_room(client, club, players):
    night = nights.night_open(
        club=club,
        name="Totals night",
        day=DAY,
        variant="schmier",
        rounds=2,
        round_hands=1,
        scoring="total_points",
    )
    for player in players[:6]:
        night_phones.night_check_in(night=night, player=player)
    (game,) = games_of(nights.round_draw(night=night, seed=3))
    game = play_out(game, [HandEntry(bidder=2, bid=3, points=(1, 1, 4))])
    seats = list(game.seats.order_by("position").values_list("name", flat=True))

    page = client.get(f"/tournaments/{night.pk}/room/").content.decode()

    assert f"Round 1's high: <strong>{seats[2]} &amp; {seats[5]}</strong>, 4" in page
    assert "the highest score of each round is a prize of its own" in page
    assert f'href="/tournaments/{night.pk}/scoring/"' in page


def _wisconsin_koth(club, players, **kw):
    night = nights.night_open(
        club=club,
        name="King night",
        day=DAY,
        variant="ne-wisconsin",
        rounds=3,
        round_hands=1,
        movement="king",
        **kw,
    )
    for player in players[:8]:
        night_phones.night_check_in(night=night, player=player)
    return night


def _seats(round_):
    return [
        list(g.seats.order_by("position").values_list("player_id", flat=True))
        for g in games_of(round_)
    ]


# Wisconsin: the bidder's partnership takes all four points on a bid of 4 and wins.
SWEEP = [HandEntry(bidder=0, bid=4, awards={"high": 0, "low": 0, "jack": 0, "game": 0})]
SWEEP_1 = [HandEntry(bidder=1, bid=4, awards={"high": 1, "low": 1, "jack": 1, "game": 1})]


def test_a_king_of_the_hill_night_moves_winners_up_and_splits_partners(club, players):
    night = _wisconsin_koth(club, players)
    first = nights.round_draw(night=night, seed=1)
    (t1, t2) = _seats(first)
    g1, g2 = games_of(first)
    play_out(g1, SWEEP)  # table 1: seats 0 & 2 win
    play_out(g2, SWEEP_1)  # table 2: seats 1 & 3 win

    second = _seats(nights.round_draw(night=night, seed=2))

    # Head table: its winners stay, table 2's winners come up; partners split.
    # Groups (t1[0], t1[2]) staying and (t2[1], t2[3]) arriving: t1[0] partners t2[3],
    # t2[1] partners t1[2].
    assert second[0] == [t1[0], t2[1], t2[3], t1[2]]
    # Table 2: its losers stay, the head table's losers come down to the foot.
    assert second[1] == [t2[0], t1[1], t1[3], t2[2]]


def test_the_head_table_finishing_ends_the_round_where_the_club_says_so(club, players):
    night = _wisconsin_koth(club, players, head_table_ends=True)
    first = nights.round_draw(night=night, seed=1)
    g1, g2 = games_of(first)
    play_out(g1, SWEEP)  # the head table finishes; table 2 has played nothing

    nights.round_draw(night=night, seed=2)

    table2 = first.tables.get(number=2)
    assert (table2.closed_at is not None, table2.closed_scores) == (True, [0, 0])
    night.refresh_from_db()
    assert "When the head table finishes, the round ends at every table" in " ".join(
        nights_rules(night)
    )


def test_without_the_head_table_rule_the_round_waits_for_every_table(club, players):
    night = _wisconsin_koth(club, players)
    first = nights.round_draw(night=night, seed=1)
    play_out(games_of(first)[0], SWEEP)

    with pytest.raises(nights.NightRefused):
        nights.round_draw(night=night, seed=2)
