"""A table's broadcasts drawn once per audience, in the process that committed them.

An audience is what a page shows of the table apart from its language: one seat's page, or
the spectators', signed in (who may report a player) or not. The committing process draws each
audience that has a page open (`presence.watching`) once per language and publishes the
finished fragments to that audience's group; a socket in the group only forwards them
(`TableConsumer.table_page`). A seat's group receives only that seat's drawing, the
spectators' groups only the public one.

Every broadcast of a table is published so: at a waiting table a seat taken or left, a
player ready, a vote; once the game has begun a move, the start, a pause or resume, a waived
window, the game over, a change of the votes or the rematch. The parts that look personal
depend on nothing beyond the audience: a seat names its player, whose vote and leave panels
(`panels`: drawn when the table's status or they changed) the seat's drawing shows, and a
spectator has neither a vote nor a way out.

A broadcast can move a page to another audience (its viewer sat down or stood up, perhaps
in another tab): each message names who sits where, and a page whose viewer's seat is not the
one it shows draws itself, which moves it. A page in the group of a seat nobody holds any
more is told to draw itself (`table.update`). A page also draws itself as it opens and after
a refusal for a stale version."""

import asyncio
import os

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import translation

from games import hooks, presence
from games.moment import Moment, load
from games.presenters import table_context

SIGNED_IN, ANONYMOUS = "watch", "guest"


def audience_of(seat: str | None, user) -> str:
    if seat is not None:
        return f"seat-{seat}"
    return SIGNED_IN if user is not None and user.is_authenticated else ANONYMOUS


def group_name(table_id: int, audience: str, language: str) -> str:
    return f"table-{table_id}-{audience}-{language}"


def seat_of_audience(audience: str) -> str | None:
    return audience.removeprefix("seat-") if audience.startswith("seat-") else None


def render(moment: Moment, audience: str, language: str, panels: bool = False) -> str:
    """One audience's fragments (all.html), with the vote and leave panels if `panels` (they
    read the database). A seat's drawing is its player's; a spectators' names no user beyond
    whether one is signed in."""
    seat = seat_of_audience(audience)
    with translation.override(language):
        context = table_context(moment.table, moment.view(seat), seat, moment.players, moment.shared)
        context["user"] = _viewer(moment, seat, audience)
        context["votes"] = panels
        return render_to_string("games/fragments/all.html", context)


def _viewer(moment: Moment, seat: str | None, audience: str):
    player = moment.players.get(seat) if seat is not None else None
    if player is not None and player.user is not None:
        return player.user
    return _Viewer(audience != ANONYMOUS)


class _Viewer:
    """What a spectators' drawing knows of its viewer: signed in or not (and no seat: `pk`)."""

    pk = None

    def __init__(self, signed_in: bool):
        self.is_authenticated = signed_in


def publish(moment: Moment, panels: bool = False) -> None:
    """Draw the table for every audience and language watching it and send each drawing to
    its group, with the version (a page never goes back) and whether the server paused the
    game for dropped pages (the service notice). A daphne process commits on its one database
    thread, which its next writes wait for: there a move is handed to the process's event loop
    (a running game is drawn without the database), and the commit returns at once. The panels
    read the database: they are drawn where the commit was, as a worker or beat draws all."""
    read_ahead(moment)
    loop = _serving_loop()
    if loop is None or panels:
        drawings = _drawings(moment, presence.watching(moment.table.pk), panels)
        async_to_sync(_send)(moment, drawings, panels)
    else:
        loop.call_soon_threadsafe(_start, loop, moment)


def read_ahead(moment: Moment) -> Moment:
    """Before a moment is drawn on the event loop: what other apps' parts of the drawing keep
    in the shared cache is read here, on the thread that loaded or committed it."""
    hooks.read_for_drawing(moment.table.game, [player.user_id for player in moment.players.values() if player.user_id])
    return moment


def load_to_draw(table_id: int) -> Moment | None:
    """The table now, ready to be drawn on the event loop (on the database thread)."""
    moment = load(table_id)
    return moment if moment is None else read_ahead(moment)


def panels_changed(table_id: int) -> None:
    """A table's vote or rematch panel changed (a vote opened, a ballot, a rematch asked): after
    the commit, the table is published again with its panels."""
    transaction.on_commit(lambda: _panels_changed(table_id))


def _panels_changed(table_id: int) -> None:
    moment = load(table_id)
    if moment is not None:
        publish(moment, panels=True)


# The event loop of this process's server, noted by its sockets as they connect (with the
# process, as a forked worker inherits the note but not the loop).
_serving: tuple[int, asyncio.AbstractEventLoop] | None = None


def note_serving_loop() -> None:
    global _serving
    _serving = (os.getpid(), asyncio.get_running_loop())


def _serving_loop():
    """The event loop of the server in this process, if it is running: a daphne process
    commits on its database thread, and draws on its loop."""
    if _serving is None or _serving[0] != os.getpid():
        return None
    loop = _serving[1]
    # a loop outlives its server in tests (a finished `async_to_sync`)
    return loop if loop.is_running() else None


# Drawings under way on the event loop: the loop keeps only a weak reference to a task.
_pending: set = set()


def _start(loop, moment: Moment) -> None:
    task = loop.create_task(_publish_on_loop(moment))
    _pending.add(task)
    task.add_done_callback(_pending.discard)


async def _publish_on_loop(moment: Moment) -> None:
    watching = await presence.Presence().watching(moment.table.pk)
    await _send(moment, _drawings(moment, watching))


def _drawings(moment: Moment, watching: set[tuple[str, str]], panels: bool = False) -> dict[tuple[str, str], str | None]:
    """Each watched audience's drawing; None for a seat nobody holds (its pages draw
    themselves)."""
    seats = {seat for seat, player in moment.players.items() if player.user_id or player.bot}
    drawings = {}
    for audience, language in watching:
        seat = seat_of_audience(audience)
        drawn = seat is None or seat in seats
        drawings[audience, language] = render(moment, audience, language, panels) if drawn else None
    return drawings


async def _send(moment: Moment, drawings: dict[tuple[str, str], str | None], panels: bool = False) -> None:
    """Each message names its audience and who sits where: a page that has just moved to
    another audience (its viewer sat down as the game began) may still get one sent to the
    group it left, and draws itself instead. `panels` names the status the vote and leave
    panels were drawn for."""
    layer, table = get_channel_layer(), moment.table
    dropped = bool((table.clock or {}).get("dropped"))
    sitting = {str(player.user_id): seat for seat, player in moment.players.items() if player.user_id}
    messages = {group_name(table.pk, audience, language): {
        "type": "table.page", "version": table.version, "html": html, "dropped": dropped, "audience": audience,
        "seats": sitting, "panels": table.status if panels else None} if html is not None else {"type": "table.update"}
        for (audience, language), html in drawings.items()}
    if isinstance(layer, RedisPubSubChannelLayer):
        await _publish_together(layer, messages)
    else:
        await asyncio.gather(*(layer.group_send(group, message) for group, message in messages.items()))


async def _publish_together(layer: RedisPubSubChannelLayer, messages: dict[str, dict]) -> None:
    """A move's drawings in one Redis round trip per shard: channels-redis (4.3, pinned)
    publishes one group message per command, one after another behind a lock, and those five
    commands a move cost 5 % of daphne's CPU at 125 tables (bench/HISTORY.md). Its own names
    for a group's channel and shard are used, so each page still gets only its group's."""
    loop_layer = layer._get_layer()
    by_shard: dict = {}
    for group, message in messages.items():
        channel = loop_layer._get_group_channel_name(group)
        by_shard.setdefault(loop_layer._get_shard(channel), []).append((channel, layer.serialize(message)))
    for shard, published in by_shard.items():
        async with shard._lock:
            shard._ensure_redis()
            pipe = shard._redis.pipeline(transaction=False)
            for channel, data in published:
                pipe.publish(channel, data)
            await pipe.execute()
