"""House rules a club adopted: read here, chosen for a league on its screen (leagues.py) or
for a night on the director's. A set is adopted from its page (the link a table shares);
it is never changed once saved, so its settings are shown, not edited."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse

from smear_scores.models import HouseRules
from smear_scores.wording.builder import shown_settings

from .scoped import ClubScopedAdmin

# Every field of a set is shown, none edited.
SHOWN = ("name", "club", "public_id", "rules", "created_at")


@admin.register(HouseRules)
class HouseRulesAdmin(ClubScopedAdmin[HouseRules]):
    list_display = ["name", "club", "based_on", "created_at"]
    list_filter = ["club"]
    fields = SHOWN
    readonly_fields = SHOWN

    @admin.display(description="The rules")
    def rules(self, obj: HouseRules) -> str:
        lines = shown_settings(obj.rules_variant)
        return render_to_string("admin/smear_scores/_settings.html", {"lines": lines})

    def has_add_permission(self, request: HttpRequest) -> bool:
        # Adopted from the set's page ("Adopt for the club"), where the table shared it.
        return False

    def has_change_permission(self, request: HttpRequest, obj: HouseRules | None = None) -> bool:
        return False

    def view_on_site(self, obj: HouseRules) -> str:
        return reverse("house_rules", args=[obj.public_id])
