"""Beat's heartbeat as the pages see it. While beat is silent no deadline acts, and the
catch-up after it moves every clock on by the gap: the game stands still from beat's last
tick on. Each daphne process reads the heartbeat every CHECK_SECONDS and tells its pages, so
they show "paused — server problem" with the clocks as the server will give them back, instead
of counting down to a zero that never comes; Redis away (beat cannot stamp its ticks there
either) is such a silence too."""

import asyncio
import time
import weakref

import redis
import redis.asyncio as aioredis
from django.conf import settings

CHECK_SECONDS = 1.0


def _key() -> str:
    return f"{settings.CHANNELS_PREFIX}:beat:last-tick"


def frozen_since(last_tick: float | None, now: float) -> float | None:
    """When the server's time stopped, if beat is silent now (None while it ticks, or before it
    ever ticked). Beat's own period is not part of the outage (timekeeping._catch_up_outage)."""
    if last_tick is None or now - last_tick <= settings.CLOCK_OUTAGE_SECONDS:
        return None
    return last_tick + settings.CLOCK_TICK_SECONDS


def record(last_tick: float) -> None:
    """Beat's side, after each tick's catch-up has committed."""
    with redis.Redis.from_url(settings.REDIS_URL) as client:
        client.set(_key(), repr(last_tick))


class Watch:
    """One per event loop: the pages to tell, and what they were last told."""

    def __init__(self) -> None:
        self.client = aioredis.Redis.from_url(settings.REDIS_URL)
        self.pages: weakref.WeakSet = weakref.WeakSet()
        self.frozen: float | None = None
        # Beat's last word as last read: while Redis is away beat cannot stamp its ticks either,
        # so the pages go on from it and say "paused" once it is as old as a silent beat's.
        self.last_tick: bytes | None = None
        self.task: asyncio.Task | None = None

    def hold(self, page) -> None:
        self.pages.add(page)
        if self.task is None or self.task.done():
            self.task = asyncio.ensure_future(self._watch())

    def release(self, page) -> None:
        self.pages.discard(page)

    async def _watch(self) -> None:
        while self.pages:
            try:
                self.last_tick = await self.client.get(_key())
            except redis.RedisError:
                pass
            frozen = frozen_since(float(self.last_tick) if self.last_tick else None, time.time())
            if frozen != self.frozen:
                self.frozen = frozen
                # A page closing meanwhile must not keep the news from the others.
                await asyncio.gather(*(page.service_changed() for page in list(self.pages)),
                                     return_exceptions=True)
            await asyncio.sleep(CHECK_SECONDS)


_watches: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def watch() -> Watch:
    loop = asyncio.get_running_loop()
    if loop not in _watches:
        _watches[loop] = Watch()
    return _watches[loop]
