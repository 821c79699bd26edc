"""A scoreboard is drawn once per version of its game and kind of phone (scorer or
watcher) and kept in the cache (templatetags.parts); what is one phone's own never
reaches another."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.middleware.csrf import _unmask_cipher_token  # noqa: PLC2701 (the token's secret)
from django.test import Client
from django.test.signals import template_rendered
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from smear_scores.boards import watcher_board
from smear_scores.models import Seat
from smear_scores.selectors.games import version_of
from smear_scores.services.game_names import game_names_changed
from smear_scores.services.recording import hand_record
from smear_scores.templatetags import parts
from smear_scores.templatetags.parts import SharedParts

from .conftest import HTMX, find_all, grant, notices, scores, text

HAND = {"number": "7", "bidder": "0", "bid": "3", "by_totals": "on"}
HAND |= {"points_0": "3", "points_1": "2", "points_2": "1"}
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"|"X-CSRFToken": "([^"]+)"')


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


def board_url(game) -> str:
    return reverse("game", args=[game.public_id])


def drawn(response) -> set[str]:
    """The templates drawn for an answer (a part taken from the cache draws none)."""
    return {t.name for t in response.templates if t.name}


def visit(client: Client, game, **headers):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(board_url(game), **headers)
    assert response.status_code == 200
    return response, len(queries)


def tokens(page: str) -> list[str]:
    return [a or b for a, b in TOKEN.findall(page)]


def without_tokens(page: str) -> str:
    return TOKEN.sub("TOKEN", page)


def kept_parts(game, kind: str) -> dict[str, tuple[str, str]]:
    return cache.get(SharedParts(f"board:{game.public_id}:{version_of(game)}:{kind}").key) or {}


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_a_second_phone_at_the_same_version_gets_the_board_drawn_for_the_first(make_game, headers):
    game = make_game("schmier", hands=6)
    first, first_queries = visit(Client(), game, **headers)
    second, second_queries = visit(Client(), game, **headers)

    assert without_tokens(text(second)) == without_tokens(text(first))
    assert scores(text(second)) == game.scores
    assert "games/_hands_table.html" in drawn(first)
    assert "games/_hands_table.html" not in drawn(second)
    # The game (with its names) only: the last hands are not read again.
    assert (first_queries, second_queries) == (2, 1)


def test_a_new_hand_draws_the_board_again_for_the_next_phone(make_game):
    game = make_game("schmier", hands=6)
    visit(Client(), game)
    scorer = grant(Client(), game)
    assert scorer.post(reverse("hand_record", args=[game.public_id]), HAND).status_code == 302
    game.refresh_from_db()

    watcher, queries = visit(Client(), game)

    assert scores(text(watcher)) == game.scores
    assert find_all(text(watcher), "p", "deal") == ["Hand 8 · Bo deals · Cy bids first"]
    assert "games/_hands_table.html" in drawn(watcher)
    assert queries == 2


@pytest.mark.parametrize("first", ["scorer", "watcher"])
def test_a_scorer_never_gets_a_watchers_board_nor_a_watcher_a_scorers(make_game, first):
    game = make_game("schmier", hands=4)
    phones = {"scorer": grant(Client(), game), "watcher": Client()}
    order = [first, *(p for p in phones if p != first)]
    pages = {who: text(visit(phones[who], game)[0]) for who in order}
    # And again, each from the cache now.
    again = {who: text(visit(phones[who], game)[0]) for who in order}

    for seen in (pages, again):
        assert 'id="hand-form"' in seen["scorer"]
        assert "Undo hand 4" in seen["scorer"]
        assert 'aria-label="Edit hand 4"' in seen["scorer"]
        assert 'id="hand-form"' not in seen["watcher"]
        assert "Undo hand" not in seen["watcher"]
        assert "Edit hand" not in seen["watcher"]
        assert find_all(seen["watcher"], "p", "watching") == [
            "Watching: the scores change on the scorer's phone; this page follows them by itself."
        ]
        assert game.scoring_secret not in seen["watcher"]


def test_no_phone_gets_another_phones_csrf_token_or_scoring_link(make_game):
    game = make_game("schmier", hands=4)
    ann, bo = grant(Client(), game), grant(Client(), game)
    ann_page = text(visit(ann, game)[0])
    bo_page = text(visit(bo, game)[0])
    secrets = {who: c.cookies["csrftoken"].value for who, c in (("ann", ann), ("bo", bo))}
    assert secrets["ann"] != secrets["bo"]

    # The hand form, the rematch and rotate forms: each with the phone's own token.
    assert len(tokens(bo_page)) >= 3
    assert {_unmask_cipher_token(t) for t in tokens(ann_page)} == {secrets["ann"]}
    assert {_unmask_cipher_token(t) for t in tokens(bo_page)} == {secrets["bo"]}
    # What is kept holds no phone's token, nor the scoring link.
    kept = kept_parts(game, "scorer")
    assert {"head", "standings", "form", "record"} <= kept.keys()
    for _, html in kept.values():
        assert not {_unmask_cipher_token(t) for t in tokens(html)} & set(secrets.values())
        assert game.scoring_secret not in html


def test_the_hand_form_says_what_was_recorded_only_to_the_phone_that_recorded_it(make_game):
    game = make_game("schmier", hands=6)
    ann, bo = grant(Client(), game), grant(Client(), game)
    answer = ann.post(reverse("hand_record", args=[game.public_id]), HAND, **HTMX)
    assert answer.status_code == 200
    said = notices(text(answer))
    assert len(said) == 1 and said[0].startswith("Hand 7: ")

    assert notices(text(visit(bo, game)[0])) == []
    assert notices(text(visit(ann, game)[0])) == []
    # Without JavaScript the notice waits in a message for the next page of that phone.
    HAND_8 = {**HAND, "number": "8"}
    assert bo.post(reverse("hand_record", args=[game.public_id]), HAND_8).status_code == 302
    assert notices(text(visit(bo, game)[0]))[0].startswith("Hand 8: ")
    assert notices(text(visit(ann, game)[0])) == []


@pytest.mark.parametrize("first", ["typing", "tapping"])
def test_a_phone_that_types_totals_and_one_that_taps_each_get_their_own_form(make_game, first):
    game = make_game("schmier", hands=6)
    phones = {"typing": grant(Client(), game), "tapping": grant(Client(), game)}
    # Typed totals are remembered for the phone that sent a hand with them.
    phones["typing"].post(reverse("hand_record", args=[game.public_id]), HAND)
    game.refresh_from_db()
    # Its next page says what was recorded (a form drawn for it alone); then neither has
    # anything of its own to be told.
    assert notices(text(visit(phones["typing"], game)[0]))[0].startswith("Hand 7: ")
    cache.clear()
    order = [first, *(p for p in phones if p != first)]
    pages = {who: text(visit(phones[who], game)[0]) for who in order}

    switch = re.compile(r'<input type="checkbox" role="switch" name="by_totals"( checked)?>')
    assert switch.search(pages["typing"]).group(1) == " checked"
    assert switch.search(pages["tapping"]).group(1) is None


def test_a_corrected_name_shows_on_the_next_view(make_game):
    game = make_game("schmier", hands=3)

    def teams(page: str) -> list[str]:
        return [t.replace("\u00ad", "") for t in find_all(page, "span", "team-label")]

    assert teams(text(visit(Client(), game)[0]))[1] == "Bo & Eli"
    # As the admin corrects a seat (GameAdmin.save_related).
    Seat.objects.filter(game=game, position=1).update(name="Jonathan")
    game_names_changed(game=game)
    game.refresh_from_db()

    assert teams(text(visit(Client(), game)[0]))[1] == "Jonathan & Eli"


def test_the_table_view_is_drawn_once_per_version(make_game):
    game = make_game("schmier", hands=3)
    url = reverse("game_table", args=[game.public_id])
    with CaptureQueriesContext(connection) as cold:
        first = text(Client().get(url))
    with CaptureQueriesContext(connection) as warm:
        second = text(Client().get(url))
    assert without_tokens(second) == without_tokens(first)
    assert (len(cold), len(warm)) == (2, 1)


def pushed(game) -> tuple[str, set[str], int]:
    """The board a watcher's stream carries (boards.watcher_board, as the hub draws
    it): its text, the templates drawn for it and its queries."""
    names: set[str] = set()

    def rendered(sender, template, **kwargs) -> None:
        if template.name:
            names.add(template.name)

    template_rendered.connect(rendered)
    try:
        with CaptureQueriesContext(connection) as queries:
            board = watcher_board(game.public_id)
    finally:
        template_rendered.disconnect(rendered)
    return board, names, len(queries)


@pytest.mark.parametrize("first", ["pushed", "fetched"])
def test_a_watchers_pushed_board_and_fetched_board_are_drawn_once(make_game, first):
    game = make_game("schmier", hands=6)
    live = reverse("game_live", args=[game.public_id])

    def fetched():
        with CaptureQueriesContext(connection) as queries:
            response = Client().get(live, **HTMX)
        assert response.status_code == 200
        return text(response), drawn(response), len(queries)

    if first == "pushed":
        (board, board_drawn, _), (page, page_drawn, page_queries) = pushed(game), fetched()
        assert "games/_hands_table.html" in board_drawn
        assert "games/_hands_table.html" not in page_drawn
        # The game only (and its version, the page's ETag): the last hands are not read.
        assert page_queries == 2
    else:
        (page, page_drawn, _), (board, board_drawn, board_queries) = fetched(), pushed(game)
        assert "games/_hands_table.html" in page_drawn
        assert "games/_hands_table.html" not in board_drawn
        assert board_queries == 1
    assert set(kept_parts(game, "watcher")) == {"head", "standings", "record"}
    assert scores(board) == scores(page) == game.scores
    hands = find_all(page, "table", "hands")
    assert len(hands) == 1 and hands[0].startswith("Last hands")
    assert find_all(board, "table", "hands") == hands


class BrokenCache:
    """A cache that is gone (a Redis that stopped)."""

    def get(self, key):
        raise ConnectionError("Connection refused")

    def set(self, key, value, timeout):
        raise ConnectionError("Connection refused")


def test_a_board_is_drawn_when_the_cache_is_gone(make_game, monkeypatch, caplog):
    game = make_game("schmier", hands=4)
    kept = text(visit(Client(), game)[0])
    cache.clear()
    monkeypatch.setattr(parts, "default_cache", BrokenCache())

    page, _ = visit(grant(Client(), game), game)
    watcher, _ = visit(Client(), game)

    assert 'id="hand-form"' in text(page)
    assert without_tokens(text(watcher)) == without_tokens(kept)
    assert "The cache could not be read" in caplog.text


def test_a_hand_recorded_between_the_games_read_and_its_hands_read_is_never_kept_mixed(
    make_game, monkeypatch
):
    """The game is read, then another phone records a hand, then the board reads the last
    hands: what this phone is shown is of one version, and nothing is kept under the
    version it asked at that another phone would then be given."""
    from bench.data import filler_entry
    from smear_scores import boards

    game = make_game("schmier", hands=6)
    asked_at = version_of(game)
    read = boards.games.game_get

    def read_then_a_hand_lands(**kwargs):
        found = read(**kwargs)
        monkeypatch.setattr(boards.games, "game_get", read)
        fresh = type(game).objects.get(pk=game.pk)
        hand_record(game=fresh, entry=filler_entry(fresh.state()))
        return found

    monkeypatch.setattr(boards.games, "game_get", read_then_a_hand_lands)
    page = watcher_board(game.public_id)
    game.refresh_from_db()

    assert scores(page) == game.scores
    assert find_all(page, "p", "deal") == ["Hand 8 · Bo deals · Cy bids first"]
    kept = cache.get(SharedParts(f"board:{game.public_id}:{asked_at}:watcher").key)
    assert kept is None


def test_a_new_release_never_shows_a_part_an_older_one_drew(settings, monkeypatch):
    """The parts are kept under the release (RELEASE, set at deploy); unset, the checkout's
    commit, and outside a checkout the package's version."""
    from importlib.metadata import version

    from smear_scores.templatetags import parts

    def kept_under(release: str) -> str:
        settings.RELEASE = release
        parts.release_id.cache_clear()
        return parts.SharedParts("game:1:v1").key

    try:
        assert kept_under("2026.12.1") != kept_under("2026.12.2")
        assert "2026.12.2" in kept_under("2026.12.2")

        def no_git(*args, **kwargs):
            raise FileNotFoundError("git")

        monkeypatch.setattr(parts.subprocess, "run", no_git)
        assert f":{version('smear-scores')}:" in kept_under("")
    finally:
        parts.release_id.cache_clear()
