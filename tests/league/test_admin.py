"""Club admins manage their own club's players, leagues and members in Django's admin,
and nothing of other clubs; superusers see every club."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from smear_scores.models import League, Membership, Player

from .conftest import PASSWORD, make_user, roster, wisconsin_win


@pytest.fixture
def ada(client, club):
    user = make_user("ada", club=club, admin=True)
    assert client.login(username="ada", password=PASSWORD)
    return user


def test_admin_club_admin_sees_only_their_clubs_players(client, club, other_club, ada):
    roster(club, "Ann", "Bob")
    roster(other_club, "Zed")
    response = client.get("/admin/smear_scores/player/")
    assert response.status_code == 200
    assert [p.name for p in response.context["cl"].result_list] == ["Ann", "Bob"]


def test_admin_club_admin_cannot_open_another_clubs_player(client, other_club, ada):
    zed = roster(other_club, "Zed")[0]
    response = client.get(f"/admin/smear_scores/player/{zed.pk}/change/")
    assert response.status_code == 302  # "doesn't exist": not in their queryset
    response = client.post(
        f"/admin/smear_scores/player/{zed.pk}/change/", {"club": other_club.pk, "name": "Z"}
    )
    assert Player.objects.get(pk=zed.pk).name == "Zed"


def test_admin_club_admin_adds_a_player_to_their_club_only(client, club, other_club, ada):
    form = client.get("/admin/smear_scores/player/add/")
    assert list(form.context["adminform"].form.fields["club"].queryset) == [club]
    response = client.post("/admin/smear_scores/player/add/", {"club": club.pk, "name": "Eve"})
    assert response.status_code == 302
    assert Player.objects.get(name="Eve").club == club
    response = client.post(
        "/admin/smear_scores/player/add/", {"club": other_club.pk, "name": "Zoe"}
    )
    assert response.status_code == 200
    assert not Player.objects.filter(name="Zoe").exists()


def test_admin_duplicate_player_name_is_refused_with_a_reason(client, club, ada):
    roster(club, "Ann")
    response = client.post("/admin/smear_scores/player/add/", {"club": club.pk, "name": "ann"})
    assert response.status_code == 200
    # Said beside the name, with the player it clashes with.
    assert response.context["adminform"].form.errors["name"] == [
        f"{club.name} already has a player called Ann: pick that player, or tell the two "
        "apart (e.g. add an initial)."
    ]


def _league_post(club, **fields) -> dict:
    return {
        "club": club.pk,
        "name": "Spring",
        "variant": "ne-wisconsin",
        "start_date": "2026-03-01",
        "end_date": "",
        "ranking": "points",
        "points_first": 3,
        "points_second": 1,
        "points_third": 0,
        "min_games": 5,
        "option_ne-wisconsin_kitty": "0",
        **fields,
    }


def _option_fields(response, variant: str = "ne-wisconsin") -> dict[str, str]:
    """The admin form's house-option fields of one preset, with their labels."""
    form = response.context["adminform"].form
    prefix = f"option_{variant}_"
    return {name: str(form[name].label) for name in form.fields if name.startswith(prefix)}


def test_admin_club_admin_sets_up_a_league(client, club, ada):
    response = client.post(
        "/admin/smear_scores/league/add/",
        _league_post(
            club, **{"option_ne-wisconsin_kitty": "3", "option_ne-wisconsin_cap_non_bidder": "on"}
        ),
    )
    assert response.status_code == 302
    league = League.objects.get(name="Spring")
    assert (league.club, league.options, league.ranking, league.min_games) == (
        club,
        {"kitty": 3, "win_only_on_made_bid": False, "cap_non_bidder": True},
        "points",
        5,
    )


def test_admin_league_form_has_a_field_per_house_option_of_each_variant(client, club, ada):
    response = client.get("/admin/smear_scores/league/add/")
    # Schmier has no house options; Wisconsin's three come from its preset, in its words.
    assert _option_fields(response) == {
        "option_ne-wisconsin_kitty": "Undealt cards the bidder may take",
        "option_ne-wisconsin_win_only_on_made_bid": "Win only on a made bid",
        "option_ne-wisconsin_cap_non_bidder": "Non-bidders' points above 15 do not count",
    }
    page = response.content.decode()
    assert "House options: Four Point Northeastern Wisconsin Smear" in page
    assert "How many of the undealt cards the bidder may look at and take." in page
    assert '<a href="/rules/ne-wisconsin/#W10a">Rule W10a on the rules page</a>' in page


def test_admin_league_form_offers_the_options_of_every_preset(client, club, ada):
    response = client.get("/admin/smear_scores/league/add/")
    form = response.context["adminform"].form
    presets = {name.split("_")[1] for name in form.fields if name.startswith("option_")}
    assert presets == {"ne-wisconsin", "six-point-wisconsin", "auction-pitch", "minnesota-smear"}
    assert _option_fields(response, "auction-pitch") == {
        "option_auction-pitch_smudge": "Smudge",
        "option_auction-pitch_stick_dealer": "Stick the dealer",
    }


def test_admin_league_change_form_shows_the_stored_options(client, club, league, ada):
    league.options = {"kitty": 2, "win_only_on_made_bid": True}
    league.save()
    response = client.get(f"/admin/smear_scores/league/{league.pk}/change/")
    form = response.context["adminform"].form
    assert {name: form[name].value() for name in _option_fields(response)} == {
        "option_ne-wisconsin_kitty": 2,
        "option_ne-wisconsin_win_only_on_made_bid": True,
        "option_ne-wisconsin_cap_non_bidder": False,
    }


def test_admin_league_with_bad_options_says_why(client, club, ada):
    response = client.post(
        "/admin/smear_scores/league/add/",
        _league_post(club, **{"option_ne-wisconsin_kitty": "9"}),
    )
    assert response.status_code == 200
    form = response.context["adminform"].form
    # The rules engine's own message, on the option's field.
    assert form.errors == {
        "option_ne-wisconsin_kitty": [
            "Undealt cards the bidder may take must be one of 0, 1, 2, 3, not 9."
        ]
    }
    assert not League.objects.exists()


def test_admin_league_options_of_another_variant_are_not_kept(client, club, ada):
    response = client.post(
        "/admin/smear_scores/league/add/",
        _league_post(club, variant="schmier", **{"option_ne-wisconsin_kitty": "3"}),
    )
    assert response.status_code == 302
    assert League.objects.get(name="Spring").options == {}


def test_admin_league_variant_is_fixed_once_games_exist(client, club, league, four, ada):
    wisconsin_win(league, four, winner=0)
    url = f"/admin/smear_scores/league/{league.pk}/change/"
    response = client.get(url)
    assert "variant" not in response.context["adminform"].form.fields
    # Only the league's own variant's options are offered.
    assert _option_fields(response) == {
        "option_ne-wisconsin_kitty": "Undealt cards the bidder may take",
        "option_ne-wisconsin_win_only_on_made_bid": "Win only on a made bid",
        "option_ne-wisconsin_cap_non_bidder": "Non-bidders' points above 15 do not count",
    }
    response = client.post(
        url, _league_post(club, name=league.name, variant="schmier", start_date="2026-01-01")
    )
    assert response.status_code == 302
    league.refresh_from_db()
    assert (league.variant, league.options) == (
        "ne-wisconsin",
        {"kitty": 0, "win_only_on_made_bid": False, "cap_non_bidder": False},
    )


def test_admin_club_admin_adds_a_member_with_a_new_account(client, club, ada):
    response = client.post(
        "/admin/smear_scores/membership/add/",
        {
            "club": club.pk,
            "username": "newbie",
            "password": "another-long-password",
            "role": "scorer",
        },
    )
    assert response.status_code == 302
    newbie = User.objects.get(username="newbie")
    assert newbie.check_password("another-long-password")
    assert Membership.objects.filter(user=newbie, club=club, role="scorer").exists()


def test_admin_merge_action_keeps_every_game(client, club, league, four, ada):
    ann, bob, cat, dan = four
    anne = roster(club, "Anne")[0]
    wisconsin_win(league, [ann, bob, cat, dan], winner=0)
    wisconsin_win(league, [ann, bob, cat, dan], winner=0)
    wisconsin_win(league, [anne, bob, cat, dan], winner=0)
    response = client.post(
        "/admin/smear_scores/player/",
        {"action": "merge_players", "_selected_action": [ann.pk, anne.pk]},
        follow=True,
    )
    assert [str(m) for m in response.context["messages"]] == [
        "Merged Anne into Ann: every game of both is now Ann's."
    ]
    assert ann.seats.count() == 3
    assert not Player.objects.filter(pk=anne.pk).exists()


def test_admin_plain_member_and_anonymous_cannot_manage(client, club):
    make_user("mia", club=club)
    assert client.get("/admin/smear_scores/player/").status_code == 302
    client.login(username="mia", password=PASSWORD)
    assert client.get("/admin/smear_scores/player/").status_code == 302


def test_admin_superuser_sees_every_club(client, club, other_club):
    roster(club, "Ann")
    roster(other_club, "Zed")
    User.objects.create_superuser("root", password=PASSWORD)
    client.login(username="root", password=PASSWORD)
    response = client.get("/admin/smear_scores/player/")
    # Ordered by club (Friday Club first), then name.
    assert [p.name for p in response.context["cl"].result_list] == ["Zed", "Ann"]


# -- a pasted list of players ---------------------------------------------------------------

PASTE = "/admin/smear_scores/player/paste/"


def test_admin_paste_adds_every_name_to_the_club(client, club, ada):
    roster(club, "Ann")
    changelist = client.get("/admin/smear_scores/player/")
    assert f'<a href="{PASTE}" class="addlink">Paste a list of players</a>' in (
        changelist.content.decode()
    )
    response = client.post(
        PASTE, {"club": club.pk, "names": "Bob\n\n   Cat   Smith \r\nDan\n"}, follow=True
    )
    assert [str(m) for m in response.context["messages"]] == [
        "Added 3 players to Tuesday Smear Club: Bob, Cat Smith, Dan."
    ]
    assert sorted(Player.objects.filter(club=club).values_list("name", flat=True)) == [
        "Ann",
        "Bob",
        "Cat Smith",
        "Dan",
    ]


def test_admin_paste_refuses_the_whole_list_and_says_which_lines(client, club, ada):
    roster(club, "Ann")
    long_name = "B" * 41
    text = "\n".join(["Cat", "ann", "", "Dan", "cat", "Ev\u202eE", long_name, "Fay"])
    response = client.post(PASTE, {"club": club.pk, "names": text})
    assert response.status_code == 422
    assert response.context["form"].errors["names"] == [
        "Line 2: Tuesday Smear Club already has a player called Ann: pick that player, or "
        "tell the two apart (e.g. add an initial). Remove the line.",
        "Line 5: cat is also on line 1: keep one of them.",
        "Line 6: The name contains a character that reverses the text's direction (U+202E): "
        "type the name again in plain text.",
        "Line 7: BBBBBBBBBBBBBBBBBBBB… is 41 characters long: a name has at most 40; shorten it.",
    ]
    page = response.content.decode()
    assert "4 lines cannot be added, so no player was added." in page
    # The list is kept as pasted, to be fixed in place.
    assert "Fay</textarea>" in page
    assert list(Player.objects.values_list("name", flat=True)) == ["Ann"]


def test_admin_paste_of_nothing_says_what_to_paste(client, club, ada):
    response = client.post(PASTE, {"club": club.pk, "names": " \n\n"})
    assert response.context["form"].errors["names"] == [
        "Line 1: The list is empty: paste one name per line."
    ]


def test_admin_paste_only_into_the_admins_own_club(client, club, other_club, ada):
    form = client.get(PASTE).context["form"]
    assert list(form.fields["club"].queryset) == [club]
    response = client.post(PASTE, {"club": other_club.pk, "names": "Zoe"})
    assert response.status_code == 422
    assert not Player.objects.filter(name="Zoe").exists()


def test_admin_paste_is_closed_to_a_member_who_is_not_an_admin(client, club):
    make_user("max", club=club)
    User.objects.filter(username="max").update(is_staff=True)
    assert client.login(username="max", password=PASSWORD)
    assert client.get(PASTE).status_code == 403
    assert client.post(PASTE, {"club": club.pk, "names": "Zoe"}).status_code == 403
    assert not Player.objects.filter(name="Zoe").exists()


def test_admin_club_admin_reads_an_adopted_sets_settings(client, club, ada):
    from smear_scores.selectors.house_rules import preset_settings
    from smear_scores.services.house_rules import house_rules_adopt, house_rules_create

    shared = house_rules_create(
        settings={**preset_settings("auction-pitch"), "name": "Tuesday <b>Smear</b>"}
    )
    adopted = house_rules_adopt(house_rules=shared, club=club)

    page = client.get(f"/admin/smear_scores/houserules/{adopted.pk}/change/").content.decode()

    assert "<dt>Game to</dt><dd>11.</dd>" in page
    assert "<b>Smear</b>" not in page  # the name is text, never markup
