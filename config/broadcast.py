"""Group messages sent after a commit, from whichever thread made it.

A socket's writes run on its process's one database thread. Publishing from there with
`async_to_sync` made that thread wait until the event loop got round to the publish and its
Redis round trip, while every other write of the process queued behind it. A socket names
its event loop (`serve_from`, done by `config.consumers.Consumer` for every message it
handles), and what its writes publish is handed to that loop without waiting, in the order
sent. Anywhere else (Celery workers, commands, tests without a socket) the message is
published before the caller goes on, as before."""

import asyncio
import logging
from contextvars import ContextVar

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)

_serving_loop: ContextVar = ContextVar("serving_loop", default=None)
# Tasks in flight: the event loop keeps only weak references to its tasks.
_in_flight: set = set()


def serve_from(loop: asyncio.AbstractEventLoop) -> None:
    """Writes made from this context publish through `loop` (the socket's own)."""
    _serving_loop.set(loop)


def group_send(group: str, message: dict) -> None:
    loop = _serving_loop.get()
    if loop is None or loop.is_closed():
        async_to_sync(get_channel_layer().group_send)(group, message)
        return
    loop.call_soon_threadsafe(_start, group, message)


def _start(group: str, message: dict) -> None:
    task = asyncio.get_running_loop().create_task(get_channel_layer().group_send(group, message))
    _in_flight.add(task)
    task.add_done_callback(_finished)


def _finished(task: asyncio.Task) -> None:
    _in_flight.discard(task)
    if not task.cancelled() and task.exception() is not None:
        logger.error("group message not sent", exc_info=task.exception())
