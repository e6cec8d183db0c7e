"""A seating change reaches every open lobby page through the real socket, and the process
draws the list once per broadcast for all its pages of one language and tab."""

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from games import services
from lobby import consumers

pytestmark = pytest.mark.django_db(transaction=True)


def test_every_lobby_page_gets_the_new_table_from_one_drawing(alice, monkeypatch):
    drawn = []
    real = consumers.open_tables
    monkeypatch.setattr(consumers, "open_tables", lambda shown: drawn.append(shown) or real(shown))

    async def scenario():
        pages = [WebsocketCommunicator(application, path, headers=[(b"origin", b"http://localhost"),
                                                                   (b"host", b"localhost")])
                 for path in ("/ws/lobby/", "/ws/lobby/", "/ws/lobby/", "/ws/lobby/?game=riichi")]
        for page in pages:
            assert (await page.connect(timeout=10))[0]
            # a page's opening ends with its list, drawn before the table below exists
            while 'id="lobby-tables"' not in await page.receive_from(timeout=10):
                pass
        drawn.clear()
        table = await database_sync_to_async(services.create_table)(game="dummy", user=alice, options={})
        frames = []
        for page in pages:
            while 'id="lobby-tables"' not in (frame := await page.receive_from(timeout=5)):
                pass
            frames.append(frame)
            await page.disconnect()
        return table, frames

    table, frames = async_to_sync(scenario)()
    assert all(f"Dummy #{table.pk}" in frame for frame in frames[:3])
    assert f"Dummy #{table.pk}" not in frames[3]  # the Riichi tab
    assert sorted(drawn, key=str) == [None, "riichi"]  # once per tab, not once per page
