"""The daily check-in: once per calendar day in the player's zone, with a streak of days in a
row. A new check-in needs a new day that began, in the zone the player has now, after the last
check-in: so moving the zone east or west never opens a second one on the same day."""

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from coins import conf, ledger
from coins.errors import CoinsError
from coins.models import CheckIn, Entry


@dataclass(frozen=True)
class Standing:
    """What the check-in button says: may the player check in now, and their streak."""

    open: bool
    streak: int  # the current streak: days in a row up to today or yesterday
    next_amount: int


def standing(user, *, now: datetime | None = None) -> Standing:
    now = now or timezone.now()
    name = ledger.zone_name(user)
    today = now.astimezone(ledger.zone(name)).date()
    last = _last(user)
    open_ = _may_check_in(last, today, name)
    streak = last.streak if last and last.day >= today - timedelta(days=1) else 0
    if open_:
        return Standing(True, streak, amount_for(_next_streak(last, today)))
    return Standing(False, streak, 0)


def check_in(user, *, now: datetime | None = None) -> CheckIn:
    now = now or timezone.now()
    name = ledger.zone_name(user)
    today = now.astimezone(ledger.zone(name)).date()
    last = _last(user)
    if not _may_check_in(last, today, name):
        raise CoinsError("checked_in_today")
    streak = _next_streak(last, today)
    try:
        with transaction.atomic():
            entry = Entry.objects.create(user=user, amount=amount_for(streak), reason=Entry.Reason.CHECK_IN, when=now)
            # Two at once read the same `last` and take the same number: one insert fails.
            return CheckIn.objects.create(
                user=user, day=today, number=(last.number if last else 0) + 1, streak=streak,
                time_zone=name, when=now, entry=entry,
            )
    except IntegrityError as error:
        raise CoinsError("checked_in_today") from error


def amount_for(streak: int) -> int:
    return conf.check_in_amount() + min(max(streak - 1, 0) * conf.streak_bonus(), conf.streak_bonus_cap())


def _last(user) -> CheckIn | None:
    return CheckIn.objects.filter(user=user).order_by("-number").first()


def _may_check_in(last: CheckIn | None, today: date, zone_name: str) -> bool:
    if last is None:
        return True
    day_began = datetime.combine(today, time(), tzinfo=ledger.zone(zone_name))
    return today > last.day and day_began > last.when


def _next_streak(last: CheckIn | None, today: date) -> int:
    return last.streak + 1 if last and last.day == today - timedelta(days=1) else 1
