"""A new game: its rules (a preset, saved house rules or settings given inline), its
players and team names, all checked at once (``game_create``); or a whole game from a
record, every hand checked (``game_import``)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from django.db import transaction

from smear_scores import rules
from smear_scores.models import Game, Hand, HandRevision, HouseRules, Player, Seat
from smear_scores.models.house_rules import HOUSE_SLUG
from smear_scores.rules import HandRefused, RuleError
from smear_scores.selectors.games import named_state
from smear_scores.services import game_writes
from smear_scores.services.game_names import check_players, check_team_names
from smear_scores.services.house_rules import checked_settings


def _variant(slug: Any) -> rules.Variant:
    try:
        return rules.get_variant(slug)
    except (KeyError, TypeError):
        known = ", ".join(rules.VARIANTS)
        raise HandRefused(
            [RuleError("variant", f"Unknown variant {slug!r}: choose one of {known}.", "")]
        ) from None


def _rules_of(
    variant: Any, house_rules: HouseRules | None, settings: dict[str, Any] | None
) -> tuple[rules.Variant, str]:
    """The rules a new game freezes and the preset slug it is recorded under: a preset
    (``variant``), a saved set (``house_rules``: the preset it started from) or settings
    given inline (``settings``, refused field by field as ``settings.<path>``)."""
    chosen = {"variant": variant, "house_rules": house_rules, "settings": settings}
    given = [name for name, value in chosen.items() if value is not None]
    if len(given) > 1:
        raise HandRefused(
            [
                RuleError(
                    given[1],
                    f"Give the rules once: {' or '.join(given)}, not both.",
                    "",
                )
            ]
        )
    if not given:
        known = ", ".join(rules.VARIANTS)
        raise HandRefused(
            [
                RuleError(
                    "variant",
                    f"Say which rules the game plays: a variant (one of {known}), saved "
                    "house rules or their settings.",
                    "",
                )
            ]
        )
    if house_rules is not None:
        return house_rules.rules_variant, house_rules.based_on
    if settings is not None:
        full = checked_settings(settings, prefix="settings.")
        return rules.variant_from_settings(full, slug=HOUSE_SLUG), full["based_on"]
    played = _variant(variant)
    return played, played.slug


def rules_given(variant: str, house_rules: HouseRules | None) -> dict[str, Any]:
    """game_create's rules for a league's or a night's games: their house rules, if any,
    else their preset."""
    return {"house_rules": house_rules} if house_rules is not None else {"variant": variant}


@transaction.atomic
def game_create(
    *,
    variant: str | None = None,
    players: Sequence[str],
    first_dealer: int | None = None,
    options: dict[str, Any] | None = None,
    rematch_of: Game | None = None,
    hand_limit: int | None = None,
    seat_players: Sequence[Player] | None = None,
    team_names: Sequence[str] | None = None,
    house_rules: HouseRules | None = None,
    settings: dict[str, Any] | None = None,
    **extra: Any,
) -> Game:
    """A new game; ``first_dealer=None`` draws the dealer at random (S3, W4).
    Its rules: a preset (``variant``), a saved set (``house_rules``) or settings given
    inline (``settings``, as ``house_rules_create`` takes them); one of the three.
    ``hand_limit``: a night's round that ends after that many scored hands.
    ``seat_players``: the roster players in the seats, in seat order (league games).
    ``team_names``: the table's names for its teams, in team order ("" for a team called
    by its partners).

    Raises HandRefused with every problem of the set-up at once."""
    rules_variant, slug = _rules_of(variant, house_rules, settings)
    if hand_limit is not None:
        rules_variant = dataclasses.replace(rules_variant, hand_limit=hand_limit)
    if first_dealer is None:
        first_dealer = random.randrange(rules_variant.players)
    state, stored_team_names = _checked_start(
        rules_variant, players, team_names, options, first_dealer
    )
    game = Game.objects.create(
        variant=slug,
        house_rules=house_rules,
        variant_spec=rules.variant_to_dict(rules_variant),
        options=dict(state.options),
        first_dealer=first_dealer,
        **Game.standings(state),
        rematch_of=rematch_of,
        team_names=stored_team_names,
        **extra,
    )
    Seat.objects.bulk_create(
        Seat(
            game=game,
            position=seat,
            name=name.strip(),
            player=seat_players[seat] if seat_players is not None else None,
        )
        for seat, name in enumerate(players)
    )
    return game


def _checked_start(
    variant: rules.Variant,
    players: Sequence[str],
    team_names: Sequence[str] | None,
    options: dict[str, Any] | None,
    first_dealer: int,
) -> tuple[rules.GameState, list[str]]:
    """The game's opening standings and its teams' names as stored, once the players,
    the team names and the options are all right; HandRefused with every problem."""
    errors = check_players(variant, players)
    stored_team_names, team_errors = check_team_names(variant, players, team_names)
    errors.extend(team_errors)
    try:
        state = rules.new_game(variant, options, first_dealer)
    except HandRefused as refused:
        errors.extend(refused.errors)
    if errors:
        raise HandRefused(errors)
    return state, stored_team_names


@transaction.atomic
def game_import(*, record: dict[str, Any], source: str = "import") -> Game:
    """A whole game from a record (variant, players, first_dealer, options, hands); every
    hand is validated, and one bad hand refuses the whole import, naming its number.

    ``stated_points`` (optional, one per hand) are the points a record gives beside the
    awards of a hand; they must agree with what the awards give, or the import is refused
    (the record keeps the awards, so a disagreement would silently lose the points)."""
    game = game_create(
        variant=record.get("variant"),
        house_rules=record.get("house_rules"),
        settings=record.get("settings"),
        players=record.get("players") or [],
        first_dealer=record.get("first_dealer", 0),
        options=record.get("options") or {},
        team_names=record.get("team_names"),
    )
    entries = list(record.get("hands") or [])
    stated = list(record.get("stated_points") or [None] * len(entries))
    state = named_state(game)
    hands, revisions = [], []
    for entry, points in zip(entries, stated, strict=True):
        try:
            state, result = state.play(entry)
        except HandRefused as refused:
            raise rules.RecordRefused.of(refused, state.next_number) from None
        if points is not None and not entry.thrown_in and tuple(points) != result.points:
            raise rules.RecordRefused(
                [
                    RuleError(
                        "points",
                        f"the points {list(points)} do not match who took each point, "
                        f"which gives {list(result.points)}; give only one of points and "
                        f"awards, or make them agree.",
                        game.rules_variant.rule("points"),
                    )
                ],
                hand_number=result.number,
            )
        hand, revision = game_writes.hand_rows(game, result, HandRevision.Action.IMPORT, source)
        hands.append(hand)
        revisions.append(revision)
    Hand.objects.bulk_create(hands)
    HandRevision.objects.bulk_create(revisions)
    game_writes.game_save(game, state=state)
    return game
