from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games import registry, services
from games.errors import TableError, translated_message
from games.models import Action, ChatMessage, Seat, Table


class TableAdminForm(forms.ModelForm):
    """A table's game and options as the registry knows them: an edit the game would refuse
    (an unknown game, options out of range) is an error on the form, never a saved row."""

    class Meta:
        model = Table
        fields = ("game", "options", "has_bots")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "game" in self.fields:
            self.fields["game"] = forms.ChoiceField(
                label=_("game"), choices=[(key, game.label) for key, game in registry.GAMES.items()])

    def clean(self):
        cleaned = super().clean()
        game = cleaned.get("game", self.instance.game)
        if game in registry.GAMES and "options" in cleaned:
            try:
                cleaned["options"] = registry.get(game).clean_options(cleaned["options"])
            except TableError as error:
                self.add_error("options", translated_message(error))
        return cleaned


class SeatForm(forms.ModelForm):
    """A seat is one of its game's seats, and a bot seat names a known strength."""

    class Meta:
        model = Seat
        fields = ("position", "user", "bot", "ready")

    def clean(self):
        cleaned = super().clean()
        table = cleaned.get("table") or getattr(self.instance, "table", None)
        if table is not None and table.game in registry.GAMES:
            seats = registry.get(table.game).seats_for(table.options)
            if cleaned.get("position", self.instance.position) not in seats:
                self.add_error("position" if "position" in self.fields else None,
                               _("A seat of this game is one of: %(seats)s.") % {"seats": ", ".join(seats)})
        bots = registry.get(table.game).bot_names() if table is not None and table.game in registry.GAMES \
            else registry.BOT_STRENGTHS
        if cleaned.get("bot") and cleaned["bot"] not in bots:
            self.add_error("bot", _("A bot is one of: %(strengths)s.") % {"strengths": ", ".join(bots)})
        if cleaned.get("bot") and cleaned.get("user"):
            self.add_error("bot", _("A seat holds a player or a bot, not both."))
        return cleaned


class SeatInline(admin.TabularInline):
    model = Seat
    form = SeatForm
    extra = 0
    fields = ("position", "user", "bot", "ready")
    raw_id_fields = ("user",)

    def has_add_permission(self, request, obj=None):
        return False  # a table's seats come with it, one per seat of its game

    def has_delete_permission(self, request, obj=None):
        return False

    def get_readonly_fields(self, request, obj=None):
        # Only a waiting table's seats may change; a running game's are its players.
        return self.fields if obj is not None and obj.status != Table.Status.WAITING else ("position",)


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    form = TableAdminForm
    list_display = ("id", "game", "status", "created_by", "has_bots", "version", "created_at", "finished_at")
    list_filter = ("game", "status", "has_bots")
    search_fields = ("id", "created_by__username", "seats__user__username")
    raw_id_fields = ("created_by",)
    inlines = [SeatInline]
    actions = ["void_games"]

    def has_add_permission(self, request):
        return False  # tables are opened from the lobby, through the one write path

    def get_readonly_fields(self, request, obj=None):
        # The status, the game and its state change only through the write path; a started
        # table's game and options are what its players agreed to.
        always = ("status", "created_by", "invite_code", "version", "created_at", "started_at", "finished_at",
                  "deadline")
        if obj is not None and obj.status != Table.Status.WAITING:
            return (*always, "game", "options", "has_bots")
        return always

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

