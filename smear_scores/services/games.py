"""Every write to a game goes through here: one transaction each, the rules engine
decides, the models store. The game row is locked (select_for_update) for the length
of each write, so two devices writing at once are serialised."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from django.db import transaction
from django.db.models import Exists, OuterRef, QuerySet
from django.utils import timezone

from smear_scores import rules
from smear_scores.live import notify as live
from smear_scores.models import (
    Game,
    GameRevision,
    Hand,
    HandRevision,
    HouseRules,
    League,
    Player,
    Round,
    RoundTable,
    Seat,
)
from smear_scores.models.games import STANDINGS, new_scoring_secret
from smear_scores.models.house_rules import HOUSE_SLUG
from smear_scores.models.prepared import PreparedRead
from smear_scores.names import name_key, name_problem
from smear_scores.refusals import Conflict
from smear_scores.rules import HandEntry, HandRefused, HandResult, RuleError
from smear_scores.selectors.games import (
    carry_seat_names,
    game_get,
    game_house_rules,
    is_casual,
    named_state,
    named_variant,
    removed_text,
    result_text,
)
from smear_scores.services.house_rules import checked_settings
from smear_scores.services.idempotency import Answer, idempotent_write
from smear_scores.services.ratings import ratings_refresh_for

MAX_NAME = 40
MAX_TEAM_NAME = 30


@dataclass(frozen=True)
class HandCheck:
    """What a hand would do if it were recorded (or changed) now, asked without writing:
    the result and one line saying it, or the errors that would refuse it. ``before`` and
    ``after`` are the standings either side of the hand; ``was`` and ``final`` the game's
    end as it stands and as it would be once every later hand is replayed (an edit)."""

    number: int
    result: HandResult | None
    errors: list[RuleError]
    variant: rules.Variant
    before: rules.GameState | None = None
    after: rules.GameState | None = None
    was: rules.GameState | None = None
    final: rules.GameState | None = None

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def text(self) -> str:
        """'Cy & Flo bid 4 and took 5: made, +5 · Al & Di +1 · ends the game: Cy & Flo
        win 23–19', or '' when refused."""
        if self.result is None:
            return ""
        line = rules.describe(self.variant, self.result)
        if self.before is not None and self.after is not None and self.final is None:
            end = rules.describe_end(self.before, self.after)
            if end:
                line = f"{line} · {end}"
        return line

    @property
    def game_change(self) -> str:
        """For an edit: how the end of the game changes (D8), or ''."""
        was, final = self.was, self.final
        if was is None or final is None:
            return ""
        label = self.variant.team_label
        if final.finished and not was.finished:
            ending = rules.describe_end(was, final)
            return f"This change {ending}."
        if was.finished and not final.finished:
            return (
                f"This change reopens the game: {label(was.winner)} would not have won "
                f"yet, and play goes on."
            )
        if was.finished and final.finished and was.winner != final.winner:
            return (
                f"This change gives the game to {label(final.winner)} instead of "
                f"{label(was.winner)} ({final.scores[final.winner]} points)."
            )
        return ""

    @property
    def problem(self) -> str:
        return " ".join(error.message for error in self.errors)


# The most hands one game keeps. A game of Smear rarely passes 60 hands, but thrown-in
# deals never end one: without a cap a game would grow for ever, and an edit or an undo
# (which replay the hands after it) with it. The import's cap is the same number.
MAX_HANDS = 500


def _check_players(variant: rules.Variant, players: Sequence[Any]) -> list[RuleError]:
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


def _check_team_names(
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


def _variant(slug: Any) -> rules.Variant:
    try:
        return rules.get_variant(slug)
    except (KeyError, TypeError):
        known = ", ".join(rules.VARIANTS)
        raise HandRefused(
            [RuleError("variant", f"Unknown variant {slug!r}: choose one of {known}.", "")]
        ) from None


def _result_values(result: HandResult) -> dict[str, Any]:
    return {
        "dealer": result.dealer,
        "thrown_in": result.thrown_in,
        "bidder": result.bidder,
        "bid": result.bid,
        "points": list(result.points),
        "awards": dict(result.awards) if result.awards is not None else None,
        "made": result.made,
        "card_points": list(result.card_points) if result.card_points is not None else None,
        "scores_after": list(result.scores),
    }


def _store_state(game: Game, state: rules.GameState) -> None:
    was_finished = game.finished
    for column, value in Game.standings(state).items():
        setattr(game, column, value)
    if state.finished and not was_finished:
        game.finished_at = timezone.now()
    elif not state.finished:
        game.finished_at = None
    game.save(update_fields=[*STANDINGS, "finished_at", "updated_at"])
    live.game_changed(game)
    if game.league_id is not None and (state.finished or was_finished):
        # A league game finished, reopened or changed while finished: its club's ratings
        # follow in this transaction, so the league pages only read them.
        ratings_refresh_for(league_id=game.league_id)


def _check_round_open(game: Game) -> None:
    """Conflict when the night has drawn a round after the one ``game`` is a table of.
    Asked once the game's lock is held, in a query of its own: a round being drawn holds
    the locks of its last round's games (round_draw), so by now it has committed, and a
    new statement sees it (the lock's own statement would not, on PostgreSQL)."""
    later = Round.objects.filter(
        night=OuterRef("round__night"), number__gt=OuterRef("round__number")
    )
    table = (
        RoundTable.objects.filter(game=game)
        .annotate(round_over=Exists(later))
        .select_related("round__night")
        .first()
    )
    if table is not None and table.round_over:
        raise Conflict(
            f"Round {table.round.number} of {table.round.night.name} is over: the next round "
            "is drawn, so this table's hands stand as they are. If its score is wrong, ask "
            "the director to correct the round.",
            field="game",
        )


def _game_locked(pk: int) -> QuerySet[Game]:
    return (
        Game.objects.select_for_update(of=("self",))
        .annotate(at_night=Exists(RoundTable.objects.filter(game=OuterRef("pk"))))
        .filter(pk=pk)
        .order_by()
    )


# Every write to a game reads it so: its SQL is built once (inside a transaction).
_GAME_LOCKED = PreparedRead(_game_locked, slot=-(2**62) - 7)


def _locked(game: Game, *, removed: bool = False, scoring: bool = False) -> Game:
    """The game re-read under a row lock, held until the write's transaction ends. The
    players' names, which no write here changes, are carried over from ``game`` when it
    has them, so the answer after the write need not read them again.

    A game its scorer removed takes no write (Conflict) unless ``removed`` (restoring it).
    With ``scoring`` (a hand recorded, edited or undone), neither does a table of a night's
    round once the next round is drawn: the round is over, its scores went into the draw
    and the standings, and only the director's audited correction changes it now."""
    locked = _GAME_LOCKED.first(game.pk)
    if locked is None:
        raise Game.DoesNotExist(f"No game has the key {game.pk}.")
    if locked.removed_at is not None and not removed:
        raise Conflict(f"{removed_text(locked)} Restore it on its page to change it.", field="game")
    if scoring and locked.at_night:
        _check_round_open(locked)
    carry_seat_names(source=game, to=locked)
    return locked


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
    errors = _check_players(rules_variant, players)
    stored_team_names, team_errors = _check_team_names(rules_variant, players, team_names)
    errors.extend(team_errors)
    if first_dealer is None:
        first_dealer = random.randrange(rules_variant.players)
    try:
        state = rules.new_game(rules_variant, options, first_dealer)
    except HandRefused as refused:
        errors.extend(refused.errors)
    if errors:
        raise HandRefused(errors)
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


def _same_hand(variant: rules.Variant, hand: Hand, entry: HandEntry) -> bool:
    """Is ``entry`` what ``hand`` already records (a repeated submission)?"""
    if rules.validate_hand(variant, entry):
        return False
    # Game as the counts gave it, when the table counted and did not tap it (D13).
    awards = rules.hand_awards(variant, entry)
    counts = entry.card_points
    return (
        hand.thrown_in == entry.thrown_in
        and hand.bidder == entry.bidder
        and hand.bid == entry.bid
        and tuple(hand.points) == rules.taken_points(variant, entry)
        and hand.awards == (dict(awards) if awards is not None else None)
        and hand.card_points == (list(counts) if counts is not None else None)
    )


@transaction.atomic
def hand_record(
    *, game: Game, entry: HandEntry, number: int | None = None, source: str = "web"
) -> tuple[Game, HandResult | None]:
    """Record the next hand: the one service every caller (scoring screen, htmx, API, a
    phone resending what it kept while offline) records a hand through. ``number`` is the
    hand number the caller's screen or request showed.

    A repeat of the hand just recorded (a double tap, a resubmitted form, a resend)
    records nothing and returns (game, None). A different hand under a number already
    taken, or any hand for a finished game, raises Conflict; a hand that breaks a rule
    raises HandRefused. One lock, one transaction (no savepoint)."""
    game = _locked(game, scoring=True)
    # In the table's words: a refusal, and the reason stored when the hand ends the game,
    # name the teams by their players (read with the game, carried over by _locked).
    state = named_state(game)
    if number is not None and number != state.next_number:
        if number == state.hands_played and number >= 1:
            last = game.hands.get(number=number)
            if _same_hand(game.rules_variant, last, entry):
                return game, None
        if number <= state.hands_played:
            raise Conflict(
                f"Hand {number} was already recorded on another device; the scoreboard now "
                f"shows hand {state.next_number}. Check it and enter the hand again if needed.",
                number=number,
                next_number=state.next_number,
                field="number",
            )
        raise Conflict(
            f"The next hand is hand {state.next_number}, not hand {number}.",
            number=number,
            next_number=state.next_number,
            field="number",
        )
    return game, _record_next(game, state, entry, source=source)


@dataclass(frozen=True)
class Recorded:
    """What a screen answers after recording a hand: the game as the write left it, and
    the hand's line ("Hand 7: Cy & Flo bid 4 and took 5: made, +5"), or "" when nothing was
    added (the same hand again, or a resend of a hand already recorded)."""

    game: Game
    line: str


def hand_record_once(
    *, game: Game, entry: HandEntry, number: int, scope: str, key: str | None, fingerprint: str
) -> Recorded:
    """``hand_record`` run once per Idempotency-Key in ``scope`` (services.idempotency): a
    resend of a hand that did reach the server records nothing more. Refused as
    hand_record refuses (Conflict, HandRefused), or KeyReused for a key sent before with
    another hand."""

    def write() -> Answer:
        saved, result = hand_record(game=game, entry=entry, number=number)
        line = "" if result is None else f"Hand {result.number}: {result_text(saved, result)}"
        return Answer(200, {"notice": line}, value=saved)

    answer = idempotent_write(scope=scope, key=key, fingerprint=fingerprint, write=write)
    if answer.value is None:
        # Recorded by an earlier request: the game as it stands now.
        return Recorded(game=game_get(public_id=game.public_id), line="")
    return Recorded(game=answer.value, line=answer.body["notice"])


def _record_next(
    game: Game, state: rules.GameState, entry: HandEntry, *, source: str
) -> HandResult:
    """Store ``entry`` as the next hand of the locked ``game`` (whose standings are
    ``state``), with its audit record; the caller has checked the hand number."""
    if state.finished:
        raise Conflict(
            f"The game is over: {state.reason} Undo the last hand to reopen it.",
            field="game",
            rule="D8",
        )
    if state.hands_played >= MAX_HANDS:
        raise Conflict(
            f"This game has {MAX_HANDS} hands, the most one game keeps: a game of Smear "
            "rarely passes 60 hands, and one longer is slow to correct. Start a new game "
            "(a rematch) to play on.",
            field="game",
        )
    new_state, result = state.play(entry)
    hand, revision = _hand_rows(game, result, HandRevision.Action.RECORD, source)
    hand.save(force_insert=True)
    revision.save(force_insert=True)
    _store_state(game, new_state)
    return result


def _hand_rows(
    game: Game, result: HandResult, action: str, source: str
) -> tuple[Hand, HandRevision]:
    """The stored hand and its audit record, as every way of recording a hand keeps them."""
    values = _result_values(result)
    return (
        Hand(game=game, number=result.number, **values),
        HandRevision(game=game, number=result.number, action=action, new=values, source=source),
    )


def _store_replay(
    game: Game, hands: list[Hand], state: rules.GameState, results: list[HandResult]
) -> None:
    """Store a replay's standings and rewrite the hands whose result changed."""
    changed = []
    for hand, result in zip(hands, results, strict=True):
        values = _result_values(result)
        if any(getattr(hand, k) != v for k, v in values.items()):
            for k, v in values.items():
                setattr(hand, k, v)
            changed.append(hand)
    if changed:
        Hand.objects.bulk_update(changed, [*_result_values(results[0]).keys(), "revisions"])
    _store_state(game, state)


def hand_version(hand: Hand) -> str:
    """Which hand, as edited how often: what an edit or undo screen was opened on."""
    return f"{hand.pk}.{hand.revisions}"


def _check_version(hand: Hand, version: str | None, undone: str) -> None:
    # Another phone undid, re-recorded or edited this hand since the screen was opened:
    # acting now would change a hand the scorer never saw.
    if version is not None and version != hand_version(hand):
        raise Conflict(
            f"Hand {hand.number} changed on another device since this screen was opened: "
            f"nothing was {undone}. Check the scoreboard and try again.",
            field="number",
        )


def _edited(hands: list[Hand], number: int, entry: HandEntry) -> list[HandEntry]:
    """Every hand's entry, with hand ``number`` replaced by ``entry``."""
    entries = [h.entry() for h in hands]
    entries[number - 1] = HandEntry(
        thrown_in=entry.thrown_in,
        bidder=entry.bidder,
        bid=entry.bid,
        points=entry.points,
        awards=entry.awards,
        card_points=entry.card_points,
    )
    return entries


def _replay_edited(
    game: Game, hands: list[Hand], number: int, entry: HandEntry
) -> tuple[rules.GameState, list[HandResult]]:
    """The game replayed from the start with hand ``number`` changed to ``entry``. Raises
    HandRefused when the change breaks a rule, or when a later hand no longer fits (the
    changed hand now ends the game, D8), saying which hands to undo first."""
    errors = rules.validate_hand(game.rules_variant, entry)
    if errors:
        raise HandRefused(errors, hand_number=number)
    entries = _edited(hands, number, entry)
    try:
        return rules.replay(named_variant(game), game.options, game.first_dealer, entries)
    except HandRefused as refused:
        if refused.hand_number is not None and refused.hand_number > number:
            # The edited hand decides the game earlier: later hands would be played in a
            # finished game (D8). Say so instead of silently dropping them.
            later = (
                f"hand {number + 1} follows it. Undo that hand first"
                if number + 1 == len(hands)
                else f"hands {number + 1} to {len(hands)} follow it. Undo those hands first"
            )
            raise HandRefused(
                [
                    RuleError(
                        "game",
                        f"With this change the game is over after hand {number}, but {later}, "
                        f"then edit hand {number}.",
                        "D8",
                    )
                ],
                hand_number=number,
            ) from None
        raise


def hand_check(*, game: Game, entry: HandEntry, number: int | None = None) -> HandCheck:
    """What ``entry`` would do as hand ``number``, without writing: as the next hand
    (``number`` None or the next number) from the game's standings, or, for a hand already
    played, as an edit replaying every later hand, so an edit that would break one is
    refused here already, as hand_edit would refuse it. No lock: it answers for the game
    as it was read; the write checks again under the lock. Its words name the teams by
    their players (one read of the names)."""
    variant = named_variant(game)
    was = replace(game.state(), variant=variant)
    if number is None or number > game.hands_played:
        errors = was.check(entry)
        if errors:
            return HandCheck(was.next_number, None, errors, variant)
        after, result = was.play(entry)
        return HandCheck(was.next_number, result, [], variant, before=was, after=after)
    hands = list(game.hands.order_by("number"))
    if not 1 <= number <= len(hands):
        raise Conflict(
            f"There is no hand {number}: this game has {len(hands)} hand"
            f"{'s' if len(hands) != 1 else ''}.",
            field="number",
        )
    try:
        final, results = _replay_edited(game, hands, number, entry)
    except HandRefused as refused:
        return HandCheck(number, None, refused.errors, variant)
    return HandCheck(
        number, results[number - 1], [], variant, was=was, final=replace(final, variant=variant)
    )


def card_points_check(*, game: Game, counts: Sequence[int]) -> tuple[str, list[RuleError]]:
    """Who takes Game by the table's counts of card points, as the hand form's Game row
    says it while they are typed ("Ann & Dee take Game, 34 to 27 to 20", D13), or what is
    wrong with the counts. No write; the hand is checked whole by hand_check."""
    variant = named_variant(game)
    errors = rules.check_card_points(variant, list(counts))
    return ("" if errors else rules.card_points_verdict(variant, counts)), errors


@transaction.atomic
def hand_edit(
    *,
    game: Game,
    number: int,
    entry: HandEntry,
    source: str = "web",
    version: str | None = None,
) -> Game:
    """Change hand ``number`` and replay everything after it (D8: may finish or reopen).
    ``version`` (hand_version) is the hand the edit screen showed; Conflict if it changed."""
    game = _locked(game, scoring=True)
    hands = list(game.hands.order_by("number"))
    if not 1 <= number <= len(hands):
        raise Conflict(
            f"There is no hand {number} to edit: this game has {len(hands)} hand"
            f"{'s' if len(hands) != 1 else ''}.",
            field="number",
        )
    target = hands[number - 1]
    _check_version(target, version, "changed")
    old = target.as_record()
    state, results = _replay_edited(game, hands, number, entry)
    _store_replay(game, hands, state, results)
    target.revisions += 1
    Hand.objects.filter(pk=target.pk).update(revisions=target.revisions)
    target.refresh_from_db()
    HandRevision.objects.create(
        game=game,
        number=number,
        action=HandRevision.Action.EDIT,
        old=old,
        new=target.as_record(),
        source=source,
    )
    return game


@transaction.atomic
def hand_undo(*, game: Game, source: str = "web", version: str | None = None) -> Game:
    """Remove the last hand; undoing the winning hand reopens the game (D8).
    ``version`` (hand_version) is the hand the undo screen showed; Conflict if the last
    hand is another one by now (two phones undoing at once undo one hand)."""
    game = _locked(game, scoring=True)
    hands = list(game.hands.order_by("number"))
    if not hands:
        raise Conflict("There is no hand to undo yet.", field="game")
    last = hands.pop()
    _check_version(last, version, "undone")
    HandRevision.objects.create(
        game=game,
        number=last.number,
        action=HandRevision.Action.UNDO,
        old=last.as_record(),
        source=source,
    )
    last.delete()
    # Replayed, not rewound: whether the game is over depends on who bid in the hand
    # before (D5), which the engine decides.
    _store_state(game, _replayed(game, hands))
    return game


def _replayed(game: Game, hands: list[Hand]) -> rules.GameState:
    """The standings after ``hands``, replayed by the engine in the table's words."""
    state, _ = rules.replay(
        named_variant(game), game.options, game.first_dealer, [h.entry() for h in hands]
    )
    return state


@transaction.atomic
def game_names_changed(*, game: Game) -> Game:
    """A player's name was corrected (the admin, a merge of two players): the stored
    reason, which names the teams, is said again in the new names, and the game's version
    moves on, so open boards and the boards kept for the old version show the new names.
    Nothing else changes."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    changed = ["updated_at"]
    if game.reason:
        said = _replayed(game, list(game.hands.order_by("number")))
        game.reason, game.reason_rule = said.reason, said.reason_rule
        # Only the words: the standings, and so the ratings, are as they were.
        changed += ["reason", "reason_rule"]
    game.save(update_fields=changed)
    live.game_changed(game)
    return game


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
        hand, revision = _hand_rows(game, result, HandRevision.Action.IMPORT, source)
        hands.append(hand)
        revisions.append(revision)
    Hand.objects.bulk_create(hands)
    HandRevision.objects.bulk_create(revisions)
    _store_state(game, state)
    return game


# -- league games ----------------------------------------------------------------------
def league_is_open(league: League, on: date) -> bool:
    return league.start_date <= on and (league.end_date is None or on <= league.end_date)


def _league_open_problems(league: League) -> list[RuleError]:
    """The league's dates, as they stand today."""
    today = timezone.localdate()
    if league_is_open(league, today):
        return []
    when = (
        f"starts on {league.start_date:%-d %B %Y}"
        if today < league.start_date
        else f"ended on {league.end_date:%-d %B %Y}"
    )
    message = (
        f"{league.name} {when}: ask a club admin to change its dates, or start a casual "
        "game instead."
    )
    return [RuleError("league", message, "")]


def _league_seat_problems(league: League, players: Sequence[Player | None]) -> list[RuleError]:
    """One roster player of the league's club per seat, each once."""
    variant = league.rules_variant
    seats_rule = variant.rule("seats")
    errors: list[RuleError] = []
    if len(players) != variant.players:
        errors.append(
            RuleError(
                "players",
                f"{variant.name} is played by {variant.players} players: pick one for each "
                f"seat ({seats_rule}).",
                seats_rule,
            )
        )
    seen: dict[int, int] = {}
    for seat, player in enumerate(players):
        field = f"players.{seat}"
        if player is None:
            errors.append(RuleError(field, f"Pick a player for seat {seat + 1}.", seats_rule))
        elif player.club_id != league.club_id:
            errors.append(
                RuleError(
                    field,
                    f"{player.name} is not on {league.club.name}'s roster: pick a club player "
                    f"for seat {seat + 1}.",
                    seats_rule,
                )
            )
        elif player.pk in seen:
            errors.append(
                RuleError(
                    field,
                    f"{player.name} is already in seat {seen[player.pk] + 1}: pick someone "
                    f"else for seat {seat + 1}.",
                    seats_rule,
                )
            )
        else:
            seen[player.pk] = seat
    return errors


@transaction.atomic
def league_game_create(
    *, league: League, players: Sequence[Player | None], first_dealer: int | None = None
) -> Game:
    """A game of ``league``: the league's variant and options, one roster player per seat
    (clockwise from seat 1). Raises HandRefused with every problem at once."""
    errors = _league_open_problems(league) + _league_seat_problems(league, players)
    if errors:
        raise HandRefused(errors)
    game = game_create(
        **rules_given(league.variant, league.house_rules),
        players=[p.name for p in players],
        first_dealer=first_dealer,
        options=dict(league.options or {}),
        league=league,
        seat_players=players,
    )
    return game


@transaction.atomic
def game_rematch(*, game: Game, keep_rotation: bool = False) -> Game:
    """A new game with the same variant, options and seats. Its first dealer is drawn at
    random unless ``keep_rotation``: then the next dealer deals first (D12, S3, W4).
    A league game's rematch is a game of the same league with the same roster players.
    Asked twice (a double tap, two phones), it gives the one rematch already started."""
    game = _locked(game)
    existing = game.rematches.order_by("pk").first()
    if existing is not None:
        return existing
    first_dealer = rules.rematch_first_dealer(game.state(), keep_rotation=keep_rotation)
    seats = list(game.seats.order_by("position").select_related("player"))
    if game.league_id is not None:
        new = league_game_create(
            league=game.league,
            players=[seat.player for seat in seats],
            first_dealer=first_dealer,
        )
        new.rematch_of = game
        new.save(update_fields=["rematch_of"])
        return new
    players = [seat.name for seat in seats]
    kept = game_house_rules(game)
    if "house_rules" in kept:
        played = {"house_rules": game.house_rules}
    elif kept:
        # Settings given inline: the rules as the game froze them.
        played = {"settings": kept["settings"]}
    else:
        played = {"variant": game.variant}
    return game_create(
        **played,
        players=players,
        first_dealer=first_dealer,
        options=dict(game.options),
        rematch_of=game,
        team_names=list(game.team_names),
    )


# -- removing a casual game -------------------------------------------------------------
@transaction.atomic
def game_remove(*, game: Game, source: str = "web") -> Game:
    """Take a casual game off the home list and its pages. Nothing is deleted: the game,
    its hands and their audit stay, the removal is recorded (GameRevision), and
    game_restore brings it back. Removing a removed game again changes nothing.

    Raises Conflict for a league game or a club night's round: they are the club's
    record, kept in its tables and standings."""
    game = _locked(game, removed=True)
    if not is_casual(game):
        what = "a league game" if game.league_id is not None else "a round of a club night"
        raise Conflict(
            f"This is {what}: league and club night games are the club's record and cannot "
            "be removed here. Ask a club admin.",
            field="game",
        )
    if game.removed_at is None:
        game.removed_at = timezone.now()
        game.save(update_fields=["removed_at", "updated_at"])
        live.game_changed(game)
        GameRevision.objects.create(game=game, action=GameRevision.Action.REMOVE, source=source)
    return game


@transaction.atomic
def game_restore(*, game: Game, source: str = "web") -> Game:
    """Bring a removed game back, as it was; restoring a game not removed changes nothing."""
    game = _locked(game, removed=True)
    if game.removed_at is not None:
        game.removed_at = None
        game.save(update_fields=["removed_at", "updated_at"])
        live.game_changed(game)
        GameRevision.objects.create(game=game, action=GameRevision.Action.RESTORE, source=source)
    return game


@transaction.atomic
def game_scoring_rotate(*, game: Game) -> Game:
    """Stop other phones scoring: a fresh scoring secret replaces the old one, so every
    scoring link, code and phone granted before is refused from now on. The API's
    edit_token is not changed. The game's version moves on, so open boards refresh."""
    game = _locked(game)
    game.scoring_secret = new_scoring_secret()
    game.save(update_fields=["scoring_secret", "updated_at"])
    live.game_changed(game)
    return game
