"""Moderators inspect ratings, ranks and players' statistics here; nobody edits them, because
every value must follow from the history of finished games."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from ratings import ranks
from ratings.models import PlayerRank, PlayerStats, Rating, RatingChange, RankChange, Settlement


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


@admin.register(PlayerRank)
class PlayerRankAdmin(ReadOnlyAdmin):
    list_display = ["user", "game_kind", "rank", "points", "games", "updated_at"]
    list_filter = ["game_kind"]
    search_fields = ["user__username"]
    ordering = ["game_kind", "-level", "-points"]

    @admin.display(description=_("rank"), ordering="level")
    def rank(self, obj: PlayerRank) -> str:
        return ranks.label(obj.game_kind, obj.level) if ranks.ladder(obj.game_kind) else str(obj.level)


@admin.register(RankChange)
class RankChangeAdmin(ReadOnlyAdmin):
    list_display = ["user", "game_kind", "place", "change", "level_before", "level_after", "points_after",
                    "settlement"]
    list_filter = ["game_kind"]
    search_fields = ["user__username"]
    list_select_related = ["user", "settlement"]


@admin.register(PlayerStats)
class PlayerStatsAdmin(ReadOnlyAdmin):
    list_display = ["user", "game_kind", "games", "updated_at"]
    list_filter = ["game_kind"]
    search_fields = ["user__username"]
    readonly_fields = ["user", "game_kind", "games", "totals", "updated_at"]
