"""Balances and the player's zone: read here, written only by the check-in, the shop and the
staff services."""

from functools import cache
from zoneinfo import ZoneInfo, available_timezones

from django.db.models import Sum

from coins.errors import CoinsError
from coins.models import Entry, Wallet

UTC = "UTC"


def balance(user) -> int:
    return Entry.objects.filter(user=user).aggregate(total=Sum("amount"))["total"] or 0


def wallet(user) -> Wallet:
    return Wallet.objects.get_or_create(user=user)[0]


def zone_name(user) -> str:
    stored = Wallet.objects.filter(user=user).values_list("time_zone", flat=True).first()
    return stored or UTC


def zone_known(user) -> bool:
    return bool(Wallet.objects.filter(user=user).exclude(time_zone="").exists())


def valid_zone(name: str) -> str:
    if not isinstance(name, str) or name not in _zones():
        raise CoinsError("bad_zone")
    return name


def set_zone(user, name: str, *, only_if_unset: bool = False) -> bool:
    """The player's zone; with `only_if_unset` (the browser's guess) a chosen one stays.
    Whether it changed."""
    name = valid_zone(name)
    wallet(user)
    rows = Wallet.objects.filter(user=user)
    if only_if_unset:
        rows = rows.filter(time_zone="")
    return rows.update(time_zone=name) == 1


def zone_choices() -> list[tuple[str, str]]:
    return [(name, name.replace("_", " ")) for name in sorted(_zones())]


@cache
def _zones() -> frozenset[str]:
    return frozenset(available_timezones()) | {UTC}


def zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)
