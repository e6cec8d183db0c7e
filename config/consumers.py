"""The base of the site's sockets."""

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer


class Consumer(AsyncWebsocketConsumer):
    """Channels' `dispatch` first hands every incoming message to the database thread to close
    stale connections; that hop queues each frame and each broadcast of a process behind its
    writes, and a running game's pages never touch the database. Every database call of these
    sockets goes through `database_sync_to_async`, which closes stale connections itself
    before and after the call, so dispatch goes straight to the handler."""

    async def dispatch(self, message: dict) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
