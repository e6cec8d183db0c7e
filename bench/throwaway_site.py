"""A site of its own for one benchmark run: a fresh data folder (SQLite database, embedded
Redis) unless DATABASE_URL and REDIS_URL name others, Django set up and migrated.

    with throwaway_site("lobby", {"CLOCK_STRIKE_SECONDS": "3"}) as data:
        ...  # import the apps here: they need Django set up

`data` is the folder; the embedded Redis started for the run is stopped at the end."""

import os
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def throwaway_site(name: str, env: dict | None = None):
    data = Path(tempfile.mkdtemp(prefix=f"stich-{name}-"))
    os.environ.update({"STICH_DATA_DIR": str(data), "DJANGO_SETTINGS_MODULE": "config.settings", **(env or {})})
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    from config import embedded_redis

    call_command("migrate", verbosity=0)
    redis = None
    if settings.USES_EMBEDDED_REDIS and not embedded_redis.is_running(settings.EMBEDDED_REDIS_SOCKET):
        redis = embedded_redis.start(settings.EMBEDDED_REDIS_SOCKET, data / "redis")
    try:
        yield data
    finally:
        if redis is not None:
            embedded_redis.stop(redis)
