"""Scoring, standings, the deal, and the end of the game.

``GameState`` is the state between two hands. ``state.play(entry)`` returns the next
state and what the hand did, or raises ``HandRefused`` and changes nothing (states are
immutable). ``replay`` rebuilds the standings from the list of hands.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from .entry import HandEntry
from .errors import HandRefused, RuleError
from .hands import and_join, hand_awards, taken_points, validate_hand
from .variants import Moon, Variant


@dataclass(frozen=True)
class HandResult:
    """One hand as scored: what was taken, what it changed, the running totals after it."""

    number: int
    dealer: int
    thrown_in: bool
    bidder: int | None
    bidding_team: int | None
    bid: int | None
    points: tuple[int, ...]
    awards: Mapping[str, int | None] | None
    made: bool | None
    changes: tuple[int, ...]
    scores: tuple[int, ...]
    capped: tuple[bool, ...]
    # The card points each team counted, when the table counted Game (D13).
    card_points: tuple[int, ...] | None = None
    # The moon and its stakes, when the bid was the moon (its top named bid).
    moon: Moon | None = None
    # The team that took every point in play, if one did.
    took_all: int | None = None
    # That team won at once by it (all_points_wins).
    all_points_win: bool = False
    # What everyone passing did (the variant's all_pass), for a thrown-in hand.
    all_pass: str = "redeal"


@dataclass(frozen=True)
class GameState:
    variant: Variant
    options: Mapping[str, Any]
    first_dealer: int
    scores: tuple[int, ...]
    dealer: int  # who deals the next hand
    hands_played: int = 0
    finished: bool = False
    winner: int | None = None
    # One plain sentence: why the game ended, or why it goes on although a team reached
    # the target (D5 tie, W10a). Empty while nothing needs saying.
    reason: str = ""
    # The rule id that explains ``reason`` (for a "why?" link to the rules page).
    reason_rule: str = ""
    # Hands that were not thrown in: what a round of a set number of hands counts.
    hands_scored: int = 0
    # How the last hand ended the game at once, if it did: "moon_made", "moon_failed" or
    # "all_points" (words for describe_end; not kept with the standings).
    ended_by: str = ""

    def __post_init__(self) -> None:
        # The chosen options set settings: fold them in, so the engine reads only the
        # variant's settings (Option.sets), however the state was built.
        object.__setattr__(self, "variant", self.variant.with_options(self.options))

    # -- the deal (S3, S6, D7) -------------------------------------------------------------
    @property
    def next_number(self) -> int:
        return self.hands_played + 1

    @property
    def first_bidder(self) -> int:
        # D7: the player left of the dealer (the next seat clockwise) bids first.
        return (self.dealer + 1) % self.variant.players

    def needed(self, team: int) -> int:
        return max(0, self.variant.target - self.scores[team])

    # -- playing a hand --------------------------------------------------------------------
    def check(self, entry: HandEntry) -> list[RuleError]:
        if self.finished:
            # D8: a finished game accepts no more hands.
            return [
                RuleError(
                    "game",
                    f"The game is over: {self.reason} Undo the last hand to reopen it.",
                    "D8",
                )
            ]
        return validate_hand(self.variant, entry)

    def play(self, entry: HandEntry) -> tuple[GameState, HandResult]:
        errors = self.check(entry)
        if errors:
            raise HandRefused(errors)
        variant, number = self.variant, self.next_number
        if entry.thrown_in:
            return self._throw_in(number)

        bid = entry.bid
        assert entry.bidder is not None and bid is not None  # validate_hand checked them
        points, bidding_team = taken_points(variant, entry), variant.team_of(entry.bidder)
        before = self.scores[bidding_team]
        taken = points[bidding_team]
        in_play = variant.max_points_per_hand
        moon = variant.moon if variant.is_moon(entry.bid) else None
        # D3: made or set is decided by the points the bidding team took; a moon is made
        # only by taking every point in play.
        made = taken >= in_play if moon is not None else taken >= bid
        # S9 / W9: a made bid scores everything taken; the other teams always score what
        # they took. A set bid: set_bid (D9). The moon: its stakes (Moon).
        changes = list(points)
        changes[bidding_team] = _bidding_change(variant, moon, made, before, taken, bid)
        scores = [s + c for s, c in zip(self.scores, changes, strict=True)]
        capped = _held_at_target(variant, scores, bidding_team)
        took_all = next((t for t, p in enumerate(points) if in_play and p == in_play), None)
        result = HandResult(
            number=number,
            dealer=self.dealer,
            thrown_in=False,
            bidder=entry.bidder,
            bidding_team=bidding_team,
            bid=entry.bid,
            points=points,
            awards=dict(awards) if (awards := hand_awards(variant, entry)) is not None else None,
            made=made,
            changes=tuple(s - o for s, o in zip(scores, self.scores, strict=True)),
            scores=tuple(scores),
            capped=tuple(capped),
            card_points=tuple(entry.card_points) if entry.card_points is not None else None,
            moon=moon,
            took_all=took_all,
            all_points_win=variant.all_points_wins and took_all is not None,
        )
        after = replace(
            self,
            scores=tuple(scores),
            hands_played=number,
            hands_scored=self.hands_scored + 1,
            # D7: the deal passes to the left (S3, W4).
            dealer=(self.dealer + 1) % variant.players,
        )
        return after._decide(result), result

    def _throw_in(self, number: int) -> tuple[GameState, HandResult]:
        """Everyone passed (all_pass): D4's redeal by the same dealer changes no score;
        pass_deal passes the deal on; dealer_set_back sets the dealer's team back
        all_pass_points and passes the deal on. (stick_dealer refuses the hand.)"""
        variant = self.variant
        changes = [0] * variant.teams
        if variant.all_pass == "dealer_set_back":
            changes[variant.team_of(self.dealer)] = -variant.all_pass_points
        scores = tuple(s + c for s, c in zip(self.scores, changes, strict=True))
        result = HandResult(
            number=number,
            dealer=self.dealer,
            thrown_in=True,
            bidder=None,
            bidding_team=None,
            bid=None,
            points=(0,) * variant.teams,
            awards=None,
            made=None,
            changes=tuple(changes),
            scores=scores,
            capped=(False,) * variant.teams,
            all_pass=variant.all_pass,
        )
        dealer = (
            self.dealer if variant.all_pass == "redeal" else (self.dealer + 1) % variant.players
        )
        after = replace(self, scores=scores, hands_played=number, dealer=dealer)
        decided = after._decide(result)
        if variant.hand_limit is not None or not decided.finished:
            return decided, result
        return after._played_on_after_throw_in(), result

    def _played_on_after_throw_in(self) -> GameState:
        """A thrown-in deal is not a hand played (D4, D7): it decides nothing, not even a
        tie it leaves or a team it sets back below the others."""
        variant = self.variant
        at_target = [t for t, s in enumerate(self.scores) if s >= variant.target]
        if not at_target:
            return replace(self, finished=False, winner=None, reason="", reason_rule="")
        names = and_join([variant.team_label(t) for t in at_target])
        return replace(
            self,
            finished=False,
            winner=None,
            ended_by="",
            reason=f"{names} {'is' if len(at_target) == 1 else 'are'} at {variant.target} or "
            "more, but a thrown-in deal is not a hand played and decides nothing: play on.",
            reason_rule="D4",
        )

    # -- the end of the game (S10, W10, D5, D11) --------------------------------------------
    def _decide(self, result: HandResult) -> GameState:
        if self.variant.hand_limit is not None:
            return self._decide_round(result)
        return self.decided(
            made=result.made,
            bidding_team=result.bidding_team,
            capped=result.capped,
            moon=result.moon is not None,
            took_all=result.took_all,
        )

    def decided(
        self,
        *,
        made: bool | None,
        bidding_team: int | None,
        capped: tuple[bool, ...] = (),
        moon: bool = False,
        took_all: int | None = None,
    ) -> GameState:
        """These standings with the end of the game decided, after a hand whose bid was
        ``made`` (None: thrown in) by ``bidding_team``; ``capped``: the teams W10b held at
        the target in that hand; ``moon``: the bid was the moon; ``took_all``: the team
        that took every point in play.

        First what ends the game at once (the moon's stakes, all_points_wins), then the
        candidates at the target (non_bidders: must_bid_to_win keeps only the bidding
        team), then ``win``: made_bid_only (W10a), bidder_out_first, most points (D5)."""
        variant = self.variant
        settled = replace(self, ended_by="")
        # The moon's stakes: a bid, so a bidding team (None only for a thrown-in deal).
        if moon and bidding_team is not None:
            ended = settled._moon_ends(made=made, bidding_team=bidding_team)
            if ended is not None:
                return ended
        if variant.all_points_wins and took_all is not None:
            return settled._ends_at_once(
                took_all,
                f"{variant.team_label(took_all)} took every point in play in one hand.",
                variant.rule("win"),
                "all_points",
            )
        return settled._decided_at_target(made=made, bidding_team=bidding_team, capped=capped)

    def _moon_ends(self, *, made: bool | None, bidding_team: int) -> GameState | None:
        """The game ended by the moon's stakes (Moon): a made moon that wins, or a failed
        one that loses where there is one other team; None when the stakes end nothing."""
        variant, stakes = self.variant, self.variant.moon
        label = variant.team_label
        if stakes is None:
            return None
        if made and stakes.made == "wins":
            return self._ends_at_once(
                bidding_team,
                f"{label(bidding_team)} bid {stakes.name} and took every point.",
                variant.rule("moon"),
                "moon_made",
            )
        others = [t for t in range(variant.teams) if t != bidding_team]
        if made is False and stakes.failed == "loses" and len(others) == 1:
            return self._ends_at_once(
                others[0],
                f"{label(bidding_team)} bid {stakes.name} and did not take every point, "
                "which loses the game.",
                variant.rule("moon"),
                "moon_failed",
            )
        return None

    def _ends_at_once(self, team: int, why: str, rule: str, ended_by: str) -> GameState:
        return replace(
            self,
            finished=True,
            winner=team,
            reason=f"{self.variant.team_wins(team)} at once: {why}",
            reason_rule=rule,
            ended_by=ended_by,
        )

    def _decided_at_target(
        self, *, made: bool | None, bidding_team: int | None, capped: tuple[bool, ...]
    ) -> GameState:
        """The teams at the target after a hand: who may win (non_bidders), then the win
        setting, then the only one or the most points (D5)."""
        variant = self.variant
        candidates = [t for t, s in enumerate(self.scores) if s >= variant.target]
        if not candidates:
            return replace(self, finished=False, winner=None, reason="", reason_rule="")
        if variant.non_bidders == "must_bid_to_win":
            held = self._only_the_bidding_team_goes_out(candidates, made, bidding_team)
            if held is not None:
                return held
            assert bidding_team is not None  # held is None only after a made bid
            candidates = [bidding_team]
        settled = self._settled_by_the_bid(candidates, made, bidding_team)
        if settled is not None:
            return settled
        if len(candidates) == 1:
            return self._alone_at_target(candidates[0], capped)
        return self._most_points_at_target(candidates, bidding_team)

    def _only_the_bidding_team_goes_out(
        self, candidates: list[int], made: bool | None, bidding_team: int | None
    ) -> GameState | None:
        """must_bid_to_win: play on unless the bidding team made its bid and is at the
        target (play_smear's bid_won); None when it did."""
        variant = self.variant
        target = variant.target
        label = variant.team_label
        if bidding_team in candidates and made is False:
            # play_smear's bid_won: only a made bid goes out; a set bidding team plays on.
            return replace(
                self,
                finished=False,
                winner=None,
                reason=f"{label(bidding_team)} reached {target}, but this hand's bid was set "
                "and only a made bid goes out: play on.",
                reason_rule=variant.rule("non_bidders"),
            )
        if bidding_team not in candidates:
            # Only the bidding team can win in a hand: the others play on.
            names = and_join([label(t) for t in candidates])
            why = "did not bid this hand" if bidding_team is not None else "this hand was thrown in"
            return replace(
                self,
                finished=False,
                winner=None,
                reason=f"{names} reached {target}, but {why} and only the bidding team can "
                "win: play on.",
                reason_rule=variant.rule("non_bidders"),
            )
        return None

    def _settled_by_the_bid(
        self, candidates: list[int], made: bool | None, bidding_team: int | None
    ) -> GameState | None:
        """What the win setting says of this hand's bid: made_bid_only plays on after a bid
        not made (W10a); the bidding team goes out first (bidding_team_out_first, or
        bidder_out_first on a made bid). None when the bid settles nothing."""
        variant = self.variant
        target = variant.target
        # The rule the win is told by: W10a when the option set it (Variant.with_options).
        win_rule = variant.rule("win")
        if variant.win == "made_bid_only" and not made:
            # W10a: no team can win in a hand whose bid was not made (set, or thrown in).
            names = and_join([variant.team_label(t) for t in candidates])
            # A thrown-in deal had no bid at all.
            why = "this hand's bid was set" if made is False else "this hand was thrown in"
            return replace(
                self,
                finished=False,
                winner=None,
                reason=f"{names} reached {target}, but {why} and the game is only won on "
                f"a made bid: play on.",
                reason_rule=win_rule,
            )
        if variant.win == "bidding_team_out_first" and bidding_team in candidates:
            how = "made it" if made else "were set"
            why = f"they bid, {how} and are at {target}"
        elif variant.win == "bidder_out_first" and made and bidding_team in candidates:
            why = f"they bid, made it and reached {target}"
        else:
            return None
        return replace(
            self,
            finished=True,
            winner=bidding_team,
            reason=f"{variant.team_wins(bidding_team)} with {self.scores[bidding_team]} "
            f"points: {why}, and the bidding team goes out first.",
            reason_rule=win_rule,
        )

    def _made_words(self) -> str:
        # D11: with W10a on, the game is won in a made hand by any candidate of D5, the
        # bidding team or not; say so, as "the first to reach" may not be true then.
        return " in a hand whose bid was made" if self.variant.win == "made_bid_only" else ""

    def _alone_at_target(self, team: int, capped: tuple[bool, ...]) -> GameState:
        """The one team that may win is at the target: it wins, and the reason says why."""
        variant = self.variant
        target = variant.target
        made_words = self._made_words()
        if team < len(capped) and capped[team]:
            # W10b / D11: held at the target, a non-bidding team has reached it.
            why = (
                f"held at {target} as they did not bid, they have still reached "
                f"{target}{made_words}."
            )
            rule = variant.rule("non_bidders")
        elif variant.non_bidders == "must_bid_to_win" and any(
            s >= target for t, s in enumerate(self.scores) if t != team
        ):
            why = f"they bid this hand, and only the bidding team can win{made_words}."
            rule = variant.rule("non_bidders")
        else:
            why = f"the only team at {target} or more{made_words}."
            rule = variant.rule("win")
        return replace(
            self,
            finished=True,
            winner=team,
            reason=f"{variant.team_wins(team)} with {self.scores[team]} points: {why}",
            reason_rule=rule,
        )

    def _most_points_at_target(self, candidates: list[int], bidding_team: int | None) -> GameState:
        """D5: of several teams at the target, the most points wins; tied leaders as
        _break_tie says."""
        variant = self.variant
        label = variant.team_label
        best = max(self.scores[t] for t in candidates)
        leaders = [t for t in candidates if self.scores[t] == best]
        others = [t for t in candidates if t not in leaders]
        if len(leaders) > 1:
            return self._break_tie(leaders, best, bidding_team)
        team = leaders[0]
        beaten = and_join([f"{label(t)}'s {self.scores[t]}" for t in others])
        return replace(
            self,
            finished=True,
            winner=team,
            # Not "in the same hand": after a D5 tie or a W10a hand a team may have
            # reached the target earlier.
            reason=f"{variant.team_wins(team)}: more than one team is at {variant.target} or "
            f"more{self._made_words()}, and {label(team)}'s {best} beats {beaten}.",
            reason_rule="D5",
        )

    def _break_tie(
        self, leaders: list[int], best: int, bidding_team: int | None, *, before: str = ""
    ) -> GameState:
        """D5 for leaders level at ``best``: the bidding team among them wins; leaders who
        did not bid play another hand. ``before``: words that open the reason."""
        variant = self.variant
        label = variant.team_label
        names = and_join([label(t) for t in leaders])
        if bidding_team in leaders:
            return replace(
                self,
                finished=True,
                winner=bidding_team,
                reason=f"{before}{variant.team_wins(bidding_team)}: {names} are tied at "
                f"{best}, and {label(bidding_team)} bid this hand.",
                reason_rule="D5",
            )
        return replace(
            self,
            finished=False,
            winner=None,
            reason=f"{before}{names} are tied at {best} and did not bid this hand: nobody has "
            f"won yet, play another hand.",
            reason_rule="D5",
        )

    def _decide_round(self, result: HandResult) -> GameState:
        """A progressive night's round of a set number of hands ends after its last scored
        hand, whatever the target; the most points wins; tied leaders as D5 says."""
        limit = self.variant.hand_limit
        assert limit is not None  # a round's game has its number of hands
        left = limit - self.hands_scored
        if left > 0:
            return replace(
                self,
                finished=False,
                winner=None,
                reason=f"Round of {limit} hands: {left} more to play.",
                reason_rule="",
            )
        best = max(self.scores)
        leaders = [t for t, s in enumerate(self.scores) if s == best]
        played = f"The round's {limit} hands are played"
        if len(leaders) == 1:
            team = leaders[0]
            return replace(
                self,
                finished=True,
                winner=team,
                reason=f"{played}: {self.variant.team_wins(team)} it with {best} points.",
                reason_rule="",
            )
        return self._break_tie(leaders, best, result.bidding_team, before=f"{played}. ")


def _bidding_change(
    variant: Variant, moon: Moon | None, made: bool, before: int, taken: int, bid: int
) -> int:
    """The bidding team's change (S9, W9, D9 and the moon's stakes): a made bid scores
    everything taken; a set bid as set_bid says; a moon as its stakes (Moon), a failed
    moon set back the set rule with failed_points in place of the bid."""
    if moon is not None and made and moon.made == "scores":
        return moon.made_points
    if moon is not None and made and moon.made == "to_target":
        if moon.negative_to_zero and before < 0:
            return -before
        return variant.target - before
    if made:
        return taken
    stake = moon.failed_points if moon is not None and moon.failed == "set_back" else bid
    if variant.set_bid == "keep_less_bid":
        return taken - stake
    return -stake


def new_game(
    variant: Variant, options: Mapping[str, Any] | None = None, first_dealer: int = 0
) -> GameState:
    """A game before its first hand; refuses unknown options or a dealer not at the table."""
    resolved, errors = variant.resolve_options(dict(options or {}))
    if (
        isinstance(first_dealer, bool)
        or not isinstance(first_dealer, int)
        or not 0 <= first_dealer < variant.players
    ):
        errors.append(
            RuleError(
                "first_dealer",
                f"The first dealer must be one of the {variant.players} seats "
                f"(0 to {variant.players - 1}), not {first_dealer!r}.",
                variant.rule("dealer"),
            )
        )
    if errors:
        raise HandRefused(errors)
    return GameState(
        variant=variant,
        options=resolved,
        first_dealer=first_dealer,
        scores=(0,) * variant.teams,
        dealer=first_dealer,
    )


def rematch_first_dealer(
    finished: GameState, *, keep_rotation: bool, draw: Callable[[int], int] | None = None
) -> int:
    """The first dealer of a rematch with the same seats (D12): drawn at random, as for any
    new game (S3, W4), unless the table goes on with the rotation (the next dealer).
    ``draw(players)`` picks a seat; random.randrange by default."""
    if keep_rotation:
        return finished.dealer
    return (draw or random.randrange)(finished.variant.players)


def replay(
    variant: Variant,
    options: Mapping[str, Any] | None,
    first_dealer: int,
    entries: Iterable[HandEntry],
) -> tuple[GameState, list[HandResult]]:
    """Standings replayed from the hands in order. A refused hand raises HandRefused
    with its number in ``hand_number``."""
    state = new_game(variant, options, first_dealer)
    results = []
    for entry in entries:
        try:
            state, result = state.play(entry)
        except HandRefused as refused:
            refused.hand_number = state.next_number
            raise
        results.append(result)
    return state, results


def preview(state: GameState, entry: HandEntry) -> HandResult | None:
    """What the hand would do, or None when it would be refused (for the 'will score' line)."""
    try:
        return state.play(entry)[1]
    except HandRefused:
        return None


def _held_at_target(variant: Variant, scores: list[int], bidding_team: int) -> list[bool]:
    """W10b / D6: after adding, a non-bidding team above the target ends at it (``scores``
    changed in place); which teams were held, per team."""
    capped = [False] * variant.teams
    if variant.non_bidders == "held_at_target":
        for team, score in enumerate(scores):
            if team != bidding_team and score > variant.target:
                scores[team] = variant.target
                capped[team] = True
    return capped
