"""Persistence of games: storage only. The rules live in smear_scores.rules."""

from __future__ import annotations

import operator
import secrets
from datetime import datetime, timedelta
from functools import cached_property, reduce
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from smear_scores import rules

# What the database accepts of any variant's hands: what any house rules may set (so a new
# preset, or a table's own rules, needs no migration), read from the engine's limits.
# The lowest bid is 1; the highest, a moon above every point of every kind at its highest
# value; the seats, those of the largest table.
LOWEST_BID = 1
HIGHEST_BID = len(rules.POINT_KINDS) * rules.variants.POINT_VALUE_MAX + 1
LAST_SEAT = max(players for players, _ in rules.seat_shapes()) - 1


def new_public_id() -> str:
    # 72 random bits: unguessable, still short enough for a link.
    return secrets.token_urlsafe(9)


def new_edit_token() -> str:
    return secrets.token_urlsafe(24)


# Letters and digits a person reads off a screen and types without mistaking one for
# another (no 0/O, 1/I/L, U/V).
SCORING_ALPHABET = "ABCDEFGHJKMNPQRSTWXYZ23456789"
SCORING_LENGTH = 12


def new_scoring_secret() -> str:
    # 12 of 29 symbols: 58 random bits, short enough to type from another phone's screen.
    return "".join(secrets.choice(SCORING_ALPHABET) for _ in range(SCORING_LENGTH))


# The standings a game row caches, column -> the rules.GameState field it holds: read by
# Game.state, written with every hand (services.game_writes.game_save) and when a game starts.
STANDINGS = {
    "scores": "scores",
    "hands_played": "hands_played",
    "hands_scored": "hands_scored",
    "next_dealer": "dealer",
    "finished": "finished",
    "winner": "winner",
    "reason": "reason",
    "reason_rule": "reason_rule",
    "ended_by": "ended_by",
}


if TYPE_CHECKING:
    from smear_scores.models.clubs import Club


# Which games count in a club's league tables, ratings and night standings, the one
# statement of the rule (two keys, services.agreements): a finished game that nobody needs
# to confirm, one every other team agreed to (or the club's director settled), or one whose
# club's window passed after it finished with no dispute open. Lookups that all hold, and
# terms of which one holds ("window": the club's confirm_hours before now).
COUNTS_WHEN = {"finished": True}
COUNTS_IF_ONE = (
    {"confirm": False},
    {"agreed_at__isnull": False},
    {"disputed": False, "finished_at__lte": "window"},
)


def _counting(club: Club, now: datetime | None) -> list[dict[str, Any]]:
    """COUNTS_IF_ONE with the club's window as a time."""
    since = (now or timezone.now()) - timedelta(hours=club.confirm_hours)
    return [{k: since if v == "window" else v for k, v in t.items()} for t in COUNTS_IF_ONE]


def counted_rule(club: Club, *, prefix: str = "", now: datetime | None = None) -> Q:
    """The rule as a filter, for a query of games (GameQuerySet.counted) or of the rows
    of their seats and hands (``prefix``: the path to the game, "game__")."""
    terms = (Q(**{prefix + k: v for k, v in term.items()}) for term in _counting(club, now))
    return Q(**{prefix + k: v for k, v in COUNTS_WHEN.items()}) & reduce(operator.or_, terms)


def _holds(game: Game, lookup: str, wanted: Any) -> bool:
    column, _, op = lookup.partition("__")
    value = getattr(game, column)
    if op == "isnull":
        return (value is None) is wanted
    if op == "lte":
        return value is not None and value <= wanted
    return bool(value == wanted)


class GameQuerySet(models.QuerySet["Game"]):
    def counted(self, club: Club, *, now: datetime | None = None) -> GameQuerySet:
        """The games that count in ``club``'s tables, ratings and standings."""
        return self.filter(counted_rule(club, now=now))


class Game(models.Model):
    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    # Whoever holds this may score the game (the creating device, a hand-over link, the API).
    edit_token = models.CharField(max_length=40, default=new_edit_token, editable=False)
    # Whoever holds this may score the game on the scoring screen: the creating phone, a
    # phone handed the scoring link or code. Separate from edit_token (the API's), and
    # replaced when a scorer stops other phones scoring (services.game_scoring_rotate).
    scoring_secret = models.CharField(
        max_length=SCORING_LENGTH, default=new_scoring_secret, editable=False
    )
    variant = models.SlugField(max_length=40)
    # The variant and its options frozen when the game starts: a later change of a preset
    # never rewrites an old game.
    variant_spec = models.JSONField()
    options = models.JSONField(default=dict)
    # A game started from a saved set of house rules: ``variant`` is the preset they started
    # from, ``variant_spec`` the rules as they were frozen (the set is never changed).
    house_rules = models.ForeignKey(
        "smear_scores.HouseRules",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="games",
    )
    first_dealer = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    rematch_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches"
    )
    # A league game: its seats name players of the league's club, and only the club's
    # members may score it (permissions.can_score).
    league = models.ForeignKey(
        "smear_scores.League",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="games",
    )

    # A cache of the rules engine's standings after the last hand, written in the same
    # transaction as every hand write (services); a full replay must always agree with it.
    scores = models.JSONField(default=list)
    hands_played = models.PositiveIntegerField(default=0)
    # Hands not thrown in: a night's round of a set number of hands counts these.
    hands_scored = models.PositiveIntegerField(default=0)
    next_dealer = models.PositiveSmallIntegerField()
    finished = models.BooleanField(default=False)
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    # Why the game ended (or why it goes on), in the table's words (the teams' names), and
    # the rule that explains it (the rules page's anchor): written with the standings.
    reason = models.TextField(blank=True, default="")
    reason_rule = models.CharField(max_length=10, blank=True, default="")
    # How the last hand ended the game at once, if it did (the moon, every point in a hand).
    ended_by = models.CharField(max_length=20, blank=True, default="")
    finished_at = models.DateTimeField(null=True, blank=True)
    # The names the table gave its teams, in team order; "" (or no list at all) for a team
    # called by its partners ("Cy & Flo"). Read through selectors.games.team_names.
    team_names = models.JSONField(default=list, blank=True)
    # A casual game its scorer removed (services.game_remove): gone from the home list and
    # its pages, its rows kept; GameRevision records who removed or restored it, and when.
    removed_at = models.DateTimeField(null=True, blank=True)
    # Whether a phone has ever followed the watchers' board, or the table view, through the
    # push engine (live.nchan.subscribe): every later change of the game draws that board
    # for it without asking the engine who follows it. Set once, never cleared.
    board_followed = models.BooleanField(default=False)
    table_followed = models.BooleanField(default=False)
    # Two keys (services.agreements): the other teams confirm the hands the scoring phone
    # records. On for league games and night rounds. ``scored_by`` holds, per hand, the
    # team of the player (signed-in member or checked-in phone) who recorded it, or null
    # when no seated player did: that team need not agree to it, every other team does;
    # ``agreed_through``
    # holds, per team, the last hand it agreed to (agreeing to a hand agrees to every
    # earlier one);
    # ``agreed_at`` is when the finished game was agreed by every other team or settled by
    # the club's director, ``disputed`` whether a hand's dispute is open. A club's league
    # tables, ratings and night standings count the game once agreed, or once the club's
    # window passed with no dispute (GameQuerySet.counted).
    confirm = models.BooleanField("the other teams confirm", default=False)
    scored_by = models.JSONField(default=list, blank=True)
    agreed_through = models.JSONField(default=list, blank=True)
    # Moved on by every edit or undo of a hand of such a game: with a hand's number, what
    # an agreement says it saw (selectors.agreements.agree_version).
    hands_epoch = models.PositiveIntegerField(default=0)
    agreed_at = models.DateTimeField(null=True, blank=True)
    disputed = models.BooleanField(default=False)

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-updated_at"]
        indexes = [
            models.Index(fields=["-updated_at"]),
            models.Index(fields=["league", "finished"], name="game_league_finished"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(finished=False) | Q(winner__isnull=False),
                name="game_finished_has_winner",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.rules_variant.name} {self.public_id}"

    @cached_property
    def rules_variant(self) -> rules.Variant:
        # With the game's options folded in (Option.sets), as its standings read it:
        # every check of a hand then sees the settings the options chose.
        return rules.variant_from_dict(self.variant_spec).with_options(self.options)

    def state(self) -> rules.GameState:
        """The standings after the last hand, from the cache (no query)."""
        cached = {part: getattr(self, column) for column, part in STANDINGS.items()}
        return rules.GameState(
            variant=self.rules_variant,
            options=self.options,
            first_dealer=self.first_dealer,
            **cached | {"scores": tuple(self.scores)},
        )

    def counts(self, club: Club, *, now: datetime | None = None) -> bool:
        """Does this game, as read, count in ``club``'s tables (GameQuerySet.counted)?"""
        return all(_holds(self, k, v) for k, v in COUNTS_WHEN.items()) and any(
            all(_holds(self, lookup, wanted) for lookup, wanted in term.items())
            for term in _counting(club, now)
        )

    @staticmethod
    def standings(state: rules.GameState) -> dict[str, Any]:
        """The columns that cache ``state`` (Game.state reads them back)."""
        columns = {column: getattr(state, part) for column, part in STANDINGS.items()}
        return columns | {"scores": list(state.scores)}


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()  # 0-based, clockwise (D7)
    name = models.CharField(max_length=40)
    # In a league game, the roster player in this seat (name keeps the name as shown).
    player = models.ForeignKey(
        "smear_scores.Player",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="seats",
    )

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_unique_position"),
        ]
        # League tables join a game's seats by position and read the player from the index.
        indexes = [
            models.Index(fields=["game", "position", "player"], name="seat_game_position_player")
        ]

    def __str__(self) -> str:
        return self.name


class Hand(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    dealer = models.PositiveSmallIntegerField()
    thrown_in = models.BooleanField(default=False)
    bidder = models.PositiveSmallIntegerField(null=True, blank=True)
    bid = models.PositiveSmallIntegerField(null=True, blank=True)
    # Points taken per team, in team order; awards: point key -> team (or null), when the
    # scorer entered who took each point.
    points = models.JSONField(default=list)
    awards = models.JSONField(null=True, blank=True)
    made = models.BooleanField(null=True, blank=True)
    # The card points each team counted, in team order, when the table counted Game
    # (D13); null when it only said who took Game. Awards then hold the Game they give.
    card_points = models.JSONField(null=True, blank=True)
    # Cache: running totals after this hand, rewritten in the transaction that edits any
    # earlier hand.
    scores_after = models.JSONField(default=list)
    revisions = models.PositiveIntegerField(default=0)  # times this hand was edited
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "number"]
        # League tables count each game's bids from the index alone.
        indexes = [
            models.Index(fields=["game", "thrown_in", "bidder", "bid", "made"], name="hand_bids")
        ]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="hand_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_positive"),
            # S6, W6: the widest bids and seats of any preset (a change to a preset shows
            # up as a migration: makemigrations --check fails until one is made).
            models.CheckConstraint(
                condition=Q(bid__isnull=True) | Q(bid__gte=LOWEST_BID, bid__lte=HIGHEST_BID),
                name="hand_bid_range",
            ),
            models.CheckConstraint(
                condition=Q(bidder__isnull=True) | Q(bidder__lte=LAST_SEAT),
                name="hand_bidder_seat",
            ),
            models.CheckConstraint(condition=Q(dealer__lte=LAST_SEAT), name="hand_dealer_seat"),
            # D4: a thrown-in deal has no bidder, bid or result; any other hand has all three.
            models.CheckConstraint(
                condition=(
                    Q(thrown_in=True, bidder__isnull=True, bid__isnull=True, made__isnull=True)
                    | Q(
                        thrown_in=False, bidder__isnull=False, bid__isnull=False, made__isnull=False
                    )
                ),
                name="hand_thrown_in_shape",
            ),
        ]

    def __str__(self) -> str:
        return f"Hand {self.number} of {self.game_id}"

    def entry(self) -> rules.HandEntry:
        """The hand as the table reported it, for the rules engine."""
        if self.thrown_in:
            return rules.HandEntry.thrown()
        if self.awards is not None:
            counts = tuple(self.card_points) if self.card_points is not None else None
            return rules.HandEntry(
                bidder=self.bidder, bid=self.bid, awards=self.awards, card_points=counts
            )
        return rules.HandEntry(bidder=self.bidder, bid=self.bid, points=tuple(self.points))

    def as_record(self) -> dict[str, Any]:
        """The stored values, as the audit keeps them."""
        return {
            "number": self.number,
            "dealer": self.dealer,
            "thrown_in": self.thrown_in,
            "bidder": self.bidder,
            "bid": self.bid,
            "points": self.points,
            "awards": self.awards,
            "made": self.made,
            "card_points": self.card_points,
        }


class HandRevision(models.Model):
    """Audit: every recorded, edited or undone hand, with old and new values."""

    class Action(models.TextChoices):
        RECORD = "record", "recorded"
        EDIT = "edit", "edited"
        UNDO = "undo", "undone"
        IMPORT = "import", "imported"
        # Two keys: ``new`` holds the team and what it said, or the director's decision.
        AGREE = "agree", "agreed"
        DISPUTE = "dispute", "disputed"
        DECIDE = "decide", "settled"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="revisions")
    number = models.PositiveIntegerField()
    action = models.CharField(max_length=10, choices=Action.choices)
    old = models.JSONField(null=True, blank=True)
    new = models.JSONField(null=True, blank=True)
    source = models.CharField(max_length=20, default="web")  # web, api, import
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "at", "id"]

    def __str__(self) -> str:
        return f"{self.get_action_display()} hand {self.number}"


class GameRevision(models.Model):
    """Audit of what happened to a game as a whole (its hands have HandRevision): removed
    from the home list by its scorer, or restored."""

    class Action(models.TextChoices):
        REMOVE = "remove", "removed"
        RESTORE = "restore", "restored"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="game_revisions")
    action = models.CharField(max_length=10, choices=Action.choices)
    source = models.CharField(max_length=20, default="web")  # web, api
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "at", "id"]

    def __str__(self) -> str:
        return f"Game {self.get_action_display()}"


class IdempotencyKey(models.Model):
    """The first answer to a POST carrying an Idempotency-Key, replayed for repeats."""

    scope = models.CharField(max_length=80)  # e.g. "games" or "game:<public_id>:hands"
    key = models.CharField(max_length=200)
    status = models.PositiveSmallIntegerField()
    response = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["scope", "key"], name="idempotency_unique_key"),
        ]
        # Pruning the expired answers finds them by age.
        indexes = [models.Index(fields=["created_at"], name="idempotency_created_at")]

    def __str__(self) -> str:
        return f"{self.scope} {self.key}"


class Dispute(models.Model):
    """A team's "Not right" on one hand of a game, open until the scorer's edit is agreed
    to or the club's director settles it (services.agreements)."""

    class Decision(models.TextChoices):
        KEEP = "keep", "kept as recorded"
        EDIT = "edit", "corrected"
        SWAP = "swap", "points swapped"
        EDITED = "edited", "edited by the scorer"
        WITHDRAWN = "withdrawn", "agreed to after all"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="disputes")
    number = models.PositiveIntegerField()
    team = models.PositiveSmallIntegerField()
    words = models.CharField(max_length=200)
    at = models.DateTimeField(auto_now_add=True)
    settled_at = models.DateTimeField(null=True, blank=True)
    decision = models.CharField(max_length=10, choices=Decision.choices, blank=True, default="")
    reason = models.CharField(max_length=200, blank=True, default="")
    settled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["game", "number", "at", "id"]
        indexes = [models.Index(fields=["game", "settled_at"], name="dispute_game_open")]

    def __str__(self) -> str:
        return f"Hand {self.number} of {self.game_id}: {self.words}"
