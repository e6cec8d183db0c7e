"""A page that closes while a broadcast is on its way to it: daphne refuses the send (autobahn's
`Disconnected`), and the socket must still run its disconnect, or the page stays counted as
open (its seat online, its audience drawn for) as long as its process lives."""

import asyncio

import pytest
from asgiref.sync import async_to_sync
from autobahn.exception import Disconnected
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from games import presence, services
from tests.games.pages import DRAWN, HEADERS, frames_until

pytestmark = pytest.mark.django_db(transaction=True)


class ClosingServer:
    """The application as daphne runs it, but a send after `close()` raises as daphne's does
    once the browser is gone; `refused` is set when one did."""

    def __init__(self):
        self.closed = False
        self.refused = asyncio.Event()

    async def __call__(self, scope, receive, send):
        async def sending(message):
            if self.closed and message["type"] == "websocket.send":
                self.refused.set()
                raise Disconnected("Attempt to send on a closed protocol")
            await send(message)

        return await application(scope, receive, sending)


def test_a_page_closed_while_a_move_is_sent_to_it_still_leaves_the_table(team_table, four_players):
    server = ClosingServer()
    path = f"/ws/table/{team_table.pk}/{team_table.invite_code}/"

    async def scenario():
        page = WebsocketCommunicator(server, path, headers=HEADERS)
        assert (await page.connect(timeout=10))[0]
        await frames_until(page, DRAWN)
        assert ("guest", "en") in await presence.Presence().watching(team_table.pk)
        server.closed = True
        await database_sync_to_async(services.submit)(
            table_id=team_table.pk, action={"type": "pick", "n": 3}, user=four_players[0])
        await asyncio.wait_for(server.refused.wait(), 10)
        await page.disconnect()
        return await presence.Presence().watching(team_table.pk)

    assert ("guest", "en") not in async_to_sync(scenario)()


def test_a_broadcast_that_fails_on_a_page_closes_it_for_a_reconnect_and_it_leaves_the_table(
        team_table, four_players, monkeypatch, caplog):
    """A bug in drawing one broadcast: logged, the socket closed with 1011 (htmx reconnects,
    and the page draws itself), its presence released."""
    from games.consumers import TableConsumer

    async def failing(self, event):
        raise RuntimeError("a drawing failed")

    async def scenario():
        page = WebsocketCommunicator(application, f"/ws/table/{team_table.pk}/{team_table.invite_code}/",
                                     headers=HEADERS)
        assert (await page.connect(timeout=10))[0]
        await frames_until(page, DRAWN)
        monkeypatch.setattr(TableConsumer, "table_page", failing)
        await database_sync_to_async(services.submit)(
            table_id=team_table.pk, action={"type": "pick", "n": 3}, user=four_players[0])
        while (output := await page.receive_output(timeout=10))["type"] != "websocket.close":
            pass
        await page.send_input({"type": "websocket.disconnect", "code": output["code"]})
        await page.wait(timeout=10)
        return output["code"], await presence.Presence().watching(team_table.pk)

    code, watching = async_to_sync(scenario)()
    assert code == 1011 and ("guest", "en") not in watching
    assert "a broadcast failed on TableConsumer" in caplog.text


def test_a_page_whose_first_drawing_fails_leaves_no_presence_behind(team_table, monkeypatch):
    """The socket joined its groups and presence before it drew the page: a failure there ends
    its task, and what it joined is left again first."""
    from games.consumers import TableConsumer

    async def failing(self):
        raise RuntimeError("the first drawing failed")

    monkeypatch.setattr(TableConsumer, "send_fragments", failing)

    async def scenario():
        page = WebsocketCommunicator(application, f"/ws/table/{team_table.pk}/{team_table.invite_code}/",
                                     headers=HEADERS)
        assert (await page.connect(timeout=10))[0]
        with pytest.raises(RuntimeError):
            await page.wait(timeout=10)
        return await presence.Presence().watching(team_table.pk), await presence.Presence().spectators(team_table.pk)

    watching, spectators = async_to_sync(scenario)()
    assert ("guest", "en") not in watching and spectators == 0
