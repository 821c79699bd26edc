"""Persistence of clubs, their members, players, leagues and ratings: storage only."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q

from smear_scores import rules
from smear_scores.names import name_key


class Club(models.Model):
    name = models.CharField(max_length=80)
    slug = models.SlugField(max_length=40, unique=True, help_text="Used in the club's links.")
    # Two keys: how long after a league game or a night's round finishes its result counts
    # without every other team's agreement, if nobody disputed it (services.agreements).
    confirm_hours = models.PositiveSmallIntegerField(
        "hours to agree",
        default=24,
        help_text="A finished league game or night round counts once every other team "
        "agreed to it, or this many hours after it finished if nobody disputed a hand.",
    )
    # The club's defaults for a new progressive night (the director may change them on the
    # night's form): walk-ins, and whether the cards show the standings as the night goes.
    night_walk_ins = models.BooleanField("walk-ins at nights", default=False)
    night_reveal = models.CharField(
        "standings during a night",
        max_length=4,
        choices=[("live", "live"), ("end", "at the end")],
        default="live",
    )
    # Who a substitute's rounds score for at a new night, and a bye's points
    # (Night.sub_policy, rules.substitutes): the night's form starts from them.
    night_sub_policy = models.CharField(
        "a substitute's rounds",
        max_length=6,
        choices=[
            ("absent", "points to the absent player"),
            ("self", "the substitute's own"),
            ("bye", "a bye"),
        ],
        default="absent",
    )
    night_bye_points = models.PositiveSmallIntegerField("a bye's points", default=0)
    # The game a new league or night of the club starts from: a preset's slug, or
    # "house:<public id>" of the club's own house rules (as the forms name them); "" none.
    default_game = models.CharField("the club's game", max_length=60, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Role(models.TextChoices):
    """What a person is in one club (permissions.py says what each may do). Ordered: each
    role may do what the ones below it may."""

    PLAYER = "player", "player"
    SCORER = "scorer", "scorer"
    DIRECTOR = "director", "director"
    OWNER = "owner", "owner"


class Membership(models.Model):
    """A person's role in a club: owner, director, scorer or player (permissions.py)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(
        max_length=8,
        choices=Role.choices,
        default=Role.SCORER,
        help_text="Owner: names directors. Director: runs the roster, leagues, nights and "
        "results. Scorer: starts and scores league games. Player: agrees for their team.",
    )

    class Meta:
        ordering = ["club", "user"]
        constraints = [
            models.UniqueConstraint(fields=["user", "club"], name="membership_unique_user"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.club}"

    @property
    def is_admin(self) -> bool:
        """A director or the owner: runs the club (the admin's and the tests' old word)."""
        return self.role in (Role.DIRECTOR, Role.OWNER)

    @is_admin.setter
    def is_admin(self, value: bool) -> None:
        if value and not self.is_admin:
            self.role = Role.DIRECTOR
        elif not value and self.is_admin:
            self.role = Role.SCORER


class Player(models.Model):
    """A person on the club's roster: the stable identity behind a seat in league games."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=40)
    # The name as people see it (smear_scores.names.name_key), written with the name: the
    # roster holds each once, so "Аnn" (a Cyrillic А) or "ANN" cannot join beside "Ann".
    name_key = models.CharField(max_length=160, editable=False, default="")
    # The member's own account, when the player is one: signed in, they agree to their
    # team's results (two keys) without the team's code.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="roster_players",
        verbose_name="member's account",
        help_text="Signed in with this account, the player agrees to their team's results "
        "on their own phone, with no team code.",
    )
    # A retired player stays in every game and table they played, and leaves the pickers.
    retired = models.BooleanField(default=False)
    # A walk-in checked in on their own phone at a night is not on the roster (seat
    # pickers, the check-in list of later nights) until the night's director keeps them.
    kept = models.BooleanField("on the roster", default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "user"],
                condition=models.Q(user__isnull=False),
                name="player_unique_user_in_club",
                violation_error_message="This account is already another player of the club: "
                "clear it there first.",
            ),
            models.UniqueConstraint(
                fields=["club", "name_key"],
                name="player_unique_name_key_in_club",
                violation_error_message="The club already has a player with this name: "
                "pick that player, or tell the two apart (e.g. add an initial).",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.name_key = name_key(self.name)
        fields = kwargs.get("update_fields")
        if fields is not None and "name" in fields:
            kwargs["update_fields"] = {*fields, "name_key"}
        super().save(*args, **kwargs)


class League(models.Model):
    """A season of a club: one variant with its options, a date range, a ranking rule."""

    class Ranking(models.TextChoices):
        WINS = "wins", "Wins, then win %, then point difference"
        LEAGUE_POINTS = "points", "League points per placing, then wins, then point difference"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="leagues")
    name = models.CharField(max_length=80)
    # A preset's slug (checked in clean and the forms, not by choices: a new preset needs
    # no migration); with house rules, the preset they started from.
    variant = models.SlugField(max_length=40)
    # The club's own rules for every game of the league, in place of the preset's.
    house_rules = models.ForeignKey(
        "smear_scores.HouseRules",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="leagues",
        help_text="The club's own rules for every game of the league (saved on the new-game "
        "screen's “Our rules…” and adopted by the club); empty: the variant as it is.",
    )
    options = models.JSONField(
        default=dict,
        blank=True,
        help_text='House options for every game of the league, e.g. {"kitty": 2}; '
        "empty means the variant's defaults.",
    )
    start_date = models.DateField()
    end_date = models.DateField(null=True, blank=True, help_text="Empty: the season is open.")
    ranking = models.CharField(max_length=10, choices=Ranking.choices, default=Ranking.WINS)
    points_first = models.PositiveSmallIntegerField(
        "league points for 1st", default=3, help_text="Used by the league-points rule."
    )
    points_second = models.PositiveSmallIntegerField("league points for 2nd", default=1)
    points_third = models.PositiveSmallIntegerField(
        "league points for 3rd", default=0, help_text="Only Schmier has a third place."
    )
    min_games = models.PositiveSmallIntegerField(
        "minimum games to be ranked",
        default=1,
        help_text="Players and partnerships with fewer finished games are listed unranked.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "-start_date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(end_date__isnull=True) | Q(end_date__gte=F("start_date")),
                name="league_dates_in_order",
                violation_error_message="The season cannot end before it starts: "
                "set the end date on or after the start date.",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def rules_variant(self) -> rules.Variant:
        if self.house_rules is not None:
            return self.house_rules.rules_variant
        return rules.get_variant(self.variant)

    @property
    def variant_name(self) -> str:
        """The game the league plays, as its pages name it ("Pedro", a house set's name)."""
        return self.rules_variant.name

    def clean(self) -> None:
        if self.house_rules is not None:
            if self.club_id is not None and self.house_rules.club_id != self.club_id:
                raise ValidationError(
                    {
                        "house_rules": "These house rules are not the club's: open their link "
                        "and adopt them for the club first."
                    }
                )
            self.variant = self.house_rules.based_on
        if self.variant not in rules.VARIANTS:
            known = ", ".join(rules.VARIANTS)
            raise ValidationError({"variant": f"Choose one of the variants: {known}."})
        _, errors = self.rules_variant.resolve_options(self.options)
        if errors:
            raise ValidationError({"options": [e.message for e in errors]})

    def placing_points(self) -> tuple[int, int, int]:
        return (self.points_first, self.points_second, self.points_third)


class Rating(models.Model):
    """A player's OpenSkill rating after a game. A cache: replayed from the club's finished
    league games in order (services.ratings, `manage.py ratings_recompute`)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    game = models.ForeignKey("smear_scores.Game", on_delete=models.CASCADE, related_name="ratings")
    # The game's place in the club's order of finished games (1 = first).
    seq = models.PositiveIntegerField()
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()  # conservative: mu - 3 sigma
    rated_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["player", "seq"]
        indexes = [models.Index(fields=["player", "-seq"], name="rating_player_seq")]
        constraints = [
            models.UniqueConstraint(fields=["player", "game"], name="rating_unique_player_game"),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.ordinal:.1f}"
