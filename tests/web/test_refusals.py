"""The web's one handler for the app's refusals (middleware.Refusals): a view raises, and
the page the view named answers; without one, a removed game's page (410) or the page for
an address that leads nowhere (404). Anything else is not the handler's to hide."""

from __future__ import annotations

import pytest
from django.utils.cache import has_vary_header

from smear_scores.request_refusals import Forbidden
from smear_scores.rules import Refused
from smear_scores.services import removal

from .conftest import HTMX, text

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.web.refusal_urls")]


def test_refusals_the_views_page_answers_a_refusal_it_knows(client):
    response = client.get("/with-page/conflict/")

    assert (response.status_code, text(response)) == (
        409,
        "page for conflict: It changed meanwhile: read it again.",
    )


def test_refusals_not_found_without_a_page_is_the_404_page_with_the_reason(client):
    response = client.get("/with-page/missing/")

    assert response.status_code == 404
    assert "<p>No such thing: check the link.</p>" in text(response)


@pytest.mark.parametrize("thing, kind", [("forbidden", Forbidden), ("refused", Refused)])
def test_refusals_a_refusal_no_page_answers_is_not_swallowed(client, thing, kind):
    # A refusal no page was named for is a mistake in the view: it is raised, not hidden
    # behind a made-up answer.
    with pytest.raises(kind):
        client.get(f"/with-page/{thing}/")


def test_refusals_a_removed_game_is_the_removed_page_from_any_view(client, make_game):
    game = removal.game_remove(game=make_game("schmier", hands=1))

    page = client.get(f"/removed/{game.public_id}/")
    fragment = client.get(f"/removed/{game.public_id}/", **HTMX)

    assert (page.status_code, fragment.status_code) == (410, 410)
    assert "<html" in text(page) and "<html" not in text(fragment)
    assert has_vary_header(page, "HX-Request") and has_vary_header(fragment, "HX-Request")
