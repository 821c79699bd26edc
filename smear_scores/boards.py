"""Boards drawn for no one request: the same for every phone of a kind, at one version of
the game, so the live streams carry them (smear_scores.live: ``event: board``) and the
pages take their kept parts from the cache (templatetags.parts).

- ``watcher_board``: the scoreboard as every phone that does not score the game sees it;
- ``table_board``: the table view's board;
- ``room_board``: a club night's room view (and ``room_context``, what its page draws too);
- ``board_parts``: the key of a board's kept parts, which the scoreboard page, its
  fragment and the watchers' streams share."""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.functional import SimpleLazyObject

from smear_scores.models import Game, Night
from smear_scores.selectors import games, night_stamps, nights
from smear_scores.templatetags.parts import SharedParts, board_moved
from smear_scores.wording import nights as night_words
from smear_scores.wording.night_scoring import scoring_rule
from smear_scores.wording.night_substitutes import policy_rule

# How often a room view without a stream asks for a newer version.
ROOM_POLL_SECONDS = 3


def board_parts(
    game: Game, version: str, kind: str, *, fresh: frozenset[str] | set[str] = frozenset()
) -> SharedParts:
    """The kept parts of ``game``'s board at ``version`` for a kind of phone ("scorer" or
    "watcher"): one key for the page, its fragment and the watchers' streams."""
    return SharedParts(f"board:{game.public_id}:{version}:{kind}", fresh=fresh)


def _shown(public_id: str, game: Game | None = None) -> Game | None:
    """The game, or None for a removed game (or none), whose phones then ask (and are shown
    its page). ``game``: the game as a write just left it, with its players' names, taken
    as it is rather than read again."""
    if game is not None:
        return game if game.removed_at is None else None
    try:
        return games.game_get(public_id=public_id)
    except (games.GameRemoved, Game.DoesNotExist):
        return None


def watcher_board(public_id: str, *, game: Game | None = None) -> str | None:
    """#game-board as every phone that does not score the game sees it, with its link boxes
    kept as each phone has them (hx-preserve): what the watchers' streams carry. Its parts
    are the watchers' kept parts (board_parts): drawn once per version for the streams of
    every process and the watchers' pages alike, where the cache is shared. ``game``: the
    game as its write left it (_shown); written again since (a second write in the same
    transaction), the board is drawn as the game is now."""
    written = game
    game = _shown(public_id, game)
    if game is None:
        return None
    version = games.version_of(game)
    context = {
        # Read only when the parts are not kept already.
        "board": SimpleLazyObject(lambda: games.game_board(game)),
        "parts": board_parts(game, version, "watcher"),
        "game": game,
        "version": version,
        "scorer": False,
        "form": None,
        "keep_links": True,
        "hands_over": False,
    }
    html = render_to_string("games/game.html#game-board", context)
    if written is not None and board_moved(context["board"]):
        return watcher_board(public_id)
    return html


def table_board(public_id: str, *, game: Game | None = None) -> str | None:
    """The table view's #table-board, the same for every phone. ``game``: as for
    watcher_board."""
    written = game
    game = _shown(public_id, game)
    if game is None:
        return None
    board = games.game_board(game)
    if written is not None and board.moved:
        return table_board(public_id)
    context = {"game": game, "board": board, "version": games.version_of(game)}
    return render_to_string("games/table.html#table-board", context)


def room_context(night: Night, version: str) -> dict[str, Any]:
    """What the room view shows of ``night`` at ``version``: its page and its stream."""
    rounds = nights.night_rounds(night)
    standings = nights.night_standings(night, rounds)
    return {
        "night": night,
        "format": nights.round_format(night),
        "version": version,
        "standings": standings,
        # A round awaiting agreement is in, marked: the note under the standings says why.
        "provisional": any(s.provisional for s in standings),
        "provisional_note": night_words.PROVISIONAL_NOTE,
        "prize_lines": nights.night_prize_lines(night, standings, rounds),
        "scoring_rule": scoring_rule(night.night_scoring, alone=nights.night_alone(night)),
        "rounds": rounds,
        "current": rounds[-1] if rounds else None,
        "poll": ROOM_POLL_SECONDS,
        "updated": timezone.localtime(),
        "sit_out_rule": nights.SIT_OUT_RULE,
        "tie_rule": nights.night_tie_rule(night),
        # The substitute policy where it matters to the room: a night with a sub, or one
        # whose subs' rounds do not simply go to the absent player (a club's screen has no
        # line to spare for the default before anyone sits in).
        "sub_rule": policy_rule(night.sub_policy, night.bye_points)
        if night.sub_policy != Night.SUB_ABSENT or any(s.sat_in for s in standings)
        else "",
    }


def room_board(night_id: int) -> str | None:
    """The room view's #room, the same for every screen: what its streams carry. None for
    a night there is no more."""
    version = night_stamps.night_version(night_id)
    if not version:
        return None
    context = room_context(nights.night_get(night_id=night_id), version)
    return render_to_string("nights/room.html#room", context)
