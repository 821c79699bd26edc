"""Undo the last hand and edit any hand, each after a confirmation."""

import pytest
from django.urls import reverse

from smear_scores import rules
from smear_scores.models import Hand, HandRevision

from .conftest import (
    HTMX,
    SCHMIER_ALL_A,
    awards_post,
    checked,
    find_all,
    grant,
    notices,
    scores,
    text,
)

WIN = rules.HandEntry(bidder=0, bid=6, awards=SCHMIER_ALL_A)


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_hand_undo_get_asks_first(client, make_game, scorer_for, headers):
    game = make_game(
        "schmier", first_dealer=1, entries=[rules.HandEntry(bidder=2, bid=4, points=(1, 1, 4))]
    )
    response = scorer_for(game).get(reverse("hand_undo", args=[game.public_id]), **headers)
    page = text(response)
    assert response.status_code == 200
    assert ("<html" in page) == (not headers)
    assert find_all(page, "p", "hand-text") == [
        "Hand 1 (Bo dealt): Cy bid 4, Cy & Flo took 4, made · Ann & Dee took 1 · Bo & Eli took 1"
    ]
    assert Hand.objects.filter(game=game).count() == 1


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_hand_undo_post_takes_the_last_hand_back(client, make_game, scorer_for, headers):
    game = make_game("schmier", hands=3)
    scorer = scorer_for(game)
    response = scorer.post(reverse("hand_undo", args=[game.public_id]), {"number": "3"}, **headers)
    if headers:
        page = text(response)
        assert response.status_code == 200
        assert "<html" not in page
    else:
        assert response.status_code == 302
        page = text(scorer.get(response["Location"]))
    assert notices(page) == ["Hand 3 was undone."]
    assert find_all(page, "button", "record") == ["Record hand 3"]
    assert list(HandRevision.objects.filter(game=game).values_list("action", flat=True)) == [
        "record",
        "record",
        "record",
        "undo",
    ]


def test_hand_undo_the_winning_hand_reopens_the_game(client, make_game, scorer_for):
    game = make_game("schmier", entries=[WIN] * 4)
    assert game.finished
    response = scorer_for(game).post(
        reverse("hand_undo", args=[game.public_id]), {"number": "4"}, **HTMX
    )
    page = text(response)
    assert notices(page) == ["Hand 4 was undone. The game is open again."]
    assert scores(page) == [18, 0, 0]
    assert 'id="hand-form"' in page


def test_hand_undo_from_a_stale_screen_undoes_nothing(client, make_game, scorer_for):
    game = make_game("schmier", hands=3)
    response = scorer_for(game).post(
        reverse("hand_undo", args=[game.public_id]), {"number": "2"}, **HTMX
    )
    assert response.status_code == 409
    assert find_all(text(response), "p", "problem") == [
        "The last hand changed on another device before this undo: nothing was undone. "
        "Check the scoreboard and undo again if needed."
    ]
    assert Hand.objects.filter(game=game).count() == 3


def test_hand_undo_sent_again_after_the_undo_says_the_hand_is_already_undone(make_game, scorer_for):
    # Back after an undo shows its "Undo hand 3?" screen again: its Yes undoes nothing more.
    game = make_game("schmier", hands=3)
    scorer = scorer_for(game)
    url = reverse("hand_undo", args=[game.public_id])
    assert scorer.post(url, {"number": "3"}, **HTMX).status_code == 200
    response = scorer.post(url, {"number": "3"}, **HTMX)
    assert response.status_code == 409
    assert find_all(text(response), "p", "problem") == [
        "Hand 3 is already undone: nothing more was undone. The scoreboard below is the game "
        "as it is now."
    ]
    assert Hand.objects.filter(game=game).count() == 2


def test_hand_undo_with_no_hands_says_so(client, make_game, scorer_for):
    game = make_game("schmier")
    response = scorer_for(game).get(reverse("hand_undo", args=[game.public_id]))
    assert response.status_code == 409
    assert find_all(text(response), "p", "problem") == ["There is no hand to undo yet."]


@pytest.mark.parametrize("method", ["get", "post"])
def test_hand_undo_watcher_is_refused(client, make_game, method):
    game = make_game("schmier", hands=2)
    response = getattr(client, method)(
        reverse("hand_undo", args=[game.public_id]), {"number": "2"} if method == "post" else {}
    )
    assert response.status_code == 403
    assert Hand.objects.filter(game=game).count() == 2


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_hand_edit_get_shows_the_hand_as_entered(client, make_game, scorer_for, headers):
    game = make_game("schmier", entries=[WIN])
    response = scorer_for(game).get(reverse("hand_edit", args=[game.public_id, 1]), **headers)
    page = text(response)
    assert response.status_code == 200
    assert ("<html" in page) == (not headers)
    assert checked(page) == {
        "bidder": "0",
        "bid": "6",
        "award_high": "0",
        "award_low": "0",
        "award_right_bauer": "0",
        "award_left_bauer": "0",
        "award_joker": "0",
        "award_game": "0",
    }


def test_hand_edit_get_of_totals_hand_shows_the_totals(client, make_game, scorer_for):
    game = make_game("ne-wisconsin", entries=[rules.HandEntry(bidder=1, bid=3, points=(1, 3))])
    page = text(scorer_for(game).get(reverse("hand_edit", args=[game.public_id, 1])))
    assert 'name="by_totals" checked' in page
    assert 'name="points_0" value="1"' in page
    assert 'name="points_1" value="3"' in page


def test_hand_edit_confirms_then_replays_and_marks_the_hand(client, make_game, scorer_for):
    game = make_game("schmier", first_dealer=0, hands=3)
    scorer = scorer_for(game)
    url = reverse("hand_edit", args=[game.public_id, 2])
    data = {
        "number": "2",
        "bidder": "2",
        "bid": "3",
        "by_totals": "on",
        "points_0": "1",
        "points_1": "1",
        "points_2": "4",
    }
    response = scorer.post(url, data, **HTMX)
    page = text(response)
    assert response.status_code == 200
    assert find_all(page, "p", "will") == [
        "Change it to: Cy & Flo bid 3 and took 4: made, +4 · Ann & Dee +1 · Bo & Eli +1"
    ]
    assert Hand.objects.get(game=game, number=2).revisions == 0
    response = scorer.post(url, {**data, "confirm": "yes"}, **HTMX)
    page = text(response)
    assert notices(page) == ["Hand 2 was changed."]
    hand = Hand.objects.get(game=game, number=2)
    assert (hand.bidder, hand.bid, hand.points, hand.revisions) == (2, 3, [1, 1, 4], 1)
    game.refresh_from_db()
    assert scores(page) == game.scores
    history = text(scorer.get(reverse("game_history", args=[game.public_id])))
    assert find_all(history, "mark", "edited") == ["edited"]
    revision = HandRevision.objects.get(game=game, action="edit")
    assert revision.old["points"] != revision.new["points"]


def test_hand_edit_without_javascript_redirects_after_confirming(client, make_game, scorer_for):
    game = make_game("ne-wisconsin", hands=2)
    scorer = scorer_for(game)
    url = reverse("hand_edit", args=[game.public_id, 1])
    response = scorer.post(url, {"number": "1", "thrown_in": "1", "confirm": "yes"})
    assert response.status_code == 302
    assert Hand.objects.get(game=game, number=1).thrown_in is True


def test_hand_edit_refused_keeps_what_was_typed(client, make_game, scorer_for):
    game = make_game("ne-wisconsin", hands=2)
    url = reverse("hand_edit", args=[game.public_id, 1])
    data = {
        "number": "1",
        "bidder": "0",
        "bid": "2",
        "by_totals": "on",
        "points_0": "3",
        "points_1": "3",
    }
    response = scorer_for(game).post(url, data, **HTMX)
    page = text(response)
    assert response.status_code == 422
    assert find_all(page, "p", "error") == [
        "Four Point Northeastern Wisconsin Smear has only 4 points a hand: the teams' points "
        "must add up to 0 to 4, not 6. why?"
    ]
    assert 'name="points_0" value="3"' in page
    assert Hand.objects.get(game=game, number=1).revisions == 0


def test_hand_edit_that_would_end_the_game_early_is_refused(client, make_game, scorer_for):
    team_b = rules.HandEntry(bidder=1, bid=3, points=(0, 6, 0))
    game = make_game("schmier", entries=[WIN] * 3 + [team_b] * 2)
    url = reverse("hand_edit", args=[game.public_id, 4])
    data = {**awards_post(4, 0, 6, SCHMIER_ALL_A), "confirm": "yes"}
    response = scorer_for(game).post(url, data, **HTMX)
    assert response.status_code == 422
    assert find_all(text(response), "p", "error") == [
        "With this change the game is over after hand 4, but hand 5 follows it. Undo hand 5 "
        "first, then edit hand 4. why?"
    ]
    assert Hand.objects.get(game=game, number=4).bidder == 1


def test_hand_edit_refusal_names_the_hand_the_game_now_ends_after(client, make_game, scorer_for):
    # Team A winning hand 3 too brings the end to hand 4 (not hand 3): hands 5 and 6 follow.
    team_b = rules.HandEntry(bidder=1, bid=3, points=(0, 6, 0))
    game = make_game("schmier", entries=[WIN, WIN, team_b, WIN, team_b, WIN])
    assert (game.finished, game.hands_played) == (True, 6)
    url = reverse("hand_edit", args=[game.public_id, 3])
    data = {**awards_post(3, 0, 6, SCHMIER_ALL_A), "confirm": "yes"}
    response = scorer_for(game).post(url, data, **HTMX)
    assert response.status_code == 422
    assert find_all(text(response), "p", "error") == [
        "With this change the game is over after hand 4, but hands 5 and 6 follow it. Undo "
        "hands 5 and 6 first, then edit hand 3. why?"
    ]
    assert Hand.objects.get(game=game, number=3).bidder == 1


def test_hand_edit_watcher_is_refused_and_unknown_hand_is_404(client, make_game, scorer_for):
    game = make_game("schmier", hands=2)
    assert client.get(reverse("hand_edit", args=[game.public_id, 1])).status_code == 403
    scorer = scorer_for(game)
    assert scorer.get(reverse("hand_edit", args=[game.public_id, 9])).status_code == 404


def test_hand_edit_of_a_hand_undone_elsewhere_shows_the_board_with_why(make_game, scorer_for):
    game = make_game("schmier", hands=2)
    response = scorer_for(game).get(reverse("hand_edit", args=[game.public_id, 3]), **HTMX)
    assert response.status_code == 404
    assert "<html" not in text(response)
    assert find_all(text(response), "p", "problem") == [
        "This game has no hand 3 (any more): it may have been undone on another phone. "
        "Here is the scoreboard as it stands."
    ]


def test_hand_edit_get_says_what_the_hand_scores_now(client, make_game, scorer_for):
    game = make_game("ne-wisconsin", entries=[rules.HandEntry(bidder=1, bid=3, points=(1, 3))])
    page = text(scorer_for(game).get(reverse("hand_edit", args=[game.public_id, 1])))
    assert find_all(page, "span", "will") == [
        "Will score: Bo & Dee bid 3 and took 3: made, +3 · Ann & Cy +1"
    ]


def test_hand_edit_back_from_confirmation_keeps_the_change(client, make_game, scorer_for):
    game = make_game("ne-wisconsin", hands=2)
    url = reverse("hand_edit", args=[game.public_id, 1])
    data = {"number": "1", "bidder": "3", "bid": "4", "by_totals": "on"}
    data.update({"points_0": "0", "points_1": "4"})
    response = scorer_for(game).post(url, {**data, "back": "1"}, **HTMX)
    page = text(response)
    assert response.status_code == 200
    assert find_all(page, "p", "error") == []
    assert checked(page) == {"bidder": "3", "bid": "4"}
    assert 'name="points_1" value="4"' in page
    assert Hand.objects.get(game=game, number=1).revisions == 0


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_hand_edit_refused_as_page_and_fragment(client, make_game, scorer_for, headers):
    game = make_game("schmier", hands=2)
    url = reverse("hand_edit", args=[game.public_id, 2])
    response = scorer_for(game).post(url, {"number": "2", "bidder": "1"}, **headers)
    page = text(response)
    assert response.status_code == 422
    assert ("<html" in page) == (not headers)
    assert find_all(page, "p", "error")[:2] == [
        "Tap the bid. why?",
        "Who took High? Tap Ann & Dee, Bo & Eli or Cy & Flo. why?",
    ]


def test_hand_preview_without_htmx_is_the_same_line(client, make_game):
    game = make_game("schmier")
    url = reverse("hand_preview", args=[game.public_id])
    response = client.post(url, {"number": "1", "thrown_in": "1"})
    assert text(response).strip() == (
        '<span class="will">Will score: Thrown in: no score; the same dealer deals again.</span>'
    )


@pytest.mark.parametrize("hands", [2, 40])
def test_hand_undo_post_runs_fixed_queries(
    client, make_game, scorer_for, hands, django_assert_num_queries, live_notify_queries
):
    game = make_game("schmier", hands=hands)
    scorer = scorer_for(game)
    url = reverse("hand_undo", args=[game.public_id])
    # The game with its players' names; in the service's transaction (two savepoint
    # statements under the test's own transaction) the locked game, its hands, the audit
    # record, the hand deleted, the game's standings, the live boards' notice (PostgreSQL);
    # then the last few hands for the board.
    with django_assert_num_queries(9 + live_notify_queries):
        response = scorer.post(url, {"number": str(hands)}, **HTMX)
    assert response.status_code == 200
    assert Hand.objects.filter(game=game).count() == hands - 1


@pytest.mark.parametrize("action", ["undo", "edit"])
def test_hand_write_answers_the_board_as_a_fresh_read_shows_it(
    client, make_game, scorer_for, action
):
    game = make_game("schmier", first_dealer=0, hands=3)
    scorer = scorer_for(game)
    if action == "undo":
        url, data = reverse("hand_undo", args=[game.public_id]), {"number": "3"}
    else:
        url = reverse("hand_edit", args=[game.public_id, 2])
        data = {"number": "2", "thrown_in": "1", "confirm": "yes"}
    page = text(scorer.post(url, data, **HTMX))
    fresh = text(scorer.get(reverse("game", args=[game.public_id]), **HTMX))
    assert scores(page) == scores(fresh)
    assert find_all(page, "p", "deal") == find_all(fresh, "p", "deal")
    assert find_all(page, "td", "num") == find_all(fresh, "td", "num")


def test_hand_preview_on_the_edit_screen_of_a_finished_game_scores_the_change(client, make_game):
    game = make_game("schmier", entries=[WIN] * 4)
    url = reverse("hand_preview", args=[game.public_id])
    data = {"number": "2", "bidder": "1", "bid": "3", "by_totals": "on"}
    data.update({"points_0": "2", "points_1": "3", "points_2": "1"})
    # An edit's check is a scorer's (it replays the later hands): this phone scores.
    response = grant(client, game).post(url, data, **HTMX)
    assert find_all(text(response), "span", "will") == [
        "Will score: Bo & Eli bid 3 and took 3: made, +3 · Ann & Dee +2 · Cy & Flo +1"
    ]


def test_hand_edit_confirm_screen_refuses_a_change_a_later_hand_breaks(make_game, scorer_for):
    # Team A winning hand 4 would end the game there, but hand 5 was played after it (D8):
    # refused before "Yes" is offered, not after.
    team_b = rules.HandEntry(bidder=1, bid=3, points=(0, 6, 0))
    game = make_game("schmier", entries=[WIN] * 3 + [team_b] * 2)
    url = reverse("hand_edit", args=[game.public_id, 4])
    response = scorer_for(game).post(url, awards_post(4, 0, 6, SCHMIER_ALL_A), **HTMX)
    page = text(response)
    assert response.status_code == 422
    assert find_all(page, "p", "error") == [
        "With this change the game is over after hand 4, but hand 5 follows it. Undo hand 5 "
        "first, then edit hand 4. why?"
    ]
    assert find_all(page, "p", "will") == []
    assert find_all(page, "span", "pending") == [
        "With this change the game is over after hand 4, but hand 5 follows it. Undo hand 5 "
        "first, then edit hand 4."
    ]
    assert 'name="confirm"' not in page


def test_hand_preview_on_the_edit_screen_says_a_later_hand_breaks(client, make_game):
    team_b = rules.HandEntry(bidder=1, bid=3, points=(0, 6, 0))
    game = make_game("schmier", entries=[WIN] * 3 + [team_b] * 2)
    url = reverse("hand_preview", args=[game.public_id])
    response = grant(client, game).post(url, awards_post(4, 0, 6, SCHMIER_ALL_A), **HTMX)
    assert find_all(text(response), "span", "pending") == [
        "With this change the game is over after hand 4, but hand 5 follows it. Undo hand 5 "
        "first, then edit hand 4."
    ]


def _h(bidder, bid, *points):
    return rules.HandEntry(bidder=bidder, bid=bid, points=points)


A_SWEEP, B_SWEEP = _h(0, 6, 6, 0, 0), _h(1, 6, 0, 6, 0)


@pytest.mark.parametrize(
    "entries, number, change, said",
    [
        (
            [A_SWEEP] * 3 + [_h(1, 3, 1, 4, 1)],
            4,
            {"bidder": "1", "bid": "3", "points_0": "3", "points_1": "2", "points_2": "1"},
            "This change ends the game: Ann & Dee win 21–1.",
        ),
        (
            [A_SWEEP] * 4,
            4,
            {"bidder": "1", "bid": "3", "points_0": "1", "points_1": "4", "points_2": "1"},
            "This change reopens the game: Ann & Dee would not have won yet, and play goes on.",
        ),
        (
            [A_SWEEP] * 3 + [B_SWEEP] * 3 + [_h(0, 3, 3, 2, 1)],
            7,
            {"bidder": "1", "bid": "3", "points_0": "2", "points_1": "3", "points_2": "1"},
            "This change gives the game to Bo & Eli instead of Ann & Dee (21 points).",
        ),
        (
            [A_SWEEP] * 2 + [_h(1, 3, 1, 4, 1)],
            3,
            {"bidder": "1", "bid": "4", "points_0": "1", "points_1": "4", "points_2": "1"},
            None,
        ),
    ],
    ids=["ends", "reopens", "new-winner", "no-change"],
)
def test_hand_edit_confirm_says_how_the_change_moves_the_end_of_the_game_d8(
    client, make_game, scorer_for, entries, number, change, said
):
    game = make_game("schmier", first_dealer=0, entries=entries)
    url = reverse("hand_edit", args=[game.public_id, number])
    response = scorer_for(game).post(url, {"number": str(number), "by_totals": "on", **change})
    assert response.status_code == 200
    assert find_all(text(response), "p", "note") == ([said] if said else [])


def test_hand_edit_finds_the_hand_by_its_number_not_its_place(make_game):
    # A game with a hole where hand 2 was (a hand deleted outside the services, as the
    # admin once could): an edit of hand 3 changes hand 3, and hand 2 is not there to edit.
    from smear_scores.request_refusals import Conflict
    from smear_scores.services.editing import hand_edit

    game = make_game("ne-wisconsin", hands=3)
    Hand.objects.filter(game=game, number=2).delete()
    edited = rules.HandEntry(bidder=1, bid=2, points=(0, 2))
    before = list(game.hands.order_by("number").values_list("number", "bidder", "bid"))

    with pytest.raises(Conflict):
        hand_edit(game=game, number=2, entry=edited)
    assert list(game.hands.order_by("number").values_list("number", "bidder", "bid")) == before

    hand_edit(game=game, number=3, entry=edited)

    after = list(game.hands.order_by("number").values_list("number", "bidder", "bid"))
    assert after == [before[0], (3, 1, 2)]
    assert HandRevision.objects.filter(game=game, action="edit").get().number == 3


@pytest.mark.parametrize("hands", [20, 120])
def test_hand_edit_that_moves_every_later_dealer_rewrites_them_in_one_statement(
    make_game, hands, django_assert_num_queries
):
    # Hand 1 thrown in (the same dealer deals again), then edited into a bid hand: every
    # later hand's dealer and running scores move. However many, one UPDATE rewrites them.
    from smear_scores.services.editing import hand_edit
    from smear_scores.services.game_writes import standings_replay

    game = make_game("ne-wisconsin", entries=[rules.HandEntry(thrown_in=True)], hands=hands - 1)
    before = dict(game.hands.values_list("number", "dealer"))
    # A savepoint pair (the test's own transaction), the locked game, its hands, the
    # hands rewritten, the game's standings, the edited hand's count of edits and the
    # hand read again, its audit record.
    with django_assert_num_queries(9):
        hand_edit(game=game, number=1, entry=rules.HandEntry(bidder=1, bid=2, points=(0, 2)))

    after = dict(game.hands.values_list("number", "dealer"))
    assert [n for n in range(2, hands + 1) if after[n] == before[n]] == []
    game.refresh_from_db()
    hands_now = list(game.hands.order_by("number"))
    state = standings_replay(game, hands_now)
    assert (list(state.scores), state.hands_played) == (game.scores, game.hands_played)
    assert hands_now[-1].scores_after == game.scores
