"""The tournament page's socket: the standings and the games in play, pushed as htmx
out-of-band fragments whenever a game starts or a result counts, the viewer's own line
(waiting, or their table), and their team section when their team changed."""

import asyncio
from collections import OrderedDict

from channels.db import database_sync_to_async
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from games import registry
from games.sockets import CLOSE_NOT_FOUND, Consumer, language_for_scope, parse_frame
from games.throttle import TokenBucket
from tournaments import services
from tournaments.models import Tournament
from tournaments.standings import own_context, shared_context

# The standings an update shows are the same for every page of one language: each process
# draws them once per update (by its stamp) for all its pages of the tournament.
_drawn: OrderedDict[tuple, asyncio.Future] = OrderedDict()
DRAWN_KEPT = 64


class TournamentConsumer(Consumer):
    async def connect(self) -> None:
        self.language = language_for_scope(self.scope)
        pk = self.scope["url_route"]["kwargs"]["pk"]
        invite = self.scope["url_route"]["kwargs"].get("invite", "")
        self.tournament = await database_sync_to_async(Tournament.objects.filter(pk=pk).first)()
        if self.tournament is None or (self.tournament.private and invite != self.tournament.invite_code):
            await self.refuse(CLOSE_NOT_FOUND)
            return
        user = self.scope.get("user")
        self.user = user if user is not None and user.is_authenticated else None
        self.group = self.tournament.group_name
        self.teams = bool(registry.get(self.tournament.game).teams)
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
        if self.user is not None:
            await database_sync_to_async(services.on_page)(self.tournament.pk, self.user, here=here)

    async def tournament_update(self, event: dict) -> None:
        stamp = event.get("stamp")
        if stamp is None:
            shared = await database_sync_to_async(self._render_shared)()
        else:
            key = (stamp, self.language)
            if key not in _drawn:
                _drawn[key] = asyncio.ensure_future(database_sync_to_async(self._render_shared)())
                while len(_drawn) > DRAWN_KEPT:
                    _drawn.popitem(last=False)
            shared = await _drawn[key]
        # The own line only where it changed: an update names the players whose line did.
        changed = event.get("users")
        mine = self.user is not None and (changed is None or self.user.pk in changed)
        own = await database_sync_to_async(self._render_own)() if mine else ""
        if self.user is not None and changed is not None and self.user.pk in changed and self.teams:
            own += self._team_refresh()
        await self.send(text_data=own + shared)

    def _team_refresh(self) -> str:
        """The viewer's team changed: the page fetches its team section anew over HTTP, whose
        forms then carry the viewer's own CSRF token (a socket cannot draw them)."""
        url = reverse("tournament_team", args=[self.tournament.pk])
        if self.tournament.private:
            url += f"?invite={self.tournament.invite_code}"
        return (f'<div id="team-refresh" hidden hx-swap-oob="true"><div hx-get="{escape(url)}" hx-trigger="load" '
                'hx-target="#tournament-team" hx-swap="outerHTML"></div></div>')

    def _render_shared(self) -> str:
        tournament = Tournament.objects.get(pk=self.tournament.pk)
        with translation.override(self.language):
            return render_to_string("tournaments/fragments/live.html", shared_context(tournament) | {"oob": True})

    def _render_own(self) -> str:
        tournament = Tournament.objects.get(pk=self.tournament.pk)
        with translation.override(self.language):
            return render_to_string("tournaments/fragments/own.html",
                                    own_context(tournament, self.user) | {"oob": True})
