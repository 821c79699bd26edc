"""Persistence of progressive nights: who checked in, each round's draw and tables, the
director's corrections. Storage only; the draw lives in smear_scores.rules.draw."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q

from smear_scores import rules
from smear_scores.rules.night_scoring import NightScoring

# A check-in code as a player types it: no 0/O, 1/I/L to mix up.
JOIN_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
JOIN_LENGTH = 6


def new_join_code() -> str:
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_LENGTH))


class Night(models.Model):
    """A progressive tournament: rounds at tables drawn afresh, each player's own total."""

    club = models.ForeignKey("smear_scores.Club", on_delete=models.CASCADE, related_name="nights")
    # A league night's games are league games: they count in its table and ratings.
    league = models.ForeignKey(
        "smear_scores.League",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="nights",
    )
    name = models.CharField(max_length=80)
    day = models.DateField()
    # A preset's slug (checked by services.nights.night_open, not by choices: a new preset
    # needs no migration); with house rules, the preset they started from.
    variant = models.SlugField(max_length=40)
    # The club's own rules for every table of the night, in place of the preset's.
    house_rules = models.ForeignKey(
        "smear_scores.HouseRules",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="nights",
    )
    options = models.JSONField(default=dict, blank=True)
    # None: each round is a full game, ended as the variant's rules say.
    round_hands = models.PositiveSmallIntegerField(null=True, blank=True)
    rounds = models.PositiveSmallIntegerField()
    win_bonus = models.PositiveSmallIntegerField(default=0)
    # How a player's round scores (rules.night_scoring.SYSTEMS, checked by
    # services.nights.night_open) and the numbers that system reads; progressive points
    # read win_bonus above.
    scoring = models.CharField(max_length=12, default="progressive")
    scoring_numbers = models.JSONField(default=dict, blank=True)
    # How players move between rounds: a fresh random draw (rules.draw), or king of the
    # hill (rules.movement); with king of the hill, whether the head table finishing ends
    # the round at every table (the others closed as they stand, by close_rule).
    MOVE_DRAW, MOVE_KING = "draw", "king"
    movement = models.CharField(
        max_length=5,
        choices=[(MOVE_DRAW, "random draw"), (MOVE_KING, "king of the hill")],
        default=MOVE_DRAW,
    )
    head_table_ends = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    # Bumped by every write that changes what the room view shows (see services.nights).
    version = models.PositiveIntegerField(default=0)
    # Whether a screen has ever followed the room view through the push engine: each change
    # draws the room for it without asking the engine (as Game.board_followed).
    room_followed = models.BooleanField(default=False)
    # The code a player's phone checks in with (its QR holds the link): a stranger who
    # guesses the night's number cannot check anyone in.
    join_code = models.CharField(max_length=12, unique=True, default=new_join_code)
    # Whether a phone may add a name that is not on the roster (under the roster's rules).
    walk_ins = models.BooleanField(default=False)
    # Whether a player's card shows their total and place during the night ("live"), or
    # only once every round is over ("end").
    REVEAL_LIVE, REVEAL_END = "live", "end"
    reveal = models.CharField(
        max_length=4, choices=[(REVEAL_LIVE, "live"), (REVEAL_END, "end")], default=REVEAL_LIVE
    )
    # A table with no hand for this many minutes needs the director's attention.
    idle_minutes = models.PositiveSmallIntegerField(default=10)
    # What a table closed by the director before it finished scores (stated before round 1):
    # "leader" the partnership ahead wins the round, "none" nobody wins it; either way each
    # partnership keeps its score as it stands.
    CLOSE_LEADER, CLOSE_NONE = "leader", "none"
    close_rule = models.CharField(
        max_length=6,
        choices=[(CLOSE_LEADER, "leader wins"), (CLOSE_NONE, "no winner")],
        default=CLOSE_LEADER,
    )
    # Who a substitute's rounds score for (rules.substitutes), set when the night is
    # opened: "absent" the absent player takes the seat's points, "self" the sub keeps them
    # outside prizes and season points, "bye" the absent player scores bye_points a round.
    SUB_ABSENT, SUB_SELF, SUB_BYE = "absent", "self", "bye"
    sub_policy = models.CharField(
        max_length=6,
        choices=[
            (SUB_ABSENT, "points to the absent player"),
            (SUB_SELF, "sub plays for themself"),
            (SUB_BYE, "bye"),
        ],
        default=SUB_ABSENT,
    )
    bye_points = models.PositiveSmallIntegerField(default=0)
    # The director's announcement, shown on every player's card and the room screen.
    announcement = models.CharField(max_length=200, blank=True, default="")
    announced_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-day", "-created_at"]
        constraints = [
            models.CheckConstraint(condition=Q(rounds__gte=1), name="night_rounds_positive"),
            models.CheckConstraint(
                condition=Q(round_hands__isnull=True) | Q(round_hands__gte=1),
                name="night_round_hands_positive",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def night_scoring(self) -> NightScoring:
        numbers = {k: int(v) for k, v in (self.scoring_numbers or {}).items()}
        numbers.pop("win_bonus", None)
        return NightScoring(system=self.scoring, win_bonus=self.win_bonus, **numbers)

    @property
    def rules_variant(self) -> rules.Variant:
        if self.house_rules is not None:
            return self.house_rules.rules_variant
        return rules.get_variant(self.variant)


class Entrant(models.Model):
    """A roster player checked in to a night; ``present`` is off once they leave."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="entrants")
    player = models.ForeignKey(
        "smear_scores.Player", on_delete=models.PROTECT, related_name="entries"
    )
    present = models.BooleanField(default=True)
    checked_in_at = models.DateTimeField(auto_now_add=True)
    # The phone that checked the player in (a random id it keeps in a signed cookie), ""
    # when the director did: a second phone picking the same name is asked first.
    phone = models.CharField(max_length=32, blank=True, default="")
    # Another phone that asks to take the name over: it does once the director moves it,
    # or the phone above releases it (services.night_claims.night_claim_*); "" when none asks.
    claim_phone = models.CharField(max_length=32, blank=True, default="")

    class Meta:
        ordering = ["night", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["night", "player"], name="entrant_unique_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.night}"


class Round(models.Model):
    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    # The draw is reproducible: the same players, earlier rounds and seed draw the same.
    seed = models.BigIntegerField()
    # Player ids, in the order they were offered to the draw (it depends on the order).
    present = models.JSONField(default=list)
    sitting_out = models.ManyToManyField(
        "smear_scores.Player", blank=True, related_name="rounds_sat_out"
    )
    drawn_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["night", "number"]
        constraints = [
            models.UniqueConstraint(fields=["night", "number"], name="round_unique_number"),
        ]

    def __str__(self) -> str:
        return f"Round {self.number} of {self.night}"


class RoundTable(models.Model):
    """One table of a round: its game holds the seats, the first dealer and the scores."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField(
        "smear_scores.Game", on_delete=models.PROTECT, related_name="night_table"
    )
    # Closed by the director before the table finished: the round counts the partnerships'
    # scores as they stood then (closed_scores), whatever the table records later.
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_scores = models.JSONField(null=True, blank=True)
    # When the table's scorer last sent a hand the rules refused: the dashboard says the
    # table may need help until a hand is recorded there.
    refused_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_unique_number"),
        ]

    def __str__(self) -> str:
        return f"Table {self.number}, {self.round}"


class Correction(models.Model):
    """Audit and effect: a director's change to one partnership's score in one round."""

    table = models.ForeignKey(RoundTable, on_delete=models.CASCADE, related_name="corrections")
    team = models.PositiveSmallIntegerField()
    points = models.SmallIntegerField(help_text="Added to the partnership's round score.")
    reason = models.CharField(max_length=200)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "at"]

    def __str__(self) -> str:
        return f"{self.points:+d} for team {self.team} at {self.table}"
