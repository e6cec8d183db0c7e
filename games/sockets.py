"""The base of the site's sockets (the table's and the lobby's), and the language they speak."""

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings


def language_for_scope(scope: dict) -> str:
    """The player's saved choice, else the visitor's cookie."""
    user = scope.get("user")
    if user is not None and user.is_authenticated and user.language:
        return user.language
    cookie = scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME, "")
    return cookie if cookie in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE


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
