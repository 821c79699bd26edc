"""Schemathesis against the project's own OpenAPI document (/api/openapi.json).

Requests are generated from the document for every operation and sent to the WSGI app in
this process; every answer must be no server error and must match the document (status
code, content type, headers and body schema). Write operations are sent with a real game's
id and edit token, so the write paths are exercised, not only the 401s."""

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from django.test import override_settings
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from smear_scores.rules import HandEntry
from smear_scores.services.new_games import game_create
from smear_scores.services.recording import hand_record

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]


@pytest.fixture
def fixture_game(db):
    game = game_create(
        variant="schmier", players=["Ann", "Bo", "Cy", "Di", "Ed", "Flo"], first_dealer=0
    )
    hand_record(game=game, entry=HandEntry(bidder=1, bid=3, points=(1, 3, 2)))
    return game


# Schemathesis's WSGI client names its host "localhost".
HOST = "localhost"

with override_settings(ALLOWED_HOSTS=[HOST]):
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", get_wsgi_application())


@pytest.fixture(autouse=True)
def wsgi_requests_in_the_test_transaction(db, settings):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, HOST]
    # As Django's test client does: the end of a request must not close the connection
    # that holds this test's transaction.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@schema.parametrize()
@settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_api_answers_match_the_openapi_document(case, fixture_game):
    # Schemathesis's WSGI transport reads the body as sent; a real HTTP client undoes the
    # gzip the API applies when asked (tests/api/test_hands.py checks that).
    headers = {"Accept-Encoding": "identity"}
    if case.path.startswith("/api/games/{id}"):
        case.path_parameters["id"] = fixture_game.public_id
        if case.method.upper() != "GET":
            headers["Authorization"] = f"Bearer {fixture_game.edit_token}"

    case.call_and_validate(headers=headers, checks=CHECKS)
