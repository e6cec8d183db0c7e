"""Bans and mutes: moderator decisions, separate from the automatic cooldowns. Each one takes
effect at once — on the next request (moderation.middleware) and on open sockets (a
`user.moderated` group event) — and leaves an audit row."""

from datetime import datetime

from django.core.cache import cache
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from moderation import audit, devices, notify
from moderation.errors import ModerationError
from moderation.models import AuditLog, Ban, Mute, Sanction

# Every save and delete of a ban drops the copy, so its lifetime only bounds how long a change
# made past the ORM goes unseen. A player writes every 20-30 s: kept a minute, a third of the
# checks found no copy and queried (py-spy over 125 tables).
BANS_KEPT_SECONDS = 600

_ACTIONS = {
    Ban: (AuditLog.Action.BAN, AuditLog.Action.UNBAN, "ban", "unban"),
    Mute: (AuditLog.Action.MUTE, AuditLog.Action.UNMUTE, "mute", "unmute"),
}


def ban(*, user, by, reason: str, until: datetime | None = None, now: datetime | None = None,
        address_days: int = 0) -> Ban:
    """Ban a player until `until`, or for good when it is None; with `address_days`, new
    accounts from the addresses they used are refused for that long too (moderation.devices)."""
    return _impose(Ban, user=user, by=by, reason=reason, until=until, now=now, address_days=address_days)


def mute(*, user, by, reason: str, until: datetime | None = None, now: datetime | None = None) -> Mute:
    return _impose(Mute, user=user, by=by, reason=reason, until=until, now=now)


def extend_ban(*, ban: Ban, by, reason: str, users, now: datetime | None = None) -> list[Ban]:
    """Ban the chosen `users` among the accounts linked to the banned player (same browser or
    address) as long as `ban`, each with its own audit row. Accounts out of the moderator's
    reach, or already banned at least as long, are left as they are; ModerationError when
    none is left, and nothing changes."""
    now = now or timezone.now()
    if not ban.active(now):
        raise ModerationError("ban_not_in_force")
    linked = {entry["user"].pk for entry in devices.linked_accounts(ban.user)}
    if any(user.pk not in linked for user in users):
        raise ModerationError("not_linked")
    extended = []
    with transaction.atomic():
        for user in users:
            try:
                ensure_may_sanction(user, by=by)
            except ModerationError:
                continue
            if _covered(user, ban.until, now):
                continue
            why = f"{reason}\n(linked to {ban.user.username}, ban #{ban.pk})"
            extended.append(_impose(Ban, user=user, by=by, reason=why, until=ban.until, now=now))
        if not extended:
            raise ModerationError("no_linked_accounts")
    return extended


def _covered(user, until: datetime | None, now: datetime) -> bool:
    """Whether a ban in force on `user` already lasts at least until `until`."""
    current = _active(Ban, user, now)
    return current is not None and (current.until is None or (until is not None and current.until >= until))


def lift(*, sanction: Sanction, by, reason: str, now: datetime | None = None) -> Sanction:
    """Unban or unmute: the record stays, with who lifted it and why."""
    now = now or timezone.now()
    model = type(sanction)
    _, lifted_action, _, event = _ACTIONS[model]
    with transaction.atomic():
        sanction = model.objects.select_for_update().get(pk=sanction.pk)
        if sanction.lifted_at is not None:
            raise ModerationError("already_lifted")
        sanction.lifted_by, sanction.lifted_at, sanction.lift_reason = by, now, reason
        sanction.save(update_fields=["lifted_by", "lifted_at", "lift_reason"])
        audit.record(
            moderator=by, action=lifted_action, target=sanction.user, why=reason, when=now, detail=f"#{sanction.pk}"
        )
        notify.user_moderated(sanction.user_id, event)
    return sanction


def active_ban(user, *, now: datetime | None = None) -> Ban | None:
    return _active(Ban, user, now)


def banned_until(user, *, now: datetime | None = None) -> tuple[bool, datetime | None]:
    """(whether a ban is in force, until when — None for good), as `active_ban` says, read from
    a copy of the player's unlifted bans in the shared cache: the sockets ask before every frame
    that writes, and a query each time was a database transaction per game action (the copy
    costs a table's process as much CPU; it spares the shared database). Saving or deleting a
    ban drops the copy (`forget_bans`); its lifetime bounds how long a change made past the
    ORM (raw SQL) goes unseen."""
    if user is None or not user.is_authenticated or user.is_superuser:
        return False, None
    now = now or timezone.now()
    key = _bans_key(user.pk)
    spans = cache.get(key)
    if spans is None:
        spans = list(Ban.objects.filter(user=user, lifted_at__isnull=True).values_list("created_at", "until"))
        cache.set(key, spans, BANS_KEPT_SECONDS)
    in_force = [ban.until for ban in (Ban(created_at=created, until=until) for created, until in spans)
                if ban.active(now)]
    if not in_force:
        return False, None
    return True, None if None in in_force else max(in_force)


def bans_in_force(user_ids, *, now: datetime | None = None) -> dict[int, datetime | None]:
    """Of `user_ids`, those `banned_until` says are banned, with until when (None for good),
    in one query for all of them (read from the table, not the copies)."""
    now = now or timezone.now()
    in_force: dict[int, list] = {}
    for ban in Ban.objects.filter(user_id__in=user_ids, lifted_at__isnull=True).exclude(user__is_superuser=True):
        if ban.active(now):
            in_force.setdefault(ban.user_id, []).append(ban.until)
    return {user_id: None if None in untils else max(untils) for user_id, untils in in_force.items()}


def forget_bans(user_id: int) -> None:
    """Drop the cached copy of a player's bans, now and again when the transaction commits: a
    socket that asks in between would otherwise keep the copy from before the change."""
    cache.delete(_bans_key(user_id))
    transaction.on_commit(lambda: cache.delete(_bans_key(user_id)))


def ban_changed(sender, instance, **kwargs) -> None:
    """Receiver of a ban's post_save and post_delete."""
    forget_bans(instance.user_id)


def _bans_key(user_id: int) -> str:
    return f"moderation:bans:{user_id}"


def active_mute(user, *, now: datetime | None = None) -> Mute | None:
    return _active(Mute, user, now)


def is_banned(user, *, now: datetime | None = None) -> bool:
    return active_ban(user, now=now) is not None


def is_muted(user, *, now: datetime | None = None) -> bool:
    return active_mute(user, now=now) is not None


def ensure_may_sanction(user, *, by) -> None:
    """Raise ModerationError unless `by` may ban or mute `user`. Nobody sanctions a superuser,
    and only a superuser sanctions staff: otherwise a moderator could lock out the people who
    oversee them."""
    if user.is_superuser:
        raise ModerationError("superuser_protected")
    if user.is_staff and not (by is not None and by.is_superuser):
        raise ModerationError("staff_protected")


def _impose(model: type[Sanction], *, user, by, reason: str, until: datetime | None, now: datetime | None,
            **fields):
    ensure_may_sanction(user, by=by)
    now = now or timezone.now()
    action, _, event, _ = _ACTIONS[model]
    with transaction.atomic():
        sanction = model.objects.create(user=user, created_by=by, reason=reason, until=until, created_at=now, **fields)
        detail = f"#{sanction.pk} until {until:%Y-%m-%d %H:%M} UTC" if until else f"#{sanction.pk} permanent"
        if fields.get("address_days"):
            detail += f", addresses {fields['address_days']} days"
        audit.record(moderator=by, action=action, target=user, why=reason, when=now, detail=detail)
        notify.user_moderated(user.pk, event, until)
    return sanction


def _active(model: type[Sanction], user, now: datetime | None):
    """The sanction that lasts longest among those in force; a permanent one first. None for a
    superuser, whatever the table holds (ensure_may_sanction)."""
    if user is None or not user.is_authenticated or user.is_superuser:
        return None
    now = now or timezone.now()
    return (
        model.objects.filter(user=user, lifted_at__isnull=True, created_at__lte=now)
        .filter(Q(until__isnull=True) | Q(until__gt=now))
        .order_by(F("until").desc(nulls_first=True))
        .first()
    )
