"""Celery tasks: thin wrappers around the services, safe to run twice."""

import threading
import time

from celery import shared_task
from django.conf import settings

from games import timekeeping

_local = threading.local()


@shared_task
def wake_bots(table_id: int, version: int) -> None:
    """Bots act one action at a time. In eager mode (tests) a bot's own submit wakes this task
    again from inside itself; the nested call only asks the running loop for another round,
    so a long run of bot moves never grows the stack."""
    if getattr(_local, "busy", False):
        _local.again = True
        return
    from games import bots

    _local.busy = True
    try:
        while True:
            _local.again = False
            if not bots.act_once(table_id) or not _local.again:
                break
    finally:
        _local.busy = False


@shared_task
def wake_stalled_bots() -> int:
    """Beat, every few seconds: a bot whose wake-up was lost acts again (`bots.stalled`)."""
    from games import bots

    stalled = bots.stalled(time.time(), settings.BOT_STALLED_SECONDS)
    for table_id, version in stalled:
        wake_bots.delay(table_id, version)
    return len(stalled)


@shared_task
def run_deadline(table_id: int, version: int) -> None:
    """Scheduled for the exact moment a deadline falls due."""
    timekeeping.run_deadline(table_id=table_id, version=version)


@shared_task
def tick() -> int:
    """Beat, every second: outages first, then every deadline due (the safety net for any
    precisely timed task that was lost)."""
    return timekeeping.tick()


@shared_task
def reconcile_presence() -> int:
    """Beat, every few seconds: seats whose pages are not what their clocks say
    (`timekeeping.reconcile_presence`)."""
    return timekeeping.reconcile_presence()
