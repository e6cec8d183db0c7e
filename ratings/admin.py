"""Moderators inspect ratings here; nobody edits them, because every value must follow from
the history of rated games."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from ratings.models import Rating, RatingChange, Settlement


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ["user", "game_kind", "rating", "deviation", "games", "provisional", "updated_at"]
    list_filter = ["game_kind"]
    search_fields = ["user__username"]
    ordering = ["game_kind", "-value"]

    @admin.display(description=_("rating"), ordering="value")
    def rating(self, obj: Rating) -> int:
        return obj.shown

    @admin.display(description=_("provisional"), boolean=True)
    def provisional(self, obj: Rating) -> bool:
        return obj.provisional


class RatingChangeInline(admin.TabularInline):
    model = RatingChange
    fields = ["user", "rating_before", "rating_after", "deviation_before", "deviation_after", "score", "expected"]
    readonly_fields = fields
    can_delete = False
    extra = 0

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Settlement)
class SettlementAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "outcome", "rated", "has_bots", "weight", "settled_at"]
    list_filter = ["game_kind", "outcome", "rated", "has_bots"]
    search_fields = ["=game_id"]
    date_hierarchy = "settled_at"
    inlines = [RatingChangeInline]


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = ["user", "game_kind", "rating_before", "rating_after", "score", "settlement", "created_at"]
    list_filter = ["game_kind"]
    search_fields = ["user__username"]
    list_select_related = ["user", "settlement"]
    date_hierarchy = "created_at"
