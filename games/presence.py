"""Who is watching a table, kept in Redis so every daphne process sees the same count."""

import redis.asyncio as aioredis
from django.conf import settings


def _key(table_id: int) -> str:
    return f"{settings.CHANNELS_PREFIX}:spectators:{table_id}"


class Presence:
    def __init__(self) -> None:
        self._client = aioredis.Redis.from_url(settings.REDIS_URL)

    async def join(self, table_id: int, channel_name: str) -> None:
        await self._client.sadd(_key(table_id), channel_name)

    async def leave(self, table_id: int, channel_name: str) -> None:
        await self._client.srem(_key(table_id), channel_name)

    async def spectators(self, table_id: int) -> int:
        return await self._client.scard(_key(table_id))

    async def close(self) -> None:
        await self._client.aclose()


def spectator_counts(table_ids: list[int]) -> dict[int, int]:
    """Open pages per table, for the lobby list (one round trip for all tables)."""
    import redis

    if not table_ids:
        return {}
    client = redis.Redis.from_url(settings.REDIS_URL)
    try:
        pipe = client.pipeline()
        for table_id in table_ids:
            pipe.scard(_key(table_id))
        return dict(zip(table_ids, pipe.execute()))
    finally:
        client.close()
