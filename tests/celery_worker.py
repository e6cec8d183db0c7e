"""A Celery worker (with beat) for the tests that start one, as an interpreter of its own:
`python -m tests.celery_worker ARGS` runs `celery --app config ARGS` with the test run's apps,
the dummy game among them, which the platform's tests play. The worker sends its tasks through
the broker as the site's does; the test process runs them in its own thread instead."""

import sys

import pytest  # noqa: F401 — config.settings knows a test run by pytest being loaded


def main() -> None:
    from django.conf import settings

    settings.CELERY_TASK_ALWAYS_EAGER = False
    from celery.__main__ import main as celery

    sys.argv = ["celery", "--app", "config", *sys.argv[1:]]
    celery()


if __name__ == "__main__":
    main()
