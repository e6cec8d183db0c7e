"""The audit log is written here and nowhere else, by every moderator action's service."""

from datetime import datetime

from moderation.models import AuditLog


def record(*, moderator, action: str, target, why: str, when: datetime, detail: str = "") -> AuditLog:
    return AuditLog.objects.create(
        moderator=moderator, action=action, target=target, why=why, when=when, detail=detail[:200]
    )
