"""The fuzz pass: hostile values (NUL, lone surrogates, invisible-only and reversing
names, huge and non-ASCII numbers, wrong types, deep nesting) sent to every form and every
API operation. Each request must be refused with a 4xx and leave every game as it was:
no 500, nothing wrongly accepted. `make test` runs it on SQLite and CI again on PostgreSQL.

Each example takes a request that would succeed and spoils one field of it, so that a
refusal is the only right answer. Formula-like names ("=1+2", "@cmd") are names people
may type: they are accepted, and the CSV exports write them as text (tested there).
The hand preview only reads, and answers every post with a line to show: it must not
fail or write. A checkbox (thrown_in, by_totals, win_only_on_made_bid) is on for any
value a browser may send, so it has no hostile value."""

from __future__ import annotations

import json
from datetime import date
from typing import Any
from urllib.parse import quote

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smear_scores.models import (
    Club,
    Correction,
    Entrant,
    Game,
    HandRevision,
    League,
    Membership,
    Night,
    Player,
    Round,
    Seat,
)
from smear_scores.services.night_phones import night_check_in
from smear_scores.services.nights import night_open, round_draw

from ..league.conftest import make_user
from ..web.conftest import SCHMIER_ALL_A, awards_post, grant

FUZZ = settings(
    max_examples=40,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
SIX = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]

# -- hostile values ---------------------------------------------------------------------------

INVISIBLE = "\u200b\u200c\u200d\u2060\ufeff\u00ad\u034f\u180e\u2061\u2062\u2063\u2064"
REVERSING = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"

control_char = st.characters(codec=None, categories=["Cc"])
surrogate = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)
bad_names = st.one_of(
    # A name with a NUL, another control character or a lone surrogate somewhere in it.
    st.tuples(st.text(max_size=5), st.one_of(control_char, surrogate), st.text(max_size=5)).map(
        "".join
    ),
    # Only invisible characters and spaces.
    st.text(alphabet=INVISIBLE + " ", min_size=1, max_size=8).filter(lambda s: s.strip()),
    # A reversing control before or inside an ordinary name.
    st.tuples(st.sampled_from(REVERSING), st.sampled_from(SIX)).map(lambda p: p[0] + p[1]),
    st.tuples(st.sampled_from(SIX), st.sampled_from(REVERSING)).map(lambda p: p[0] + p[1]),
    # Longer than a seat holds.
    st.text(alphabet="abcdefghij", min_size=41, max_size=300),
)
hostile_text = st.one_of(
    bad_names, st.sampled_from(["\x00", "²", "٣", "1e3", "-1", "0x10", "", " ", "null"])
)
huge_int = st.one_of(
    st.integers(min_value=2**31), st.integers(max_value=-(2**31)), st.just(10**4000)
)
non_ascii_digits = st.sampled_from(["²", "٣", "१२", "᠑", "𝟕", "Ⅻ", "½"])
wrong_type = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(allow_nan=False),
    st.text(max_size=5),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def deep(depth: int) -> str:
    return "[" * depth + "]" * depth


class Raw:
    """A JSON fragment written as it is (a number json.dumps will not write, deep nesting)."""

    def __init__(self, text: str):
        self.text = text

    def __repr__(self) -> str:
        return f"Raw({self.text[:20]!r}…)"


raw_values = st.one_of(
    st.integers(min_value=4400, max_value=6000).map(lambda n: Raw("9" * n)),
    st.integers(min_value=5000, max_value=50_000).map(lambda n: Raw(deep(n))),
    st.just(Raw("NaN")),
    st.just(Raw("Infinity")),
)


def dump(value: Any) -> str:
    """JSON text of ``value``, with Raw fragments in place and surrogates kept as \\u escapes."""
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, dict):
        return "{" + ",".join(f"{dump(str(k))}:{dump(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(dump(v) for v in value) + "]"
    return json.dumps(value)


def int_field(bad_ints) -> st.SearchStrategy:
    """What may be sent for a whole-number field and must be refused."""
    return st.one_of(bad_ints, huge_int, non_ascii_digits, raw_values, wrong_type.filter(_not_int))


def _not_int(value: Any) -> bool:
    # null is "not given" for the optional numbers (a hand's number, the first dealer).
    return value is not None and not (isinstance(value, int) and not isinstance(value, bool))


# -- what a game looks like, to see it unchanged -------------------------------------------------


def snapshot() -> tuple:
    games = [
        (g.public_id, g.hands_played, list(g.scores), g.finished, g.scoring_secret)
        for g in Game.objects.order_by("pk")
    ]
    seats = list(Seat.objects.order_by("pk").values_list("game_id", "position", "name"))
    return games, seats, HandRevision.objects.count()


def send(client, method: str, url: str, body: Any = None, *, token=None, key=None, raw=None):
    headers = {}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    if key is not None:
        headers["Idempotency-Key"] = key
    data = raw if raw is not None else ("" if body is None else dump(body))
    return client.generic(
        method, url, data.encode("utf-8", "surrogatepass"), "application/json", headers=headers
    )


def refused(response, *statuses: int) -> None:
    assert 400 <= response.status_code < 500, (response.status_code, response.content[:300])
    if statuses:
        assert response.status_code in statuses, (response.status_code, response.content[:300])


@pytest.fixture
def game(make_game):
    """A Schmier game with two hands, scored through the services."""
    return make_game("schmier", hands=2)


# -- the API -----------------------------------------------------------------------------------

GAME_FIELDS = {
    "variant": st.one_of(hostile_text, wrong_type.filter(lambda v: not isinstance(v, str))),
    "players": st.one_of(
        st.tuples(st.integers(0, 5), bad_names).map(
            lambda p: SIX[: p[0]] + [p[1]] + SIX[p[0] + 1 :]
        ),
        st.lists(st.sampled_from(SIX), max_size=5),
        st.lists(st.sampled_from(SIX), min_size=7, max_size=9),
        wrong_type.filter(lambda v: not isinstance(v, list) or len(v) != 6),
        raw_values,
    ),
    "first_dealer": int_field(st.one_of(st.integers(max_value=-1), st.integers(min_value=6))),
    "options": st.one_of(
        st.fixed_dictionaries({"kitty": int_field(st.integers(min_value=4))}),
        st.dictionaries(hostile_text, st.integers(), min_size=1, max_size=2),
        wrong_type.filter(lambda v: not isinstance(v, dict) and v is not None),
    ),
}


@FUZZ
@given(data=st.data())
def test_fuzz_api_create_and_import_refuse_and_make_no_game(client, game, data):
    field = data.draw(st.sampled_from(sorted(GAME_FIELDS)), label="field")
    body = {"variant": "schmier", "players": list(SIX), "first_dealer": 0}
    body[field] = data.draw(GAME_FIELDS[field], label=field)
    url = data.draw(st.sampled_from(["/api/games", "/api/games/import"]), label="url")
    before = snapshot()

    refused(send(client, "POST", url, body), 422)

    assert snapshot() == before


@FUZZ
@given(
    seat=st.integers(0, 5), name=bad_names, url=st.sampled_from(["/api/games", "/api/games/import"])
)
def test_fuzz_api_new_game_with_an_unshowable_name_is_refused(client, game, seat, name, url):
    players = list(SIX)
    players[seat] = name
    before = snapshot()

    body = {"variant": "schmier", "players": players, "first_dealer": 0}
    response = send(client, "POST", url, body)

    refused(response, 422)
    assert response.json()["detail"][0]["field"] == f"players.{seat}"
    assert snapshot() == before


@FUZZ
@given(
    where=st.sampled_from(["team_names.0", "team_names.1", "players.0", "players.3"]),
    name=bad_names,
    url=st.sampled_from(["/api/games", "/api/games/import"]),
)
def test_fuzz_api_new_game_with_an_unshowable_team_name_or_player_beside_one_is_refused(
    client, game, where, name, url
):
    body: dict[str, Any] = {
        "variant": "ne-wisconsin",
        "players": ["Ann", "Bo", "Cy", "Di"],
        "team_names": ["Sharks", "Jets"],
        "first_dealer": 0,
    }
    field, index = where.split(".")
    body[field][int(index)] = name
    before = snapshot()

    response = send(client, "POST", url, body)

    refused(response, 422)
    assert response.json()["detail"][0]["field"] == where
    assert snapshot() == before


HAND_FIELDS = {
    "bidder": int_field(st.one_of(st.integers(max_value=-1), st.integers(min_value=6))),
    "bid": int_field(st.one_of(st.integers(max_value=1), st.integers(min_value=7))),
    "points": st.one_of(
        st.lists(int_field(st.integers(min_value=7)), min_size=3, max_size=3),
        st.lists(st.integers(0, 6), max_size=2),
        st.lists(st.integers(0, 6), min_size=4, max_size=6),
        wrong_type.filter(lambda v: not isinstance(v, list)),
        raw_values,
    ),
    "awards": st.one_of(
        st.dictionaries(hostile_text, st.integers(0, 2), min_size=1, max_size=2),
        st.fixed_dictionaries({"high": int_field(st.integers(min_value=3))}),
        wrong_type.filter(lambda v: not isinstance(v, dict) and v is not None),
    ),
    "made": st.one_of(
        st.just(False), wrong_type.filter(lambda v: not isinstance(v, bool) and v is not None)
    ),
    "thrown_in": wrong_type.filter(lambda v: not isinstance(v, bool)),
    "number": int_field(st.one_of(st.integers(max_value=2), st.integers(min_value=4))),
}
HAND = {"bidder": 1, "bid": 3, "points": [2, 3, 1]}


def spoiled_hand(data) -> dict[str, Any]:
    field = data.draw(st.sampled_from(sorted(HAND_FIELDS)), label="field")
    body = dict(HAND)
    body[field] = data.draw(HAND_FIELDS[field], label=field)
    if field == "awards":
        body.pop("points")
    return body


@FUZZ
@given(data=st.data())
def test_fuzz_api_hand_writes_refuse_and_leave_the_game(client, game, data):
    body = spoiled_hand(data)
    before = snapshot()
    hands = f"/api/games/{game.public_id}/hands"
    operation = data.draw(st.sampled_from(["record", "edit"]), label="operation")
    if operation == "record":
        response = send(client, "POST", hands, body, token=game.edit_token)
    else:
        response = send(client, "PUT", f"{hands}/1", body, token=game.edit_token)

    refused(response, 409, 422)
    assert snapshot() == before


@FUZZ
@given(
    number=st.one_of(
        non_ascii_digits,
        hostile_text,
        huge_int.map(str),
        st.just("9" * 5000),
        st.integers(max_value=0).map(str),
        st.integers(min_value=3, max_value=10**6).map(str),
    ),
    method=st.sampled_from(["PUT", "DELETE"]),
)
def test_fuzz_api_edit_or_undo_of_a_strange_hand_number_is_refused(client, game, number, method):
    before = snapshot()
    url = f"/api/games/{game.public_id}/hands/{quote(number.encode('utf-8', 'surrogatepass'))}"

    body = HAND if method == "PUT" else None
    refused(send(client, method, url, body, token=game.edit_token), 404, 409, 422)

    assert snapshot() == before


@FUZZ
@given(number=st.sampled_from(["1", "last", "01", "+1", "1.0"]))
def test_fuzz_api_undo_of_a_hand_not_the_last_is_refused(client, game, number):
    before = snapshot()  # the game has two hands: only "2" undoes one

    response = send(
        client, "DELETE", f"/api/games/{game.public_id}/hands/{number}", token=game.edit_token
    )

    refused(response, 409, 422)
    assert snapshot() == before


header_text = st.one_of(
    st.text(alphabet=st.characters(max_codepoint=0xFF, categories=["Cc", "Zs"]), min_size=1),
    st.text(alphabet="abc\x00\x7f", min_size=1).filter(lambda s: "\x00" in s or "\x7f" in s),
)


@FUZZ
@given(
    token=st.one_of(st.none(), header_text, st.text(max_size=60)),
    key=st.one_of(st.none(), header_text),
    operation=st.sampled_from(["record", "undo", "edit"]),
)
def test_fuzz_api_writes_with_a_wrong_token_or_key_are_refused(client, game, token, key, operation):
    if token is None and (key is None or operation == "edit"):
        # An edit takes no Idempotency-Key: only a wrong token can spoil it.
        token, key = "not-the-token", key
    hands = f"/api/games/{game.public_id}/hands"
    # A good token with a hostile key, or a wrong token with or without one.
    token = game.edit_token if token is None else token
    before = snapshot()
    if operation == "record":
        response = send(client, "POST", hands, HAND, token=token, key=key)
    elif operation == "undo":
        response = send(client, "DELETE", f"{hands}/last", token=token, key=key)
    else:
        response = send(client, "PUT", f"{hands}/1", HAND, token=token, key=key)

    refused(response, 401, 403, 422)
    assert snapshot() == before


game_ids = st.one_of(
    hostile_text,
    st.text(min_size=17, max_size=40, alphabet="abcdefghijklmnopqrstuvwxyz0123456789"),
    st.just("%00"),
)


@FUZZ
@given(id=game_ids)
def test_fuzz_api_and_pages_of_a_strange_game_id_are_404(client, game, id):
    quoted = quote(id.encode("utf-8", "surrogatepass"), safe="")
    if not quoted:
        return
    for url in (f"/api/games/{quoted}", f"/g/{quoted}/", f"/g/{quoted}/history.csv"):
        assert client.get(url).status_code == 404, url


@FUZZ
@given(data=st.data())
def test_fuzz_api_import_with_a_spoiled_or_endless_record_is_refused(client, game, data):
    if data.draw(st.booleans(), label="endless"):
        count = data.draw(st.integers(min_value=501, max_value=2000), label="hands")
        record_hands: list[Any] = [{"thrown_in": True}] * count
    else:
        record_hands = [dict(HAND) for _ in range(5)]
        record_hands.insert(data.draw(st.integers(0, 5), label="place"), spoiled_hand(data))
    body = {"variant": "schmier", "players": SIX, "first_dealer": 0, "hands": record_hands}
    before = snapshot()

    refused(send(client, "POST", "/api/games/import", body), 409, 422)

    assert snapshot() == before


@FUZZ
@given(
    content_type=st.sampled_from(
        ["text/plain", "application/x-www-form-urlencoded", "text/json", "application/xml", ""]
    )
)
def test_fuzz_api_bodies_not_sent_as_json_are_refused(client, game, content_type):
    before = snapshot()
    response = client.generic(
        "POST",
        f"/api/games/{game.public_id}/hands",
        json.dumps(HAND),
        content_type,
        headers={"Authorization": f"Bearer {game.edit_token}"},
    )

    refused(response, 415)
    assert snapshot() == before


# -- the forms ---------------------------------------------------------------------------------


def form_post(client, url: str, fields: dict[str, str]):
    """Post the fields urlencoded as a browser would, a lone surrogate as the broken
    UTF-8 bytes it would become."""
    body = "&".join(
        f"{quote(name)}={quote(value.encode('utf-8', 'surrogatepass'), safe='')}"
        for name, value in fields.items()
    )
    return client.generic("POST", url, body, "application/x-www-form-urlencoded")


# Not blank: a blank field is "not given" to a form (the next hand's number, a drawn dealer).
form_text = st.one_of(
    hostile_text, huge_int.map(str), non_ascii_digits, st.just("9" * 5000)
).filter(lambda value: value.strip())


@FUZZ
@given(data=st.data())
def test_fuzz_new_game_form_refuses_and_makes_no_game(client, game, data):
    fields = {"variant": "ne-wisconsin", "first_dealer": "0", "option_kitty": "0"}
    fields.update({f"player_{s}": n for s, n in enumerate(SIX[:4])})
    name = data.draw(
        st.sampled_from(
            ["variant", "first_dealer", "option_kitty", *[f"player_{s}" for s in range(4)]]
        ),
        label="field",
    )
    fields[name] = data.draw(bad_names if name.startswith("player_") else form_text, label=name)
    before = snapshot()

    refused(form_post(client, reverse("game_new"), fields), 422)

    assert snapshot() == before


HAND_FORM_FIELDS = ["number", "bidder", "bid", "award_high", "award_game", "points_0"]


def spoiled_hand_form(data, number: int) -> dict[str, str]:
    fields = awards_post(number, bidder=0, bid=3, awards=SCHMIER_ALL_A)
    name = data.draw(st.sampled_from(HAND_FORM_FIELDS), label="field")
    value = data.draw(form_text, label=name)
    if name == "points_0":
        fields["by_totals"] = "on"
        fields.update({"points_0": value, "points_1": "0", "points_2": "0"})
    else:
        fields[name] = value
    return fields


@FUZZ
@given(data=st.data())
def test_fuzz_hand_forms_refuse_and_leave_the_game(client, game, data):
    grant(client, game)
    screen = data.draw(st.sampled_from(["record", "edit", "preview"]), label="screen")
    before = snapshot()
    if screen == "record":
        fields = spoiled_hand_form(data, number=3)
        refused(form_post(client, reverse("hand_record", args=[game.public_id]), fields), 409, 422)
    elif screen == "edit":
        fields = {**spoiled_hand_form(data, number=1), "confirm": "yes"}
        url = reverse("hand_edit", args=[game.public_id, 1])
        refused(form_post(client, url, fields), 409, 422)
    else:
        fields = spoiled_hand_form(data, number=3)
        response = form_post(client, reverse("hand_preview", args=[game.public_id]), fields)
        assert response.status_code == 200
    assert snapshot() == before


@FUZZ
@given(number=form_text, version=st.one_of(st.none(), form_text))
def test_fuzz_undo_form_with_a_strange_hand_refuses(client, game, number, version):
    grant(client, game)
    fields = {"number": number} if version is None else {"number": number, "version": version}
    before = snapshot()

    refused(form_post(client, reverse("hand_undo", args=[game.public_id]), fields), 409)

    assert snapshot() == before


@FUZZ
@given(code=st.one_of(hostile_text, st.text(max_size=20)))
def test_fuzz_scoring_code_that_is_not_the_games_lets_no_phone_in(client, game, code):
    before = snapshot()
    url = reverse("game_handover", args=[game.public_id])

    refused(form_post(client, url, {"code": code}), 403)

    assert snapshot() == before
    # This device still only watches: its hand is refused.
    record = reverse("hand_record", args=[game.public_id])
    assert client.post(record, {"thrown_in": "1", "number": "3"}).status_code == 403


@pytest.fixture
def member(client, club):
    client.force_login(make_user("mia", club=club))
    return client


@FUZZ
@given(data=st.data())
def test_fuzz_league_game_form_refuses_and_makes_no_game(member, league, four, data):
    fields = {f"seat_{s}": str(p.pk) for s, p in enumerate(four)}
    fields["first_dealer"] = "0"
    name = data.draw(st.sampled_from(sorted(fields)), label="field")
    fields[name] = data.draw(form_text, label=name)
    before = snapshot()

    refused(form_post(member, reverse("league_game_new", args=[league.pk]), fields), 422)

    assert snapshot() == before


@pytest.fixture
def mia(club):
    return make_user("mia", club=club)


@FUZZ
@given(username=form_text, password=form_text)
def test_fuzz_sign_in_with_strange_credentials_is_refused(client, mia, username, password):
    response = form_post(
        client, reverse("league_login"), {"username": username, "password": password}
    )

    refused(response, 422, 429)
    assert "_auth_user_id" not in client.session


@pytest.fixture
def director(client, club):
    client.force_login(make_user("ada", club=club, admin=True))
    return client


@FUZZ
@given(data=st.data())
def test_fuzz_night_form_refuses_and_opens_no_night(director, club, data):
    fields = {
        "name": "Friday progressive",
        "day": "2026-12-04",
        "variant": "schmier",
        "round_format": "hands",
        "round_hands": "6",
        "rounds": "6",
        "win_bonus": "0",
    }
    name = data.draw(st.sampled_from(sorted(fields)), label="field")
    if name == "name":
        fields[name] = data.draw(bad_names, label=name)
    elif name == "day":
        fields[name] = data.draw(
            st.one_of(form_text, st.sampled_from(["9999-12-31", "0001-01-01", "2026-02-30"])),
            label=name,
        )
    else:
        fields[name] = data.draw(form_text, label=name)
    nights = Night.objects.count()

    refused(form_post(director, reverse("night_new", args=[club.slug]), fields), 422)

    assert Night.objects.count() == nights


# -- the director's forms of a night -------------------------------------------------------------


def club_snapshot() -> tuple:
    """Everything a director's or an admin's form could write."""
    return (
        list(Player.objects.order_by("pk").values_list("club_id", "name", "name_key")),
        list(Entrant.objects.order_by("pk").values_list("night_id", "player_id", "present")),
        list(Correction.objects.order_by("pk").values_list("table_id", "team", "points")),
        list(Night.objects.order_by("pk").values_list("pk", "version")),
        list(Round.objects.order_by("pk").values_list("night_id", "number")),
        list(User.objects.order_by("pk").values_list("username", "password", "is_staff")),
        list(Membership.objects.order_by("pk").values_list("user_id", "club_id", "role")),
        list(League.objects.order_by("pk").values_list("name", "variant", "options")),
        list(Club.objects.order_by("pk").values_list("name", "slug")),
        snapshot(),
    )


@pytest.fixture
def drawn_night(director, club):
    """A night of the club with twelve players checked in and round 1 drawn."""
    roster = [Player.objects.create(club=club, name=n) for n in TWELVE]
    night = night_open(
        club=club, name="Friday progressive", day=date(2026, 12, 4), variant="schmier", rounds=3
    )
    for player in roster[:-1]:
        night_check_in(night=night, player=player)
    round_draw(night=night, seed=1)
    return night, roster


TWELVE = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu", "Max"]
# What a player id field may be sent that names no player of the club: not an id at all,
# or an id of no one (the other club's ids are tested in tests/nights).
player_values = st.one_of(form_text, st.integers(10**6, 10**30).map(str))


@FUZZ
@given(data=st.data())
def test_fuzz_night_director_forms_refuse_and_change_nothing(director, drawn_night, data):
    night, roster = drawn_night
    table = night.round_set.get().tables.order_by("number").first()
    form = data.draw(
        st.sampled_from(["check-in player", "check-in walk-in", "check-out", "correct"]),
        label="form",
    )
    if form == "check-in player":
        url = reverse("night_check_in", args=[night.pk])
        fields = {"player": data.draw(player_values, label="player")}
    elif form == "check-in walk-in":
        url = reverse("night_check_in", args=[night.pk])
        # A hostile name, or one that looks like a roster player's.
        alike = st.sampled_from(["İVY", "\u0410nn", "A\u200dnn", "MAX", "B\u043e", "Ｃy"])
        fields = {"walk_in": data.draw(st.one_of(bad_names, alike), label="walk_in")}
    elif form == "check-out":
        url = reverse("night_check_out", args=[night.pk])
        fields = {"player": data.draw(player_values, label="player")}
    else:
        url = reverse("night_correct", args=[night.pk, table.pk])
        fields = {"team": "0", "points": "3", "reason": "scoresheet says 7"}
        name = data.draw(st.sampled_from(sorted(fields)), label="field")
        hostile = {
            "team": st.one_of(form_text, st.sampled_from(["3", "-1", "99"])),
            "points": st.one_of(
                form_text, st.sampled_from(["0", "40000", "-40000", "1001", "32768"])
            ),
            "reason": st.one_of(
                st.tuples(st.text(max_size=5), control_char, st.text(max_size=5)).map("".join),
                st.sampled_from(["", " ", "\x00"]),
            ),
        }
        fields[name] = data.draw(hostile[name], label=name)
    before = club_snapshot()

    refused(form_post(director, url, fields), 422)

    assert club_snapshot() == before


# -- the admin's forms -----------------------------------------------------------------------


@pytest.fixture
def club_admin(client, club):
    ada = make_user("ada", club=club, admin=True)
    client.force_login(ada)
    Player.objects.create(club=club, name="Ann")
    make_user("ben", club=club)
    return client


def _reads_as_int(value: str) -> bool:
    try:
        int(value)
    except ValueError:
        return False
    return True


def admin_refused(response) -> None:
    """The admin answers a form it refuses with the form again (200) and its errors, the
    paste with 422; never a server error."""
    assert response.status_code in (200, 422), (response.status_code, response.content[:300])
    context = response.context
    form = context["adminform"].form if "adminform" in context else context["form"]
    formsets = context.get("inline_admin_formsets", [])
    assert form.errors or any(f.formset.total_error_count() for f in formsets), form.data


look_alikes = st.sampled_from(["\u0410nn", "A\u200dnn", "ANN", "Ａnn", "a\u00adnn"])


@FUZZ
@given(data=st.data())
def test_fuzz_admin_player_forms_refuse_and_add_no_one(club_admin, club, data):
    form = data.draw(st.sampled_from(["add", "paste"]), label="form")
    name = data.draw(st.one_of(bad_names, look_alikes), label="name")
    before = club_snapshot()
    if form == "add":
        url = reverse("admin:smear_scores_player_add")
        response = form_post(club_admin, url, {"club": str(club.pk), "name": name})
    else:
        url = reverse("admin:smear_scores_player_paste")
        lines = ["Bob", "Cat"]
        lines.insert(data.draw(st.integers(0, 2), label="line"), name)
        response = form_post(club_admin, url, {"club": str(club.pk), "names": "\n".join(lines)})

    admin_refused(response)
    assert club_snapshot() == before


@FUZZ
@given(data=st.data())
def test_fuzz_admin_member_form_refuses_and_makes_no_account(club_admin, club, data):
    fields = {"club": str(club.pk), "username": "newbie", "password": "another-long-password"}
    name = data.draw(st.sampled_from(["username", "password", "club"]), label="field")
    if name == "username":
        hostile = st.one_of(
            # Any bad name but one that is only too long for a seat: a username may be.
            bad_names.filter(
                lambda v: v.strip() and not (v.isascii() and v.isalpha() and len(v) <= 150)
            ),
            st.text(alphabet="abc", min_size=151, max_size=300),
            st.sampled_from(["a b<script>", "BEN", "b\u0435n", "ｂｅｎ", "a;b"]),
        )
    elif name == "password":
        hostile = st.one_of(
            st.sampled_from(["newbie", "Newbie1", "password", "12345678", "short"]),
            st.text(alphabet="abc", min_size=1, max_size=7),
        )
    else:
        # Not a number: Python reads "᠑" (a Mongolian digit) as 1, the club's own id.
        hostile = form_text.filter(lambda v: not _reads_as_int(v))
    fields[name] = data.draw(hostile, label=name)
    before = club_snapshot()

    admin_refused(form_post(club_admin, reverse("admin:smear_scores_membership_add"), fields))

    assert club_snapshot() == before


LEAGUE = {
    "name": "Spring",
    "variant": "ne-wisconsin",
    "start_date": "2026-03-01",
    "end_date": "",
    "ranking": "points",
    "points_first": "3",
    "points_second": "1",
    "points_third": "0",
    "min_games": "5",
    "option_ne-wisconsin_kitty": "0",
}


@FUZZ
@given(data=st.data())
def test_fuzz_admin_league_and_club_forms_refuse_and_change_nothing(club_admin, club, data):
    form = data.draw(st.sampled_from(["league", "club"]), label="form")
    if form == "league":
        url = reverse("admin:smear_scores_league_add")
        fields = {"club": str(club.pk), **LEAGUE}
        name = data.draw(st.sampled_from(sorted(fields)), label="field")
        if name == "name":
            value = data.draw(
                st.one_of(
                    st.tuples(st.text(max_size=5), control_char, st.text(max_size=5)).map("".join),
                    st.just(""),
                    st.text(alphabet="ab", min_size=81, max_size=200),
                ),
                label=name,
            )
        elif name.endswith("_date"):
            value = data.draw(
                st.one_of(form_text, st.sampled_from(["2026-02-30", "0000-01-01", "2026-13-01"])),
                label=name,
            )
        else:
            value = data.draw(form_text, label=name)
        fields[name] = value
    else:
        url = reverse("admin:smear_scores_club_change", args=[club.pk])
        fields = {"name": club.name, "slug": club.slug}
        name = data.draw(st.sampled_from(["name", "slug"]), label="field")
        spoiled = st.tuples(st.text(max_size=5), control_char, st.text(max_size=5)).map("".join)
        if name == "name":
            spoiled = st.one_of(spoiled, st.sampled_from(["", "\u3164", "\u202eAce", "x" * 81]))
        else:
            spoiled = st.one_of(spoiled, st.sampled_from(["", "a b", "ü/..", "x" * 41]))
        fields[name] = data.draw(spoiled, label=name)
    before = club_snapshot()

    admin_refused(form_post(club_admin, url, fields))

    assert club_snapshot() == before


CYRILLIC = str.maketrans("ABCEHKMOPTXaceopxy", "АВСЕНКМОРТХасеорху")


@pytest.fixture
def site_admin(client, db):
    root = User.objects.create_superuser("root", password="a-long-site-password")
    client.force_login(root)
    return client


@FUZZ
@given(seat=st.integers(0, 5), name=st.one_of(bad_names, st.just(None)))
def test_fuzz_admin_seat_names_refuse_and_leave_the_game(site_admin, game, seat, name):
    seats = list(game.seats.order_by("position"))
    if name is None:
        # The next seat's name with a Cyrillic letter and a zero-width joiner in it.
        other = seats[(seat + 1) % 6].name
        name = other[0].translate(CYRILLIC) + "\u200d" + other[1:]
    fields = {
        "seats-TOTAL_FORMS": "6",
        "seats-INITIAL_FORMS": "6",
        "seats-MIN_NUM_FORMS": "0",
        "seats-MAX_NUM_FORMS": "1000",
    }
    for n, s in enumerate(seats):
        fields |= {f"seats-{n}-id": str(s.pk), f"seats-{n}-game": str(game.pk)}
        fields[f"seats-{n}-name"] = name if n == seat else s.name
        fields[f"seats-{n}-player"] = ""
    before = club_snapshot()

    url = reverse("admin:smear_scores_game_change", args=[game.pk])
    admin_refused(form_post(site_admin, url, fields))

    assert club_snapshot() == before


# -- the house-rules routes and the streams ---------------------------------------------------


@FUZZ
@given(id=game_ids)
def test_fuzz_house_rules_of_a_strange_id_are_404(client, game, id):
    # A set no id of this shape could name: 404 on every route that reads or writes one,
    # nothing written. (The streams are not asked here: under WSGI they answer 204, no
    # stream, before any look-up.)
    quoted = quote(id.encode("utf-8", "surrogatepass"), safe="")
    if not quoted:
        return
    before = snapshot()
    for url in (
        f"/rules/house/{quoted}/",
        f"/rules/house-{quoted}/",
        f"/api/house-rules/{quoted}",
    ):
        assert client.get(url).status_code == 404, url
    for action in ("keep", "forget", "adopt"):
        refused(client.post(f"/rules/house/{quoted}/{action}/"), 404)
    assert snapshot() == before


@FUZZ
@given(
    where=st.sampled_from(["name", "moon.name", "words.deck"]),
    # The hostile names but the merely long ones (a set's name may be longer than a seat's).
    value=bad_names.filter(lambda v: not (v.isascii() and v.isalpha())),
)
def test_fuzz_api_house_rules_with_an_unshowable_name_or_word_save_nothing(
    client, game, where, value
):
    from smear_scores.models import HouseRules

    body: dict[str, Any] = {"name": "Tuesday Smear", "based_on": "ne-wisconsin"}
    if where == "name":
        body["name"] = value
    elif where == "moon.name":
        body |= {"max_bid": 5, "moon": {"name": value, "made": "wins", "failed": "loses"}}
    else:
        body["words"] = {"deck": value}
    if where == "words.deck" and len(value) <= 300 and not value.strip(INVISIBLE + " "):
        return  # words may be blank or long prose: only a control or a surrogate is hostile
    saved = HouseRules.objects.count()

    response = send(client, "POST", "/api/house-rules", body)

    refused(response, 422)
    assert HouseRules.objects.count() == saved
