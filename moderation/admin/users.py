"""Everything about one player on their admin page (accounts/admin.py mixes this in): where
they stand now, ratings, recent games, and their incidents, bans, mutes, reports and the
votes against them, each linking to its own record."""

from django.contrib import admin
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.http import urlencode
from django.utils.translation import gettext_lazy as _

from games.models import Seat
from moderation import services
from moderation.models import Ban, Incident, Mute, Report, VoteKick
from ratings.models import Rating

RECENT_GAMES = 10


class _RecordInline(admin.TabularInline):
    """A read-only list of one kind of record; each row links to its admin page."""

    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class IncidentInline(_RecordInline):
    model = Incident
    fk_name = "user"
    fields = readonly_fields = ["kind", "created_at", "level", "cooldown_end", "lifted_at", "needs_review"]
    verbose_name_plural = _("incidents and cooldowns")


class BanInline(_RecordInline):
    model = Ban
    fk_name = "user"
    fields = readonly_fields = ["created_at", "until", "reason", "created_by", "lifted_at"]


class MuteInline(BanInline):
    model = Mute


class ReportInline(_RecordInline):
    model = Report
    fk_name = "reported"
    fields = readonly_fields = ["created_at", "reason", "reporter", "status"]
    verbose_name_plural = _("reports against this player")


class VoteInline(_RecordInline):
    model = VoteKick
    fk_name = "target"
    fields = readonly_fields = ["created_at", "table", "in_game", "reason", "opened_by", "outcome"]
    verbose_name_plural = _("votes to remove this player")


class UserModerationMixin:
    """For the user admin: the summaries below as read-only fields, the records as inlines
    (shown on the change page only, never on the add page)."""

    moderation_fields = ("standing", "linked_accounts", "ratings", "recent_games")
    moderation_inlines = (IncidentInline, BanInline, MuteInline, ReportInline, VoteInline)

    def get_inlines(self, request, obj):
        return self.moderation_inlines if obj is not None else ()

    @admin.display(description=_("standing"))
    def standing(self, user) -> str:
        now = timezone.now()
        lines = []
        ban, mute = services.active_ban(user, now=now), services.active_mute(user, now=now)
        cooldown = services.participation_block(user, now=now)
        if ban:
            lines.append(_until(_("Banned"), ban.until))
        if mute:
            lines.append(_until(_("Muted"), mute.until))
        if cooldown:
            lines.append(_until(_("Participation cooldown"), cooldown.ends_at))
        step = services.next_cooldown(user, now=now)
        lines.append(format_html("{} {}", _("A new expulsion now would be ladder step"), step.level))
        actions = format_html(
            '<a class="button" href="{}?{}">{}</a> <a class="button" href="{}?{}">{}</a>',
            reverse("admin:moderation_ban_add"),
            urlencode({"user": user.pk}),
            _("Ban"),
            reverse("admin:moderation_mute_add"),
            urlencode({"user": user.pk}),
            _("Mute"),
        )
        return format_html_join("", "<p>{}</p>", ((line,) for line in [*lines, actions]))

    @admin.display(description=_("linked accounts"))
    def linked_accounts(self, user) -> str:
        """Accounts seen in the same browser or from the same address, and a way to extend
        this player's ban in force to them."""
        linked = services.linked_accounts(user)
        if not linked:
            return _("None seen in this player's browsers or from their addresses.")
        rows = format_html_join(
            "",
            '<li><a href="{}">{}</a> — {} · {} {} UTC{}</li>',
            (
                (
                    reverse("admin:accounts_user_change", args=[entry["user"].pk]),
                    entry["user"].username,
                    how_linked(entry),
                    _("last seen"),
                    f"{entry['last_seen']:%Y-%m-%d %H:%M}",
                    format_html(" · <strong>{}</strong>", _("ban in force")) if services.is_banned(entry["user"]) else "",
                )
                for entry in linked
            ),
        )
        ban = services.active_ban(user)
        extend = ""
        if ban is not None:
            extend = format_html(
                '<a class="button" href="{}">{}</a>',
                reverse("admin:moderation_ban_decide", args=[ban.pk, "extend"]),
                _("Extend this player's ban to them"),
            )
        return format_html('<ul class="linked-accounts">{}</ul>{}', rows, extend)

    @admin.display(description=_("ratings"))
    def ratings(self, user) -> str:
        rows = Rating.objects.filter(user=user).order_by("game_kind")
        if not rows:
            return _("No rated games yet.")
        return format_html_join(
            "",
            "<p>{}: {} ({} {})</p>",
            ((r.get_game_kind_display(), r.shown, r.games, _("rated games")) for r in rows),
        )

    @admin.display(description=_("recent games"))
    def recent_games(self, user) -> str:
        seats = Seat.objects.filter(user=user).select_related("table").order_by("-table__created_at")[:RECENT_GAMES]
        games = format_html_join(
            ", ",
            '<a href="{}">#{}</a> {}',
            (
                (reverse("admin:games_table_change", args=[s.table_id]), s.table_id, s.table.get_status_display())
                for s in seats
            ),
        )
        everything = format_html(
            '<a href="{}?{}">{}</a>',
            reverse("admin:games_table_changelist"),
            urlencode({"q": user.username}),
            _("all tables"),
        )
        return format_html("{} {}", games or _("none"), everything)


def how_linked(entry: dict) -> str:
    if entry["device"] and entry["address"]:
        return _("same browser and address")
    return _("same browser") if entry["device"] else _("same address")


def _until(label: str, until) -> str:
    if until is None:
        return format_html("<strong>{}</strong> ({})", label, _("permanent"))
    return format_html("<strong>{}</strong> {} {} UTC", label, _("until"), f"{until:%Y-%m-%d %H:%M}")
