"""A socket's writes publish through its own event loop without waiting for it
(config.broadcast); elsewhere they publish before going on."""

import asyncio

import pytest
from channels.layers import get_channel_layer

from config import broadcast


@pytest.fixture
def no_waiting(monkeypatch):
    def refuse(function):
        raise AssertionError("waited for the event loop")

    monkeypatch.setattr(broadcast, "async_to_sync", refuse)


def test_a_sockets_write_hands_its_messages_to_the_sockets_loop_in_order(no_waiting):
    async def scenario():
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add("table-7", channel)
        broadcast.serve_from(asyncio.get_running_loop())

        def write():  # what the database thread does after a commit
            for version in (1, 2, 3):
                broadcast.group_send("table-7", {"type": "table.update", "version": version})

        await asyncio.to_thread(write)  # the thread sees this context, as sync_to_async's does
        got = [await asyncio.wait_for(layer.receive(channel), 5) for _ in range(3)]
        await layer.group_discard("table-7", channel)
        return [message["version"] for message in got]

    assert asyncio.run(scenario()) == [1, 2, 3]


def test_without_a_socket_the_message_is_published_before_the_caller_goes_on(monkeypatch):
    sent = []

    def published_now(function):
        return lambda *args: sent.append(args)

    monkeypatch.setattr(broadcast, "async_to_sync", published_now)
    broadcast.group_send("lobby", {"type": "lobby.update"})
    assert sent == [("lobby", {"type": "lobby.update"})]
