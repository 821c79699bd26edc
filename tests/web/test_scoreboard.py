"""The scoreboard: standings in large type, the deal, read-only for watchers, fixed queries."""

import pytest
from django.urls import reverse

from smear_scores import rules
from smear_scores.selectors.games import version_of

from .conftest import HTMX, find_all, scores, text


def test_scoreboard_full_page_shows_deal_teams_and_needed(client, make_game, scorer_for):
    game = make_game("schmier", first_dealer=2)
    response = scorer_for(game).get(reverse("game", args=[game.public_id]))
    page = text(response)
    assert response.status_code == 200
    assert "<html" in page
    assert find_all(page, "p", "deal") == ["Hand 1 · Cy deals · Dee bids first"]
    assert find_all(page, "span", "team-label") == ["Ann & Dee", "Bo & Eli", "Cy & Flo"]
    assert scores(page) == [0, 0, 0]
    assert find_all(page, "span", "needed") == ["needs 21", "needs 21", "needs 21"]
    assert find_all(page, "button", "record") == ["Record hand 1"]


def test_scoreboard_fragment_for_htmx_is_the_board_only(client, make_game, scorer_for):
    game = make_game("ne-wisconsin", hands=2)
    response = scorer_for(game).get(reverse("game", args=[game.public_id]), **HTMX)
    page = text(response)
    assert response.status_code == 200
    assert "<html" not in page
    assert page.strip().startswith('<section id="game-board"')
    assert response["Vary"] == "HX-Request, Accept-Encoding, Cookie"


def test_scoreboard_for_a_watcher_is_read_only(client, make_game):
    game = make_game("schmier", hands=2)
    response = client.get(reverse("game", args=[game.public_id]))
    page = text(response)
    assert response.status_code == 200
    assert 'id="hand-form"' not in page
    assert find_all(page, "p", "watching") == [
        "Watching: the scores change on the scorer's phone; this page follows them by itself."
    ]
    assert "Undo hand" not in page
    assert game.edit_token not in page


def test_scoreboard_unknown_game_is_404(client, db):
    response = client.get(reverse("game", args=["nope"]))
    assert response.status_code == 404


def test_scoreboard_game_over_shows_banner_and_closes_entry(client, make_game, scorer_for):
    win = rules.HandEntry(bidder=0, bid=6, points=(6, 0, 0))
    game = make_game("schmier", entries=[win] * 4)
    page = text(scorer_for(game).get(reverse("game", args=[game.public_id])))
    assert find_all(page, "p", "banner-title") == ["Ann & Dee win!"]
    # The reason is stored in the table's words with its rule: the board replays nothing.
    assert game.reason == "Ann & Dee win with 24 points: the only team at 21 or more."
    assert game.reason_rule == "S10"
    assert find_all(page, "div", "banner")[0].startswith(
        "Ann & Dee win! Ann & Dee win with 24 points: the only team at 21 or more. why?"
    )
    assert 'id="hand-form"' not in page
    assert find_all(page, "button", "record") == ["Rematch: draw the dealer", "Rematch: Eli deals"]


def test_a_name_corrected_in_the_admin_is_said_in_the_banner(client, make_game, admin_client):
    win = rules.HandEntry(bidder=0, bid=6, points=(6, 0, 0))
    game = make_game("schmier", entries=[win] * 4)
    seats = list(game.seats.order_by("position"))
    data = {
        "seats-TOTAL_FORMS": "6",
        "seats-INITIAL_FORMS": "6",
        "seats-MIN_NUM_FORMS": "0",
        "seats-MAX_NUM_FORMS": "1000",
    }
    for i, seat in enumerate(seats):
        name = "Annie" if seat.position == 0 else seat.name
        data |= {f"seats-{i}-id": seat.pk, f"seats-{i}-game": game.pk, f"seats-{i}-name": name}
    url = reverse("admin:smear_scores_game_change", args=[game.pk])
    assert admin_client.post(url, data).status_code == 302
    page = text(client.get(reverse("game", args=[game.public_id])))
    assert find_all(page, "p", "banner-title") == ["Annie & Dee win!"]
    assert find_all(page, "div", "banner")[0].startswith(
        "Annie & Dee win! Annie & Dee win with 24 points: the only team at 21 or more."
    )


def test_scoreboard_shows_last_five_hands_and_links_history(client, make_game, scorer_for):
    game = make_game("schmier", hands=8)
    page = text(scorer_for(game).get(reverse("game", args=[game.public_id])))
    numbers = [int(n) for n in __import__("re").findall(r'aria-label="Edit hand (\d+)"', page)]
    assert numbers == [8, 7, 6, 5, 4]
    assert "Full history (8 hands)" in page


@pytest.mark.parametrize("hands", [1, 60])
def test_scoreboard_get_runs_fixed_queries(
    client, make_game, scorer_for, hands, django_assert_num_queries
):
    game = make_game("schmier", hands=hands)
    scorer = scorer_for(game)
    # The game with its players' names, the last few hands: the Game row caches the
    # standings.
    with django_assert_num_queries(2):
        response = scorer.get(reverse("game", args=[game.public_id]))
    assert response.status_code == 200
    assert find_all(text(response), "button", "record") == [f"Record hand {hands + 1}"]


def test_scoreboard_follows_the_game_for_watchers_and_scorers_alike(client, make_game, scorer_for):
    game = make_game("schmier")
    url = reverse("game", args=[game.public_id])
    live = (
        f'<section id="game-board" class="board" data-version="{version_of(game)}" '
        f'data-live="/g/{game.public_id}/live/">'
    )
    assert live in text(client.get(url))
    assert live in text(scorer_for(game).get(url))


def test_scoreboard_shows_the_house_rules_agreed(client, make_game):
    game = make_game("ne-wisconsin", options={"kitty": 2, "cap_non_bidder": True})
    page = text(client.get(reverse("game", args=[game.public_id])))
    assert find_all(page, "p", "house-rules") == [
        "House rules: Undealt cards the bidder may take: 2 why? · "
        "Non-bidders' points above 15 do not count why?"
    ]
    schmier = make_game("schmier")
    assert (
        find_all(text(client.get(reverse("game", args=[schmier.public_id]))), "p", "house-rules")
        == []
    )


def test_the_game_is_read_with_its_players_names_in_seat_order(db):
    from smear_scores.models import Seat
    from smear_scores.selectors.games import game_get, seat_names
    from smear_scores.services.new_games import game_create

    names = ['Zoë "Z" O\'Neil', "Bo\\b", "李 雷", "Dee 🃏", "Eli", "Flo"]
    game = game_create(variant="schmier", players=names, first_dealer=0)
    # Stored last seat first: the read still gives them seat by seat.
    Seat.objects.filter(game=game).delete()
    Seat.objects.bulk_create(Seat(game=game, position=p, name=names[p]) for p in range(5, -1, -1))
    read = game_get(public_id=game.public_id)
    assert seat_names(read) == names
