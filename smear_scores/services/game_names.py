"""The names at a table: a new game's players (a name per seat, each one the table can
tell apart) and the names it gives its teams (none another team's, nor a player's), and a
player's name corrected once the game has begun."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction

from smear_scores import rules
from smear_scores.models import Game
from smear_scores.names import name_key, name_problem
from smear_scores.rules import RuleError
from smear_scores.services import game_writes

MAX_NAME = 40
MAX_TEAM_NAME = 30


def check_players(variant: rules.Variant, players: Sequence[Any]) -> list[RuleError]:
    """What is wrong with a new game's players: a name per seat, in seat order, each one
    the table can tell apart from the others."""
    seats_rule = variant.rule("seats")
    if not isinstance(players, list | tuple) or len(players) != variant.players:
        return [
            RuleError(
                "players",
                f"{variant.name} is played by {variant.players} players: give "
                f"{variant.players} names in seat order, clockwise.",
                seats_rule,
            )
        ]
    errors = []
    seen: dict[str, int] = {}
    for seat, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            errors.append(
                RuleError(f"players.{seat}", f"Seat {seat + 1} needs a player's name.", seats_rule)
            )
        elif (problem := name_problem(name.strip())) is not None:
            errors.append(
                RuleError(f"players.{seat}", f"Seat {seat + 1}'s name {problem}.", seats_rule)
            )
        elif len(name.strip()) > MAX_NAME:
            errors.append(
                RuleError(
                    f"players.{seat}",
                    f"Seat {seat + 1}'s name is {len(name.strip())} characters long; "
                    f"keep it to {MAX_NAME}.",
                    seats_rule,
                )
            )
        elif (first := seen.setdefault(name_key(name), seat)) != seat:
            # "Ann bid 4, Ann took high": every message must say which player it means.
            errors.append(
                RuleError(
                    f"players.{seat}",
                    f"Seat {seat + 1}'s name looks the same as seat {first + 1}'s "
                    f"({players[first].strip()}): give each player a name the table can "
                    "tell apart (e.g. add an initial).",
                    seats_rule,
                )
            )
    return errors


def check_team_names(
    variant: rules.Variant, players: Sequence[Any], team_names: Sequence[Any] | None
) -> tuple[list[str], list[RuleError]]:
    """The table's names for its teams as stored (team order, "" for a team called by its
    partners; [] when no team has a name) and what is wrong with them (_team_name_problem)."""
    if not team_names:
        return [], []
    if not isinstance(team_names, list | tuple) or len(team_names) != variant.teams:
        return [], [
            RuleError(
                "team_names",
                f"{variant.name} has {variant.teams} teams: give {variant.teams} team names "
                f'in team order, or "" for a team called by its partners.',
                "",
            )
        ]
    partners, people = _how_the_table_calls(variant, players)
    stored: list[str] = []
    errors: list[RuleError] = []
    taken: dict[str, tuple[str, str]] = {}  # a name given -> (the team's partners, the name)
    for team, name in enumerate(team_names):
        field, who = f"team_names.{team}", partners[team]
        if not isinstance(name, str):
            message = f'The name for {who} must be text, or "" to call them {who}.'
            errors.append(RuleError(field, message, ""))
            stored.append("")
            continue
        name = name.strip()
        if not name or name_key(name) == name_key(who):
            stored.append("")  # no name: the team is called by its partners
            continue
        others = {
            name_key(label): partners[t]
            for t in range(variant.teams)
            if t != team
            for label in (partners[t], variant.team_label(t))
        }
        problem = _team_name_problem(name, who, others=others, people=people, taken=taken)
        if problem is None:
            taken[name_key(name)] = (who, name)
        else:
            errors.append(RuleError(field, problem, ""))
        stored.append(name)
    return (stored if any(stored) else []), errors


def _how_the_table_calls(
    variant: rules.Variant, players: Sequence[Any]
) -> tuple[tuple[str, ...], set[str]]:
    """Each team as the table calls it without a name (its partners, or its letter while
    the players are not known), and the players' names."""
    if isinstance(players, list | tuple) and len(players) == variant.players:
        partners = variant.seat_team_names([str(p).strip() for p in players])
        return partners, {name_key(str(p)) for p in players}
    return tuple(variant.team_label(t) for t in range(variant.teams)), set()


def _team_name_problem(
    name: str,
    who: str,
    *,
    others: dict[str, str],
    people: set[str],
    taken: dict[str, tuple[str, str]],
) -> str | None:
    """What is wrong with ``name`` for the team the table calls ``who``: a team's name must
    not be what the table calls another team (``others``: its partners or its letter), nor
    a player's name (``people``), nor a name given to a team before it (``taken``), or a
    message would mean two teams, or a team and a player, at once."""
    key = name_key(name)
    leave = f"or leave it empty to call them {who}"
    if (problem := name_problem(name)) is not None:
        return f"The name for {who} {problem}."
    if len(name) > MAX_TEAM_NAME:
        return f"The name for {who} is {len(name)} characters long; keep it to {MAX_TEAM_NAME}."
    if key in others:
        return f"“{name}” is what the table calls {others[key]}: give {who} another name, {leave}."
    if key in people:
        # "Flo bid 4 and Flo took 5".
        return f"“{name}” is a player's name: give {who} a name no player has, {leave}."
    if key in taken:
        first, given = taken[key]
        return f"{first} are called “{given}” already: give {who} another name, {leave}."
    return None


@transaction.atomic
def game_names_changed(*, game: Game) -> Game:
    """A player's name was corrected (the admin, a merge of two players): the stored
    reason, which names the teams, is said again in the new names, and the game's version
    moves on, so open boards and the boards kept for the old version show the new names.
    Nothing else changes."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    changed = []
    if game.reason:
        said = game_writes.standings_replay(game, list(game.hands.order_by("number")))
        game.reason, game.reason_rule = said.reason, said.reason_rule
        # Only the words: the standings, and so the ratings, are as they were.
        changed += ["reason", "reason_rule"]
    game_writes.game_save(game, fields=changed)
    return game
