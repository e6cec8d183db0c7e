"""The pages' view of beat's heartbeat: frozen from beat's last tick once it is silent."""

import asyncio
import time

import redis
from django.conf import settings

from games import beat_watch


def test_a_fresh_heartbeat_means_the_clocks_run():
    assert beat_watch.frozen_since(100.0, 100.0 + settings.CLOCK_OUTAGE_SECONDS) is None
    assert beat_watch.frozen_since(None, 100.0) is None


def test_a_silent_beat_freezes_the_clocks_where_the_catch_up_will_give_them_back():
    assert beat_watch.frozen_since(100.0, 100.0 + settings.CLOCK_OUTAGE_SECONDS + 0.1) == (
        100.0 + settings.CLOCK_TICK_SECONDS)


def test_pages_are_told_the_server_is_paused_while_redis_is_away():
    """Beat stamps its ticks in Redis: with Redis away it is as silent as a stopped beat, so the
    pages say "paused" from its last tick read, not count down to a zero that never comes."""
    class Away:
        async def get(self, key):
            raise redis.ConnectionError("Redis is away")

    class Page:
        def __init__(self):
            self.told = asyncio.Event()

        async def service_changed(self):
            self.told.set()

    async def scenario():
        watch = beat_watch.Watch()
        watch.client = Away()
        last_tick = time.time() - settings.CLOCK_OUTAGE_SECONDS - 5
        watch.last_tick = repr(last_tick).encode()
        page = Page()
        watch.hold(page)
        await asyncio.wait_for(page.told.wait(), 10)
        watch.release(page)
        watch.task.cancel()
        return watch.frozen, last_tick

    frozen, last_tick = asyncio.run(scenario())
    assert frozen == last_tick + settings.CLOCK_TICK_SECONDS
