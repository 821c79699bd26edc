"""Games, their seats, hands and audit: read-only, but for a seat name corrected (which
services.game_names.game_names_changed carries into the standings' words)."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.http import HttpRequest

from smear_scores.models import Game, GameRevision, Hand, HandRevision, Seat
from smear_scores.names import name_key
from smear_scores.services.game_names import game_names_changed
from smear_scores.services.ratings import ratings_recompute

from .scoped import M, person_name


class SeatForm(forms.ModelForm[Seat]):
    def clean_name(self) -> str:
        return person_name(self.cleaned_data["name"])


class SeatFormSet(forms.BaseInlineFormSet[Seat, Game, forms.ModelForm[Seat]]):
    def clean(self) -> None:
        """No two seats of a game with names that look the same (names.name_key), as a
        new game is refused with them."""
        super().clean()
        seen: dict[str, str] = {}
        for form in self.forms:
            name = getattr(form, "cleaned_data", {}).get("name")
            if not name:
                continue
            if (first := seen.setdefault(name_key(name), name)) != name:
                form.add_error(
                    "name",
                    f"{name} looks the same as {first} at another seat: give each player a "
                    "name the table can tell apart (e.g. add an initial).",
                )


class SeatInline(admin.TabularInline[Seat, Game]):
    """Names (and roster players) can be corrected; seats cannot be added, removed or
    moved, since the scores are replayed from them."""

    model = Seat
    form = SeatForm
    formset = SeatFormSet
    extra = 0
    fields = ["position", "name", "player"]
    readonly_fields = ["position"]
    raw_id_fields = ["player"]
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Game | None = None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin[Game]):
    """Read-only: every change to a game's hands, dealer or options goes through the
    services, which replay the game; an edit here would leave the cached scores wrong."""

    list_display = ["public_id", "variant", "hands_played", "finished", "removed_at", "updated_at"]
    list_filter = ["variant", "finished", ("removed_at", admin.EmptyFieldListFilter)]
    search_fields = ["public_id", "seats__name"]
    # Either secret lets whoever reads it score the game (the API, the scoring screen).
    exclude = ["edit_token", "scoring_secret"]
    readonly_fields = [
        f.name for f in Game._meta.fields if f.name not in ("edit_token", "scoring_secret")
    ]
    inlines = [SeatInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Game | None = None) -> bool:
        # A game's hands and their history go only through the services; a scorer
        # removes a game from the home list (services.game_remove), which keeps it whole.
        return False

    def save_related(
        self,
        request: HttpRequest,
        form: forms.ModelForm[Game],
        formsets: list[SeatFormSet],
        change: bool,
    ) -> None:
        super().save_related(request, form, formsets, change)
        game = form.instance
        if any(f.has_changed() for formset in formsets for f in formset.forms):
            # The stored reason names the teams by their players: say it in the new names.
            game_names_changed(game=game)
        if game.league_id is not None and game.finished and game.league is not None:
            # A roster player corrected on a finished league game changes whose rating it
            # moves: rate the club's games again now, in this request's transaction.
            ratings_recompute(club=game.league.club)


class ShownOnly(admin.ModelAdmin[M]):
    """A record the admin shows and never adds, changes or deletes (its page, and the
    changelist's bulk delete): hands are recorded, edited and undone only through the
    services, which replay the game and keep its audit; a hand deleted here would leave
    standings that count it, and an audit record deleted here a history with a hole."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: M | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: M | None = None) -> bool:
        return False


@admin.register(Hand)
class HandAdmin(ShownOnly[Hand]):
    list_display = ["game", "number", "bidder", "bid", "made", "thrown_in"]
    readonly_fields = [f.name for f in Hand._meta.fields]


@admin.register(HandRevision)
class HandRevisionAdmin(ShownOnly[HandRevision]):
    """The history, written only by the services that record, edit or undo a hand."""

    list_display = ["game", "number", "action", "source", "at"]
    readonly_fields = [f.name for f in HandRevision._meta.fields]


@admin.register(GameRevision)
class GameRevisionAdmin(ShownOnly[GameRevision]):
    """When a scorer removed a casual game from the home list, or restored it (written
    only by services.game_remove and game_restore)."""

    list_display = ["game", "action", "source", "at"]
    list_filter = ["action"]
    readonly_fields = [f.name for f in GameRevision._meta.fields]
