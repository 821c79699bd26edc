"""A hand checked against a variant (the entry as the table reports it: entry.py), and
the points each team took."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .entry import HandEntry
from .errors import RuleError
from .variants import GAME, Variant


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def and_join(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def points_from_awards(variant: Variant, awards: Mapping[str, int | None]) -> tuple[int, ...]:
    totals = [0] * variant.teams
    for point in variant.points:
        team = awards.get(point.key)
        if team is not None:
            totals[team] += point.value
    return tuple(totals)


# -- counting Game (S5, W5, D2, D13) ---------------------------------------------------------
def game_from_card_points(counts: Sequence[int]) -> int | None:
    """The team that takes Game from checked counts: the most card points; a tie for the
    most gives it to nobody (D2, D13)."""
    most = max(counts)
    leaders = [team for team, count in enumerate(counts) if count == most]
    return leaders[0] if len(leaders) == 1 else None


def card_points_verdict(variant: Variant, counts: Sequence[int]) -> str:
    """'Ann & Dee take Game, 34 to 27 to 20' or 'Nobody: a tie at 30', from checked counts."""
    team = game_from_card_points(counts)
    if team is None:
        return f"Nobody: a tie at {max(counts)}"
    label = variant.team_label(team)
    # A team called by its partners is plural ("Ann & Dee take"), a letter is not.
    verb = "take" if variant.team_is_plural(team) else "takes"
    scores = " to ".join(str(c) for c in sorted(counts, reverse=True))
    return f"{label} {verb} Game, {scores}"


def check_card_points(variant: Variant, counts: Any) -> list[RuleError]:
    """What is wrong with a table's counts of card points (D13), all at once."""
    if not variant.counts_game:
        return [
            RuleError(
                "card_points",
                f"{variant.name} has no card points to count here: say who took Game instead.",
                "D13",
            )
        ]
    if not isinstance(counts, list | tuple) or len(counts) != variant.teams:
        return [
            RuleError(
                "card_points",
                f"Give the card points each of the {variant.teams} teams took, one whole "
                "number per team in team order (0 for a team that took none).",
                "D13",
            )
        ]
    errors = [
        RuleError(
            f"card_points.{team}",
            f"{variant.team_label(team)}'s card points must be a whole number from 0 up, "
            f"not {count!r}.",
            "D13",
        )
        for team, count in enumerate(counts)
        if not _is_int(count) or count < 0
    ]
    if errors:
        return errors
    total, most = sum(counts), variant.card_points_total
    assert most is not None  # counts_game above
    if total > most:
        errors.append(
            RuleError(
                "card_points",
                f"The counts add up to {total}, but {variant.name} has {most} card points "
                "in all: check the counts.",
                "D13",
            )
        )
    return errors


def _check_counted_game(
    variant: Variant, counts: tuple[int, ...], awarded: int | None
) -> RuleError | None:
    """A Game award given beside checked counts must be the one the counts give (D13)."""
    counted = game_from_card_points(counts)
    if awarded == counted:
        return None
    said = (
        f"Game is marked for {variant.team_label(awarded)}"
        if awarded is not None
        else f"Game is marked for {variant.point(GAME).nobody}"
    )
    if counted is None:
        return RuleError(
            "card_points",
            f"The counts are a tie at {max(counts)}, so nobody takes Game, but {said}: "
            f"mark {variant.point(GAME).nobody} or check the counts.",
            "D13",
        )
    return RuleError(
        "card_points",
        f"The counts give Game to {variant.team_label(counted)} "
        f"({' to '.join(str(c) for c in counts)}), but {said}: mark "
        f"{variant.team_label(counted)} or check the counts.",
        "D13",
    )


def hand_awards(variant: Variant, entry: HandEntry) -> Mapping[str, int | None] | None:
    """Who took each point: as given, with Game awarded from the counts when the table
    counted and did not say who took it (D13). For a checked entry."""
    awards = entry.awards
    if awards is None or entry.card_points is None or GAME in awards:
        return awards
    return {**awards, GAME: game_from_card_points(entry.card_points)}


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
            label = variant.point(key).label
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
            labels = [variant.point(k).label for k in variant.always_awarded]
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
    impossible = _no_deal_gives(variant, tuple(points))
    if impossible:
        errors.append(RuleError("points", impossible, "D1"))
    return errors


def _can_deal(values: tuple[tuple[int, bool], ...], wanted: tuple[int, ...]) -> bool:
    """Can the points (value, always awarded), largest first, be shared out so each team
    gets exactly ``wanted`` (D1: a point that may go unawarded may go to nobody)?"""
    if not values:
        return not any(wanted)
    (value, always), rest = values[0], values[1:]
    left = sum(v for v, _ in rest)
    for team, need in enumerate(wanted):
        if need >= value:
            after = (*wanted[:team], need - value, *wanted[team + 1 :])
            if sum(after) <= left and _can_deal(rest, after):
                return True
    return not always and sum(wanted) <= left and _can_deal(rest, wanted)


def _no_deal_gives(variant: Variant, points: tuple[int, ...]) -> str:
    """Why no deal of the variant's points gives these totals, or '' when one does."""
    values = tuple(sorted(((p.value, p.always_awarded) for p in variant.points), reverse=True))
    if _can_deal(values, points):
        return ""
    given = and_join([f"{variant.team_label(t)} {p}" for t, p in enumerate(points)])
    worth = and_join([f"{p.label} {p.value}" for p in variant.points])
    sums = _possible_sums(values)
    if sum(points) not in sums:
        can = ", ".join(str(n) for n in sums[:-1]) + f" or {sums[-1]}" if len(sums) > 1 else "0"
        why = f"the teams' points can add up to {can}, not {sum(points)}"
    else:
        why = "no way of sharing them out between the teams gives these totals"
    return (
        f"No deal gives {given}: {variant.name}'s points are {worth}, and {why}. Check the "
        "points, or say who took each point."
    )


def _possible_sums(values: tuple[tuple[int, bool], ...]) -> list[int]:
    sums = {0}
    for value, always in values:
        sums = {s + value for s in sums} | (set() if always else sums)
    return sorted(sums)


def validate_hand(variant: Variant, entry: HandEntry) -> list[RuleError]:
    """Every rule the entry breaks, all at once; an empty list means the hand is sound."""
    if entry.thrown_in:
        return _check_thrown_in(variant, entry)
    errors = _check_bidder_and_bid(variant, entry)
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
    errors.extend(_check_taken(variant, entry))
    errors.extend(_check_made_claim(variant, entry, sound=not errors))
    return errors


def _check_thrown_in(variant: Variant, entry: HandEntry) -> list[RuleError]:
    """A thrown-in deal (D4) has nothing else, and only where the dealer is not stuck."""
    stray = [
        name
        for name in ("bidder", "bid", "points", "awards", "made", "card_points")
        if getattr(entry, name) is not None
    ]
    words = {"made": "made or set claim", "card_points": "card points"}
    errors = [
        RuleError(
            name,
            f"A thrown-in deal has no {words.get(name, name)}: everyone passed, so leave it out.",
            "D4",
        )
        for name in stray
    ]
    if variant.all_pass == "stick_dealer":
        # The dealer is stuck with the minimum bid: no hand is thrown in.
        errors.append(
            RuleError(
                "thrown_in",
                f"In {variant.name} the dealer is stuck when everyone passes and must "
                f"bid {variant.min_bid}: record the dealer's bid of {variant.min_bid} "
                "instead of a thrown-in deal.",
                variant.rule("thrown_in"),
            )
        )
    return errors


def _check_bidder_and_bid(variant: Variant, entry: HandEntry) -> list[RuleError]:
    """A bidder at the table and a bid the variant allows."""
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
        moon = f" ({variant.max_bid} is {variant.moon.name})" if variant.moon else ""
        errors.append(
            RuleError(
                "bid",
                f"{variant.name} bids run from {variant.min_bid} to {variant.max_bid}"
                f"{moon}, not {entry.bid!r}.",
                bids_rule,
            )
        )
    return errors


def _check_taken(variant: Variant, entry: HandEntry) -> list[RuleError]:
    """What the teams took, given one way (points or awards), and any card points counted
    beside it (D13): the points' problems, then the counts'."""
    counts = entry.card_points
    count_errors = check_card_points(variant, counts) if counts is not None else []
    if entry.awards is not None:
        awards: Any = entry.awards  # as the table sent it: checked below
        if counts is not None and not count_errors and isinstance(awards, Mapping):
            if GAME not in awards:
                # D13: counted and not tapped: the counts award Game.
                awards = hand_awards(variant, entry)
            elif (given := awards[GAME]) is None or (_is_int(given) and 0 <= given < variant.teams):
                wrong = _check_counted_game(variant, tuple(counts), given)
                if wrong is not None:
                    count_errors.append(wrong)
        return _check_awards(variant, awards) + count_errors
    if counts is not None and not count_errors:
        count_errors.append(
            RuleError(
                "card_points",
                "Counted card points decide who took Game: give who took each point, "
                "not only each team's points.",
                "D13",
            )
        )
    return _check_points(variant, entry.points) + count_errors


def _check_made_claim(variant: Variant, entry: HandEntry, *, sound: bool) -> list[RuleError]:
    """The scorer's "made" or "set" (D3) against the points taken, once the rest of the
    hand is ``sound``."""
    if entry.made is None:
        return []
    if not isinstance(entry.made, bool):
        return [RuleError("made", "Made must be true or false.", "D3")]
    if not sound:
        return []
    assert entry.bidder is not None and entry.bid is not None  # a sound hand has them
    team = variant.team_of(entry.bidder)
    taken = taken_points(variant, entry)[team]
    in_play = variant.max_points_per_hand
    # D3 (a moon is made only by taking every point in play: the moon's rule).
    stakes = variant.moon if variant.is_moon(entry.bid) else None
    moon = stakes is not None
    made = taken >= in_play if moon else taken >= entry.bid
    if made == entry.made:
        return []
    actual, said = ("a make", "a set") if made else ("a set", "a make")
    bid = f"{stakes.name}, every point ({in_play})" if stakes is not None else entry.bid
    return [
        RuleError(
            "made",
            f"{variant.team_label(team)} took {taken} point{'s' if taken != 1 else ''} "
            f"{'and' if made else 'but'} bid {bid}: "
            f"that is {actual}, not {said}.",
            variant.rule("moon") if moon else "D3",
        )
    ]


def taken_points(variant: Variant, entry: HandEntry) -> tuple[int, ...]:
    """Points each team took in a validated entry (zeros for a thrown-in deal)."""
    if entry.thrown_in:
        return (0,) * variant.teams
    awards = hand_awards(variant, entry)
    if awards is not None:
        return points_from_awards(variant, awards)
    assert entry.points is not None  # a checked entry gives awards or points
    return tuple(entry.points)
