"""A hand as the table reports it, and its validation against a variant."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import RuleError
from .variants import Variant


@dataclass(frozen=True)
class HandEntry:
    """What the scorer reports for one deal.

    Either a thrown-in deal (D4), or the bidder's seat, the bid and the points taken:
    one number per team (``points``) or, per point category, the team that took it
    (``awards``; None or a missing key means nobody took it). ``made`` is the scorer's
    optional "made"/"set" claim (D3).
    """

    thrown_in: bool = False
    bidder: int | None = None
    bid: int | None = None
    points: tuple[int, ...] | None = None
    awards: Mapping[str, int | None] | None = None
    made: bool | None = None

    @classmethod
    def thrown(cls) -> HandEntry:
        return cls(thrown_in=True)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def and_join(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def points_from_awards(variant: Variant, awards: Mapping[str, int | None]) -> tuple[int, ...]:
    totals = [0] * variant.teams
    for key in variant.point_keys:
        team = awards.get(key)
        if team is not None:
            totals[team] += 1
    return tuple(totals)


def _check_awards(variant: Variant, awards: Any) -> list[RuleError]:
    rule = variant.rule("points")
    if not isinstance(awards, Mapping):
        return [RuleError("awards", "Say, for each point, which team took it.", rule)]
    errors = []
    for key, team in awards.items():
        category = variant.category(key)
        if category is None:
            known = ", ".join(variant.point_keys)
            errors.append(
                RuleError(
                    f"awards.{key}",
                    f"{variant.name} has no point called {key!r}; its points are {known}.",
                    rule,
                )
            )
        elif team is not None and not (_is_int(team) and 0 <= team < variant.teams):
            errors.append(
                RuleError(
                    f"awards.{key}",
                    f"{category.label} must go to one of the {variant.teams} teams "
                    f"(0 to {variant.teams - 1}) or to nobody, not {team!r}.",
                    rule,
                )
            )
    for key in variant.always_awarded:
        if awards.get(key) is None:
            label = variant.category(key).label
            errors.append(
                RuleError(
                    f"awards.{key}",
                    f"{variant.name} awards {label} in every hand: say which team took it.",
                    "D1",
                )
            )
    return errors


def _check_points(variant: Variant, points: Any) -> list[RuleError]:
    rule = variant.rule("points")
    if not isinstance(points, list | tuple) or len(points) != variant.teams:
        return [
            RuleError(
                "points",
                f"Give the points taken by each of the {variant.teams} teams, one number per team.",
                rule,
            )
        ]
    errors = []
    most = variant.max_points_per_hand
    for team, taken in enumerate(points):
        if not _is_int(taken) or not 0 <= taken <= most:
            errors.append(
                RuleError(
                    f"points.{team}",
                    f"{variant.team_label(team)} can take 0 to {most} points in a hand, "
                    f"not {taken!r}.",
                    rule,
                )
            )
    if errors:
        return errors
    total = sum(points)
    least = variant.min_points_per_hand
    if not least <= total <= most:
        if least:
            labels = [variant.category(k).label for k in variant.always_awarded]
            message = (
                f"{variant.name} awards {and_join(labels)} every hand: the teams' points "
                f"must add up to {least} or {most}, not {total}."
                if most - least == 1
                else f"{variant.name} awards {and_join(labels)} every hand: the teams' points "
                f"must add up to {least} to {most}, not {total}."
            )
        else:
            message = (
                f"{variant.name} has only {most} points a hand: the teams' points must add up "
                f"to 0 to {most}, not {total}."
            )
        errors.append(RuleError("points", message, "D1"))
    return errors


def validate_hand(variant: Variant, entry: HandEntry) -> list[RuleError]:
    """Every rule the entry breaks, all at once; an empty list means the hand is sound."""
    if entry.thrown_in:
        stray = [
            name
            for name in ("bidder", "bid", "points", "awards", "made")
            if getattr(entry, name) is not None
        ]
        words = {"made": "made or set claim"}
        return [
            RuleError(
                name,
                f"A thrown-in deal has no {words.get(name, name)}: everyone passed, "
                "so leave it out.",
                "D4",
            )
            for name in stray
        ]

    errors: list[RuleError] = []
    bids_rule = variant.rule("bids")
    if entry.bidder is None:
        errors.append(RuleError("bidder", "Say who won the bid.", bids_rule))
    elif not _is_int(entry.bidder) or not 0 <= entry.bidder < variant.players:
        errors.append(
            RuleError(
                "bidder",
                f"The bidder must be one of the {variant.players} seats "
                f"(0 to {variant.players - 1}), not {entry.bidder!r}.",
                variant.rule("seats"),
            )
        )
    if entry.bid is None:
        errors.append(RuleError("bid", "Say how much was bid.", bids_rule))
    elif not _is_int(entry.bid) or not variant.min_bid <= entry.bid <= variant.max_bid:
        errors.append(
            RuleError(
                "bid",
                f"{variant.name} bids run from {variant.min_bid} to {variant.max_bid}, "
                f"not {entry.bid!r}.",
                bids_rule,
            )
        )

    if (entry.points is None) == (entry.awards is None):
        errors.append(
            RuleError(
                "points",
                "Give the points either as one number per team or as who took each point, "
                "not both and not neither.",
                variant.rule("points"),
            )
        )
        return errors
    if entry.awards is not None:
        point_errors = _check_awards(variant, entry.awards)
    else:
        point_errors = _check_points(variant, entry.points)
    errors.extend(point_errors)

    if entry.made is not None and not isinstance(entry.made, bool):
        errors.append(RuleError("made", "Made must be true or false.", "D3"))
    elif entry.made is not None and not errors:
        points = taken_points(variant, entry)
        team = variant.team_of(entry.bidder)
        taken = points[team]
        made = taken >= entry.bid
        if made != entry.made:
            actual, said = ("a make", "a set") if made else ("a set", "a make")
            errors.append(
                RuleError(
                    "made",
                    f"{variant.team_label(team)} took {taken} point{'s' if taken != 1 else ''} "
                    f"{'and' if made else 'but'} bid {entry.bid}: "
                    f"that is {actual}, not {said}.",
                    "D3",
                )
            )
    return errors


def taken_points(variant: Variant, entry: HandEntry) -> tuple[int, ...]:
    """Points each team took in a validated entry (zeros for a thrown-in deal)."""
    if entry.thrown_in:
        return (0,) * variant.teams
    if entry.awards is not None:
        return points_from_awards(variant, entry.awards)
    return tuple(entry.points)
