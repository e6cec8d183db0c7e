"""The Celery app. Its beat schedule lives here, in code, so every deployment runs the same."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("stich")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

app.conf.beat_schedule = {
    "clear-expired-sessions": {
        "task": "accounts.tasks.clear_expired_sessions",
        "schedule": 3600.0,
    },
}
