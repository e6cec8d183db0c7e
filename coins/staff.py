"""Staff grant and revoke coins and styles, each with a reason and an audit row in the
moderators' audit log. No other path moves coins: games, ratings and players never do."""

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from coins import ledger, looks, styles
from coins.errors import CoinsError
from coins.models import ActiveStyle, Entry, Ownership, Wallet
from moderation import audit
from moderation.models import AuditLog


def grant_coins(*, user, amount: int, by, why: str, now: datetime | None = None) -> Entry:
    return _move(user=user, amount=_positive(amount), by=by, why=why, now=now)


def revoke_coins(*, user, amount: int, by, why: str, now: datetime | None = None) -> Entry:
    return _move(user=user, amount=-_positive(amount), by=by, why=why, now=now)


def grant_style(*, user, key: str, by, why: str, now: datetime | None = None) -> Ownership:
    why = _reason(why)
    if styles.get(key) is None:
        raise CoinsError("unknown_style")
    now = now or timezone.now()
    with transaction.atomic():
        if Ownership.objects.filter(user=user, style=key, revoked_at=None).exists():
            raise CoinsError("already_owned")
        owned = Ownership.objects.create(user=user, style=key, since=now, granted_by=by)
        audit.record(moderator=by, action=AuditLog.Action.GRANT_STYLE, target=user, why=why, when=now, detail=key)
    return owned


def revoke_style(*, ownership: Ownership, by, why: str, now: datetime | None = None) -> Ownership:
    """The style is gone and no longer shown anywhere; its purchase stays in the ledger."""
    why = _reason(why)
    now = now or timezone.now()
    with transaction.atomic():
        ownership = Ownership.objects.select_for_update().get(pk=ownership.pk)
        if ownership.revoked_at is not None:
            raise CoinsError("not_owned")
        ownership.revoked_at, ownership.revoked_by = now, by
        ownership.save(update_fields=["revoked_at", "revoked_by"])
        ActiveStyle.objects.filter(user=ownership.user, style=ownership.style).delete()
        user_id = ownership.user_id
        transaction.on_commit(lambda: looks.refresh([user_id]))
        audit.record(moderator=by, action=AuditLog.Action.REVOKE_STYLE, target=ownership.user, why=why, when=now,
                     detail=ownership.style)
    return ownership


def _move(*, user, amount: int, by, why: str, now: datetime | None) -> Entry:
    why = _reason(why)
    now = now or timezone.now()
    ledger.wallet(user)
    with transaction.atomic():
        Wallet.objects.select_for_update().get(user=user)
        if ledger.balance(user) + amount < 0:
            raise CoinsError("below_zero")
        reason = Entry.Reason.GRANT if amount > 0 else Entry.Reason.REVOKE
        entry = Entry.objects.create(user=user, amount=amount, reason=reason, note=why[:200], by=by, when=now)
        action = AuditLog.Action.GRANT_COINS if amount > 0 else AuditLog.Action.REVOKE_COINS
        audit.record(moderator=by, action=action, target=user, why=why, when=now, detail=f"{amount:+d}")
    return entry


def _positive(amount) -> int:
    if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
        raise CoinsError("bad_amount")
    return amount


def _reason(why: str) -> str:
    if not isinstance(why, str) or not why.strip():
        raise CoinsError("no_reason")
    return why.strip()
