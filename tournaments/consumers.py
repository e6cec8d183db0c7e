"""The tournament page's socket: the standings and the games in play, pushed as htmx
out-of-band fragments whenever a game starts or a result counts."""

from channels.db import database_sync_to_async
from django.template.loader import render_to_string
from django.utils import translation

from games.sockets import Consumer, language_for_scope, parse_frame
from games.throttle import TokenBucket
from tournaments import services
from tournaments.models import Tournament
from tournaments.standings import page_context


class TournamentConsumer(Consumer):
    async def connect(self) -> None:
        self.language = language_for_scope(self.scope)
        pk = self.scope["url_route"]["kwargs"]["pk"]
        invite = self.scope["url_route"]["kwargs"].get("invite", "")
        self.tournament = await database_sync_to_async(Tournament.objects.filter(pk=pk).first)()
        if self.tournament is None or (self.tournament.private and invite != self.tournament.invite_code):
            await self.close()
            return
        self.group = self.tournament.group_name
        self.bucket = TokenBucket()
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self._on_page(True)
        await self.tournament_update({})

    async def disconnect(self, code: int) -> None:
        if getattr(self, "group", None):
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self._on_page(False)

    async def receive(self, text_data=None, bytes_data=None) -> None:
        """The page's only frame: a ping, saying it is still open (the player is waiting)."""
        if not self.bucket.take():
            if self.bucket.exhausted:
                await self.close(code=4008)
            return
        frame = parse_frame(text_data)
        if isinstance(frame, dict) and frame.get("action") == "ping":
            await self._on_page(True)

    async def _on_page(self, here: bool) -> None:
        await database_sync_to_async(services.on_page)(self.tournament.pk, self.scope.get("user"), here=here)

    async def tournament_update(self, event: dict) -> None:
        await self.send(text_data=await database_sync_to_async(self._render)())

    def _render(self) -> str:
        user = self.scope.get("user")
        user = user if user is not None and user.is_authenticated else None
        with translation.override(self.language):
            return render_to_string("tournaments/fragments/live.html",
                                    page_context(self.tournament, user) | {"oob": True, "user": user})
