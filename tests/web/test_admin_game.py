"""The admin shows games but cannot change what the scores are replayed from."""

from django.contrib.auth.models import User

from smear_scores.services.removal import game_remove


def test_admin_game_change_leaves_dealer_options_and_seats_alone(client, make_game):
    game = make_game("ne-wisconsin", hands=3)
    before = (game.first_dealer, game.options, game.next_dealer, game.scores)
    admin = User.objects.create_superuser("root", password="a-long-test-password")
    client.force_login(admin)
    url = f"/admin/smear_scores/game/{game.pk}/change/"

    page = client.get(url).content.decode()
    client.post(url, {"first_dealer": "2", "options": '{"kitty": 3}'})

    game.refresh_from_db()
    assert (game.first_dealer, game.options, game.next_dealer, game.scores) == before
    assert game.edit_token not in page
    assert game.scoring_secret not in page
    assert 'name="first_dealer"' not in page
    assert client.get("/admin/smear_scores/game/add/").status_code == 403


def test_admin_hands_and_revisions_cannot_be_added(client, make_game):
    make_game("ne-wisconsin", hands=2)
    admin = User.objects.create_superuser("root", password="a-long-test-password")
    client.force_login(admin)
    for model in ("hand", "handrevision"):
        assert client.get(f"/admin/smear_scores/{model}/add/").status_code == 403
        changelist = client.get(f"/admin/smear_scores/{model}/")
        assert changelist.status_code == 200
        assert f'href="/admin/smear_scores/{model}/add/"' not in changelist.content.decode()


def test_admin_lists_a_removal_and_cannot_add_one(client, make_game):
    game = make_game("ne-wisconsin", hands=2)
    game_remove(game=game)
    admin = User.objects.create_superuser("root", password="a-long-test-password")
    client.force_login(admin)
    assert client.get("/admin/smear_scores/gamerevision/add/").status_code == 403
    changelist = client.get("/admin/smear_scores/gamerevision/").content.decode()
    assert changelist.count('class="field-action">removed<') == 1
    assert 'href="/admin/smear_scores/gamerevision/add/"' not in changelist
    # The game itself stays in the admin, marked removed.
    page = client.get(f"/admin/smear_scores/game/{game.pk}/change/")
    assert page.status_code == 200


def test_admin_deletes_no_hand_and_no_audit_record(client, make_game):
    game = make_game("ne-wisconsin", hands=3)
    game_remove(game=game)
    before = (game.scores, game.hands_played)
    admin = User.objects.create_superuser("root", password="a-long-test-password")
    client.force_login(admin)
    rows = {
        "hand": game.hands.get(number=2).pk,
        "handrevision": game.revisions.order_by("pk").first().pk,
        "gamerevision": game.game_revisions.get().pk,
    }
    for model, pk in rows.items():
        # A record's own page shows no Delete link, and its delete page is refused.
        page = client.get(f"/admin/smear_scores/{model}/{pk}/change/").content.decode()
        assert f'href="/admin/smear_scores/{model}/{pk}/delete/"' not in page
        assert client.get(f"/admin/smear_scores/{model}/{pk}/delete/").status_code == 403
        assert (
            client.post(f"/admin/smear_scores/{model}/{pk}/delete/", {"post": "yes"}).status_code
            == 403
        )
        # The changelist offers no bulk delete, and one posted anyway deletes nothing.
        changelist = client.get(f"/admin/smear_scores/{model}/").content.decode()
        assert "delete_selected" not in changelist
        client.post(
            f"/admin/smear_scores/{model}/",
            {"action": "delete_selected", "_selected_action": [pk], "post": "yes"},
        )

    assert game.hands.count() == 3
    assert game.revisions.count() == 3
    assert game.game_revisions.count() == 1
    game.refresh_from_db()
    assert (game.scores, game.hands_played) == before


def test_admin_deletes_no_game_with_its_hands(client, make_game):
    game = make_game("ne-wisconsin", hands=2)
    admin = User.objects.create_superuser("root", password="a-long-test-password")
    client.force_login(admin)

    url = f"/admin/smear_scores/game/{game.pk}/delete/"
    assert client.post(url, {"post": "yes"}).status_code == 403
    client.post(
        "/admin/smear_scores/game/",
        {"action": "delete_selected", "_selected_action": [game.pk], "post": "yes"},
    )

    assert game.hands.count() == 2
