"""/api/docs renders in Chromium: Swagger UI loads the project's OpenAPI document (from
this site only, under the Content-Security-Policy) and lists every operation, with no
error of its own and nothing reported in the console."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

expect.set_options(timeout=10_000)


def test_api_docs_render_every_operation_without_an_error(browser, live_server, client, db):
    document = json.loads(client.get("/api/openapi.json").content)
    operations = sum(len(ops) for ops in document["paths"].values())
    context = browser.new_context(viewport={"width": 1024, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    page.on(
        "console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None
    )
    page.on("pageerror", lambda error: problems.append(str(error)))

    page.goto(f"{live_server.url}/api/docs")

    expect(page.locator(".opblock")).to_have_count(operations)
    # Swagger UI shows what it could not read of the document in .errors-wrapper.
    expect(page.locator(".errors-wrapper")).to_have_count(0)
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Smear Scores API")
    assert problems == []
    page.locator(".opblock-summary-path", has_text="/api/games/{id}/hands").first.click()
    expect(page.locator(".opblock.is-open .parameters")).to_contain_text("Idempotency-Key")
    context.close()
