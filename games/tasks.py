"""Celery tasks: thin wrappers around the services, safe to run twice."""

import threading

from celery import shared_task
from games import services

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
def run_deadline(table_id: int, version: int) -> None:
    services.run_deadline(table_id=table_id, version=version)


@shared_task
def run_due_deadlines() -> int:
    """Beat's safety net, every second: any deadline whose precise task was lost."""
    done = 0
    for table_id, version in services.due_deadlines():
        done += services.run_deadline(table_id=table_id, version=version)
    return done
