"""Counting Game on the hand form (D13): "Count…" and one field per team, with and without
JavaScript (htmx), kept with the hand through the history, the CSV, undo and edit."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from smear_scores import rules
from smear_scores.models import Hand, HandRevision

from .conftest import HTMX, awards_post, checked, find_all, notices, scores, text

# Everything but Game: Ann & Dee High and Joker, Bo & Eli Low and Right bauer, Cy & Flo
# the Left bauer.
FIVE = {"high": 0, "low": 1, "right_bauer": 1, "left_bauer": 2, "joker": 0}


def counted_post(number=1, bidder=0, bid=3, counts=(34, 27, 20), awards=FIVE, switch=True):
    data = awards_post(number, bidder, bid, awards)
    if switch:
        data["count_game"] = "on"
    data.update({f"card_points_{team}": str(c) for team, c in enumerate(counts)})
    return data


def _record(game):
    return reverse("hand_record", args=[game.public_id])


def _preview(game):
    return reverse("hand_preview", args=[game.public_id])


def verdict(page: str) -> str:
    return find_all(page, "output", "count-verdict")[0]


def count_inputs(page: str) -> list[tuple[str, str]]:
    """(name, value) of each card-point field, in the order drawn."""
    return re.findall(r'<input type="number"[^>]*name="(card_points_\d)" value="([^"]*)"', page)


def test_card_points_form_draws_one_numeric_field_per_team_named_by_it(
    client, make_game, scorer_for
):
    game = make_game("schmier")
    page = text(scorer_for(game).get(reverse("game", args=[game.public_id])))

    fields = re.findall(r'<label class="count (t\d)"><span>([^<]+)</span>\s*<input ([^>]+)>', page)
    assert [(css, name) for css, name, _ in fields] == [
        ("t0", "Ann &amp; Dee"),
        ("t1", "Bo &amp; Eli"),
        ("t2", "Cy &amp; Flo"),
    ]
    for _, _, attrs in fields:
        assert 'type="number"' in attrs and 'inputmode="numeric"' in attrs
        assert 'min="0"' in attrs and 'max="81"' in attrs
    # Off until tapped; the Game buttons are all still there for tables that do not count.
    assert re.search(r'name="count_game"[^>]*checked', page) is None
    assert find_all(page, "label", "count-toggle") == ["Count…"]
    assert re.findall(r'<label for="award_game-[^"]+"', page) == [
        '<label for="award_game-0"',
        '<label for="award_game-1"',
        '<label for="award_game-2"',
        '<label for="award_game-none"',
    ]


def test_card_points_without_javascript_award_game_and_are_kept(client, make_game, scorer_for):
    game = make_game("schmier", first_dealer=0)
    scorer = scorer_for(game)

    response = scorer.post(_record(game), counted_post())

    assert response.status_code == 302
    page = text(scorer.get(response["Location"]))
    assert scores(page) == [3, 2, 1]
    assert notices(page) == [
        "Hand 1: Ann & Dee bid 3 and took 3: made, +3 · Bo & Eli +2 · Cy & Flo +1"
    ]
    hand = Hand.objects.get(game=game)
    assert (hand.awards, hand.card_points) == ({**FIVE, "game": 0}, [34, 27, 20])
    assert HandRevision.objects.get(game=game).new["card_points"] == [34, 27, 20]
    # The last hands on the board and the history say the counts.
    assert find_all(page, "small", "counted") == ["Game 34–27–20"]
    history = text(client.get(reverse("game_history", args=[game.public_id])))
    assert find_all(history, "small", "counted") == ["Game 34–27–20"]


def test_card_points_tie_gives_game_to_nobody_without_a_tap(client, make_game, scorer_for):
    game = make_game("ne-wisconsin", first_dealer=0)
    awards = {"high": 0, "low": 1, "jack": 1}
    response = scorer_for(game).post(
        _record(game), counted_post(bidder=1, bid=2, counts=(40, 40), awards=awards), **HTMX
    )

    page = text(response)
    assert response.status_code == 200
    assert "<html" not in page
    assert scores(page) == [1, 2]
    assert Hand.objects.get(game=game).awards == {**awards, "game": None}


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_card_points_over_the_decks_total_are_refused_and_kept_on_the_form(
    client, make_game, scorer_for, headers
):
    game = make_game("schmier")
    response = scorer_for(game).post(_record(game), counted_post(counts=(40, 30, 20)), **headers)

    page = text(response)
    assert response.status_code == 422
    assert ("<html" in page) == (not headers)
    assert Hand.objects.filter(game=game).count() == 0
    assert verdict(page) == (
        "The counts add up to 90, but Schmier has 81 card points in all: check the counts. why?"
    )
    assert re.findall(r'<output id="card-count-verdict".*?href="([^"]+)"', page, re.S) == [
        "/rules/schmier/#D13"
    ]
    # The counts and the switch are as typed, to correct one of them.
    assert count_inputs(page) == [
        ("card_points_0", "40"),
        ("card_points_1", "30"),
        ("card_points_2", "20"),
    ]
    assert re.search(r'name="count_game"[^>]*checked', page) is not None
    # The bar beside Record keeps the reason, not the first screen's "Tap the bidder…".
    assert find_all(page, "output", "preview") == [
        "Not recorded: The counts add up to 90, but Schmier has 81 card points in all: "
        "check the counts. why?"
    ]


def test_card_points_that_disagree_with_a_tapped_game_are_refused(client, make_game, scorer_for):
    game = make_game("schmier")
    response = scorer_for(game).post(_record(game), counted_post(awards={**FIVE, "game": 1}))

    page = text(response)
    assert response.status_code == 422
    assert Hand.objects.filter(game=game).count() == 0
    assert verdict(page) == (
        "The counts give Game to Ann & Dee (34 to 27 to 20), but Game is marked for Bo & Eli: "
        "mark Ann & Dee or check the counts. why?"
    )
    # The tapped team stays tapped, so the scorer sees what disagrees.
    assert checked(page)["award_game"] == "1"


def test_card_points_that_agree_with_a_tapped_game_are_recorded(client, make_game, scorer_for):
    game = make_game("schmier")
    response = scorer_for(game).post(_record(game), counted_post(awards={**FIVE, "game": 0}))

    assert response.status_code == 302
    assert Hand.objects.get(game=game).card_points == [34, 27, 20]


def test_card_points_a_count_left_empty_is_asked_for(client, make_game, scorer_for):
    game = make_game("schmier")
    data = counted_post()
    data["card_points_2"] = ""
    response = scorer_for(game).post(_record(game), data)

    page = text(response)
    assert response.status_code == 422
    assert find_all(page, "p", "error") == ["Type the card points Cy & Flo took (0 if none)."]


def test_card_points_with_the_switch_off_are_not_read(client, make_game, scorer_for):
    # "Count…" switched off again: the counts left in the fields decide nothing, and Game
    # must be tapped as always.
    game = make_game("schmier")
    response = scorer_for(game).post(_record(game), counted_post(switch=False))

    page = text(response)
    assert response.status_code == 422
    assert find_all(page, "p", "error") == [
        "Who took Game? Tap Ann & Dee, Bo & Eli, Cy & Flo or Nobody (tie). why?"
    ]


def test_card_points_preview_says_who_takes_game_in_the_row_and_the_bar(
    client, make_game, scorer_for
):
    game = make_game("schmier")
    response = scorer_for(game).post(_preview(game), counted_post(), **HTMX)

    page = text(response)
    assert find_all(page, "span", "will") == [
        "Will score: Ann & Dee bid 3 and took 3: made, +3 · Bo & Eli +2 · Cy & Flo +1",
        "Ann & Dee take Game, 34 to 27 to 20",
    ]
    # The row's words come out of band, into the Game row.
    assert re.findall(r'<output id="card-count-verdict"[^>]*hx-swap-oob="true"', page) != []


def test_card_points_preview_before_the_bid_is_tapped_still_counts(client, make_game, scorer_for):
    game = make_game("schmier")
    data = {"number": "1", "count_game": "on"}
    data.update({f"card_points_{t}": c for t, c in enumerate(["30", "30", "21"])})
    page = text(scorer_for(game).post(_preview(game), data, **HTMX))

    # Game is not asked for: the counts give it (to nobody, a tie).
    assert find_all(page, "span", "pending") == [
        "Still to tap: who bid, the bid, High, Low, Right bauer, Left bauer, Joker."
    ]
    assert verdict(page) == "Nobody: a tie at 30"


def test_card_points_preview_says_what_is_wrong_with_the_counts(client, make_game, scorer_for):
    game = make_game("ne-wisconsin")
    data = {"number": "1", "count_game": "on", "card_points_0": "50", "card_points_1": "31"}
    page = text(scorer_for(game).post(_preview(game), data, **HTMX))

    assert verdict(page) == (
        "The counts add up to 81, but Four Point Northeastern Wisconsin Smear has 80 card "
        "points in all: check the counts. why?"
    )


def test_card_points_edit_screen_shows_and_changes_them(client, make_game, scorer_for):
    entry = rules.HandEntry(bidder=0, bid=3, awards=FIVE, card_points=(34, 27, 20))
    game = make_game("schmier", entries=[entry])
    scorer = scorer_for(game)
    url = reverse("hand_edit", args=[game.public_id, 1])

    page = text(scorer.get(url))
    assert count_inputs(page) == [
        ("card_points_0", "34"),
        ("card_points_1", "27"),
        ("card_points_2", "20"),
    ]
    assert re.search(r'name="count_game"[^>]*checked', page) is not None
    # The counts, not a tap, give Game: no Game button is drawn tapped.
    assert "award_game" not in checked(page)
    assert verdict(page) == "Ann & Dee take Game, 34 to 27 to 20"

    # Counted again: Bo & Eli had the most. Confirm, then the hand is changed.
    change = counted_post(counts=(20, 34, 27))
    confirm = text(scorer.post(url, {**change, "version": f"{Hand.objects.get().pk}.0"}))
    assert "Bo &amp; Eli +3" in confirm
    response = scorer.post(url, {**change, "confirm": "yes"})
    assert response.status_code == 302
    hand = Hand.objects.get(game=game)
    assert (hand.card_points, hand.awards["game"], hand.points) == ([20, 34, 27], 1, [2, 3, 1])
    edit = HandRevision.objects.get(game=game, action="edit")
    assert (edit.old["card_points"], edit.new["card_points"]) == ([34, 27, 20], [20, 34, 27])


def test_card_points_undo_keeps_them_in_the_audit(client, make_game, scorer_for):
    entry = rules.HandEntry(bidder=0, bid=3, awards=FIVE, card_points=(34, 27, 20))
    game = make_game("schmier", entries=[entry])
    scorer = scorer_for(game)
    version = f"{Hand.objects.get().pk}.0"

    response = scorer.post(
        reverse("hand_undo", args=[game.public_id]), {"number": "1", "version": version}
    )

    assert response.status_code == 302
    undo = HandRevision.objects.get(game=game, action="undo")
    assert undo.old["card_points"] == [34, 27, 20]
    assert Hand.objects.filter(game=game).count() == 0


def test_card_points_a_double_tap_records_the_counted_hand_once(client, make_game, scorer_for):
    game = make_game("schmier")
    scorer = scorer_for(game)
    first = scorer.post(_record(game), counted_post())
    again = scorer.post(_record(game), counted_post())

    assert (first.status_code, again.status_code) == (302, 302)
    assert Hand.objects.filter(game=game).count() == 1


def test_card_points_are_in_the_csv(client, make_game):
    entries = [
        rules.HandEntry(bidder=0, bid=3, awards=FIVE, card_points=(34, 27, 20)),
        rules.HandEntry(bidder=1, bid=3, awards={**FIVE, "game": 1}),
    ]
    game = make_game("schmier", entries=entries)
    csv = text(client.get(reverse("game_history_csv", args=[game.public_id])))

    assert csv.splitlines() == [
        "hand,dealer,bidder,bid,result,Ann & Dee points,Bo & Eli points,Cy & Flo points,"
        "Ann & Dee total,Bo & Eli total,Cy & Flo total,edited,Ann & Dee card points,"
        "Bo & Eli card points,Cy & Flo card points",
        "1,Ann,Ann,3,made,3,2,1,3,2,1,no,34,27,20",
        "2,Bo,Bo,3,made,2,3,1,5,5,2,no,,,",
    ]


def test_card_points_all_passed_asks_before_dropping_counts(client, make_game, scorer_for):
    game = make_game("schmier")
    data = {"number": "1", "thrown_in": "1", "count_game": "on", "card_points_0": "40"}
    response = scorer_for(game).post(_record(game), data)

    page = text(response)
    assert response.status_code == 422
    assert Hand.objects.filter(game=game).count() == 0
    assert find_all(page, "p", "error") == [
        "Everyone passed? Tap “Yes, thrown in” to drop what is entered, or finish the hand."
    ]
