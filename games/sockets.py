"""The base of the site's sockets (the table's and the lobby's): how they read a frame, the
language they speak, and that no frame ever crashes one."""

import json
import logging

from autobahn.exception import Disconnected
from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import translation

logger = logging.getLogger(__name__)
CLOSE_NOT_FOUND = 4404
# A broadcast failed on the server: the page reconnects (htmx retries this code) and draws itself.
CLOSE_SERVER_ERROR = 1011


def parse_frame(text) -> object | None:
    """A frame's JSON, or None when it is not JSON, is nested deeper than the parser goes, or
    holds text that is not Unicode (a lone surrogate, which no database can store)."""
    try:
        frame = json.loads(text or "")
    except (ValueError, RecursionError):
        return None
    return frame if _unicode_throughout(frame) else None


def _unicode_throughout(value) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return False
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


def language_for_scope(scope: dict) -> str:
    """The language the page was drawn in: the player's saved choice, else what Django's
    LocaleMiddleware chose from the handshake (the cookie, then the browser's languages).
    Had the socket stopped at the cookie, a German browser's page would turn English with
    its first frame."""
    user = scope.get("user")
    if user is not None and user.is_authenticated and user.language:
        return user.language
    return translation.get_language_from_request(_Handshake(scope))


class _Handshake:
    """What `get_language_from_request` reads of a request, taken from a socket's scope."""

    def __init__(self, scope: dict):
        self.COOKIES = scope.get("cookies", {})
        accept = dict(scope.get("headers", ())).get(b"accept-language", b"")
        self.META = {"HTTP_ACCEPT_LANGUAGE": accept.decode("latin-1")}


class Consumer(AsyncWebsocketConsumer):
    """Channels' `dispatch` first hands every incoming message to the database thread to close
    stale connections; that hop queues each frame and each broadcast of a process behind its
    writes, and a running game's pages never touch the database. Every database call of these
    sockets goes through `database_sync_to_async`, which closes stale connections itself
    before and after the call, so dispatch goes straight to the handler."""

    async def websocket_receive(self, message: dict) -> None:
        """A frame that breaks something of ours is our fault, not the sender's: it is logged
        and answered, and the socket (with its page's presence) lives on."""
        try:
            await super().websocket_receive(message)
        except Exception:
            logger.exception("a frame failed on %s", type(self).__name__)
            await self.server_fault()

    async def server_fault(self) -> None:
        """Tell the page that its last frame failed on the server."""

    async def refuse(self, code: int) -> None:
        """Keep this socket out with `code`. It is accepted first: refused at the handshake it
        reaches the browser as 1006, which htmx retries for ever while the page says it is
        trying again; a code of ours the page shows as an ended connection."""
        await self.accept()
        await self.close(code=code)

    async def dispatch(self, message: dict) -> None:
        """An exception out of a handler ends the socket's task, and with it the disconnect
        that releases the page's presence and groups: the page would count as open, its seat
        online, as long as its process lives. So a send to a browser that has just gone
        (daphne raises autobahn's `Disconnected`; the disconnect is queued behind this message)
        is let pass, and a broadcast that fails is logged and closes the socket, as the page
        reconnects and draws itself. A connect that fails after joining its groups and
        presence leaves them again before its task ends."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        try:
            await handler(message)
        except Disconnected:
            pass
        except StopConsumer:
            raise
        except Exception:
            if message["type"] == "websocket.connect":
                await self.disconnect(CLOSE_SERVER_ERROR)
                raise
            if message["type"].startswith("websocket."):
                raise
            logger.exception("a broadcast failed on %s", type(self).__name__)
            try:
                await self.close(code=CLOSE_SERVER_ERROR)
            except Disconnected:
                pass


class NotFoundConsumer(Consumer):
    """Every socket address that is no table's or lobby's: refused, as a page would 404."""

    async def connect(self) -> None:
        await self.refuse(CLOSE_NOT_FOUND)
