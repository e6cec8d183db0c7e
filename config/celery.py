"""The Celery app. Its beat schedule lives here, in code, so every deployment runs the same."""

import os

from celery import Celery
from celery.signals import setup_logging, task_postrun

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("stich")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Celery's Django fixup closes every database connection before and after each task unless
# this (old-style) key is set: a new PostgreSQL connection, and a server process forked, for
# every beat tick and every deadline. Connections are kept across tasks instead, and
# Django's own rule — CONN_MAX_AGE, and dropping a broken connection — applies after each.
app.conf.CELERY_DB_REUSE_MAX = 10_000


@task_postrun.connect
def _close_old_connections(sender=None, **kwargs) -> None:
    if not getattr(sender.request, "is_eager", False):  # a test's eager task runs in its transaction
        from django.db import close_old_connections

        close_old_connections()


@setup_logging.connect
def _log_as_the_site_does(**kwargs) -> None:
    """The worker and beat log through the settings' LOGGING (format, routine lines at DEBUG)
    instead of Celery replacing the handlers with its own; LOG_LEVEL, not --loglevel, rules."""
    from logging.config import dictConfig

    from django.conf import settings

    dictConfig(settings.LOGGING)


app.conf.beat_schedule = {
    # The safety net for deadlines whose own precisely timed task was lost.
    "clock-tick": {"task": "games.tasks.tick", "schedule": 1.0},
    # Seats whose pages went silent (offline), went down with their daphne (dropped; the
    # tick already looks when a process dies), or came back; and the dropped seats' rejoin time.
    "reconcile-presence": {"task": "games.tasks.reconcile_presence", "schedule": 15.0},
    # Bots whose wake-up task was lost (a worker killed mid-task, Redis restarted empty).
    "wake-stalled-bots": {"task": "games.tasks.wake_stalled_bots", "schedule": 5.0},
    "clear-expired-sessions": {
        "task": "accounts.tasks.clear_expired_sessions",
        "schedule": 3600.0,
    },
    "clean-up-guests": {"task": "accounts.tasks.clean_up_guests", "schedule": 3600.0},
    # Waiting tables their players left without standing up; "a few minutes" need no precision.
    "close-stale-tables": {"task": "lobby.tasks.close_stale_tables", "schedule": 30.0},
    # Votes last 60 s and cooldowns minutes: a few seconds' lag in closing them is unseen.
    "expire-vote-kicks": {"task": "moderation.tasks.expire_votes", "schedule": 5.0},
    # Arena pairing and Swiss rounds: a player free again waits a few seconds at most; both are
    # idempotent (a player at a table is never paired).
    "pair-tournaments": {"task": "tournaments.tasks.pair_tournaments", "schedule": 3.0},
    "close-ended-cooldowns": {"task": "moderation.tasks.close_ended_cooldowns", "schedule": 15.0},
    "forget-old-device-uses": {"task": "moderation.tasks.forget_old_device_uses", "schedule": 86400.0},
    # Beat's and a worker's sign of life for /healthz (ops/heartbeat.py); a stamp nobody took
    # in time is worthless, so it is not kept in the queue.
    "heartbeat": {"task": "ops.tasks.heartbeat", "schedule": 2.0, "options": {"expires": 10}},
}
