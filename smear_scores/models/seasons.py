"""A club's season: its dates (the nights and leagues in it are the club's between them) and
how it counts its nights. Storage only; the counting lives in smear_scores.rules.seasons."""

from __future__ import annotations

from fractions import Fraction

from django.db import models
from django.db.models import F, Q

from smear_scores.rules.seasons import SeasonRules


class Season(models.Model):
    club = models.ForeignKey("smear_scores.Club", on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=80)
    start = models.DateField()
    end = models.DateField()
    # The nights the club plans: what best N, drop N and the minimum are checked against.
    nights_planned = models.PositiveSmallIntegerField()
    SUM, AVERAGE = "sum", "average"
    count = models.CharField(
        max_length=8, choices=[(SUM, "sum"), (AVERAGE, "average")], default=SUM
    )
    best = models.PositiveSmallIntegerField(default=0)
    drop = models.PositiveSmallIntegerField(default=0)
    minimum = models.PositiveSmallIntegerField(default=0)
    threshold = models.PositiveIntegerField(default=0)
    # The club plays fixed pairs: the standings are per partnership (a pair that kept its
    # partners all night), not per player.
    pairs = models.BooleanField(default=False)
    # The tie-break chain in the club's order (rules.seasons.TIE_BREAKS).
    tie_breaks = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start", "-created_at"]
        constraints = [
            models.CheckConstraint(condition=Q(end__gte=F("start")), name="season_ends_after"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def rules(self) -> SeasonRules:
        return SeasonRules(
            count=self.count,
            best=self.best,
            drop=self.drop,
            minimum=self.minimum,
            threshold=Fraction(self.threshold),
            tie_breaks=tuple(self.tie_breaks or ()),
        )
