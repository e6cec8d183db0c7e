from django.contrib import admin
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games import registry, services
from games.errors import TableError
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
    actions = ["void_games"]

    @admin.action(description=_("Void the game (no rating change, no cooldown)"))
    def void_games(self, request, queryset):
        """For a game the service cannot recover: it ends with no winner, through the one
        write path, so the record says so and ratings and cooldowns leave it alone."""
        voided = 0
        for table in queryset.filter(status=Table.Status.PLAYING):
            try:
                services.submit(table_id=table.pk, action={"type": "void"}, server=True)
            except (TableError, registry.get(table.game).engine.IllegalAction):
                continue  # it ended meanwhile
            voided += 1
        self.message_user(request, ngettext("%(n)d game voided.", "%(n)d games voided.", voided) % {"n": voided})


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

