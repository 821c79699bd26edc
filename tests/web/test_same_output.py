"""What the app answers, byte for byte, as recorded: for every preset its game's pages and
htmx fragments (a watcher's and a scorer's, the table, the history, the rules, a hand
recorded, previewed, edited and undone), its API answers, and the pages and OpenAPI
document every preset shares. A change that should change no output (a rename, a module
moved, a tool of Django's in place of a hand-rolled one) is proven here to change none.

What differs from run to run is masked before the comparison: the CSRF tokens, a game's
link, scoring code and edit token, the QR codes, times and the versions made from them,
database keys. The answers are kept in ``same_output/``, one file per preset and one
shared. A change that means to change what a page says records them again:

    SAME_OUTPUT_RECORD=1 .venv/bin/python -m pytest tests/web/test_same_output.py

and the diff of ``same_output/`` shows, word for word, what it changed."""

from __future__ import annotations

import difflib
import json
import os
import re
from pathlib import Path

import pytest
from django.core.cache import caches
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format

from bench.data import filler_entry, form_fields
from smear_scores import rules
from smear_scores.models import Game

from ..conftest import players_for
from .conftest import HTMX, grant

HERE = Path(os.environ.get("SAME_OUTPUT_DIR", Path(__file__).parent / "same_output"))
RECORD = os.environ.get("SAME_OUTPUT_RECORD") == "1"

# Masks, in order: what a run draws at random or from the clock.
MASKS = [
    # CSRF tokens (form fields, htmx headers, the meta tag): 64 letters and digits.
    (re.compile(r"(?<![A-Za-z0-9])[A-Za-z0-9]{64}(?![A-Za-z0-9])"), "<csrf>"),
    # QR codes (segno's drawing of a link that is itself masked), and a scoring code as shown.
    (re.compile(r'<svg viewBox="[^"]*" class="segno">.*?</svg>', re.S), "<qr>"),
    (re.compile(r"\b[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}\b"), "<code>"),
    # Times: ISO 8601, and the versions made of them (microseconds since 1970).
    (re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:?\d\d)?"), "<time>"),
    (re.compile(r"(?<!\d)1\d{15}(?!\d)"), "<version>"),
    # Database keys, where an answer names them: a hand's version on an edit or undo
    # screen (its key, then how often it was edited), the live boards' channels.
    (re.compile(r'(name="version" value=")\d+\.(\d+)"'), r'\1<pk>.\2"'),
    (re.compile(r"\b(game|night|room)-\d+\b"), r"\1-<pk>"),
    (re.compile(r"/(leagues|players|tournaments)/\d+/"), r"/\1/<pk>/"),
    # The day the test runs, where a page names it (a league's day of games).
    (re.compile(r"\d{4}-\d\d-\d\d"), "<date>"),
    (re.compile(r"\b\d\d:\d\d(?::\d\d)?\b"), "<clock>"),
]


def masked(body: str, secrets: dict[str, str]) -> str:
    today = timezone.localdate()
    for shown in ("l j F Y", "j F Y", "D j M", "j M", "l"):
        body = body.replace(date_format(today, shown), f"<today {shown}>")
    for value, name in sorted(secrets.items(), key=lambda kv: -len(kv[0])):
        body = body.replace(value, name)
    for pattern, replacement in MASKS:
        body = pattern.sub(replacement, body)
    return body


def answer(response, secrets: dict[str, str]) -> str:
    """The status, the headers a reader acts on and the body, masked."""
    headers = [
        f"{name}: {response[name]}"
        for name in ("Content-Type", "Vary", "Location", "HX-Redirect", "HX-Trigger")
        if response.has_header(name)
    ]
    body = (b"".join(response) if response.streaming else response.content).decode()
    if response.get("Content-Type", "").startswith("application/json") and body:
        # A JSON object's keys in one order: PostgreSQL's jsonb keeps a game's options in
        # its own order (shortest key first), SQLite as they were written.
        body = json.dumps(json.loads(body), sort_keys=True, ensure_ascii=False)
    return masked("\n".join([str(response.status_code), *headers, "", body]), secrets)


def game_secrets(game: Game, label: str) -> dict[str, str]:
    game.refresh_from_db()
    found = {game.public_id: f"<{label}-link>", game.scoring_secret: f"<{label}-code>"}
    token = getattr(game, "edit_token", "")
    if token:
        found[token] = f"<{label}-token>"
    return found


def compare(name: str, answers: dict[str, str]) -> None:
    path = HERE / f"{name}.json"
    if RECORD:
        HERE.mkdir(exist_ok=True)
        path.write_text(json.dumps(answers, indent=1, ensure_ascii=False) + "\n")
        return
    assert path.exists(), f"{path} is missing: record it (SAME_OUTPUT_RECORD=1, module docstring)"
    kept = json.loads(path.read_text())
    assert sorted(answers) == sorted(kept), "the requests asked differ from the ones recorded"
    changed = [label for label in kept if kept[label] != answers[label]]
    if changed:
        first = changed[0]
        diff = "\n".join(
            difflib.unified_diff(
                kept[first].splitlines(), answers[first].splitlines(), "kept", "now", lineterm=""
            )
        )
        pytest.fail(
            f"{len(changed)} answers of {name} differ from the ones recorded "
            f"({', '.join(changed)}); the first, {first}:\n{diff[:6000]}"
        )


@pytest.fixture(autouse=True)
def _fresh_caches():
    for cache in caches.all():
        cache.clear()
    yield
    for cache in caches.all():
        cache.clear()


@pytest.mark.parametrize("slug", rules.PRESET_SLUGS)
def test_a_presets_pages_fragments_and_api_answers_are_as_recorded(db, slug):
    from smear_scores.services.new_games import game_create
    from smear_scores.services.recording import hand_record

    answers: dict[str, str] = {}
    game = game_create(variant=slug, players=players_for(slug), first_dealer=0, options={})
    for _ in range(3):
        game, _ = hand_record(game=game, entry=filler_entry(game.state()))
    secrets = game_secrets(game, "game")
    link = game.public_id

    def ask(label: str, client: Client, method: str, url: str, data=None, **extra) -> None:
        response = getattr(client, method)(url, data or {}, **extra)
        answers[label] = answer(response, secrets)

    watcher, scorer = Client(), grant(Client(), game)
    secrets.update(game_secrets(game, "game"))
    for who, client in (("watcher", watcher), ("scorer", scorer)):
        for name in ("game", "game_table", "game_history", "game_rules", "game_handover"):
            url = reverse(name, args=[link])
            ask(f"{who} {name}", client, "get", url)
            ask(f"{who} {name} htmx", client, "get", url, **HTMX)
        ask(f"{who} history csv", client, "get", reverse("game_history_csv", args=[link]))
    ask("rules page", watcher, "get", reverse("rules", args=[slug]))
    ask("new game page", watcher, "get", reverse("game_new") + f"?variant={slug}")
    ask("new game htmx", watcher, "get", reverse("game_new") + f"?variant={slug}", **HTMX)

    game.refresh_from_db()
    entry = filler_entry(game.state())
    fields = form_fields(entry, game.hands_played + 1)
    ask("scorer preview", scorer, "post", reverse("hand_preview", args=[link]), fields, **HTMX)
    record = reverse("hand_record", args=[link])
    ask("scorer records a hand", scorer, "post", record, fields, **HTMX)
    ask("scorer edit page", scorer, "get", reverse("hand_edit", args=[link, 1]))
    game.refresh_from_db()
    first = game.hands.get(number=1).entry()
    ask(
        "scorer edits hand 1",
        scorer,
        "post",
        reverse("hand_edit", args=[link, 1]),
        form_fields(first, 1),
        **HTMX,
    )
    ask(
        "scorer confirms the edit",
        scorer,
        "post",
        reverse("hand_edit", args=[link, 1]),
        {**form_fields(first, 1), "confirm": "yes"},
        **HTMX,
    )
    ask("scorer undoes", scorer, "post", reverse("hand_undo", args=[link]), {"number": "4"}, **HTMX)
    ask("scorer game after", scorer, "get", reverse("game", args=[link]))

    # The API: a game created, a hand recorded, edited and undone, the game read.
    api = Client()
    created = api.post(
        "/api/games",
        {"variant": slug, "players": players_for(slug), "first_dealer": 0},
        content_type="application/json",
    )
    body = created.json()
    secrets.update({body["id"]: "<api-link>", body["edit_token"]: "<api-token>"})
    if body.get("scoring_code"):
        secrets[body["scoring_code"]] = "<api-code>"
    answers["api create"] = answer(created, secrets)
    auth = {"HTTP_AUTHORIZATION": f"Bearer {body['edit_token']}"}
    api_game = Game.objects.get(public_id=body["id"])
    secrets.update(game_secrets(api_game, "api"))
    hand = _api_hand(filler_entry(api_game.state()))
    url = f"/api/games/{body['id']}"
    answers["api hand"] = answer(
        api.post(f"{url}/hands", hand, content_type="application/json", **auth), secrets
    )
    answers["api edit"] = answer(
        api.put(f"{url}/hands/1", hand, content_type="application/json", **auth), secrets
    )
    answers["api get"] = answer(api.get(url), secrets)
    answers["api undo"] = answer(api.delete(f"{url}/hands/1", **auth), secrets)
    answers["api get after"] = answer(api.get(url), secrets)
    compare(slug, answers)


def _api_hand(entry: rules.HandEntry) -> dict:
    hand: dict = {"bidder": entry.bidder, "bid": entry.bid}
    if entry.points is not None:
        hand["points"] = list(entry.points)
    if entry.awards is not None:
        hand["awards"] = dict(entry.awards)
    if entry.made is not None:
        hand["made"] = entry.made
    if entry.card_points is not None:
        hand["card_points"] = list(entry.card_points)
    return hand


def test_the_shared_pages_and_the_openapi_document_are_as_recorded(db):
    client = Client()
    secrets: dict[str, str] = {}
    answers = {
        "home": answer(client.get(reverse("home")), secrets),
        "new game": answer(client.get(reverse("game_new")), secrets),
        "new game htmx": answer(client.get(reverse("game_new"), **HTMX), secrets),
        "house rules builder": answer(client.get(reverse("house_rules_new")), secrets),
        "api variants": answer(client.get("/api/variants"), secrets),
        "openapi": answer(client.get("/api/openapi.json"), secrets),
    }
    compare("shared", answers)


def test_a_clubs_league_pages_are_as_recorded(db):
    from datetime import date

    from smear_scores.models import Club, League, Player
    from smear_scores.services.league_games import league_game_create
    from smear_scores.services.recording import hand_record

    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    league = League.objects.create(
        club=club, variant="ne-wisconsin", name="Winter 2026", start_date=date(2026, 1, 1)
    )
    players = [Player.objects.create(club=club, name=n) for n in ("Ann", "Bo", "Cy", "Di")]
    game = league_game_create(league=league, players=players, first_dealer=0)
    for _ in range(2):
        game, _ = hand_record(game=game, entry=filler_entry(game.state()))
    secrets = game_secrets(game, "game")
    client = Client()
    today = timezone.localdate().isoformat()
    answers = {
        "clubs": answer(client.get(reverse("clubs")), secrets),
        "club": answer(client.get(reverse("club", args=[club.slug])), secrets),
        "league": answer(client.get(reverse("league", args=[league.pk])), secrets),
        "league games": answer(client.get(reverse("league_games", args=[league.pk])), secrets),
        "league table csv": answer(
            client.get(reverse("league_table_csv", args=[league.pk])), secrets
        ),
        "player": answer(client.get(reverse("player", args=[players[0].pk])), secrets),
        "day": answer(client.get(f"/nights/{club.slug}/{today}/"), secrets),
        "day htmx": answer(client.get(f"/nights/{club.slug}/{today}/", **HTMX), secrets),
        "day today": answer(client.get(f"/nights/{club.slug}/"), secrets),
    }
    compare("league", answers)
