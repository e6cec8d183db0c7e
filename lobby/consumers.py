"""The lobby socket: the live table list and the lobby chat. Every frame it sends is an htmx
out-of-band fragment with a stable id."""

import asyncio
from collections import OrderedDict
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from django.template.loader import render_to_string
from django.utils import translation

from games import registry, services
from games.errors import TableError, translated_message
from games.sockets import Consumer, language_for_scope, parse_frame
from games.throttle import TokenBucket
from lobby.listing import open_tables
from moderation.errors import ModerationError
from moderation.sanctions import is_banned, is_muted

LOBBY_GROUP = "lobby"
CLOSE_BANNED = 4003
# The list a broadcast shows is the same for every page of one language and one game tab:
# each process draws it once per broadcast (by its stamp) for all its lobby pages.
_drawn: OrderedDict[tuple, asyncio.Future] = OrderedDict()
DRAWN_KEPT = 64


def _shown_game(scope) -> str | None:
    """The game the lobby page is filtered to (its ?game=), so the pushed list keeps the filter."""
    game = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("game", [None])[0]
    return game if game in registry.GAMES else None


class LobbyConsumer(Consumer):
    async def connect(self) -> None:
        self.language = language_for_scope(self.scope)
        self.bucket = TokenBucket()
        self.shown = _shown_game(self.scope)
        user = self.scope.get("user")
        if await database_sync_to_async(is_banned)(user):
            await self.refuse(CLOSE_BANNED)
            return
        self.user_group = f"user-{user.pk}" if user is not None and user.is_authenticated else None
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        if self.user_group:
            await self.channel_layer.group_add(self.user_group, self.channel_name)
        await self.accept()
        await self.send_fragment("lobby/fragments/connection.html", {"connected": True})
        await self.lobby_update({})

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)
        if getattr(self, "user_group", None):
            await self.channel_layer.group_discard(self.user_group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not self.bucket.take():
            if self.bucket.exhausted:
                await self.close(code=4008)
            return
        frame = parse_frame(text_data)
        action = frame.get("action") if isinstance(frame, dict) else None
        if action == "ping":
            # The answer travels through the channel layer: a pong proves Redis carries messages.
            await self.channel_layer.send(self.channel_name, {"type": "lobby.pong"})
        elif action == "chat":
            try:
                await database_sync_to_async(services.post_chat)(
                    table_id=None, user=self.scope.get("user"), text=frame.get("text")
                )
            except (TableError, ModerationError) as error:
                with translation.override(self.language):
                    await self.send_fragment("lobby/fragments/error.html", {"message": translated_message(error)})
                if error.code == "banned":
                    await self.close(code=CLOSE_BANNED)
            else:
                await self.send_fragment("lobby/fragments/chat_form.html", {})
        else:
            await self.send_fragment("lobby/fragments/error.html", {"code": "bad_frame"})

    async def server_fault(self) -> None:
        with translation.override(self.language):
            await self.send_fragment("lobby/fragments/error.html",
                                     {"message": translated_message(TableError("server_fault"))})

    async def user_moderated(self, event: dict) -> None:
        """A cooldown, mute or ban shows at once: the banner and the chat form are redrawn."""
        if event.get("action") == "ban":
            await self.close(code=CLOSE_BANNED)
            return
        html = await database_sync_to_async(self._render_moderated)()
        await self.send(text_data=html)

    def _render_moderated(self) -> str:
        user = self.scope.get("user")
        with translation.override(self.language):
            banner = render_to_string("lobby/fragments/banner.html", {"user": user})
            form = render_to_string("lobby/fragments/chat_form.html", {"muted": is_muted(user)})
        return banner + form

    async def lobby_pong(self, event: dict) -> None:
        await self.send_fragment("lobby/fragments/pong.html", {})

    async def lobby_update(self, event: dict) -> None:
        stamp = event.get("stamp")
        if stamp is None:
            await self.send(text_data=await database_sync_to_async(self._render_tables)())
            return
        key = (stamp, self.language, self.shown)
        if key not in _drawn:
            _drawn[key] = asyncio.ensure_future(database_sync_to_async(self._render_tables)())
            while len(_drawn) > DRAWN_KEPT:
                _drawn.popitem(last=False)
        await self.send(text_data=await _drawn[key])

    def _render_tables(self) -> str:
        with translation.override(self.language):
            return render_to_string("lobby/fragments/tables.html", {"tables": open_tables(self.shown), "oob": True})

    async def lobby_chat(self, event: dict) -> None:
        chat = await database_sync_to_async(services.recent_chat)(None)
        await self.send_fragment("lobby/fragments/chat.html", {"chat": chat, "oob": True})

    async def send_fragment(self, template: str, context: dict) -> None:
        with translation.override(self.language):
            await self.send(text_data=render_to_string(template, context))
