"""Recording a hand from the scoreboard: taps, refusals, double taps, stale screens."""

import pytest
from django.urls import reverse

from smear_scores.models import Hand, HandRevision

from .conftest import (
    HTMX,
    SCHMIER_ALL_A,
    awards_post,
    checked,
    find_all,
    notices,
    scores,
    text,
)

SCHMIER_HAND = {
    "high": 0,
    "low": 0,
    "right_bauer": 0,
    "left_bauer": 1,
    "joker": 2,
    "game": "none",
}


def _url(game):
    return reverse("hand_record", args=[game.public_id])


def test_hand_record_full_page_redirects_then_shows_the_hand(client, make_game, scorer_for):
    game = make_game("schmier", first_dealer=0)
    scorer = scorer_for(game)
    response = scorer.post(_url(game), awards_post(1, 3, 3, SCHMIER_HAND))
    assert response.status_code == 302
    assert response["Location"] == reverse("game", args=[game.public_id])
    page = text(scorer.get(response["Location"]))
    assert scores(page) == [3, 1, 1]
    assert notices(page) == [
        "Hand 1: Ann & Dee bid 3 and took 3: made, +3 · Bo & Eli +1 · Cy & Flo +1"
    ]
    assert find_all(page, "p", "deal") == ["Hand 2 · Bo deals · Cy bids first"]
    assert find_all(page, "td", "num") == ["3 3", "1 1", "1 1"]


def test_hand_record_htmx_swaps_the_board_in_place(client, make_game, scorer_for):
    game = make_game("ne-wisconsin")
    response = scorer_for(game).post(
        _url(game),
        awards_post(1, 1, 2, {"high": 1, "low": 0, "jack": "none", "game": 1}),
        **HTMX,
    )
    page = text(response)
    assert response.status_code == 200
    assert "<html" not in page
    assert response["HX-Push-Url"] == reverse("game", args=[game.public_id])
    assert scores(page) == [1, 2]
    assert notices(page) == ["Hand 1: Bo & Dee bid 2 and took 2: made, +2 · Ann & Cy +1"]
    assert find_all(page, "button", "record") == ["Record hand 2"]


def test_hand_record_by_totals(client, make_game, scorer_for):
    game = make_game("schmier")
    data = {
        "number": "1",
        "bidder": "1",
        "bid": "4",
        "by_totals": "on",
        "points_0": "2",
        "points_1": "3",
        "points_2": "1",
    }
    response = scorer_for(game).post(_url(game), data, **HTMX)
    assert response.status_code == 200
    assert scores(text(response)) == [2, -4, 1]


def test_hand_record_thrown_in_keeps_the_dealer(client, make_game, scorer_for):
    game = make_game("schmier", first_dealer=4)
    response = scorer_for(game).post(_url(game), {"number": "1", "thrown_in": "1"}, **HTMX)
    page = text(response)
    assert notices(page) == ["Hand 1: Thrown in: no score; the same dealer deals again."]
    assert find_all(page, "p", "deal") == ["Hand 2 · Eli deals · Flo bids first"]
    assert Hand.objects.get(game=game).thrown_in is True


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_hand_record_forgotten_point_is_refused_beside_it(client, make_game, scorer_for, headers):
    game = make_game("schmier")
    awards = dict(SCHMIER_HAND)
    del awards["game"]
    response = scorer_for(game).post(_url(game), awards_post(1, 2, 5, awards), **headers)
    page = text(response)
    assert response.status_code == 422
    assert ("<html" in page) == (not headers)
    # The teams by their players, as on the buttons, and a "why?" link to the rule.
    assert find_all(page, "p", "error") == [
        "Who took Game? Tap Ann & Dee, Bo & Eli, Cy & Flo or Nobody (tie). why?"
    ]
    assert 'href="/rules/schmier/#S5"' in page
    assert 'id="award_game-error"' in page
    # What was tapped is kept.
    assert checked(page) == {
        "bidder": "2",
        "bid": "5",
        "award_high": "0",
        "award_low": "0",
        "award_right_bauer": "0",
        "award_left_bauer": "1",
        "award_joker": "2",
    }
    assert Hand.objects.filter(game=game).count() == 0


def test_hand_record_nothing_tapped_names_every_missing_field(client, make_game, scorer_for):
    game = make_game("ne-wisconsin")
    response = scorer_for(game).post(_url(game), {"number": "1"})
    assert response.status_code == 422
    assert find_all(text(response), "p", "error") == [
        "Tap the player who won the bid. why?",
        "Tap the bid. why?",
        "Who took High? Tap Ann & Cy, Bo & Dee or Nobody. why?",
        "Who took Low? Tap Ann & Cy, Bo & Dee or Nobody. why?",
        "Who took Jack? Tap Ann & Cy, Bo & Dee or Nobody. why?",
        "Who took Game? Tap Ann & Cy, Bo & Dee or Nobody (tie). why?",
    ]


def test_hand_record_rule_refusal_shows_the_rules_words(client, make_game, scorer_for):
    game = make_game("schmier")
    data = {
        "number": "1",
        "bidder": "0",
        "bid": "3",
        "by_totals": "on",
        "points_0": "2",
        "points_1": "1",
        "points_2": "1",
    }
    response = scorer_for(game).post(_url(game), data, **HTMX)
    page = text(response)
    assert response.status_code == 422
    # The engine's words, with a "why?" link to the rule they come from (D1).
    assert find_all(page, "p", "error") == [
        "Schmier awards High, Low, Right bauer, Left bauer and Joker every hand: the teams' "
        "points must add up to 5 or 6, not 4. why?"
    ]
    assert 'href="/rules/schmier/#D1"' in page
    assert 'name="points_0" value="2"' in page
    assert Hand.objects.filter(game=game).count() == 0


def test_hand_record_out_of_range_total_is_refused_beside_the_team(client, make_game, scorer_for):
    game = make_game("ne-wisconsin")
    data = {
        "number": "1",
        "bidder": "0",
        "bid": "2",
        "by_totals": "on",
        "points_0": "7",
        "points_1": "0",
    }
    page = text(scorer_for(game).post(_url(game), data))
    assert find_all(page, "p", "error") == ["Ann & Cy can take 0 to 4 points in a hand, not 7."]


def test_hand_record_double_submit_records_once(client, make_game, scorer_for):
    game = make_game("schmier")
    scorer = scorer_for(game)
    data = awards_post(1, 0, 6, SCHMIER_ALL_A)
    assert scorer.post(_url(game), data, **HTMX).status_code == 200
    response = scorer.post(_url(game), data, **HTMX)
    page = text(response)
    assert response.status_code == 200
    assert notices(page) == ["Hand 1 was already recorded; nothing was added."]
    assert scores(page) == [6, 0, 0]
    assert Hand.objects.filter(game=game).count() == 1


def test_hand_record_stale_screen_is_refused_with_the_current_board(client, make_game, scorer_for):
    game = make_game("schmier", hands=3)
    before = scores(text(client.get(reverse("game", args=[game.public_id]))))
    # Another device already recorded hand 3; this screen still showed hand 3.
    response = scorer_for(game).post(_url(game), awards_post(3, 0, 6, SCHMIER_ALL_A), **HTMX)
    page = text(response)
    assert response.status_code == 409
    assert find_all(page, "p", "problem") == [
        "Hand 3 was already recorded on another device; the scoreboard now shows hand 4. "
        "Check it and enter the hand again if needed."
    ]
    assert scores(page) == before
    assert Hand.objects.filter(game=game).count() == 3


def test_hand_record_watcher_is_refused(client, make_game):
    game = make_game("schmier")
    response = client.post(_url(game), awards_post(1, 0, 6, SCHMIER_ALL_A), **HTMX)
    assert response.status_code == 403
    assert find_all(text(response), "p", "problem") == [
        "This phone can only watch this game: the scores are changed on the scorer's phone. "
        "Ask the scorer for the scoring link or code to score from here too."
    ]
    assert Hand.objects.filter(game=game).count() == 0


def test_hand_record_finished_game_is_refused(client, make_game, scorer_for):
    game = make_game("schmier", hands=0)
    scorer = scorer_for(game)
    for number in range(1, 5):
        scorer.post(_url(game), awards_post(number, 0, 6, SCHMIER_ALL_A))
    response = scorer.post(_url(game), awards_post(5, 0, 6, SCHMIER_ALL_A))
    assert response.status_code == 409
    assert find_all(text(response), "p", "problem") == [
        "The game is over: Ann & Dee win with 24 points: the only team at 21 or more. "
        "Undo the last hand to reopen it."
    ]
    assert Hand.objects.filter(game=game).count() == 4


def test_hand_record_get_is_not_allowed(client, make_game):
    game = make_game("schmier")
    assert client.get(_url(game)).status_code == 405


@pytest.mark.parametrize("hands", [1, 60])
def test_hand_record_runs_fixed_queries(
    client,
    make_game,
    scorer_for,
    hands,
    django_assert_num_queries,
    live_notify_queries,
    hand_write_queries,
):
    game = make_game("schmier", hands=hands)
    scorer = scorer_for(game)
    data = {"number": str(hands + 1), "thrown_in": "1"}
    # The game with its players' names; in the service's transaction (two savepoint
    # statements under the test's own transaction) the locked game, the hand with its audit
    # record and the game's cached standings, the live boards' notice (PostgreSQL); then
    # the last few hands for the fresh board.
    with django_assert_num_queries(5 + hand_write_queries + live_notify_queries):
        response = scorer.post(_url(game), data, **HTMX)
    assert response.status_code == 200
    assert Hand.objects.filter(game=game).count() == hands + 1
    assert HandRevision.objects.filter(game=game).count() == hands + 1


@pytest.mark.parametrize("hands", [1, 60])
def test_hand_record_without_javascript_runs_fixed_queries(
    client,
    make_game,
    scorer_for,
    hands,
    django_assert_num_queries,
    live_notify_queries,
    hand_write_queries,
):
    game = make_game("schmier", hands=hands)
    scorer = scorer_for(game)
    data = {"number": str(hands + 1), "thrown_in": "1"}
    # The game with its players' names; in the service's transaction (two savepoint
    # statements under the test's own transaction) the locked game, the hand with its audit
    # record and the game's standings, the live boards' notice (PostgreSQL).
    with django_assert_num_queries(4 + hand_write_queries + live_notify_queries):
        response = scorer.post(_url(game), data)
    assert response.status_code == 302
    assert Hand.objects.filter(game=game).count() == hands + 1


def test_hand_preview_says_what_will_be_scored(client, make_game, scorer_for):
    game = make_game("schmier")
    url = reverse("hand_preview", args=[game.public_id])
    response = client.post(url, awards_post(1, 3, 4, SCHMIER_HAND), **HTMX)
    assert response.status_code == 200
    assert "<html" not in text(response)
    assert find_all(text(response), "span", "will") == [
        "Will score: Ann & Dee bid 4 and took 3: set, -4 · Bo & Eli +1 · Cy & Flo +1"
    ]


def test_hand_preview_lists_what_is_still_to_tap(client, make_game):
    game = make_game("ne-wisconsin")
    url = reverse("hand_preview", args=[game.public_id])
    response = client.post(url, {"number": "1", "bidder": "0", "award_high": "0"}, **HTMX)
    assert find_all(text(response), "span", "pending") == [
        "Still to tap: the bid, Low, Jack, Game."
    ]


def test_hand_preview_shows_a_rule_problem(client, make_game):
    game = make_game("schmier")
    url = reverse("hand_preview", args=[game.public_id])
    data = {
        "number": "1",
        "bidder": "0",
        "bid": "3",
        "by_totals": "on",
        "points_0": "6",
        "points_1": "6",
        "points_2": "0",
    }
    response = client.post(url, data, **HTMX)
    assert find_all(text(response), "span", "pending") == [
        "Schmier awards High, Low, Right bauer, Left bauer and Joker every hand: the teams' "
        "points must add up to 5 or 6, not 12."
    ]


def test_hand_record_refused_htmx_keeps_the_board_in_view(client, make_game, scorer_for):
    game = make_game("schmier")
    response = scorer_for(game).post(_url(game), {"number": "1"}, **HTMX)
    assert response.status_code == 422
    # The board is one screen: its top stays at the top, each red line beside its row.
    assert response["HX-Reswap"] == "outerHTML show:window:top"


def test_hand_record_sent_again_with_its_idempotency_key_is_stored_once(make_game, scorer_for):
    # A phone kept hand 1 while offline and sends it again when the connection returns; the
    # first send did reach the server after all.
    game = make_game("schmier")
    scorer = scorer_for(game)
    url = reverse("hand_record", args=[game.public_id])
    post = awards_post(1, 0, 6, SCHMIER_ALL_A)
    first = scorer.post(url, post, HTTP_IDEMPOTENCY_KEY="hand-1-key", **HTMX)
    # Hand 2 is recorded (another tab of the same phone sent it) before the resend.
    second = scorer.post(url, {"number": "2", "thrown_in": "1"}, HTTP_IDEMPOTENCY_KEY="k2", **HTMX)
    again = scorer.post(url, post, HTTP_IDEMPOTENCY_KEY="hand-1-key", **HTMX)
    assert (first.status_code, second.status_code, again.status_code) == (200, 200, 200)
    assert notices(text(again)) == ["Hand 1 was already recorded; nothing was added."]
    assert list(game.hands.values_list("number", "thrown_in")) == [(1, False), (2, True)]


def test_hand_record_key_reused_for_another_hand_records_nothing(make_game, scorer_for):
    game = make_game("schmier")
    scorer = scorer_for(game)
    url = reverse("hand_record", args=[game.public_id])
    scorer.post(url, awards_post(1, 0, 6, SCHMIER_ALL_A), HTTP_IDEMPOTENCY_KEY="k", **HTMX)
    other = {"number": "2", "thrown_in": "1"}
    response = scorer.post(url, other, HTTP_IDEMPOTENCY_KEY="k", **HTMX)
    assert response.status_code == 409
    assert find_all(text(response), "p", "problem") == [
        "This phone sent another hand under the same key before: nothing was recorded. "
        "Enter the hand again."
    ]
    assert game.hands.count() == 1
