"""Redis loses what it held (restarted without persistence, a failover): the open pages must
not count as closed from then on. The process that serves them notices when it next vouches
for them, adds them again, and has each draw itself (it may have missed a move meanwhile)."""

import pytest
import redis.asyncio as aioredis
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.conf import settings

from games import presence, services
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
