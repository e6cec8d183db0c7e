from django.contrib import admin

from games.models import Action, ChatMessage, Seat, Table


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("position", "user", "bot", "ready")
    raw_id_fields = ("user",)


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "status", "created_by", "has_bots", "version", "created_at", "finished_at")
    list_filter = ("game", "status", "has_bots")
    search_fields = ("id", "created_by__username", "seats__user__username")
    readonly_fields = ("invite_code", "version", "created_at", "started_at", "finished_at", "deadline")
    raw_id_fields = ("created_by",)
    inlines = [SeatInline]


@admin.register(Action)
class ActionAdmin(admin.ModelAdmin):
    list_display = ("table", "version", "hand", "user", "created_at")
    list_filter = ("table__game",)
    search_fields = ("table__id",)
    readonly_fields = ("table", "version", "hand", "payload", "user", "created_at")

    def has_add_permission(self, request):
        return False  # the log is written only by the one write path


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ("created_at", "user", "table", "spectator", "text")
    search_fields = ("user__username", "text")
    raw_id_fields = ("user", "table")
