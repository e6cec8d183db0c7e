"""Play before signing up: a visitor's first game makes a guest account, kept by the session
cookie. A guest never plays a rated game, may keep the account as a full one (a name, a
password, an optional e-mail) with its history, and is cleaned up after GUEST_DISUSE_DAYS
without a game.

`ensure_user(request)` is the one way a guest is made; the platform reaches it through
`games.hooks.player_for(request)` (registered in AccountsConfig.ready)."""

import secrets
from datetime import datetime, timedelta

from axes.helpers import get_client_ip_address
from django.conf import settings
from django.contrib.auth import login
from django.core.cache import cache
from django.db import transaction
from django.db.models import Max, ProtectedError, Q
from django.utils import timezone

from accounts.errors import AccountRefusal
from accounts.models import User
from games.models import Seat, Table
from moderation import devices

GUEST_PREFIX = "guest-"
HOUR = 3600


def _count_guest_from(request) -> None:
    """A script could make accounts without end; a household or a school makes a few an hour.
    The address is the one axes sees (through the proxy's forwarded header when configured)."""
    key = f"guests-from:{get_client_ip_address(request)}"
    cache.add(key, 0, timeout=HOUR)
    if cache.incr(key) > settings.GUESTS_PER_ADDRESS_HOUR:
        raise AccountRefusal("too_many_guests")


def ensure_user(request) -> User:
    """The signed-in user, or a new guest signed in for this browser (AccountRefusal when this
    address has made too many guests this hour; moderation's Blocked while a ban holds this
    browser or address)."""
    if request.user.is_authenticated:
        return request.user
    refusal = devices.new_account_refusal(request)
    if refusal is not None:
        raise refusal
    _count_guest_from(request)
    language = request.LANGUAGE_CODE if request.LANGUAGE_CODE in dict(settings.LANGUAGES) else ""
    while True:
        username = GUEST_PREFIX + secrets.token_hex(4)
        if not User.objects.filter(username__iexact=username).exists():
            break
    guest = User(username=username, is_guest=True, language=language)
    guest.set_unusable_password()
    guest.save()
    login(request, guest, backend="django.contrib.auth.backends.ModelBackend")
    devices.note(request, guest)
    return guest


def ensure_guest_unrated(user, *, table) -> None:
    """A seat check (games.hooks.sit_checks): ratings are for accounts their players keep."""
    if getattr(user, "is_guest", False) and table.rated:
        raise AccountRefusal("guest_unrated")


def disused_guests(now: datetime) -> list[User]:
    """Guests made before the cut-off who have sat at no table since, and sit at none now."""
    cutoff = now - timedelta(days=settings.GUEST_DISUSE_DAYS)
    open_statuses = [Table.Status.WAITING, Table.Status.PLAYING]
    return list(
        User.objects.filter(is_guest=True, is_active=True, date_joined__lt=cutoff)
        .annotate(last_game=Max("seat__table__created_at"))
        .filter(Q(last_game__isnull=True) | Q(last_game__lt=cutoff))
        .exclude(seat__table__status__in=open_statuses)
    )


def clean_up(now: datetime | None = None) -> tuple[int, int]:
    """Delete disused guests with the tables only they (and bots) sat at. A guest who shared a
    table with another person, or whom a report names, is deactivated instead: the others'
    records keep their table. Returns (deleted, deactivated)."""
    deleted = deactivated = 0
    for guest in disused_guests(now or timezone.now()):
        try:
            with transaction.atomic():
                tables = Table.objects.filter(Q(seats__user=guest) | Q(created_by=guest)).distinct()
                others = Seat.objects.filter(table__in=tables, user__isnull=False).exclude(user=guest)
                Table.objects.filter(pk__in=tables.values("pk")).exclude(pk__in=others.values("table")).delete()
                guest.delete()
            deleted += 1
        except ProtectedError:
            User.objects.filter(pk=guest.pk).update(is_active=False)
            deactivated += 1
    return deleted, deactivated
