"""Which daphne processes are alive, so that beat can tell a player who left from a page whose
process died: the first is the player's absence (offline, strikes), the second a problem of
the service (a pause that charges no one; shared/spec/platform.md, "Disconnects").

Every daphne process vouches for itself every VOUCH_SECONDS in one Redis sorted set (member:
the process's id, score: when). Presence names each page with its process's id, so a page's
process can be looked up. A process silent for DEAD_AFTER_SECONDS is dead; one silent for
LATE_AFTER_SECONDS may be, and a deadline at a table with its pages waits for the answer.
The classification below is pure: callers pass what Redis holds and "now".
"""

import asyncio
import os
import time
import uuid

import redis
from django.conf import settings

VOUCH_SECONDS = 0.5
LATE_AFTER_SECONDS = 1.5
DEAD_AFTER_SECONDS = 3.0
# A process's entry outlives it by this long: long enough for beat to have seen it dead,
# after which its pages' seats carry the fact in their clocks.
FORGET_AFTER_SECONDS = 86_400


def processes_key() -> str:
    return f"{settings.CHANNELS_PREFIX}:web:processes"


# --- pure ---------------------------------------------------------------------------------

def page_member(process_id: str, channel_name: str) -> str:
    return f"{process_id}/{channel_name}"


def process_of(member: str) -> str:
    return member.split("/", 1)[0]


def is_alive(vouches: dict[str, float], process_id: str, now: float, within: float = DEAD_AFTER_SECONDS) -> bool:
    return vouches.get(process_id, float("-inf")) >= now - within


def silent_since(vouches: dict[str, float], now: float) -> float | None:
    """When the last web process was last heard from, if none is alive now; None while one is
    (or before any ever was: a site that has not served a page yet is not down)."""
    if not vouches or any(is_alive(vouches, p, now) for p in vouches):
        return None
    return max(vouches.values())


def seat_status(pages: dict[str, float], vouches: dict[str, float], now: float,
                page_ttl: float) -> tuple[str, float | None]:
    """What a seat's open pages (member: when its process last vouched for it) say:
    ("online", None) while one is served by a live process, ("dropped", since) when the only
    ones left belong to processes that died (since: the latest of their last words), and
    ("gone", None) when none is left."""
    dropped = []
    for member, vouched in pages.items():
        process = process_of(member)
        if is_alive(vouches, process, now):
            if vouched >= now - page_ttl:
                return "online", None
        else:
            dropped.append(vouches.get(process, vouched))
    if dropped:
        return "dropped", max(dropped)
    return "gone", None


def late_processes(members: list[str], vouches: dict[str, float], now: float) -> set[str]:
    """The processes of these pages that have been silent too long to vouch for them now."""
    return {p for p in map(process_of, members) if not is_alive(vouches, p, now, LATE_AFTER_SECONDS)}


# --- Redis ----------------------------------------------------------------------------------

def read_vouches(client: redis.Redis) -> dict[str, float]:
    return {member.decode(): score for member, score in client.zrange(processes_key(), 0, -1, withscores=True)}


class Vouching:
    """ASGI middleware: the first request or socket a process serves starts its vouching, on
    the event loop that serves them (daphne has no startup hook), so the vouch also says that
    loop is still turning."""

    def __init__(self, application):
        self.application = application
        self.task: asyncio.Task | None = None

    async def __call__(self, scope, receive, send):
        if self.task is None or self.task.done():
            self.task = asyncio.ensure_future(_vouch_forever())
        return await self.application(scope, receive, send)


_ids: dict[int, str] = {}


def process_id() -> str:
    """This process's id, made on first use (a process forked from another gets its own)."""
    return _ids.setdefault(os.getpid(), uuid.uuid4().hex[:12])


async def _vouch_forever() -> None:
    # The write is made on the loop itself, synchronously (two commands to a local Redis,
    # well under a millisecond; short timeouts when it is away), so that only the sleep can
    # be cancelled: an asyncio Redis call cancelled mid-way when a loop closes (every
    # async_to_sync call of the tests closes one) could hang the loop's shutdown.
    client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=0.2, socket_connect_timeout=0.2)
    while True:
        now = time.time()
        try:
            pipe = client.pipeline(transaction=False)
            pipe.zadd(processes_key(), {process_id(): now})
            pipe.zremrangebyscore(processes_key(), "-inf", now - FORGET_AFTER_SECONDS)
            pipe.execute()
        except redis.RedisError:
            pass  # Redis away: the next round tries again (beat cannot read it either)
        await asyncio.sleep(VOUCH_SECONDS)
