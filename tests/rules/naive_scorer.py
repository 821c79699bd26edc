"""A second scorer, deliberately naive, written from the rules page's words alone.

It reads a house-rules settings object (the JSON the builder saves) and a hand as the
table reports it (a plain dict, below), and keeps score in plain lists and loops. It
shares no code with the engine and imports nothing from it: where the two disagree,
one of them has misread the words, and the property test says which hand.

A hand is a dict: ``{"thrown_in": True}`` when everyone passed, or ``{"bidder": seat,
"bid": n}`` with either ``"awards"`` (point key -> team, or None for nobody; a key left
out is nobody too) or ``"points"`` (the value each team took, typed as totals), and
optionally ``"made"`` (the scorer's claim) and ``"card_points"`` (each team's count).

The words followed (the numbers are those of "What each setting means"):

1. A point awarded to a team scores its value for that team. Typed totals: each team
   0..the total value, their sum from the value of the always-awarded points to the total,
   and some award of the points gives them.
2. Everyone passes: redeal (no score, same dealer), pass_deal (no score, the deal passes
   left), dealer_set_back (the dealer's team loses all_pass_points, the deal passes left),
   stick_dealer (no thrown-in hand is accepted).
3. The moon is the bid max_bid; made only when the bidding team takes every point in play.
   Made: wins (the bidding team wins at once), scores (its change is made_points),
   to_target (its score becomes the target; with negative_to_zero, 0 when it was below 0).
   Failed: loses (the game ends, the other team wins), set_back (the set rule of 4 with
   failed_points in place of the bid). Other teams as for any bid.
4. An ordinary bid is made when the bidding team takes at least the bid: it scores what it
   took. Set: lose_bid (change -bid), keep_less_bid (change taken - bid).
5. Non-bidders: score, must_bid_to_win (they score; only a made bid goes out),
   held_at_target (after adding, a non-bidding team above the target ends at it).
6. all_points_wins: a team that takes every point in play in one hand wins at once.
7. The end, after each scored hand, moon and all_points_wins first; then the candidates
   (at the target or more; with must_bid_to_win only the bidding team, if it made its bid);
   made_bid_only: nobody wins in a hand whose bid was set; bidder_out_first: a bidding team
   that made its bid and is a candidate wins; bidding_team_out_first: a bidding team that
   is a candidate wins, made or set; otherwise one candidate wins, several: the most
   points, a tie for the most: the bidding team among them, else play on. A thrown-in deal
   is not a hand played: it decides nothing.

And the older readings the settings keep (RULES.md): D1 an always-awarded point must be
given to a team; D3 a made/set claim must agree with the points; D8 a finished game takes
no more hands; D13 counted card points (whole numbers from 0, adding up to at most the
deck's total) give Game to the most, nobody on a tie, and a Game award beside them must
agree; counts need a Game point, counting allowed, and awards rather than totals.
"""

from __future__ import annotations

# A point's value when the settings leave it out: 1, but Trey 3 and the Pedros 5.
DEFAULT_VALUES = {"trey": 3, "pedro": 5, "left_pedro": 5}


def _whole(value) -> bool:
    return type(value) is int


class NaiveGame:
    """One game under one settings object: ``play(hand)`` returns the hand's change for
    each team, or None when the hand is refused (nothing then changes)."""

    def __init__(self, settings: dict, first_dealer: int):
        self.settings = settings
        self.players = settings["players"]
        self.teams = settings["teams"]
        self.target = settings["target"]
        # Each point's value and whether it may go to nobody, by key.
        self.value = {}
        self.must_award = {}
        for point in settings["points"]:
            self.value[point["key"]] = point.get("value", DEFAULT_VALUES.get(point["key"], 1))
            self.must_award[point["key"]] = not point.get("may_go_unawarded", False)
        self.total = 0
        for key in self.value:
            self.total = self.total + self.value[key]
        self.least = 0
        for key in self.value:
            if self.must_award[key]:
                self.least = self.least + self.value[key]
        self.scores = [0] * self.teams
        self.dealer = first_dealer
        self.finished = False
        self.winner = None

    # -- who sits where --------------------------------------------------------------
    def team_of(self, seat: int) -> int:
        # Partners alternate round the table: seat s is on team s % teams.
        return seat % self.teams

    def next_dealer(self) -> int:
        return (self.dealer + 1) % self.players

    # -- what the table may report ----------------------------------------------------
    def counting_allowed(self) -> bool:
        s = self.settings
        return (
            s.get("game_goes_to", "card_points") == "card_points"
            and s.get("card_points_total") is not None
            and "game" in self.value
        )

    def taken(self, hand: dict) -> list[int] | None:
        """The value each team took, or None when the hand as reported breaks a rule."""
        teams = self.teams
        if "awards" in hand and "points" in hand:
            return None
        counts = hand.get("card_points")
        if "awards" in hand:
            awards = dict(hand["awards"])
            for key in awards:
                if key not in self.value:
                    return None
                team = awards[key]
                if team is not None and not (_whole(team) and 0 <= team < teams):
                    return None
            if counts is not None:
                if not self.counting_allowed():
                    return None
                if len(counts) != teams:
                    return None
                total = 0
                for count in counts:
                    if not _whole(count) or count < 0:
                        return None
                    total = total + count
                if total > self.settings["card_points_total"]:
                    return None
                most = max(counts)
                leaders = [t for t in range(teams) if counts[t] == most]
                counted = leaders[0] if len(leaders) == 1 else None
                if "game" in awards:
                    if awards["game"] != counted:
                        return None
                else:
                    awards["game"] = counted
            for key in self.value:
                if self.must_award[key] and awards.get(key) is None:
                    return None
            took = [0] * teams
            for key in awards:
                if awards[key] is not None:
                    took[awards[key]] = took[awards[key]] + self.value[key]
            return took
        if "points" in hand:
            if counts is not None:
                return None
            points = hand["points"]
            if len(points) != teams:
                return None
            total = 0
            for p in points:
                if not _whole(p) or not 0 <= p <= self.total:
                    return None
                total = total + p
            if not self.least <= total <= self.total:
                return None
            if not self.dealable(points):
                return None
            return list(points)
        return None

    def dealable(self, points) -> bool:
        """D1: some award of the points (each to a team, or to nobody where it may go
        unawarded) gives exactly these totals. Every award, kept only while no team has
        more than its total."""
        reachable = {tuple([0] * self.teams)}
        for key in self.value:
            grown = set()
            for sums in reachable:
                if not self.must_award[key]:
                    grown.add(sums)
                for t in range(self.teams):
                    if sums[t] + self.value[key] <= points[t]:
                        more = list(sums)
                        more[t] = more[t] + self.value[key]
                        grown.add(tuple(more))
            reachable = grown
        return tuple(points) in reachable

    # -- a hand ------------------------------------------------------------------------
    def play(self, hand: dict) -> list[int] | None:
        if self.finished:
            return None
        if hand.get("thrown_in"):
            return self.play_thrown_in()
        return self.play_bid(hand)

    def play_thrown_in(self) -> list[int] | None:
        rule = self.settings.get("all_pass", "redeal")
        changes = [0] * self.teams
        if rule == "stick_dealer":
            return None
        if rule == "redeal":
            pass  # same dealer deals again
        elif rule == "pass_deal":
            self.dealer = self.next_dealer()
        elif rule == "dealer_set_back":
            changes[self.team_of(self.dealer)] = -self.settings["all_pass_points"]
            self.dealer = self.next_dealer()
        for t in range(self.teams):
            self.scores[t] = self.scores[t] + changes[t]
        # A thrown-in deal is not a hand played: it decides nothing.
        return changes

    def play_bid(self, hand: dict) -> list[int] | None:
        s = self.settings
        bidder, bid = hand.get("bidder"), hand.get("bid")
        if not _whole(bidder) or not 0 <= bidder < self.players:
            return None
        if not _whole(bid) or not s["min_bid"] <= bid <= s["max_bid"]:
            return None
        took = self.taken(hand)
        if took is None:
            return None
        team = self.team_of(bidder)
        moon = s.get("moon") is not None and bid == s["max_bid"]
        if moon:
            made = took[team] == self.total
        else:
            made = took[team] >= bid
        if "made" in hand and hand["made"] is not None and hand["made"] != made:
            return None

        before = list(self.scores)
        after = list(self.scores)
        for t in range(self.teams):
            if t != team:
                after[t] = after[t] + took[t]
        if moon and made and s["moon"]["made"] == "scores":
            after[team] = after[team] + s["moon"]["made_points"]
        elif moon and made and s["moon"]["made"] == "to_target":
            if s["moon"].get("negative_to_zero", False) and after[team] < 0:
                after[team] = 0
            else:
                after[team] = self.target
        elif made:
            after[team] = after[team] + took[team]
        else:
            # A failed moon that sets back N: the set rule with N in place of the bid.
            if moon and s["moon"]["failed"] == "set_back":
                bid = s["moon"]["failed_points"]
            if s.get("set_bid", "lose_bid") == "lose_bid":
                after[team] = after[team] - bid
            else:
                after[team] = after[team] + took[team] - bid
        if s.get("non_bidders", "score") == "held_at_target":
            for t in range(self.teams):
                if t != team and after[t] > self.target:
                    after[t] = self.target
        self.scores = after
        self.dealer = self.next_dealer()
        self.decide(bidding_team=team, made=made, moon=moon, took=took)
        return [after[t] - before[t] for t in range(self.teams)]

    # -- the end ------------------------------------------------------------------------
    def win(self, team: int) -> None:
        self.finished = True
        self.winner = team

    def decide(self, *, bidding_team, made, moon, took) -> None:
        s = self.settings
        if moon and made and s["moon"]["made"] == "wins":
            return self.win(bidding_team)
        if moon and not made and s["moon"]["failed"] == "loses":
            return self.win(1 - bidding_team)
        if s.get("all_points_wins", False):
            for t in range(self.teams):
                if took[t] == self.total:
                    return self.win(t)
        candidates = []
        for t in range(self.teams):
            if self.scores[t] >= self.target:
                candidates.append(t)
        if s.get("non_bidders", "score") == "must_bid_to_win":
            if bidding_team in candidates and made:
                candidates = [bidding_team]
            else:
                candidates = []
        if not candidates:
            return None
        rule = s.get("win", "most_points")
        if rule == "made_bid_only" and made is not True:
            return None
        if rule == "bidder_out_first" and made is True and bidding_team in candidates:
            return self.win(bidding_team)
        if rule == "bidding_team_out_first" and bidding_team in candidates:
            return self.win(bidding_team)
        if len(candidates) == 1:
            return self.win(candidates[0])
        best = max(self.scores[t] for t in candidates)
        leaders = [t for t in candidates if self.scores[t] == best]
        if len(leaders) == 1:
            return self.win(leaders[0])
        if bidding_team in leaders:
            return self.win(bidding_team)
        return None
