"""Progressive nights: run from the director's screen; the admin shows them and their audit."""

from __future__ import annotations

from django.contrib import admin
from django.urls import reverse

from smear_scores.models import Correction, Entrant, Night

from .scoped import ClubScopedAdmin


class EntrantInline(admin.TabularInline):
    model = Entrant
    fields = ["player", "present", "checked_in_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Night)
class NightAdmin(ClubScopedAdmin):
    """Nights are opened, drawn and corrected on the director's screen (services.nights),
    so the draw and its recorded seeds stay whole; here they are read and deleted."""

    list_display = ["name", "club", "day", "variant", "rounds", "round_hands", "league"]
    list_filter = ["club", "variant"]
    inlines = [EntrantInline]

    def get_readonly_fields(self, request, obj=None):
        return [f.name for f in Night._meta.fields]

    def has_add_permission(self, request):
        return False

    def view_on_site(self, obj):
        return reverse("tournament", args=[obj.pk])


@admin.register(Correction)
class CorrectionAdmin(ClubScopedAdmin):
    """The audit of directors' corrections: read only."""

    club_field = "table__round__night__club"
    list_display = ["at", "table", "team", "points", "reason", "by"]
    list_filter = ["table__round__night__club"]

    def _allowed(self, request, obj=None) -> bool:
        clubs = self._clubs(request)
        if clubs is None or obj is None:
            return clubs is None or bool(clubs)
        return obj.table.round.night.club_id in clubs

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
