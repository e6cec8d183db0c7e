"""Reports players file against each other, and their resolution by a moderator."""

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from moderation import audit
from moderation.errors import ModerationError
from moderation.models import AuditLog, Report


def file_report(*, reporter, reported, reason: str, text: str = "", table_id: int | None = None) -> Report:
    if reporter.pk == reported.pk:
        raise ModerationError("self_report")
    if reason not in Report.Reason.values:
        raise ModerationError("bad_reason")
    # One open report per player, reporter and game is enough for a moderator to look.
    if Report.objects.filter(
        reporter=reporter, reported=reported, table_id=table_id, status=Report.Status.OPEN
    ).exists():
        raise ModerationError("already_reported")
    return Report.objects.create(
        reporter=reporter, reported=reported, reason=reason, text=text.strip(), table_id=table_id
    )


@transaction.atomic
def resolve_report(*, report: Report, by, note: str, now: datetime | None = None) -> Report:
    now = now or timezone.now()
    report = Report.objects.select_for_update().get(pk=report.pk)
    report.status, report.resolution_note = Report.Status.RESOLVED, note
    report.resolved_by, report.resolved_at = by, now
    report.save(update_fields=["status", "resolution_note", "resolved_by", "resolved_at"])
    audit.record(
        moderator=by,
        action=AuditLog.Action.RESOLVE_REPORT,
        target=report.reported,
        why=note,
        when=now,
        detail=f"report #{report.pk} ({report.reason})",
    )
    return report
