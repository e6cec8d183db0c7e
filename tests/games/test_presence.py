"""Presence outlives no process: a page counts only while its daphne process vouches for it,
and beat marks a seat offline once all its pages have gone silent."""

import asyncio
import time

import pytest
import redis
from django.conf import settings

from games import presence, timekeeping
from games.presence import Presence

pytestmark = pytest.mark.django_db


def _redis() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL)


def _page_of_a_dead_process(table_id: int, seat: str, channel: str = "dead!1") -> None:
    """A page whose process stopped vouching for it two minutes ago."""
    with _redis() as client:
        client.zadd(presence._seat_key(table_id, seat), {channel: time.time() - 120})


def test_pages_count_while_their_process_vouches_for_them():
    async def scenario():
        pages = Presence()
        assert await pages.join(7, "a!1", "S") == 1
        _page_of_a_dead_process(7, "S")
        assert await pages.join(7, "a!2", "S") == 2  # the dead page is not counted
        assert await pages.leave(7, "a!1", "S") == 1
        assert await pages.leave(7, "a!2", "S") == 0
        assert await pages.join(7, "w!1", None) == 1
        assert await pages.spectators(7) == 1

    asyncio.run(scenario())
    with _redis() as client:
        assert client.zcard(presence._seat_key(7, "S")) == 0  # leaving swept the dead page out


def test_hundreds_of_pages_opening_and_closing_at_once_wait_for_a_connection():
    """A process whose pages all open (or close) in the same moment, as when a load balancer
    sends a thousand sockets back at once: each waits for one of the pool's connections."""
    async def scenario():
        pages = Presence()
        channels = [f"burst!{i}" for i in range(400)]
        counts = await asyncio.gather(*(pages.join(9, channel, "N") for channel in channels))
        assert max(counts) == 400
        left = await asyncio.gather(*(pages.leave(9, channel, "N") for channel in channels))
        assert min(left) == 0

    asyncio.run(scenario())


def test_a_process_keeps_its_open_pages_fresh(monkeypatch):
    monkeypatch.setattr(presence, "REFRESH_SECONDS", 0.05)

    async def scenario():
        await Presence().join(8, "a!1", "E")
        with _redis() as client:
            client.zadd(presence._seat_key(8, "E"), {"a!1": time.time() - 120}, xx=True)
        assert not presence.seat_online(8, "E")
        await asyncio.sleep(0.3)
        assert presence.seat_online(8, "E")
        await Presence().leave(8, "a!1", "E")
        await asyncio.sleep(0.1)  # the refresher, with nothing left to vouch for, ends

    asyncio.run(scenario())


def test_beat_marks_offline_a_seat_whose_pages_all_went_silent(started_table):
    table_id = started_table.pk
    now = time.time()
    with _redis() as client:
        for seat in ("S", "E", "N"):
            client.zadd(presence._seat_key(table_id, seat), {f"live-{seat}": now})
    _page_of_a_dead_process(table_id, "W")

    assert timekeeping.reconcile_presence(now) == 1
    started_table.refresh_from_db()
    assert list(started_table.clock["offline"]) == ["W"]
    assert timekeeping.reconcile_presence(now + 1) == 0  # already offline: nothing more to do


def test_a_seat_that_came_back_is_not_marked(started_table, monkeypatch):
    """Between beat's look at Redis and its row lock, the player's new page joined."""
    table_id = started_table.pk
    for seat in ("S", "E", "N", "W"):
        _page_of_a_dead_process(table_id, seat)
    real_live_seats = presence.live_seats

    def look_then_rejoin(seats):
        live = real_live_seats(seats)
        with _redis() as client:
            client.zadd(presence._seat_key(table_id, "W"), {"new-page": time.time()})
        return live

    monkeypatch.setattr(presence, "live_seats", look_then_rejoin)
    assert timekeeping.reconcile_presence() == 3
    started_table.refresh_from_db()
    assert sorted(started_table.clock["offline"]) == ["E", "N", "S"]
