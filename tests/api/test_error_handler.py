"""The API's one handler (api.errors.SmearAPI): a route raises one of the app's refusals
and the answer is its status with the ErrorOut body; ninja is customised by subclassing,
never by assigning over its methods."""

from __future__ import annotations

import pytest
from ninja import Router
from ninja.testing import TestClient

from smear_scores.api import api
from smear_scores.api.errors import SmearAPI
from smear_scores.request_refusals import Conflict, Forbidden, Gone, NotFound
from smear_scores.rules import RecordRefused, Refused, RuleError
from smear_scores.services.idempotency import KeyReused

RAISED = {
    "refused": Refused([RuleError("bid", "Bid 2 to 6.", "S4"), RuleError("bidder", "Seat.", "")]),
    "conflict": Conflict("It changed meanwhile.", field="number"),
    "forbidden": Forbidden("Not your game.", field="Authorization"),
    "gone": Gone("Removed at 6:52.", field="id"),
    "missing": NotFound("No such game.", field="id"),
    "record": RecordRefused([RuleError("bid", "Bid 2 to 6.", "S4")], hand_number=3),
    "key": KeyReused("k"),
}


@pytest.fixture(scope="module")
def raising():
    router = Router()

    @router.get("/{kind}")
    def raise_it(request, kind: str):
        raise RAISED[kind]

    test_api = SmearAPI(urls_namespace="refusal-test")
    test_api.add_router("/", router)
    return TestClient(test_api)


def _problem(field, message, rule=""):
    return {"field": field, "message": message, "rule": rule}


def _one(field, message):
    return {"message": message, "detail": [_problem(field, message)]}


@pytest.mark.parametrize(
    "kind, status, body",
    [
        (
            "refused",
            422,
            {
                "message": "Bid 2 to 6. Seat.",
                "detail": [_problem("bid", "Bid 2 to 6.", "S4"), _problem("bidder", "Seat.")],
            },
        ),
        (
            "conflict",
            409,
            {
                "message": "It changed meanwhile.",
                "detail": [_problem("number", "It changed meanwhile.")],
            },
        ),
        (
            "forbidden",
            403,
            {"message": "Not your game.", "detail": [_problem("Authorization", "Not your game.")]},
        ),
        (
            "gone",
            410,
            {"message": "Removed at 6:52.", "detail": [_problem("id", "Removed at 6:52.")]},
        ),
        ("missing", 404, {"message": "No such game.", "detail": [_problem("id", "No such game.")]}),
        (
            "record",
            422,
            {
                "message": "Hand 3: Bid 2 to 6.",
                "detail": [_problem("hands.2.bid", "Hand 3: Bid 2 to 6.", "S4")],
            },
        ),
    ],
)
def test_error_handler_answers_each_refusal_with_its_status_and_error_out(
    raising, kind, status, body
):
    response = raising.get(f"/{kind}")

    assert (response.status_code, response.json()) == (status, body)


def test_error_handler_a_reused_key_is_a_malformed_request_in_the_apis_words(raising):
    response = raising.get("/key")

    assert response.status_code == 422
    assert [p["field"] for p in response.json()["detail"]] == ["Idempotency-Key"]
    assert response.json()["message"].startswith("This Idempotency-Key was already used")


def test_error_handler_customises_ninja_by_subclassing_not_by_assignment():
    # Methods of the API are the class's, not functions put on the instance over them.
    assert isinstance(api, SmearAPI)
    assert {"get_openapi_schema", "validation_error_from_error_contexts"} & set(vars(api)) == set()
