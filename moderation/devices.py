"""Sanctions follow the person, not the account name. Every browser gets a long-lived signed
cookie naming it (moderation.middleware.DeviceMiddleware); each account seen in a browser, and
from which address, is kept as a DeviceUse. From those rows:

- a ban in force on an account used in this browser refuses new guests and sign-ups here;
- a ban whose moderator chose `address_days` refuses them from that account's addresses too;
- a running cooldown of an account used in this browser keeps the browser's other accounts
  (a new guest) from public tables, as it keeps the player's own.

Rows not seen for DEVICE_USE_KEEP_DAYS are deleted daily (`forget_old_uses`), but for a
banned player's while the ban lasts.

Addresses are compared as keyed hashes, never stored in clear."""

import secrets
from datetime import datetime, timedelta

from axes.helpers import get_client_ip_address
from django.conf import settings
from django.core.cache import cache
from django.db.models import F, Q
from django.utils import timezone
from django.utils.crypto import salted_hmac

from moderation.errors import Blocked
from moderation.models import Ban, DeviceUse, Incident

COOKIE = "stich_device"
SALT = "moderation.devices"
COOKIE_AGE = 2 * 365 * 24 * 3600
# A player's row is refreshed at most this often: "last seen" is for moderators, to the hour.
SEEN_EVERY_SECONDS = 3600


def read_device(request) -> str | None:
    """The browser's id from its signed cookie; None when it has none or it was tampered with."""
    device = request.get_signed_cookie(COOKIE, default=None, salt=SALT)
    return device if device and len(device) == 32 else None


def new_device() -> str:
    return secrets.token_hex(16)


def set_device_cookie(response, device: str) -> None:
    response.set_signed_cookie(
        COOKIE, device, salt=SALT, max_age=COOKIE_AGE, httponly=True, samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )


def address_of(request) -> str:
    """The visitor's address (as axes sees it, through the proxy's header when configured), hashed."""
    return salted_hmac(SALT, get_client_ip_address(request) or "", algorithm="sha256").hexdigest()


def note(request, user, *, now: datetime | None = None) -> None:
    """Keep that `user` was seen in this request's browser from its address."""
    device = getattr(request, "device_id", None)
    if device is None or user is None or not user.is_authenticated:
        return
    address = address_of(request)
    key = f"moderation:seen:{user.pk}:{device}:{address[:16]}"
    if not cache.add(key, 1, SEEN_EVERY_SECONDS):
        return
    now = now or timezone.now()
    use, created = DeviceUse.objects.get_or_create(
        user=user, device=device, address=address, defaults={"first_seen": now, "last_seen": now}
    )
    if not created:
        DeviceUse.objects.filter(pk=use.pk).update(last_seen=now)


def new_account_refusal(request, *, now: datetime | None = None) -> Blocked | None:
    """Why this browser may not get a new account (a guest or a sign-up) now, or None."""
    now = now or timezone.now()
    device = getattr(request, "device_id", None)
    banned_here = _bans_in_force(now).filter(user__device_uses__device=device) if device else Ban.objects.none()
    until = _longest(banned_here)
    if until is not False:
        return Blocked.with_until("device_banned", until)
    address = address_of(request)
    address_bans = [
        ban for ban in _bans_in_force(now).filter(address_days__gt=0, user__device_uses__address=address).distinct()
        if now < ban.created_at + timedelta(days=ban.address_days)
    ]
    if address_bans:
        ends = [_address_block_end(ban) for ban in address_bans]
        return Blocked.with_until("address_banned", max(ends))
    return None


def forget_old_uses(*, now: datetime | None = None) -> int:
    """Delete the rows not seen for DEVICE_USE_KEEP_DAYS: which browser and address a player
    used is kept only while it can still link accounts. A player's rows stay while a ban of
    theirs is in force, as the ban follows the browser and the address by them. Returns how
    many rows went."""
    now = now or timezone.now()
    old = DeviceUse.objects.filter(last_seen__lt=now - timedelta(days=settings.DEVICE_USE_KEEP_DAYS))
    deleted, _ = old.exclude(user__in=_bans_in_force(now).values("user")).delete()
    return deleted


def device_cooldown(user, *, now: datetime | None = None) -> Incident | None:
    """The running cooldown, ending last, of another account used in a browser `user` used."""
    now = now or timezone.now()
    devices = DeviceUse.objects.filter(user=user).values("device")
    others = DeviceUse.objects.filter(device__in=devices).exclude(user=user).values("user")
    return (
        Incident.objects.filter(user__in=others, cooldown_start__lte=now, cooldown_end__gt=now)
        .filter(Q(lifted_at__isnull=True) | Q(lifted_at__gt=now))
        .order_by("-cooldown_end")
        .first()
    )


def linked_accounts(user) -> list[dict]:
    """The other accounts seen in a browser or from an address `user` was seen in or from:
    [{"user", "device": bool, "address": bool, "last_seen"}], most recently seen first."""
    mine = DeviceUse.objects.filter(user=user)
    devices, addresses = set(mine.values_list("device", flat=True)), set(mine.values_list("address", flat=True))
    rows = (
        DeviceUse.objects.filter(Q(device__in=devices) | Q(address__in=addresses))
        .exclude(user=user)
        .select_related("user")
    )
    linked: dict[int, dict] = {}
    for row in rows:
        entry = linked.setdefault(row.user_id, {"user": row.user, "device": False, "address": False,
                                                "last_seen": row.last_seen})
        entry["device"] |= row.device in devices
        entry["address"] |= row.address in addresses
        entry["last_seen"] = max(entry["last_seen"], row.last_seen)
    return sorted(linked.values(), key=lambda entry: entry["last_seen"], reverse=True)


def _bans_in_force(now: datetime):
    return Ban.objects.filter(lifted_at__isnull=True, created_at__lte=now).filter(
        Q(until__isnull=True) | Q(until__gt=now)
    )


def _longest(bans) -> datetime | None | bool:
    """The end of the longest ban among `bans` (None for a permanent one), False if none."""
    ban = bans.order_by(F("until").desc(nulls_first=True)).first()
    return False if ban is None else ban.until


def _address_block_end(ban: Ban) -> datetime:
    end = ban.created_at + timedelta(days=ban.address_days)
    return end if ban.until is None else min(end, ban.until)
