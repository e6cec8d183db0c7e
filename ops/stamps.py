"""The small values the operator's checks keep in Redis, shared by every process."""

from functools import lru_cache

import redis
from django.conf import settings

# A check must answer a load balancer quickly even when Redis hangs.
TIMEOUT_SECONDS = 1.0


def key(*parts: str) -> str:
    return ":".join((settings.CHANNELS_PREFIX, "ops", *parts))


def client() -> redis.Redis:
    """One client (and connection pool) per Redis per process; redis-py's pool starts over
    after a fork, so a prefork worker's children do not share its connections."""
    return _client(settings.REDIS_URL)


@lru_cache(maxsize=4)
def _client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_timeout=TIMEOUT_SECONDS, socket_connect_timeout=TIMEOUT_SECONDS)
