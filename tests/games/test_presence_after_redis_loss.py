"""Redis loses what it held (restarted without persistence, a failover): the open pages must
not count as closed from then on. The process that serves them notices when it next vouches
for them, adds them again, and has each draw itself (it may have missed a move meanwhile)."""

import pytest
import redis.asyncio as aioredis
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.conf import settings

from games import presence, services, timekeeping
from tests.games.pages import DRAWN, _async_cookie, frames_until, open_page

pytestmark = pytest.mark.django_db(transaction=True)


def test_pages_are_open_again_and_redrawn_after_redis_lost_its_data(team_table, four_players):
    async def scenario():
        sam = await open_page(team_table, await _async_cookie(four_players[0]))
        guest = await open_page(team_table)
        client = aioredis.Redis.from_url(settings.REDIS_URL)
        await client.flushdb()
        await client.aclose()
        lost = await presence.Presence().watching(team_table.pk)
        # a move while the audiences are gone is drawn for nobody
        await database_sync_to_async(services.submit)(
            table_id=team_table.pk, action={"type": "pick", "n": 3}, user=four_players[0])
        await presence._process().refresh()
        back = await presence.Presence().watching(team_table.pk)
        online = await database_sync_to_async(presence.seat_online)(team_table.pk, "A")
        redrawn = [frame for page in (sam, guest) for frame in await frames_until(page, DRAWN)]
        await sam.disconnect(), await guest.disconnect()
        return lost, back, online, redrawn

    lost, back, online, redrawn = async_to_sync(scenario)()
    assert lost == set()
    assert {("seat-A", "en"), ("guest", "en")} <= back and online
    # each page drew itself again, with the move made while it was not watched
    assert sum('id="t-seats"' in frame for frame in redrawn) >= 2


async def _flush_redis():
    client = aioredis.Redis.from_url(settings.REDIS_URL)
    await client.flushdb()
    await client.aclose()


def _offline(table) -> list[str]:
    table.refresh_from_db()
    return sorted(table.clock.get("offline", {}))


def test_a_process_notices_the_loss_between_its_refreshes(team_table, four_players):
    """Within a second, not at the next refresh 20 s on: no move is drawn for a lost page."""
    async def scenario():
        sam = await open_page(team_table, await _async_cookie(four_players[0]))
        process = presence._process()
        kept = await process.check()
        await _flush_redis()
        noticed = await process.check()
        back = await presence.Presence().watching(team_table.pk)
        await sam.disconnect()
        return kept, noticed, back

    kept, noticed, back = async_to_sync(scenario)()
    assert not kept and noticed
    assert ("seat-A", "en") in back


def test_beat_takes_no_seat_offline_while_the_processes_add_their_pages_again(team_table, four_players):
    """One process has its pages back; another has not yet noticed the loss: its player, whose
    page is open, must not be taken offline meanwhile."""
    async def scenario():
        pages = [await open_page(team_table, await _async_cookie(user)) for user in four_players]
        await _flush_redis()
        await presence._process().check()
        client = aioredis.Redis.from_url(settings.REDIS_URL)
        await client.delete(presence._seat_key(team_table.pk, "D"))  # not added back yet
        await client.aclose()
        marked = await database_sync_to_async(timekeeping.reconcile_presence)()
        offline = await database_sync_to_async(_offline)(team_table)
        for page in pages:
            await page.disconnect()
        return marked, offline

    assert async_to_sync(scenario)() == (0, [])


def test_beat_that_looks_before_any_process_noticed_the_loss_takes_no_seat_offline(team_table, four_players):
    """The pages are gone from Redis and their process has not looked yet (it does each second):
    beat finds its own mark gone, so it knows the loss without waiting for a process to say it."""
    async def scenario():
        sam = await open_page(team_table, await _async_cookie(four_players[0]))
        await _flush_redis()
        marked = await database_sync_to_async(timekeeping.reconcile_presence)()
        offline = await database_sync_to_async(_offline)(team_table)
        await sam.disconnect()
        return marked, offline

    assert async_to_sync(scenario)() == (0, [])


def test_a_seat_taken_offline_while_its_page_was_lost_is_back_once_the_page_is(team_table, four_players):
    """The page's process was held up past the time beat waits after a loss: beat took the seat
    offline with its page open. Once the page is added again, beat brings the seat back, or the
    player would be struck and expelled at an open page."""
    async def scenario():
        sam = await open_page(team_table, await _async_cookie(four_players[0]))
        await _flush_redis()
        await database_sync_to_async(timekeeping.reconcile_presence)()
        client = aioredis.Redis.from_url(settings.REDIS_URL)
        await client.delete(presence._restoring_key())  # its time ran out, the process still held up
        await client.aclose()
        await database_sync_to_async(timekeeping.reconcile_presence)()
        offline_then = await database_sync_to_async(_offline)(team_table)
        await presence._process().check()
        marked = await database_sync_to_async(timekeeping.reconcile_presence)()
        offline_now = await database_sync_to_async(_offline)(team_table)
        await sam.disconnect()
        return offline_then, marked, offline_now

    offline_then, marked, offline_now = async_to_sync(scenario)()
    assert "A" in offline_then
    assert marked >= 1 and "A" not in offline_now
