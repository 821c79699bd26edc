"""Substitutes at a progressive night: who sat in for whom, over which rounds. Storage only;
what each policy scores lives in smear_scores.rules.substitutes."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q


class Substitution(models.Model):
    """``sub`` plays ``absent``'s seat in rounds ``from_round`` to ``to_round`` (the night's
    policy, Night.sub_policy, says who the points go to). The draw keeps the absent player's
    place (king of the hill moves it as theirs) and seats the sub in it. ``from_hand``: the
    hands already played at the table when the sub sat down in ``from_round`` (what ratings
    weigh the two players' shares of that game by)."""

    night = models.ForeignKey(
        "smear_scores.Night", on_delete=models.CASCADE, related_name="substitutions"
    )
    absent = models.ForeignKey(
        "smear_scores.Player", on_delete=models.PROTECT, related_name="sat_in_for"
    )
    sub = models.ForeignKey(
        "smear_scores.Player", on_delete=models.PROTECT, related_name="sat_in_as_sub"
    )
    from_round = models.PositiveSmallIntegerField()
    to_round = models.PositiveSmallIntegerField()
    from_hand = models.PositiveSmallIntegerField(default=0)
    # The table's game and seat the sub took in ``from_round`` when that round was already
    # drawn (None when seated for a round not drawn yet): ratings weigh that game's seat
    # between the two players by the hands each played there.
    game = models.ForeignKey(
        "smear_scores.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    position = models.PositiveSmallIntegerField(null=True, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["night", "from_round", "at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(from_round__gte=1) & Q(to_round__gte=F("from_round")),
                name="substitution_rounds_in_order",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.sub} for {self.absent}, rounds {self.from_round}-{self.to_round}"

    def covers(self, number: int) -> bool:
        return self.from_round <= number <= self.to_round
