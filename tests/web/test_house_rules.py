"""House rules a table makes and keeps: "Our rules…" from the new-game screen, a saved set's
page (its link and QR code for another phone), the phone's saved sets offered first, and
games started from them. Every form here is a plain POST: the test client drives it."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from smear_scores.forms.house_rules import HouseRulesForm
from smear_scores.models import Game, HouseRules
from smear_scores.selectors.house_rules import preset_settings
from smear_scores.services.house_rules import house_rules_create

from .conftest import HTMX, awards_post, checked, find_all, notices, scores, text

pytestmark = pytest.mark.django_db

NEW = "/rules/house/new/"
FOUR = ["Katherine", "Jonathan", "Christopher", "Elizabeth"]


def tuesday(**changes) -> dict:
    """Four Point Wisconsin as a Tuesday table plays it: to 21, a set keeps what it took."""
    settings = preset_settings("ne-wisconsin")
    return {
        **settings,
        "name": "Tuesday Smear",
        "target": 21,
        "set_bid": "keep_less_bid",
        **changes,
    }


def posted(settings: dict, **extra: str) -> dict:
    """The builder's fields for ``settings``, as a browser posts them."""
    return {**HouseRulesForm.as_data(settings), **extra}


def saved(**changes) -> HouseRules:
    return house_rules_create(settings=tuesday(**changes))


def radio_values(page: str, name: str) -> list[str]:
    return re.findall(rf'<input type="radio" name="{name}" value="([^"]*)"', page)


def choice_texts(page: str, name: str) -> list[str]:
    """The words of each of the builder's choices for one setting."""
    found = re.findall(
        rf'<label class="hr-choice"><input type="radio" name="{name}"[^>]*>(.*?)</label>',
        page,
        re.S,
    )
    return [" ".join(re.sub(r"<[^>]+>", " ", f).split()) for f in found]


def labels_of(page: str, name: str) -> list[str]:
    values = radio_values(page, name)
    found = []
    for value in values:
        ident = re.search(rf'name="{name}" value="{re.escape(value)}" id="([^"]+)"', page)
        label = re.search(rf'<label for="{ident.group(1)}"[^>]*>(.*?)</label>', page, re.S)
        found.append(label.group(1).strip())
    return found


# -- the way in ------------------------------------------------------------------------------
def test_new_game_offers_our_rules_starting_from_the_game_chosen(client):
    page = text(client.get(reverse("game_new") + "?variant=auction-pitch"))

    (link,) = re.findall(r'<a href="([^"]*)">Our rules…</a>', page)
    assert link == "/rules/house/new/?from=auction-pitch"


def test_builder_starts_from_the_preset_with_its_example_hand_and_each_settings_effect(client):
    response = client.get(NEW, {"from": "ne-wisconsin"})

    assert response.status_code == 200
    page = text(response)
    assert find_all(page, "p", "will") == [
        "With these rules: Team A bid 3 and took 2: set, -3 · Team B +2"
    ]
    # Every setting of a few values is a plain radio button, the preset's checked.
    assert {
        name: checked(page).get(name)
        for name in ("seats", "low_goes_to", "game_goes_to", "all_pass", "set_bid", "win")
    } == {
        "seats": "4x2",
        "low_goes_to": "played",
        "game_goes_to": "card_points",
        "all_pass": "redeal",
        "set_bid": "lose_bid",
        "win": "most_points",
    }
    # Each choice says what it means and what it does to the example hand.
    assert choice_texts(page, "set_bid") == [
        "Loses its bid A set bid is taken off the score, and it scores nothing it took that "
        "hand. Example: Team A bid 3 and took 2: set, -3 · Team B +2",
        "Keeps what it took, less its bid A set bid scores what it took less the bid (which "
        "may be below zero). Example: Team A bid 3 and took 2: set, -1 · Team B +2",
    ]
    # Every point a table can play is offered, the preset's in play first, in its order.
    order = re.search(r'name="order" value="([^"]*)"', page).group(1).split(",")
    assert order[:4] == ["high", "low", "jack", "game"]
    assert len(order) == 14


def test_builder_without_a_preset_starts_from_the_first(client):
    page = text(client.get(NEW))

    assert re.search(r'name="based_on" value="([^"]*)"', page).group(1) == "schmier"


# -- saving ----------------------------------------------------------------------------------
def test_saving_keeps_the_rules_and_offers_them_first_on_this_phone(client):
    response = client.post(NEW, posted(tuesday(), save="1"))

    rules_set = HouseRules.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/rules/house/{rules_set.public_id}/"
    assert (rules_set.name, rules_set.settings["target"], rules_set.settings["set_bid"]) == (
        "Tuesday Smear",
        21,
        "keep_less_bid",
    )
    cookie = response.cookies["house_rules"]
    assert cookie["max-age"] == 400 * 24 * 60 * 60
    assert notices(text(client.get(response["Location"]))) == [
        "The house rules “Tuesday Smear” are saved on this phone."
    ]

    new_game = text(client.get(reverse("game_new")))
    assert labels_of(new_game, "variant")[0] == "Tuesday Smear"
    assert checked(new_game)["variant"] == f"house:{rules_set.public_id}"


def test_saved_rules_are_offered_on_that_phone_only(client):
    client.post(NEW, posted(tuesday(), save="1"))

    other_phone = Client()
    page = text(other_phone.get(reverse("game_new")))

    assert "Tuesday Smear" not in labels_of(page, "variant")
    assert checked(page)["variant"] == "schmier"


def test_contradicting_settings_are_refused_beside_the_setting_with_the_engines_reason(client):
    response = client.post(NEW, posted(tuesday(max_bid=5), save="1"))

    assert response.status_code == 422
    assert response.context["form"].errors == {
        "max_bid": [
            "A bid of 5 is more than the 4 points in play: lower the highest bid to 4, or add a "
            "moon (a top bid that needs every point)."
        ]
    }
    assert HouseRules.objects.count() == 0


def _api_names(page: str) -> list[str]:
    """The words a person reads on ``page`` that are an API's field paths (min_bid)."""
    shown = re.sub(r"<(script|style)\b.*?</\1>|<[^>]+>", " ", page, flags=re.S)
    return sorted(set(re.findall(r"\b[a-z]{2,}(?:[._][a-z]{2,})+\b", shown)))


MOON = {
    "bid": 5,
    "name": "Shoot the moon",
    "made": "wins",
    "made_points": 0,
    "failed": "set_back",
    "failed_points": 5,
}


@pytest.mark.parametrize(
    "changes, field, message",
    [
        (
            {"min_bid": 4, "max_bid": 3},
            "min_bid",
            "The lowest bid (4) is above the highest (3): lower “Lowest bid” or raise "
            "“Highest bid”.",
        ),
        (
            {"game_goes_to": "ten_of_trump"},
            "card_points_total",
            "Game goes to the ten of trump, so there are no card points to count: leave “Card "
            "points in the deck” empty, or give Game to the most card points.",
        ),
        (
            {"all_pass": "dealer_set_back", "all_pass_points": 0},
            "all_pass_points",
            "The dealer is set back when everyone passes, but by 0 points: set “The dealer's "
            "set-back” to 1 or more, or choose something else for “When everyone passes”.",
        ),
        (
            {"max_bid": 5, "moon": {**MOON, "made": "scores"}},
            "moon_made_points",
            "A made moon scores “Points for a made moon”, which is 0: set it to 1 or more.",
        ),
        (
            {"players": 6, "teams": 3, "max_bid": 5, "moon": {**MOON, "failed": "loses"}},
            "moon_failed",
            "A failed moon can lose the game only with two teams, and there are 3: choose “Is "
            "set back” with its points.",
        ),
    ],
    ids=["bids", "card-points", "dealer-set-back", "moon-made", "moon-failed"],
)
@pytest.mark.parametrize("button", ["save", "check"])
def test_a_contradiction_on_the_builder_names_the_settings_as_the_form_shows_them(
    client, changes, field, message, button
):
    response = client.post(NEW, posted(tuesday(**changes), **{button: "1"}))

    assert response.context["form"].errors == {field: [message]}
    page = text(response)
    assert find_all(page, "p", "error") == [message]
    # Nowhere on the page (the errors, the example under each choice) is a setting named as
    # the API names it: the form's labels only.
    assert _api_names(page) == []
    assert HouseRules.objects.count() == 0


def test_a_contradiction_is_said_once_for_the_seats_not_under_every_shape(client):
    page = text(client.post(NEW, posted(tuesday(max_bid=5, min_bid=6), check="1")))

    seats = re.search(r"<legend[^>]*>Players and partners</legend>(.*?)</fieldset>", page, re.S)
    said = re.findall(r"Not with the other settings", seats.group(1))
    assert len(said) == 1  # once for the setting, not under each of the eleven shapes
    assert "(the same with each choice)" in seats.group(1)


def test_a_point_refused_is_named_beside_that_point(client):
    settings = tuesday(game_goes_to="ten_of_trump", card_points_total=None)
    settings["points"] = [
        *settings["points"][:3],
        {"key": "ten", "value": 1, "may_go_unawarded": True},
    ]

    response = client.post(NEW, posted(settings, save="1"))

    assert response.status_code == 422
    assert response.context["form"].errors == {
        "point_ten": [
            "Game already goes to the team that took the ten of trump: take Ten out of the "
            "points, or give Game to the most card points."
        ]
    }


def test_rules_without_a_name_are_refused_with_how_to_name_them(client):
    response = client.post(NEW, posted(tuesday(name=""), save="1"))

    assert response.status_code == 422
    assert response.context["form"].errors == {
        "name": ['Give the rules a name the table will know them by, such as "Tuesday Smear".']
    }


def test_check_shows_the_example_and_any_contradiction_and_saves_nothing(client):
    response = client.post(NEW, posted(tuesday(max_bid=5), check="1"))

    assert response.status_code == 200
    assert list(response.context["form"].errors) == ["max_bid"]
    assert HouseRules.objects.count() == 0

    response = client.post(NEW, posted(tuesday(), check="1"))
    assert find_all(text(response), "p", "will") == [
        "With these rules: Team A bid 3 and took 2: set, -1 · Team B +2"
    ]


def test_a_point_moves_up_without_javascript_and_is_saved_in_that_order(client):
    moved = client.post(NEW, posted(tuesday(), up="jack"))
    page = text(moved)
    order = re.search(r'name="order" value="([^"]*)"', page).group(1)
    assert order.split(",")[:4] == ["high", "jack", "low", "game"]

    data = {k: v for k, v in moved.context["form"].data.items() if k != "up"}
    client.post(NEW, {**data, "save": "1"})

    keys = [p["key"] for p in HouseRules.objects.get().settings["points"]]
    assert keys == ["high", "jack", "low", "game"]


def test_the_builder_answers_htmx_with_its_form_only(client):
    response = client.post(NEW, posted(tuesday(), up="game"), **HTMX)

    page = text(response)
    assert "<html" not in page
    assert page.lstrip().startswith('<form id="house-rules-form"')


# -- a saved set's page, shared --------------------------------------------------------------
def test_the_shared_link_shows_the_rules_and_offers_to_use_and_save_them():
    rules_set = saved()
    phone = Client()

    response = phone.get(f"/rules/house/{rules_set.public_id}/")

    assert response.status_code == 200
    page = text(response)
    assert re.findall(r"<h1>(.*?)</h1>", page) == ["Tuesday Smear"]
    (use,) = re.findall(
        r'<a href="([^"]*)" role="button" class="big-button">Use these rules</a>', page
    )
    assert use == f"/new/?variant=house:{rules_set.public_id}"
    assert f'action="/rules/house/{rules_set.public_id}/keep/"' in page
    assert f'value="http://testserver/rules/house/{rules_set.public_id}/"' in page
    assert 'aria-label="QR code of the link to these house rules"' in page
    assert find_all(page, "p", "will") == [
        "With these rules: Team A bid 3 and took 2: set, -1 · Team B +2"
    ]


def test_save_on_this_phone_then_forget(client):
    rules_set = saved()
    page = f"/rules/house/{rules_set.public_id}/"

    kept = client.post(page + "keep/")
    assert kept.status_code == 302
    assert labels_of(text(client.get(reverse("game_new"))), "variant")[0] == "Tuesday Smear"
    assert f'action="{page}forget/"' in text(client.get(page))

    client.post(page + "forget/")
    assert "Tuesday Smear" not in labels_of(text(client.get(reverse("game_new"))), "variant")


def test_a_link_to_no_rules_is_not_found(client):
    response = client.get("/rules/house/nosuchrules/")

    assert response.status_code == 404
    assert "There are no house rules at this link" in text(response)


def test_a_damaged_cookie_offers_no_saved_rules(client):
    client.cookies["house_rules"] = "not-signed"

    page = text(client.get(reverse("game_new")))

    assert checked(page)["variant"] == "schmier"


# -- playing them ----------------------------------------------------------------------------
def _start(client: Client, rules_set: HouseRules) -> Game:
    data = {"variant": f"house:{rules_set.public_id}", "first_dealer": "0"}
    data |= {f"player_{seat}": name for seat, name in enumerate(FOUR)}
    response = client.post(reverse("game_new"), data)
    assert response.status_code == 302, response.context["form"].errors
    return Game.objects.get()


def test_a_game_from_saved_rules_plays_them_and_records_where_they_came_from(client):
    rules_set = saved()
    # Opened from the shared link: offered before the presets, and chosen.
    page = text(client.get(reverse("game_new"), {"variant": f"house:{rules_set.public_id}"}))
    assert checked(page)["variant"] == f"house:{rules_set.public_id}"

    game = _start(client, rules_set)

    assert (game.variant, game.house_rules, game.rules_variant.name) == (
        "ne-wisconsin",
        rules_set,
        "Tuesday Smear",
    )
    assert game.rules_variant.target == 21
    # The example hand: Team A bids 3 and takes High and the Jack; it keeps 2 less 3.
    client.post(
        reverse("hand_record", args=[game.public_id]),
        awards_post(1, 0, 3, {"high": 0, "low": 1, "jack": 0, "game": 1}),
    )
    assert scores(text(client.get(reverse("game", args=[game.public_id])))) == [-1, 2]


def test_a_game_started_from_saved_rules_keeps_them_first_on_this_phone():
    rules_set = saved()
    phone = Client()

    _start(phone, rules_set)

    assert labels_of(text(phone.get(reverse("game_new"))), "variant")[0] == "Tuesday Smear"


def test_a_game_keeps_its_rules_as_they_were_when_it_started(client):
    rules_set = saved()
    game = _start(client, rules_set)
    rules_set.settings = {**rules_set.settings, "target": 50}
    rules_set.save()

    assert Game.objects.get(pk=game.pk).rules_variant.target == 21


def test_the_rematch_of_a_game_of_saved_rules_plays_the_same_rules(client):
    from smear_scores.rules import HandEntry
    from smear_scores.services.recording import hand_record
    from smear_scores.services.rematches import game_rematch

    rules_set = saved(target=2)
    game = _start(client, rules_set)
    game, _ = hand_record(game=game, entry=HandEntry(bidder=0, bid=2, awards={"high": 0, "low": 0}))
    assert game.finished

    rematch = game_rematch(game=game)

    assert (rematch.house_rules, rematch.rules_variant) == (rules_set, game.rules_variant)


def test_the_rules_of_a_game_of_saved_rules_are_their_page_each_rule_by_its_id(client):
    rules_set = saved()
    game = _start(client, rules_set)
    board = text(client.get(reverse("game", args=[game.public_id])))
    (link,) = re.findall(r'<a href="([^"]*)">Rules of Tuesday Smear</a>', board)

    response = client.get(link)

    # A "why?" link's #H… is kept by the browser across the redirect.
    assert (link, response.status_code) == (f"/rules/house-{rules_set.public_id}/", 302)
    assert response["Location"] == f"/rules/house/{rules_set.public_id}/"
    page = text(client.get(response["Location"]))
    assert re.findall(r'<dt id="(H\d+)">', page) == [f"H{n}" for n in range(1, 13)]
    target = re.search(r'<dt id="H2">H2 · [^<]*</dt>\s*<dd>(.*?)</dd>', page, re.S).group(1)
    # The set's own target (the preset plays to 15), in the words of its rule.
    assert re.sub(r"<[^>]+>", "", target).startswith("A team wins by reaching 21 points")


def test_the_new_game_form_for_players_each_alone_lists_no_partners_or_team_names(client):
    # Four players each alone: no "Partners (Team A: Seat 1)", no team names to give.
    rules_set = saved(teams=4)
    page = text(client.get(reverse("game_new"), {"variant": f"house:{rules_set.public_id}"}))
    assert checked(page)["variant"] == f"house:{rules_set.public_id}"
    assert "Partners" not in page
    assert "Team names" not in page
    assert 'id="partners"' in page  # (still there for the names typed to swap into)
