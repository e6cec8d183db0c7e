"""Who may take a seat, write in a chat or use a socket at all. The games' seating and chat
functions and the sockets call these before they act, so the rule holds for every way in
(lobby form, table socket, invite link)."""

from datetime import datetime

from django.utils import timezone

from moderation.cooldowns import participation_block
from moderation.devices import device_cooldown
from moderation.errors import Blocked
from moderation.sanctions import active_mute, banned_until, bans_in_force
from moderation.votes import table_bar_until, table_bars_until


def ensure_not_banned(user, *, now: datetime | None = None) -> None:
    """Raise Blocked("banned") while a ban is in force. A socket outlives the requests the ban
    middleware stops, so the sockets ask at connect and before every frame that writes."""
    banned, until = banned_until(user, now=now)
    if banned:
        raise Blocked("banned", until)


def ensure_may_play(user, *, public: bool, now: datetime | None = None) -> None:
    """Raise Blocked unless the player may create or join a table. A ban stops everything; a
    cooldown only public tables (rated or not) — private tables stay open to them. A cooldown
    of another account used in the same browser counts too: a new guest does not escape it."""
    now = now or timezone.now()
    ensure_not_banned(user, now=now)
    if public:
        cooldown = participation_block(user, now=now)
        if cooldown is not None:
            raise Blocked("cooldown", cooldown.ends_at)
        cooldown = device_cooldown(user, now=now)
        if cooldown is not None:
            raise Blocked.with_until("device_cooldown", cooldown.ends_at)


def ensure_may_sit(user, *, table, now: datetime | None = None) -> None:
    """ensure_may_play for this table, and not within the bar after being voted off it."""
    now = now or timezone.now()
    ensure_may_play(user, public=not table.private, now=now)
    bar = table_bar_until(user, table.pk, now)
    if bar is not None:
        raise Blocked("table_bar", bar)


def sit_refusals(seats, *, now: datetime | None = None) -> dict[tuple[int, int], Blocked]:
    """`ensure_may_sit` for many (user, table) pairs at once (games.hooks.sit_checks_many), in
    a few queries for all of them: the refused, keyed by (user id, table id)."""
    now = now or timezone.now()
    seats = [(user, table) for user, table in seats if user is not None and user.is_authenticated]
    banned = bans_in_force({user.pk for user, _ in seats}, now=now)
    public = {user.pk for user, table in seats if not table.private} - set(banned)
    cooled = blocked_from_public_play(public, now=now) if public else set()
    barred = table_bars_until({(user.pk, table.pk) for user, table in seats}, now)
    refused = {}
    for user, table in seats:
        key = (user.pk, table.pk)
        if user.pk in banned:
            refused[key] = Blocked("banned", banned[user.pk])
        elif not table.private and user.pk in cooled:
            # Rare: asked again one by one, for the refusal's own reason and end.
            try:
                ensure_may_play(user, public=True, now=now)
            except Blocked as error:
                refused[key] = error
        elif key in barred:
            refused[key] = Blocked("table_bar", barred[key])
    return refused


def ensure_may_chat(user, *, now: datetime | None = None) -> None:
    """Raise Blocked while a ban or a mute is in force; the chat services call it."""
    now = now or timezone.now()
    ensure_not_banned(user, now=now)
    mute = active_mute(user, now=now)
    if mute is not None:
        raise Blocked("muted", mute.until)


def blocked_from_public_play(user_ids, *, now: datetime | None = None) -> set[int]:
    """Of `user_ids`, those `ensure_may_play(public=True)` refuses — a ban, a cooldown of their
    own or of another account used in their browser — in a few queries for all of them (a
    tournament's pairing asks about hundreds of players every few seconds)."""
    from django.db.models import Q

    from moderation.models import DeviceUse, Incident

    now = now or timezone.now()
    user_ids = set(user_ids)
    banned = set(bans_in_force(user_ids, now=now))
    cooled = set(Incident.objects.filter(cooldown_start__lte=now, cooldown_end__gt=now)
                 .filter(Q(lifted_at__isnull=True) | Q(lifted_at__gt=now)).values_list("user_id", flat=True))
    cooled_on = {}
    for device, user_id in DeviceUse.objects.filter(user_id__in=cooled).values_list("device", "user_id"):
        cooled_on.setdefault(device, set()).add(user_id)
    linked = {user_id for device, user_id in DeviceUse.objects.filter(user_id__in=user_ids, device__in=cooled_on)
              .values_list("device", "user_id") if cooled_on[device] - {user_id}}
    return banned | (cooled & user_ids) | linked
