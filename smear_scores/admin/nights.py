"""Progressive nights: run from the director's screen; the admin shows them and their audit."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest
from django.urls import reverse

from smear_scores.models import Correction, Entrant, Night

from .scoped import ClubScopedAdmin

# An entrant's fields the night's page shows, none edited.
ENTRANT_SHOWN = ("player", "present", "checked_in_at")


class EntrantInline(admin.TabularInline[Entrant, Night]):
    model = Entrant
    fields = ENTRANT_SHOWN
    readonly_fields = ENTRANT_SHOWN
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Night | None = None) -> bool:
        return False


@admin.register(Night)
class NightAdmin(ClubScopedAdmin[Night]):
    """Nights are opened, drawn and corrected on the director's screen (services.nights),
    so the draw and its recorded seeds stay whole; here they are read and deleted."""

    list_display = ["name", "club", "day", "variant", "rounds", "round_hands", "league"]
    list_filter = ["club", "variant"]
    inlines = [EntrantInline]

    def get_readonly_fields(self, request: HttpRequest, obj: Night | None = None) -> list[str]:
        return [f.name for f in Night._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def view_on_site(self, obj: Night) -> str:
        return reverse("night", args=[obj.pk])


@admin.register(Correction)
class CorrectionAdmin(ClubScopedAdmin[Correction]):
    """The audit of directors' corrections: read only."""

    club_field = "table__round__night__club"
    list_display = ["at", "table", "team", "points", "reason", "by"]
    list_filter = ["table__round__night__club"]

    def _allowed(self, request: HttpRequest, obj: Correction | None = None) -> bool:
        clubs = self._clubs(request)
        if clubs is None or obj is None:
            return clubs is None or bool(clubs)
        return obj.table.round.night.club_id in clubs

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Correction | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Correction | None = None) -> bool:
        return False
