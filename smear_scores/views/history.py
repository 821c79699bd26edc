"""A game's whole history: the page (with its chart) and the CSV."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from smear_scores.permissions import (
    can_score,
)
from smear_scores.selectors import games
from smear_scores.selectors.agreements import agreement_events

from .answers import HtmxRequest, page_or_fragment
from .board import (
    game_of,
)
from .exports import SafeWriter


@require_GET
def game_history(request: HtmxRequest, public_id: str) -> HttpResponse:
    game = game_of(public_id)
    rows = games.game_history(game)
    context = {
        "game": game,
        "variant": game.rules_variant,
        "teams": games.game_teams(game),
        "rows": rows,
        "chart": games.history_chart(game.rules_variant, rows),
        "scorer": can_score(request, game),
        # Two keys: what the other teams said of each hand, and the director's decisions.
        "agreements": sorted(agreement_events(game).items()) if game.confirm else None,
    }
    return page_or_fragment(request, "games/history.html", "history", context)


@require_GET
def game_history_csv(request: HttpRequest, public_id: str) -> HttpResponse:
    """The history table as CSV: one row per hand, points and running totals per team."""
    game = game_of(public_id)
    rows = games.game_history(game)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="smear-{game.public_id}.csv"'
    writer = SafeWriter(response)
    labels = list(games.team_names(game))
    # D13: the card points each team counted; empty where the table did not count.
    counted = labels if game.rules_variant.counts_game else []
    # Two keys: a last column with what the other teams said of each hand and the
    # director's decisions, in a game they confirm.
    events = agreement_events(game) if game.confirm else None
    writer.writerow(
        ["hand", "dealer", "bidder", "bid", "result"]
        + [f"{label} points" for label in labels]
        + [f"{label} total" for label in labels]
        + ["edited"]
        + [f"{label} card points" for label in counted]
        + (["agreement"] if events is not None else [])
    )
    for row in rows:
        writer.writerow(
            [row.number, row.dealer, row.bidder or "", row.bid or "", row.result]
            + row.points
            + row.totals
            + ["yes" if row.edited else "no"]
            + (row.card_points if row.card_points is not None else [""] * len(counted))
            + (["; ".join(events.get(row.number, []))] if events is not None else [])
        )
    return response
