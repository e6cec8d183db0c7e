"""The sockets' dispatch goes straight to the handler, without channels' extra hop to the
database thread (see games.sockets)."""

import asyncio

import pytest

from games.sockets import Consumer


class _Recorder(Consumer):
    def __init__(self):
        super().__init__()
        self.seen = []

    async def table_update(self, message):
        self.seen.append(message)


def test_a_message_reaches_its_handler_without_a_database_hop(monkeypatch):
    hops = []

    async def hop():
        hops.append(1)

    monkeypatch.setattr("channels.consumer.aclose_old_connections", hop)
    consumer = _Recorder()
    asyncio.run(consumer.dispatch({"type": "table.update", "stamp": "s"}))
    assert consumer.seen == [{"type": "table.update", "stamp": "s"}]
    assert hops == []


def test_a_message_without_a_handler_is_refused():
    with pytest.raises(ValueError, match="table.nothing"):
        asyncio.run(_Recorder().dispatch({"type": "table.nothing"}))
