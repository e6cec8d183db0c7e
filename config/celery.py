"""The Celery app. Its beat schedule lives here, in code, so every deployment runs the same."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("stich")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

app.conf.beat_schedule = {
    # The safety net for deadlines whose own precisely timed task was lost.
    "clock-tick": {"task": "games.tasks.tick", "schedule": 1.0},
    # Pages of a dead daphne stop counting after presence.PAGE_TTL_SECONDS; this notices.
    "reconcile-presence": {"task": "games.tasks.reconcile_presence", "schedule": 15.0},
    "clear-expired-sessions": {
        "task": "accounts.tasks.clear_expired_sessions",
        "schedule": 3600.0,
    },
    # Votes last 60 s and cooldowns minutes: a few seconds' lag in closing them is unseen.
    "expire-vote-kicks": {"task": "moderation.tasks.expire_votes", "schedule": 5.0},
    "close-ended-cooldowns": {"task": "moderation.tasks.close_ended_cooldowns", "schedule": 15.0},
}
