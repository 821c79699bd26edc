"""POST /api/games/{id}/hands, PUT /api/games/{id}/hands/{n}, DELETE /api/games/{id}/hands/{n}."""

import gzip
import json

import pytest

from smear_scores.models import Hand, HandRevision

from .helpers import FOUR

WIN_HAND = {"bidder": 0, "bid": 6, "points": [6, 0, 0]}  # Team A +6 (Schmier)


def url(game, tail="hands"):
    return f"/api/games/{game['id']}/{tail}"


def record(api, game, body, **kwargs):
    kwargs.setdefault("token", game["edit_token"])
    return api.post(url(game), body, **kwargs)


def errors(response):
    return [(p["field"], p["message"], p["rule"]) for p in response.json()["detail"]]


# -- recording ------------------------------------------------------------------------------
def test_record_hand_with_points_answers_201_with_the_hand_and_the_standings(api):
    game = api.create()

    response = record(api, game, {"bidder": 2, "bid": 4, "points": [1, 1, 4], "made": True})

    assert response.status_code == 201
    body = response.json()
    assert body["id"] == game["id"]
    assert body["hand"] == {
        "number": 1,
        "dealer": 0,
        "thrown_in": False,
        "bidder": 2,
        "bid": 4,
        "points": [1, 1, 4],
        "awards": None,
        "made": True,
        "card_points": None,
        "scores": [1, 1, 4],
    }
    assert [t["score"] for t in body["teams"]] == [1, 1, 4]
    assert (body["next_number"], body["next_dealer"], body["first_bidder"]) == (2, 1, 2)
    assert HandRevision.objects.get().source == "api"


def test_record_hand_with_awards_counts_a_left_out_category_for_nobody(api):
    game = api.create()
    awards = {"high": 0, "low": 1, "right_bauer": 2, "left_bauer": 2, "joker": 2}

    response = record(api, game, {"bidder": 2, "bid": 4, "awards": awards})

    assert response.status_code == 201
    hand = response.json()["hand"]
    assert (hand["points"], hand["awards"], hand["made"], hand["scores"]) == (
        [1, 1, 3],
        awards,
        False,
        [1, 1, -4],
    )


def test_record_hand_thrown_in_keeps_the_dealer(api):
    game = api.create(first_dealer=3)

    response = record(api, game, {"thrown_in": True})

    assert response.status_code == 201
    body = response.json()
    assert body["hand"] == {
        "number": 1,
        "dealer": 3,
        "thrown_in": True,
        "bidder": None,
        "bid": None,
        "points": [0, 0, 0],
        "awards": None,
        "made": None,
        "card_points": None,
        "scores": [0, 0, 0],
    }
    assert (body["next_dealer"], body["first_bidder"]) == (3, 4)


def test_record_hand_with_the_next_number_is_recorded(api):
    game = api.create()
    api.hand(game, {"thrown_in": True})

    response = record(api, game, {"bidder": 1, "bid": 3, "points": [2, 3, 1], "number": 2})

    assert response.status_code == 201
    assert response.json()["hand"]["number"] == 2
    assert [h["number"] for h in api.game(game["id"])["hands"]] == [1, 2]


def test_record_hand_refuses_every_broken_rule_at_once(api):
    game = api.create()

    response = record(api, game, {"bidder": 6, "bid": 7, "points": [1, 1, 1]})

    assert response.status_code == 422
    assert errors(response) == [
        ("bidder", "The bidder must be one of the 6 seats (0 to 5), not 6.", "S1"),
        ("bid", "Schmier bids run from 3 to 6, not 7.", "S6"),
        (
            "points",
            "Schmier awards High, Low, Right bauer, Left bauer and Joker every hand: the "
            "teams' points must add up to 5 or 6, not 3.",
            "D1",
        ),
    ]


def test_record_hand_refuses_points_and_awards_together(api):
    game = api.create("ne-wisconsin")

    response = record(api, game, {"bidder": 1, "bid": 2, "points": [1, 2], "awards": {"high": 1}})

    assert response.status_code == 422
    assert errors(response) == [
        (
            "points",
            "Give the points either as one number per team or as who took each point, "
            "not both and not neither.",
            "W5",
        )
    ]


def test_record_hand_refuses_a_made_claim_the_points_contradict(api):
    game = api.create("ne-wisconsin")

    response = record(api, game, {"bidder": 1, "bid": 3, "points": [2, 2], "made": True})

    assert response.status_code == 422
    assert errors(response) == [
        ("made", "Bo & Di took 2 points but bid 3: that is a set, not a make.", "D3")
    ]


def test_record_hand_refuses_an_unknown_award_and_a_team_that_does_not_exist(api):
    game = api.create("ne-wisconsin")

    response = record(api, game, {"bidder": 1, "bid": 2, "awards": {"high": 2, "joker": 0}})

    assert response.status_code == 422
    assert errors(response) == [
        (
            "awards.high",
            "High must go to one of the 2 teams (0 to 1) or to nobody, not 2.",
            "W5",
        ),
        (
            "awards.joker",
            "Four Point Northeastern Wisconsin Smear has no point called 'joker'; its points "
            "are high, low, jack, game.",
            "W5",
        ),
    ]


def test_record_hand_refuses_a_thrown_in_deal_with_a_bid(api):
    game = api.create()

    response = record(api, game, {"thrown_in": True, "bid": 3})

    assert response.status_code == 422
    assert [field for field, _, rule in errors(response)] == ["bid"]
    assert [rule for _, _, rule in errors(response)] == ["D4"]


def test_record_hand_refuses_malformed_fields_together(api):
    game = api.create()

    response = record(
        api, game, {"bidder": "2", "bid": 4.5, "points": [1, "two", 3], "made": "yes", "x": 1}
    )

    assert response.status_code == 422
    assert errors(response) == [
        ("bidder", 'bidder must be a whole number, not "2".', ""),
        ("bid", "bid must be a whole number, not 4.5.", ""),
        ("points.1", 'points.1 must be a whole number, not "two".', ""),
        ("made", 'made must be true or false, not "yes".', ""),
        ("x", "x is not a field of this request: leave it out, or check its spelling.", ""),
    ]


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("", "Send a JSON object in the request body."),
        ("[3, 1, 2]", "The body must be a JSON object ({...}), not [3, 1, 2]."),
    ],
)
def test_record_hand_refuses_a_missing_or_wrong_body(api, raw, message):
    game = api.create()

    response = api.post(url(game), raw=raw, token=game["edit_token"])

    assert response.status_code == 422
    assert errors(response) == [("body", message, "")]


def test_record_hand_answers_409_for_a_number_past_the_next_hand(api):
    game = api.create()

    response = record(api, game, {"thrown_in": True, "number": 3})

    assert response.status_code == 409
    assert response.json()["message"] == (
        'The next hand is hand 1, not hand 3: send it with "number": 1.'
    )


def test_record_hand_answers_409_for_a_repeat_of_the_last_hand_by_number(api):
    game = api.create()
    hand = {"bidder": 1, "bid": 3, "points": [2, 3, 1], "number": 1}
    record(api, game, hand)

    response = record(api, game, hand)

    assert response.status_code == 409
    assert response.json()["detail"] == [
        {
            "field": "number",
            "message": "Hand 1 is already recorded; the next hand is hand 2. Read the game "
            'again and send the hand with "number": 2, or edit hand 1 with PUT.',
            "rule": "",
        }
    ]
    assert Hand.objects.count() == 1


def test_record_hand_answers_409_when_the_game_is_over(api):
    game = api.create()
    for _ in range(4):
        api.hand(game, WIN_HAND)

    response = record(api, game, {"thrown_in": True})

    assert response.status_code == 409
    assert response.json()["detail"] == [
        {
            "field": "game",
            "message": "The game is over: Ann & Di win with 24 points: the only team at 21 or "
            "more. Undo the last hand to reopen it.",
            "rule": "D8",
        }
    ]


def test_record_hand_finishing_the_game_names_the_winner_and_the_reason(api):
    game = api.create("ne-wisconsin", options={"cap_non_bidder": True})
    for _ in range(3):
        api.hand(game, {"bidder": 1, "bid": 4, "points": [0, 4]})

    body = api.hand(game, {"bidder": 1, "bid": 4, "points": [0, 4]})

    assert (body["finished"], body["winner"], body["reason"]) == (
        True,
        1,
        "Bo & Di win with 16 points: the only team at 15 or more.",
    )


# -- who may write -------------------------------------------------------------------------
WRITES = [
    ("post", "hands", {"thrown_in": True}),
    ("put", "hands/1", {"thrown_in": True}),
    ("delete", "hands/1", None),
]


@pytest.mark.parametrize(("method", "tail", "body"), WRITES)
def test_write_without_a_token_answers_401(api, method, tail, body):
    game = api.create()
    api.hand(game, {"bidder": 1, "bid": 3, "points": [2, 3, 1]})

    response = getattr(api, method)(url(game, tail), *([body] if body else []))

    assert response.status_code == 401
    assert response.json()["detail"] == [
        {
            "field": "Authorization",
            "message": "This request changes a game: send the game's edit token as "
            "'Authorization: Bearer <edit_token>'; it came back as edit_token when the game "
            "was created or imported.",
            "rule": "",
        }
    ]


@pytest.mark.parametrize(("method", "tail", "body"), WRITES)
def test_write_with_another_games_token_answers_403(api, method, tail, body):
    game = api.create()
    other = api.create()
    api.hand(game, {"bidder": 1, "bid": 3, "points": [2, 3, 1]})

    response = getattr(api, method)(
        url(game, tail), *([body] if body else []), token=other["edit_token"]
    )

    assert response.status_code == 403
    assert response.json()["message"].startswith(f"This token does not score game {game['id']}:")


@pytest.mark.parametrize(("method", "tail", "body"), WRITES)
def test_write_to_an_unknown_game_answers_404(api, method, tail, body):
    game = api.create()

    response = getattr(api, method)(
        f"/api/games/nosuchgame/{tail}", *([body] if body else []), token=game["edit_token"]
    )

    assert response.status_code == 404
    assert response.json()["message"] == (
        "There is no game 'nosuchgame': check the id in the game's link."
    )


# -- refused requests change nothing -------------------------------------------------------
REFUSED = [
    ("post", "hands", {"bidder": 9, "bid": 3, "points": [2, 3, 1]}, "token", 422),
    ("post", "hands", {"bidder": "one"}, "token", 422),
    ("post", "hands", {"thrown_in": True, "number": 1}, "token", 409),
    ("post", "hands", {"thrown_in": True}, None, 401),
    ("post", "hands", {"thrown_in": True}, "wrong", 403),
    ("put", "hands/1", {"bidder": 1, "bid": 9, "points": [2, 3, 1]}, "token", 422),
    ("put", "hands/1", {"thrown_in": True, "number": 2}, "token", 422),
    ("put", "hands/3", {"thrown_in": True}, "token", 404),
    ("put", "hands/1", {"thrown_in": True}, None, 401),
    ("delete", "hands/1", None, "wrong", 403),
    ("delete", "hands/1", None, None, 401),
    ("delete", "hands/2", None, "token", 409),
    ("delete", "hands/last", None, "token", 422),
]


@pytest.mark.parametrize(("method", "tail", "body", "token", "status"), REFUSED)
def test_refused_request_leaves_the_game_unchanged(api, method, tail, body, token, status):
    game = api.create()
    api.hand(game, {"bidder": 1, "bid": 3, "points": [2, 3, 1]})
    before = api.game(game["id"])
    revisions = HandRevision.objects.count()
    token = {"token": game["edit_token"], "wrong": "not-the-token", None: None}[token]

    response = getattr(api, method)(url(game, tail), *([body] if body else []), token=token)

    assert response.status_code == status
    assert api.game(game["id"]) == before
    assert HandRevision.objects.count() == revisions


def test_refused_edit_that_would_end_the_game_before_later_hands_changes_nothing(api):
    game = api.create()
    for _ in range(3):
        api.hand(game, WIN_HAND)
    for _ in range(3):
        api.hand(game, {"bidder": 1, "bid": 3, "points": [0, 3, 2]})
    before = api.game(game["id"])

    response = api.put(url(game, "hands/4"), WIN_HAND, token=game["edit_token"])

    assert response.status_code == 422
    assert errors(response) == [
        (
            "game",
            "With this change the game is over after hand 4, but hands 5 and 6 follow it. "
            "Undo hands 5 and 6 first, then edit hand 4.",
            "D8",
        )
    ]
    assert api.game(game["id"]) == before


# -- editing and undoing -------------------------------------------------------------------
def test_edit_hand_replays_the_hands_after_it(api):
    game = api.create("ne-wisconsin", players=FOUR)
    api.hand(game, {"bidder": 0, "bid": 2, "points": [3, 1]})
    api.hand(game, {"bidder": 1, "bid": 2, "points": [1, 2]})

    response = api.put(
        url(game, "hands/1"),
        {"bidder": 0, "bid": 4, "points": [3, 1], "number": 1},
        token=game["edit_token"],
    )

    assert response.status_code == 200
    body = response.json()
    assert [(h["bid"], h["made"], h["scores"]) for h in body["hands"]] == [
        (4, False, [-4, 1]),
        (2, True, [-3, 3]),
    ]
    assert [t["score"] for t in body["teams"]] == [-3, 3]
    assert HandRevision.objects.filter(action="edit", source="api").count() == 1


def test_edit_hand_can_turn_a_hand_into_a_thrown_in_deal(api):
    game = api.create()
    api.hand(game, {"bidder": 1, "bid": 3, "points": [2, 3, 1]})
    api.hand(game, {"bidder": 2, "bid": 3, "points": [2, 1, 3]})

    response = api.put(url(game, "hands/1"), {"thrown_in": True}, token=game["edit_token"])

    assert response.status_code == 200
    body = response.json()
    # D4: the same dealer deals again, so hand 2 is now dealt by seat 0.
    assert [(h["dealer"], h["scores"]) for h in body["hands"]] == [
        (0, [0, 0, 0]),
        (0, [2, 1, 3]),
    ]
    assert body["next_dealer"] == 1


def test_edit_hand_that_does_not_exist_answers_404(api):
    game = api.create()

    response = api.put(url(game, "hands/1"), {"thrown_in": True}, token=game["edit_token"])

    assert response.status_code == 404
    assert response.json()["message"] == "There is no hand 1 to edit: this game has 0 hands."


@pytest.mark.parametrize(
    ("tail", "message"),
    [
        ("hands/0", "number must be at least 1, not 0."),
        ("hands/two", "number must be a whole number, not two."),
    ],
)
def test_edit_hand_refuses_a_path_that_is_not_a_hand_number(api, tail, message):
    game = api.create()

    response = api.put(url(game, tail), {"thrown_in": True}, token=game["edit_token"])

    assert response.status_code == 422
    assert errors(response) == [("number", message, "")]


def test_edit_hand_refuses_a_number_that_is_not_the_hand_edited(api):
    game = api.create()
    api.hand(game, {"thrown_in": True})

    response = api.put(
        url(game, "hands/1"), {"thrown_in": True, "number": 2}, token=game["edit_token"]
    )

    assert response.status_code == 422
    assert errors(response) == [
        ("number", "This request edits hand 1: leave number out, or set it to 1.", "")
    ]


def test_undo_removes_the_last_hand(api):
    game = api.create()
    api.hand(game, {"bidder": 1, "bid": 3, "points": [2, 3, 1]})
    api.hand(game, {"bidder": 2, "bid": 3, "points": [2, 1, 3]})

    response = api.delete(url(game, "hands/2"), token=game["edit_token"])

    assert response.status_code == 200
    body = response.json()
    assert [h["number"] for h in body["hands"]] == [1]
    assert ([t["score"] for t in body["teams"]], body["next_dealer"]) == ([2, 3, 1], 1)


def test_undo_of_the_winning_hand_reopens_the_game(api):
    game = api.create()
    for _ in range(4):
        api.hand(game, WIN_HAND)

    response = api.delete(url(game, "hands/4"), token=game["edit_token"])

    assert response.status_code == 200
    body = response.json()
    assert (body["finished"], body["winner"], body["reason"]) == (False, None, "")
    assert [t["score"] for t in body["teams"]] == [18, 0, 0]


def test_undo_with_no_hands_answers_409(api):
    game = api.create()

    response = api.delete(url(game, "hands/1"), token=game["edit_token"])

    assert response.status_code == 409
    assert errors(response) == [("game", "There is no hand to undo yet.", "")]


def test_undo_sent_again_without_a_key_undoes_no_second_hand(api):
    game = api.create()
    api.hand(game, {"bidder": 1, "bid": 3, "points": [2, 3, 1]})
    api.hand(game, {"bidder": 2, "bid": 3, "points": [2, 1, 3]})
    assert api.delete(url(game, "hands/2"), token=game["edit_token"]).status_code == 200

    again = api.delete(url(game, "hands/2"), token=game["edit_token"])

    assert again.status_code == 409
    assert errors(again) == [
        (
            "number",
            "There is no hand 2 to undo: the last hand is hand 1, and nothing was undone. "
            "Read the game again and name its last hand to undo it.",
            "",
        )
    ]
    assert [h["number"] for h in api.game(game["id"])["hands"]] == [1]


def test_undo_of_a_hand_before_the_last_answers_409_and_undoes_nothing(api):
    game = api.create()
    api.hand(game, {"bidder": 1, "bid": 3, "points": [2, 3, 1]})
    api.hand(game, {"bidder": 2, "bid": 3, "points": [2, 1, 3]})

    response = api.delete(url(game, "hands/1"), token=game["edit_token"])

    assert response.status_code == 409
    assert errors(response) == [
        (
            "number",
            "Hand 1 is not the last hand (hand 2 is): only the last hand can be undone, and "
            "nothing was undone. Edit hand 1 instead, or undo hand 2 first.",
            "",
        )
    ]
    assert [h["number"] for h in api.game(game["id"])["hands"]] == [1, 2]


def test_undo_of_the_last_hand_unnamed_says_to_name_it(api):
    game = api.create()
    api.hand(game, {"bidder": 1, "bid": 3, "points": [2, 3, 1]})

    response = api.delete(url(game, "hands/last"), token=game["edit_token"])

    assert response.status_code == 422
    assert errors(response) == [
        (
            "number",
            f"Name the hand to undo: DELETE /api/games/{game['id']}/hands/<number> with the "
            "last hand's number (the last of GET's hands), so that a request sent twice, or "
            "by two devices at once, undoes one hand.",
            "",
        )
    ]
    assert [h["number"] for h in api.game(game["id"])["hands"]] == [1]


# -- what a write costs ---------------------------------------------------------------------
@pytest.mark.parametrize("hands", [1, 40])
def test_record_hand_runs_fixed_queries(
    api, hands, django_assert_num_queries, live_notify_queries, hand_write_queries
):
    game = api.create()
    for _ in range(hands):
        api.hand(game, {"thrown_in": True})

    # The game with its players' names; in the write's transaction (a savepoint pair
    # under the test's own transaction) the game locked once, the hand with its audit
    # record and the game's standings, the live boards' notice (PostgreSQL). The answer is
    # the hand and the standings: no read of the hands, however many.
    with django_assert_num_queries(4 + hand_write_queries + live_notify_queries):
        response = record(
            api, game, {"number": hands + 1, "bidder": 1, "bid": 3, "points": [2, 3, 1]}
        )

    assert response.status_code == 201


@pytest.mark.parametrize(
    ("method", "tail", "body", "status"),
    [
        ("post", "hands", {"bidder": 2, "bid": 4, "points": [1, 1, 4]}, 201),
        ("put", "hands/1", {"bidder": 0, "bid": 3, "points": [3, 2, 1]}, 200),
        ("delete", "hands/2", None, 200),
    ],
)
def test_write_answers_the_game_as_a_fresh_read_shows_it(api, method, tail, body, status):
    game = api.create()
    api.hand(game, {"bidder": 1, "bid": 3, "points": [2, 3, 1]})
    api.hand(game, {"bidder": 2, "bid": 3, "points": [2, 1, 3]})

    send = getattr(api, method)
    args = (url(game, tail),) if body is None else (url(game, tail), body)
    response = send(*args, token=game["edit_token"])

    assert response.status_code == status
    fresh = api.game(game["id"])
    if method == "post":
        # A recorded hand answers the hand and the standings, as a fresh read has them.
        shown = {k: v for k, v in fresh.items() if k in response.json()}
        assert response.json() == {**shown, "hand": fresh["hands"][-1]}
    else:
        assert response.json() == fresh


def test_a_recorded_hands_answer_does_not_grow_with_the_game(api, client):
    game = api.create()

    def sent(number: int) -> bytes:
        body = {"number": number, "bidder": 1, "bid": 3, "points": [2, 3, 1]}
        response = client.post(
            url(game),
            data=json.dumps(body),
            content_type="application/json",
            headers={"Authorization": f"Bearer {game['edit_token']}", "Accept-Encoding": "gzip"},
        )
        assert response.status_code == 201
        head = "".join(f"{k}: {v}\r\n" for k, v in response.items())
        # What the hand puts on the wire, headers included.
        assert len(head) + len(response.content) <= 1536
        gzipped = response.get("Content-Encoding") == "gzip"
        return gzip.decompress(response.content) if gzipped else response.content

    first = sent(1)
    for _ in range(60):
        api.hand(game, {"thrown_in": True})
    later = sent(62)

    # The hand and the standings, whatever the game's length (the figures' digits aside).
    assert abs(len(later) - len(first)) <= 16
    answer = json.loads(later)
    assert answer["hand"]["number"] == 62
    assert "hands" not in answer
    # The whole game is one read away.
    assert len(api.game(game["id"])["hands"]) == 62
