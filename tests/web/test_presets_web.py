"""Every preset's worked examples, from its source (``Variant.examples``), played through the
screens as a table would: the game started on the new-game screen, the hands before it
typed in as totals until the scores are the example's, then the example's hand tapped in
on the scoreboard, with the preview first. The board must then show the example's scores,
and its winner when the example ends the game."""

from __future__ import annotations

import functools
import itertools
import re
from dataclasses import dataclass

import pytest
from django.urls import reverse

from smear_scores import rules
from smear_scores.models import Game

from .conftest import HTMX, find_all, notices, scores, text

NAMES = ["Ann", "Bo", "Cy", "Dee", "Eli", "Flo", "Gus", "Hal"]

EXAMPLES = [
    pytest.param(variant, n, id=f"{variant.slug}-{n + 1}")
    for variant in rules.VARIANTS.values()
    for n in range(len(variant.examples))
]


def test_every_preset_has_a_worked_example():
    assert [v.slug for v in rules.VARIANTS.values() if not v.examples] == []


@dataclass(frozen=True)
class Totals:
    """One hand before the example, as typed totals: the bidder's team, its points and
    the others'."""

    team: int
    points: tuple[int, ...]


def _plan(variant: rules.Variant, before: tuple[int, ...]) -> list[Totals]:
    """Made hands of typed totals that bring a new game to ``before`` without a team
    reaching the target, bidding the lowest bid (never the moon), each hand's points
    adding up as the variant allows (D1) and, where taking every point wins at once, no
    team taking them all. A small search: the examples start within a few hands."""
    least, most = variant.min_points_per_hand, variant.max_points_per_hand
    bid = variant.min_bid

    @functools.cache
    def hands(left: tuple[int, ...]) -> tuple[Totals, ...] | None:
        if not any(left):
            return ()
        for team in sorted(range(variant.teams), key=lambda t: -left[t]):
            others = [t for t in range(variant.teams) if t != team]
            for own in range(min(left[team], most), bid - 1, -1):
                if own == most and variant.all_points_wins:
                    continue
                ranges = [range(min(left[t], most - own), -1, -1) for t in others]
                for taken in itertools.product(*ranges):
                    if not least <= own + sum(taken) <= most:
                        continue
                    points = [0] * variant.teams
                    points[team] = own
                    for t, p in zip(others, taken, strict=True):
                        points[t] = p
                    rest = hands(tuple(a - b for a, b in zip(left, points, strict=True)))
                    if rest is not None:
                        return (Totals(team, tuple(points)), *rest)
        return None

    found = hands(tuple(before))
    assert found is not None, f"no hands lead {variant.slug} to {before}"
    return list(found)


def _start(client, variant: rules.Variant, example: rules.Example, setup: int) -> Game:
    """The game on the new-game screen: its options, the dealer that makes the example's
    dealer deal the example's hand after ``setup`` scored hands."""
    fields = {
        "variant": variant.slug,
        "first_dealer": str((example.dealer - setup) % variant.players),
    }
    fields |= {f"player_{s}": NAMES[s] for s in range(variant.players)}
    for option in variant.options:
        value = example.options.get(option.name, option.default)
        if option.type is bool:
            if value:
                fields[f"option_{option.name}"] = "on"
        else:
            fields[f"option_{option.name}"] = str(value)
    response = client.post(reverse("game_new"), fields)
    assert response.status_code == 302, text(response)
    return Game.objects.get()


def _totals_post(variant: rules.Variant, number: int, hand: Totals) -> dict[str, str]:
    # The bidder: the team's first seat.
    post = {"number": str(number), "bidder": str(hand.team), "bid": str(variant.min_bid)}
    post["by_totals"] = "on"
    post |= {f"points_{t}": str(p) for t, p in enumerate(hand.points)}
    return post


def _example_post(variant: rules.Variant, number: int, entry: rules.HandEntry) -> dict[str, str]:
    if entry.thrown_in:
        return {"number": str(number), "thrown_in": "1"}
    post = {"number": str(number), "bidder": str(entry.bidder), "bid": str(entry.bid)}
    for point in variant.points:
        team = entry.awards.get(point.key)
        post[f"award_{point.key}"] = "none" if team is None else str(team)
    return post


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
@pytest.mark.parametrize(("variant", "n"), EXAMPLES)
def test_preset_worked_example_plays_through_the_screens(client, db, variant, n, htmx):
    example = variant.examples[n]
    setup = _plan(variant, example.scores_before)
    game = _start(client, variant, example, len(setup))
    record = reverse("hand_record", args=[game.public_id])
    for number, hand in enumerate(setup, start=1):
        assert client.post(record, _totals_post(variant, number, hand)).status_code == 302
    board = text(client.get(reverse("game", args=[game.public_id])))
    assert scores(board) == list(example.scores_before)
    names = NAMES[: variant.players]
    dealer = names[example.dealer]
    assert f"Hand {len(setup) + 1} · {dealer} deals" in board

    post = _example_post(variant, len(setup) + 1, example.entry)
    preview = text(client.post(reverse("hand_preview", args=[game.public_id]), post, **HTMX))
    assert find_all(preview, "span", "will"), preview
    if example.finished:
        assert "ends the game: " in find_all(preview, "span", "will")[0]

    if htmx:
        response = client.post(record, post, **HTMX)
        assert response.status_code == 200
        page = text(response)
    else:
        response = client.post(record, post)
        assert response.status_code == 302
        page = text(client.get(response["Location"]))
    assert scores(page) == list(example.scores_after)
    notice = notices(page)[0]
    assert notice.startswith(f"Hand {len(setup) + 1}: ")
    game.refresh_from_db()
    assert (game.finished, game.winner) == (example.finished, example.winner)
    if example.finished:
        winner = find_all(page, "p", "banner-title")
        partners = " & ".join(names[s] for s in variant.seats_of(example.winner))
        assert winner == [f"{partners} win!"]
    else:
        assert find_all(page, "p", "banner-title") == []
        assert re.search(r'<form id="hand-form"', page)
