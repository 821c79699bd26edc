from django.contrib import admin

from smear_scores.models import Game, Hand, HandRevision, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["public_id", "variant", "hands_played", "finished", "updated_at"]
    list_filter = ["variant", "finished"]
    search_fields = ["public_id", "seats__name"]
    readonly_fields = ["public_id", "scores", "hands_played", "next_dealer", "finished", "winner", "reason"]
    inlines = [SeatInline]


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = ["game", "number", "bidder", "bid", "made", "thrown_in"]
    readonly_fields = [f.name for f in Hand._meta.fields]


@admin.register(HandRevision)
class HandRevisionAdmin(admin.ModelAdmin):
    list_display = ["game", "number", "action", "source", "at"]
    readonly_fields = [f.name for f in HandRevision._meta.fields]
