"""A link to nothing answers a page of the app that says what is wrong."""

from django.test import Client

from .conftest import text


def test_a_link_to_no_game_says_so_on_a_page_of_the_app(client: Client, db):
    response = client.get("/g/NoSuchGame1/")
    assert response.status_code == 404
    page = text(response)
    assert "<h1>Nothing here</h1>" in page
    assert "<p>No game has this link: check the address.</p>" in page
    assert 'href="/"' in page


def test_an_address_that_is_no_page_says_so(client: Client, db):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert "<p>There is no page at this address: check it.</p>" in text(response)
