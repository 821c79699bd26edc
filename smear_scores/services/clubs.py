"""Writes for a club's roster: players and merging two records of one person. One
transaction each. League games are made in services.league_games, ratings in services.ratings."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from smear_scores.models import Club, Game, Player, Rating, Seat
from smear_scores.names import name_key, name_problem
from smear_scores.rules import Refused, RuleError
from smear_scores.services.game_names import game_names_changed
from smear_scores.services.ratings import ratings_refresh


class MergeRefused(Refused):
    """A name the roster cannot take, or two players that cannot be merged."""

    def __init__(self, message: str):
        super().__init__([RuleError("name", message, "")])


# The roster's longest name (Player.name); the seat of a game holds the same.
NAME_LENGTH: int = Player._meta.get_field("name").max_length or 0
# A paste is a club's roster, not a phone book: refused whole above this many names.
MAX_PASTED = 1000


class RosterRefused(Refused):
    """A pasted list with lines that cannot be added: (line number, what is wrong) each."""

    def __init__(self, problems: list[tuple[int, str]]):
        self.problems = problems
        super().__init__([RuleError(f"line {n}", f"line {n}: {p}", "") for n, p in problems])


def name_refusal(name: str) -> str | None:
    """What is wrong with ``name`` (spaces already collapsed) as a player's name, in words
    that say how to fix it; None when it is fine."""
    if not name:
        return "Give the player's name."
    problem = name_problem(name)
    if problem is not None:
        return f"The name {problem}."
    if len(name) > NAME_LENGTH:
        return (
            f"{name[:20]}… is {len(name)} characters long: a name has at most {NAME_LENGTH}; "
            "shorten it."
        )
    return None


def _already_on_roster(club: Club, name: str) -> str:
    return (
        f"{club.name} already has a player called {name}: pick that player, or tell the "
        "two apart (e.g. add an initial)."
    )


def roster_clash(*, club: Club, name: str, exclude: int | None = None) -> str | None:
    """Why ``name`` cannot join ``club``'s roster beside a player whose name looks the same
    (names.name_key, as the roster's unique index compares them), or None."""
    others = Player.objects.filter(club=club, name_key=name_key(name))
    if exclude is not None:
        others = others.exclude(pk=exclude)
    taken = others.values_list("name", flat=True).first()
    return None if taken is None else _already_on_roster(club, taken)


@transaction.atomic
def player_create(*, club: Club, name: str, user: User | None = None, kept: bool = True) -> Player:
    """A player on the club's roster; ``user`` is their member's account, when they have one
    (they then agree to their team's results signed in). ``kept`` False: a walk-in, off
    the roster until a director keeps them (the name is taken all the same)."""
    name = " ".join(name.split())
    refusal = name_refusal(name) or roster_clash(club=club, name=name)
    if refusal is not None:
        raise MergeRefused(refusal)
    try:
        with transaction.atomic():
            return Player.objects.create(club=club, name=name, user=user, kept=kept)
    except IntegrityError:
        # Added by someone else between the check and this write.
        raise MergeRefused(
            roster_clash(club=club, name=name) or _already_on_roster(club, name)
        ) from None


def _roster_by_key(club: Club) -> dict[str, str]:
    """The club's players' names by their key (names.name_key), as the roster's unique
    index compares them."""
    return dict(Player.objects.filter(club=club).values_list("name_key", "name"))


def _pasted_lines(text: str) -> list[tuple[int, str]]:
    """Each line of a pasted list with its number, spaces collapsed, blank lines left out."""
    lines = [(n, " ".join(line.split())) for n, line in enumerate(text.splitlines(), 1)]
    return [(n, name) for n, name in lines if name]


def roster_check(*, club: Club, text: str) -> list[tuple[int, str, str | None]]:
    """Each named line of a pasted list as (line number, name, why it cannot be added or
    None): the roster's name rules (a name already on the roster or twice in the list,
    whatever its case or look-alike letters; a name too long or with characters a name
    cannot hold). Reads only: the import's preview shows it before anything is written."""
    lines = _pasted_lines(text)
    if len(lines) > MAX_PASTED:
        return [
            (
                lines[MAX_PASTED][0],
                lines[MAX_PASTED][1],
                f"Paste at most {MAX_PASTED} names at a time: split the list.",
            )
        ]
    roster = _roster_by_key(club)
    fates: list[tuple[int, str, str | None]] = []
    first_line: dict[str, tuple[int, str]] = {}
    for number, name in lines:
        key = name_key(name)
        refusal = name_refusal(name)
        if refusal is None and key in roster:
            refusal = _already_on_roster(club, roster[key]) + " Remove the line."
        if refusal is None and key in first_line:
            first, given = first_line[key]
            refusal = (
                f"{name} is also on line {first}: keep one of them."
                if given.casefold() == name.casefold()
                else f"{name} looks the same as {given} on line {first}: keep one of them, "
                "or tell the two apart (e.g. add an initial)."
            )
        first_line.setdefault(key, (number, name))
        fates.append((number, name, refusal))
    return fates


@transaction.atomic
def players_create(*, club: Club, text: str) -> list[Player]:
    """Add a pasted list to the club's roster: one name per line, blank lines ignored.

    All or nothing: a name that cannot be a player's, or that is on the list twice or
    already on the roster (whatever its case), refuses the whole list with every such line
    (roster_check), so the list can be fixed and pasted again as it is, without working out
    which half went in."""
    fates = roster_check(club=club, text=text)
    if not fates:
        raise RosterRefused([(1, "The list is empty: paste one name per line.")])
    problems = [(number, refusal) for number, _, refusal in fates if refusal is not None]
    if problems:
        raise RosterRefused(problems)
    try:
        with transaction.atomic():
            return Player.objects.bulk_create(
                [Player(club=club, name=n, name_key=name_key(n)) for _, n, _ in fates]
            )
    except IntegrityError:
        # Someone added one of these names between the check above and this write.
        raise RosterRefused(
            [
                (
                    fates[0][0],
                    "A player with one of these names was added just now: paste the list again.",
                )
            ]
        ) from None


@transaction.atomic
def player_merge(*, keep: Player, duplicate: Player) -> Player:
    """Fold ``duplicate`` (a second record of the same person) into ``keep``: every seat it
    played moves to ``keep``, then the duplicate is deleted. The club's ratings are replayed
    on the next read, since the merged player's history changed."""
    if keep.pk == duplicate.pk:
        raise MergeRefused("Pick two different players to merge.")
    if keep.club_id != duplicate.club_id:
        raise MergeRefused(
            f"{keep.name} and {duplicate.name} belong to different clubs and cannot be merged."
        )
    shared = (
        Seat.objects.filter(player=keep, game__seats__player=duplicate)
        .values_list("game__public_id", flat=True)
        .first()
    )
    if shared:
        raise MergeRefused(
            f"{keep.name} and {duplicate.name} both sat at game {shared}, so they are two "
            "different people: correct that game's seats first, or keep both players."
        )
    # Games that name the duplicate: their stored reason is said again in the kept name,
    # and their boards show it.
    told = list(Game.objects.filter(seats__player=duplicate).distinct())
    Seat.objects.filter(player=duplicate).update(player=keep, name=keep.name)
    for game in told:
        game_names_changed(game=game)
    Rating.objects.filter(player__club_id=keep.club_id).delete()
    duplicate.delete()
    # The ratings are made again in this transaction, so no page has to (GET never writes).
    ratings_refresh(club=keep.club)
    return keep
