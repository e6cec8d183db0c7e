from django import forms
from django.contrib import admin

from tournaments import services
from tournaments.errors import TournamentError
from tournaments.models import Entry, Tournament


class TournamentAdminForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = ["name", "game", "kind", "rounds", "options", "starts_at", "minutes", "private"]

    def clean(self):
        cleaned = super().clean()
        try:
            cleaned["options"] = services.table_options(cleaned.get("game", ""), cleaned.get("options") or {})
            services.check_rounds(cleaned.get("kind"), cleaned.get("rounds") or 0)
        except TournamentError as error:
            raise forms.ValidationError(error.message) from None
        return cleaned


class EntryInline(admin.TabularInline):
    model = Entry
    fields = ["user", "team", "score", "games", "streak", "paused", "withdrawn"]
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    form = TournamentAdminForm
    list_display = ["name", "game", "kind", "starts_at", "minutes", "rounds", "private"]
    list_filter = ["game", "kind", "private"]
    inlines = [EntryInline]

    def save_model(self, request, obj, form, change):
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)
