"""The moderation records in the admin. Nothing is edited or deleted in place: bans and
mutes are added, and every later change is a decision (lift, review, resolve) with a reason
that lands in the audit log."""

from django import forms
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from games.errors import translated_message
from moderation import services
from moderation.admin.decisions import Decision, DecisionForm, DecisionsMixin
from moderation.admin.users import how_linked
from moderation.errors import ModerationError
from moderation.models import AuditLog, Ballot, Ban, Incident, Mute, Report, VoteKick


def table_link(table_id: int | None) -> str:
    """The table's admin page and its downloadable record."""
    if table_id is None:
        return "—"
    return format_html(
        '<a href="{}">#{}</a> (<a href="{}">{}</a>)',
        reverse("admin:games_table_change", args=[table_id]),
        table_id,
        reverse("table_record", args=[table_id]),
        _("record"),
    )


class ReadOnlyMixin:
    """Written only by the services; the admin shows them."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Incident)
class IncidentAdmin(ReadOnlyMixin, DecisionsMixin):
    list_display = ["user", "kind", "level", "cooldown_start", "cooldown_end", "running", "lifted_at", "needs_review"]
    list_filter = ["kind", "level", "needs_review", ("lifted_at", admin.EmptyFieldListFilter)]
    search_fields = ["user__username"]
    list_select_related = ["user"]
    date_hierarchy = "created_at"
    readonly_fields = ["game"]
    decisions = (
        Decision(
            slug="lift",
            label=_("Lift this cooldown now"),
            why_label=_("Why it is lifted"),
            available=lambda incident: incident.running(timezone.now()),
            run=lambda incident, *, by, why: services.lift_cooldown(incident=incident, by=by, reason=why),
        ),
        Decision(
            slug="review",
            label=_("Mark as reviewed"),
            why_label=_("Review note"),
            available=lambda incident: incident.needs_review and incident.reviewed_at is None,
            run=lambda incident, *, by, why: services.review_cooldown(incident=incident, by=by, note=why),
        ),
    )

    @admin.display(description=_("running"), boolean=True)
    def running(self, incident: Incident) -> bool:
        return incident.running(timezone.now())

    @admin.display(description=_("game"))
    def game(self, incident: Incident) -> str:
        return table_link(incident.table_id)


class SanctionForm(forms.ModelForm):
    moderator = None  # set per request by SanctionAdmin.get_form

    def clean_user(self):
        user = self.cleaned_data["user"]
        try:
            services.ensure_may_sanction(user, by=self.moderator)
        except ModerationError as error:
            raise forms.ValidationError(translated_message(error)) from error
        return user

    def clean_until(self):
        until = self.cleaned_data["until"]
        if until is not None and until <= timezone.now():
            raise forms.ValidationError(_("Choose a time in the future, or leave it empty for a permanent one."))
        return until


class SanctionAdmin(DecisionsMixin):
    """Adding one goes through the service (audit row, sockets told); lifting is a decision."""

    form = SanctionForm
    list_display = ["user", "until", "permanent", "in_force", "created_by", "created_at", "lifted_at"]
    list_filter = [("lifted_at", admin.EmptyFieldListFilter), ("until", admin.EmptyFieldListFilter)]
    search_fields = ["user__username"]
    list_select_related = ["user", "created_by"]
    raw_id_fields = ["user"]

    def get_fields(self, request, obj=None):
        if obj is None:
            return ["user", "reason", "until"]
        return ["user", "reason", "until", "created_by", "created_at", "lifted_by", "lifted_at", "lift_reason"]

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change, **kwargs)  # a class made for this request
        form.moderator = request.user
        return form

    def save_model(self, request, obj, form, change) -> None:
        created = self.impose(user=obj.user, by=request.user, reason=obj.reason, until=obj.until)
        obj.pk, obj.created_by, obj.created_at = created.pk, created.created_by, created.created_at

    @admin.display(description=_("permanent"), boolean=True)
    def permanent(self, sanction) -> bool:
        return sanction.permanent

    @admin.display(description=_("in force"), boolean=True)
    def in_force(self, sanction) -> bool:
        return sanction.active(timezone.now())

    decisions = (
        Decision(
            slug="lift",
            label=_("Lift it now"),
            why_label=_("Why it is lifted"),
            available=lambda sanction: sanction.lifted_at is None,
            run=lambda sanction, *, by, why: services.lift(sanction=sanction, by=by, reason=why),
        ),
    )


def extend_ban_form(ban: Ban) -> type[DecisionForm]:
    """The linked accounts to ban as well, each saying how it is linked. Those seen in the same
    browser are ticked; those only sharing an address are not: a school or a household shares
    one, and the moderator decides for each."""
    linked = {entry["user"].pk: entry for entry in services.linked_accounts(ban.user)}

    class LinkedAccounts(forms.ModelMultipleChoiceField):
        def label_from_instance(self, user) -> str:
            return f"{user.username} ({how_linked(linked[user.pk])})"

    class ExtendBanForm(DecisionForm):
        accounts = LinkedAccounts(
            queryset=get_user_model().objects.filter(pk__in=linked).order_by("username"),
            widget=forms.CheckboxSelectMultiple,
            initial=[pk for pk, entry in linked.items() if entry["device"]],
            label=_("Accounts to ban as well"),
        )
        field_order = ["accounts", "why"]

    return ExtendBanForm


class BanForm(SanctionForm):
    # Optional in the form (empty means 0): a ban asks for no more than before unless the
    # moderator wants the address too.
    address_days = forms.IntegerField(
        min_value=0,
        max_value=365,
        required=False,
        initial=0,
        label=Ban._meta.get_field("address_days").verbose_name,
        help_text=Ban._meta.get_field("address_days").help_text,
    )

    def clean_address_days(self) -> int:
        return self.cleaned_data["address_days"] or 0


@admin.register(Ban)
class BanAdmin(SanctionAdmin):
    form = BanForm
    impose = staticmethod(services.ban)
    decisions = (
        *SanctionAdmin.decisions,
        Decision(
            slug="extend",
            label=_("Extend this ban to the linked accounts"),
            why_label=_("Why the linked accounts are banned too"),
            available=lambda ban: ban.active(timezone.now()),
            run=lambda ban, *, by, why, accounts: services.extend_ban(ban=ban, by=by, reason=why, users=accounts),
            form=lambda ban: extend_ban_form(ban),
        ),
    )

    def get_fields(self, request, obj=None):
        fields = super().get_fields(request, obj)
        return [*fields[:3], "address_days", *fields[3:]]

    def save_model(self, request, obj, form, change) -> None:
        created = services.ban(
            user=obj.user, by=request.user, reason=obj.reason, until=obj.until, address_days=obj.address_days
        )
        obj.pk, obj.created_by, obj.created_at = created.pk, created.created_by, created.created_at


@admin.register(Mute)
class MuteAdmin(SanctionAdmin):
    impose = staticmethod(services.mute)


@admin.register(Report)
class ReportAdmin(ReadOnlyMixin, DecisionsMixin):
    list_display = ["reported", "reason", "reporter", "created_at", "status", "resolved_by"]
    list_filter = ["status", "reason"]
    search_fields = ["reported__username", "reporter__username", "text"]
    list_select_related = ["reported", "reporter", "resolved_by"]
    date_hierarchy = "created_at"
    readonly_fields = ["game"]
    decisions = (
        Decision(
            slug="resolve",
            label=_("Resolve this report"),
            why_label=_("Resolution note"),
            available=lambda report: report.status == Report.Status.OPEN,
            run=lambda report, *, by, why: services.resolve_report(report=report, by=by, note=why),
        ),
    )

    @admin.display(description=_("game"))
    def game(self, report: Report) -> str:
        return table_link(report.table_id)


class BallotInline(admin.TabularInline):
    model = Ballot
    fields = ["voter", "yes", "cast_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(VoteKick)
class VoteKickAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["target", "table_id", "in_game", "reason", "opened_by", "created_at", "outcome"]
    list_filter = ["outcome", "in_game", "reason"]
    search_fields = ["target__username", "opened_by__username", "=table__id"]
    list_select_related = ["target", "opened_by"]
    date_hierarchy = "created_at"
    readonly_fields = ["game"]
    inlines = [BallotInline]

    @admin.display(description=_("game"))
    def game(self, vote: VoteKick) -> str:
        return table_link(vote.table_id)


@admin.register(AuditLog)
class AuditLogAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["when", "moderator", "action", "target", "detail", "why"]
    list_filter = ["action"]
    search_fields = ["moderator__username", "target__username", "why"]
    list_select_related = ["moderator", "target"]
    date_hierarchy = "when"
