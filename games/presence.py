"""Who has a table open, kept in Redis so that every daphne process sees the same: the
spectators (for the count) and each seat's open pages (a player with two tabs is online
while one is open).

A page is a member of a sorted set scored with the time its process last vouched for it.
Each process re-vouches for its open pages every REFRESH_SECONDS; a process that dies stops,
and its pages stop counting after PAGE_TTL_SECONDS, so a crash cannot leave a seat online for
ever (beat then marks the seat offline: `timekeeping.reconcile_presence`)."""

import asyncio
import time
import weakref

import redis
import redis.asyncio as aioredis
from django.conf import settings

REFRESH_SECONDS = 20.0
PAGE_TTL_SECONDS = 60.0
# A process's connections to Redis for presence. redis-py's own pool raises "Too many
# connections" past 100 in flight, which closed sockets (code 1011) when hundreds of pages
# opened or closed at once; this pool makes the extra callers wait their turn instead.
CONNECTIONS = 32
CONNECTION_WAIT_SECONDS = 20.0


def _spectators_key(table_id: int) -> str:
    return f"{settings.CHANNELS_PREFIX}:pages:audience:{table_id}"


def _seat_key(table_id: int, seat: str) -> str:
    return f"{settings.CHANNELS_PREFIX}:pages:seat:{table_id}:{seat}"


def _live_since(now: float) -> float:
    return now - PAGE_TTL_SECONDS


class _Process:
    """One event loop's Redis client (a client per socket held a thousand idle connections
    under load) and the pages it vouches for."""

    def __init__(self) -> None:
        self.client = aioredis.Redis(connection_pool=aioredis.BlockingConnectionPool.from_url(
            settings.REDIS_URL, max_connections=CONNECTIONS, timeout=CONNECTION_WAIT_SECONDS))
        self.pages: set[tuple[str, str]] = set()
        self.refresher: asyncio.Task | None = None

    def hold(self, key: str, channel_name: str) -> None:
        self.pages.add((key, channel_name))
        if self.refresher is None or self.refresher.done():
            self.refresher = asyncio.ensure_future(self._refresh())

    async def _refresh(self) -> None:
        while self.pages:
            await asyncio.sleep(REFRESH_SECONDS)
            now = time.time()
            pipe = self.client.pipeline(transaction=False)
            for key, channel_name in list(self.pages):
                pipe.zadd(key, {channel_name: now}, xx=True)
            try:
                await pipe.execute()
            except redis.RedisError:
                # A Redis blip must not end the vouching: the pages would then age out and
                # beat would take their seats offline. The next round tries again.
                continue


_processes: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _process() -> _Process:
    loop = asyncio.get_running_loop()
    if loop not in _processes:
        _processes[loop] = _Process()
    return _processes[loop]


class Presence:
    """The async side, used by the consumers."""

    async def join(self, table_id: int, channel_name: str, seat: str | None) -> int:
        """Register an open page; returns how many live pages that seat (or the audience) has."""
        key = _spectators_key(table_id) if seat is None else _seat_key(table_id, seat)
        process, now = _process(), time.time()
        process.hold(key, channel_name)
        pipe = process.client.pipeline(transaction=False)
        pipe.zadd(key, {channel_name: now})
        pipe.zcount(key, _live_since(now), "+inf")
        return (await pipe.execute())[1]

    async def leave(self, table_id: int, channel_name: str, seat: str | None) -> int:
        key = _spectators_key(table_id) if seat is None else _seat_key(table_id, seat)
        process, now = _process(), time.time()
        process.pages.discard((key, channel_name))
        pipe = process.client.pipeline(transaction=False)
        pipe.zrem(key, channel_name)
        # Pages of dead processes are dropped here too, so the sets do not grow.
        pipe.zremrangebyscore(key, "-inf", _live_since(now))
        pipe.zcard(key)
        return (await pipe.execute())[2]

    async def spectators(self, table_id: int) -> int:
        return await _process().client.zcount(_spectators_key(table_id), _live_since(time.time()), "+inf")


def _client() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL)


def live_seats(seats: list[tuple[int, str]]) -> set[tuple[int, str]]:
    """Which of these (table, seat) pairs have a live page (one round trip for all)."""
    since = _live_since(time.time())
    with _client() as client:
        pipe = client.pipeline(transaction=False)
        for table_id, seat in seats:
            pipe.zcount(_seat_key(table_id, seat), since, "+inf")
        return {pair for pair, count in zip(seats, pipe.execute()) if count}


def seat_online(table_id: int, seat: str) -> bool:
    return bool(live_seats([(table_id, seat)]))


def spectator_counts(table_ids: list[int]) -> dict[int, int]:
    """Live pages per table, for the lobby list (one round trip for all tables)."""
    if not table_ids:
        return {}
    since = _live_since(time.time())
    with _client() as client:
        pipe = client.pipeline(transaction=False)
        for table_id in table_ids:
            pipe.zcount(_spectators_key(table_id), since, "+inf")
        return dict(zip(table_ids, pipe.execute()))
