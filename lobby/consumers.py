"""The lobby socket. Every frame it sends is an htmx out-of-band fragment with a stable id."""

import json

from channels.generic.websocket import AsyncWebsocketConsumer
from django.template.loader import render_to_string
from django.utils import translation

LOBBY_GROUP = "lobby"


class LobbyConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        self.language = self.scope.get("cookies", {}).get("django_language") or "en"
        user = self.scope.get("user")
        if user is not None and user.is_authenticated and user.language:
            self.language = user.language
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.accept()
        await self.send_fragment("lobby/fragments/connection.html", {"connected": True})

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        try:
            frame = json.loads(text_data or "")
        except ValueError:
            frame = None
        if not isinstance(frame, dict) or frame.get("action") != "ping":
            await self.send_fragment("lobby/fragments/error.html", {"code": "bad_frame"})
            return
        # The answer travels through the channel layer, so a pong proves Redis carries messages.
        await self.channel_layer.send(self.channel_name, {"type": "lobby.pong"})

    async def lobby_pong(self, event: dict) -> None:
        await self.send_fragment("lobby/fragments/pong.html", {})

    async def send_fragment(self, template: str, context: dict) -> None:
        with translation.override(self.language):
            await self.send(text_data=render_to_string(template, context))
