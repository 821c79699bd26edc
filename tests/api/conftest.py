"""Fixtures for the JSON API tests."""

import pytest

from .helpers import ApiClient


@pytest.fixture
def api(client, db) -> ApiClient:
    return ApiClient(client)
