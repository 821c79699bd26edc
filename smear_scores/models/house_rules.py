"""Persistence of a table's own rules, saved by name: storage only. What the settings mean
and which of them contradict each other is the engine's (rules.settings_check)."""

from __future__ import annotations

from functools import cached_property

from django.core.exceptions import ValidationError
from django.db import models

from smear_scores import rules

from .games import new_public_id

# The slug of a variant made from house rules, frozen into each game they start: "house" for
# settings given inline (the API), "house-<public id>" for a saved set. (Game.variant keeps
# the slug of the preset they started from.)
HOUSE_SLUG = "house"


class HouseRules(models.Model):
    """A set of house rules ("Tuesday Smear"): the settings of every rule, started from a
    preset (``settings["based_on"]``). Never changed once saved (a change is saved as a new
    set): a link shared, a league that adopted it and the games played by it all mean the
    same rules. Anyone with its public id may read and use it; a club's set is one the
    club adopted (its leagues and nights may play it)."""

    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    name = models.CharField(max_length=80)
    # The settings as rules.settings_check reads them; settings["name"] is ``name``.
    settings = models.JSONField()
    club = models.ForeignKey(
        "smear_scores.Club",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="house_rules",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "-created_at"]
        verbose_name = "house rules"
        verbose_name_plural = "house rules"

    def __str__(self) -> str:
        return self.name

    @property
    def slug(self) -> str:
        return f"{HOUSE_SLUG}-{self.public_id}"

    @property
    def based_on(self) -> str:
        """The slug of the preset the set started from."""
        return str(self.settings.get("based_on", ""))

    @cached_property
    def rules_variant(self) -> rules.Variant:
        return rules.variant_from_settings(self.settings, slug=self.slug)

    def clean(self) -> None:
        errors = rules.settings_check(self.settings)
        if errors:
            raise ValidationError({"settings": [f"{e.field}: {e.message}" for e in errors]})
