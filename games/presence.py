"""Who has a table open, kept in Redis so that every daphne process sees the same: the
spectators (for the count) and each seat's open pages (a player with two tabs is online
while one is open)."""

import asyncio
import weakref

import redis
import redis.asyncio as aioredis
from django.conf import settings

# One client (and connection pool) per event loop, shared by all the sockets a process
# serves: a client per socket held a thousand idle Redis connections under load.
_clients: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _async_client() -> aioredis.Redis:
    loop = asyncio.get_running_loop()
    client = _clients.get(loop)
    if client is None:
        client = _clients[loop] = aioredis.Redis.from_url(settings.REDIS_URL)
    return client


def _spectators_key(table_id: int) -> str:
    return f"{settings.CHANNELS_PREFIX}:spectators:{table_id}"


def _seat_key(table_id: int, seat: str) -> str:
    return f"{settings.CHANNELS_PREFIX}:seat:{table_id}:{seat}"


class Presence:
    """The async side, used by the consumers."""

    @property
    def _client(self) -> aioredis.Redis:
        return _async_client()

    async def join(self, table_id: int, channel_name: str, seat: str | None) -> int:
        """Register an open page; returns how many pages that seat (or the audience) has."""
        key = _spectators_key(table_id) if seat is None else _seat_key(table_id, seat)
        await self._client.sadd(key, channel_name)
        return await self._client.scard(key)

    async def leave(self, table_id: int, channel_name: str, seat: str | None) -> int:
        key = _spectators_key(table_id) if seat is None else _seat_key(table_id, seat)
        await self._client.srem(key, channel_name)
        return await self._client.scard(key)

    async def spectators(self, table_id: int) -> int:
        return await self._client.scard(_spectators_key(table_id))


def _client() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL)


def seat_online(table_id: int, seat: str) -> bool:
    with _client() as client:
        return client.scard(_seat_key(table_id, seat)) > 0


def spectator_counts(table_ids: list[int]) -> dict[int, int]:
    """Open pages per table, for the lobby list (one round trip for all tables)."""
    if not table_ids:
        return {}
    with _client() as client:
        pipe = client.pipeline()
        for table_id in table_ids:
            pipe.scard(_spectators_key(table_id))
        return dict(zip(table_ids, pipe.execute()))
