"""One page for what waits for a moderator: open reports and cooldowns of the top step of
the ladder that nobody has reviewed yet (`?show=done` lists what was dealt with)."""

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.template.response import TemplateResponse
from django.urls import path
from django.utils.translation import gettext_lazy as _

from moderation.admin.records import table_link
from moderation.models import Incident, Report, ReviewQueue

DONE_SHOWN = 100


@admin.register(ReviewQueue)
class ReviewQueueAdmin(admin.ModelAdmin):
    def has_view_permission(self, request, obj=None) -> bool:
        return request.user.has_perms(["moderation.view_report", "moderation.view_incident"])

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def get_urls(self):
        return [path("", self.admin_site.admin_view(self.changelist_view), name="moderation_reviewqueue_changelist")]

    def changelist_view(self, request, extra_context=None):
        if not self.has_view_permission(request):
            raise PermissionDenied
        done = request.GET.get("show") == "done"
        reports = Report.objects.select_related("reported", "reporter", "resolved_by")
        cooldowns = Incident.objects.filter(needs_review=True).select_related("user", "reviewed_by")
        if done:
            reports = reports.filter(status=Report.Status.RESOLVED).order_by("-resolved_at")[:DONE_SHOWN]
            cooldowns = cooldowns.filter(reviewed_at__isnull=False).order_by("-reviewed_at")[:DONE_SHOWN]
        else:
            reports = reports.filter(status=Report.Status.OPEN).order_by("created_at")
            cooldowns = cooldowns.filter(reviewed_at__isnull=True).order_by("created_at")
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": _("Review queue") if not done else _("Review queue: dealt with"),
            "done": done,
            "reports": [(report, table_link(report.table_id)) for report in reports],
            "cooldowns": [(incident, table_link(incident.table_id)) for incident in cooldowns],
        }
        return TemplateResponse(request, "admin/moderation/review_queue.html", context)
