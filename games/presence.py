"""Who has a table open, kept in Redis so that every daphne process sees the same: the
spectators (for the count), each seat's open pages (a player with two tabs is online
while one is open), and the audiences and languages the pages show (`watching`: the process
that commits a move draws it once for each, games.audiences).

A page is a member of a sorted set, named with its process's id (`games.liveness`) and scored
with the time its process last vouched for it. Each process re-vouches for its open pages every
REFRESH_SECONDS. A page counts as open while its process is alive and vouched for it within
PAGE_TTL_SECONDS; the pages of a process that died are "dropped" by the server, not closed by
their players (`liveness.seat_status`; beat pauses their seats: `timekeeping.reconcile_presence`).

Redis can lose what it held (a restart without persistence, a failover to a fresh replica).
Each process keeps a key of its own beside its pages and looks for it every LOSS_CHECK_SECONDS;
found missing, the process adds its pages again and has each draw itself, as a page may have
missed the moves made while its audience was gone, and tells beat (`restoring`) to take no seat
offline while every process does the same (beat notices the loss itself too, by a mark of
its own: `restoring`). Without that, every open page would count as closed from then on: its
seat offline (its clock charged for the server's fault) and no move drawn for it."""

import asyncio
import time
import weakref

import redis
import redis.asyncio as aioredis
from django.conf import settings

from games import liveness

REFRESH_SECONDS = settings.PRESENCE_REFRESH_SECONDS
PAGE_TTL_SECONDS = 3 * REFRESH_SECONDS
# A process's connections to Redis for presence. redis-py's own pool raises "Too many
# connections" past 100 in flight, which closed sockets (code 1011) when hundreds of pages
# opened or closed at once; this pool makes the extra callers wait their turn instead.
CONNECTIONS = 32
CONNECTION_WAIT_SECONDS = 20.0
# The process's own key outlives a few missed rounds of re-vouching (a loop held up): only
# Redis losing its data removes it while the process serves pages.
KEPT_SECONDS = 5 * REFRESH_SECONDS
# How often a process looks for its own key between refreshes (one EXISTS): a loss is noticed
# within this, not at the next refresh, as no move is drawn for the lost pages until then.
LOSS_CHECK_SECONDS = 1.0
# After a process found its own key gone, beat takes no seat offline for this long: the other
# processes are adding their pages again too (each within LOSS_CHECK_SECONDS, unless its loop
# is held up).
RESTORING_SECONDS = REFRESH_SECONDS


def _spectators_key(table_id: int) -> str:
    return f"{settings.CHANNELS_PREFIX}:pages:audience:{table_id}"


def _seat_key(table_id: int, seat: str) -> str:
    return f"{settings.CHANNELS_PREFIX}:pages:seat:{table_id}:{seat}"


def _restoring_key() -> str:
    return f"{settings.CHANNELS_PREFIX}:presence:restoring"


def _beat_mark_key() -> str:
    return f"{settings.CHANNELS_PREFIX}:presence:beat-looked"


def _audiences_key(table_id: int) -> str:
    # Outside "pages:", which open_pages_by_table counts page by page.
    return f"{settings.CHANNELS_PREFIX}:views:{table_id}"


def _audience_member(audience: str, language: str, channel_name: str) -> str:
    """A page in its audience's set: `<audience> <language> <page>` (neither an audience nor
    a language holds a space)."""
    return f"{audience} {language} {_member(channel_name)}"


def _live_since(now: float) -> float:
    return now - PAGE_TTL_SECONDS


def _member(channel_name: str) -> str:
    return liveness.page_member(liveness.process_id(), channel_name)


def _with_this_process(vouches: dict[str, float], now: float) -> dict[str, float]:
    """This process is alive by definition: its first vouch may still be on its way (and in
    tests the clocks run in the pages' own process)."""
    return vouches | {liveness.process_id(): now}


def _open_pages(pages: list[tuple[bytes, float]], vouches: dict[str, float], now: float) -> int:
    vouches = _with_this_process(vouches, now)
    return sum(liveness.seat_status({member.decode(): score}, vouches, now, PAGE_TTL_SECONDS)[0] == "online"
               for member, score in pages)


class _Process:
    """One event loop's Redis client (a client per socket held a thousand idle connections
    under load), the pages it vouches for, and the sockets that show them (to redraw)."""

    def __init__(self) -> None:
        self.client = aioredis.Redis(connection_pool=aioredis.BlockingConnectionPool.from_url(
            settings.REDIS_URL, max_connections=CONNECTIONS, timeout=CONNECTION_WAIT_SECONDS))
        self.pages: set[tuple[str, str]] = set()  # (key, member)
        self.sockets: weakref.WeakSet = weakref.WeakSet()
        self.own_key = f"{settings.CHANNELS_PREFIX}:presence:process:{liveness.process_id()}"
        self.refresher: asyncio.Task | None = None

    def hold(self, key: str, member: str) -> None:
        self.pages.add((key, member))
        if self.refresher is None or self.refresher.done():
            self.refresher = asyncio.ensure_future(self._refresh_forever())

    async def _refresh_forever(self) -> None:
        due = time.monotonic() + REFRESH_SECONDS
        while self.pages:
            await asyncio.sleep(min(LOSS_CHECK_SECONDS, REFRESH_SECONDS))
            try:
                if time.monotonic() >= due:
                    due = time.monotonic() + REFRESH_SECONDS
                    await self.refresh()
                else:
                    await self.check()
            except redis.RedisError:
                # A Redis blip must not end the vouching: the pages would then age out and
                # beat would take their seats offline. The next round tries again.
                continue

    async def check(self) -> bool:
        """Between refreshes: refresh at once if Redis no longer holds the own key (it lost
        its data, and with it this process's pages). Returns whether it did."""
        if await self.client.exists(self.own_key):
            return False
        await self.refresh()
        return True

    async def refresh(self) -> None:
        """Vouch for the open pages now. Only pages still held are touched (`xx`): one that
        closed meanwhile is not brought back; unless Redis lost everything (the own key is
        gone), when all are added again and their sockets redraw their pages."""
        now, held = time.time(), list(self.pages)
        pipe = self.client.pipeline(transaction=False)
        pipe.exists(self.own_key)
        pipe.set(self.own_key, 1, ex=KEPT_SECONDS)
        for key, member in held:
            pipe.zadd(key, {member: now}, xx=True)
        kept, *_ = await pipe.execute()
        if kept:
            return
        pipe = self.client.pipeline(transaction=False)
        pipe.set(_restoring_key(), 1, ex=RESTORING_SECONDS)
        for key, member in held:
            if (key, member) in self.pages:
                pipe.zadd(key, {member: now})
        await pipe.execute()
        await asyncio.gather(*(socket.send_fragments() for socket in list(self.sockets)), return_exceptions=True)


_processes: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _process() -> _Process:
    loop = asyncio.get_running_loop()
    if loop not in _processes:
        _processes[loop] = _Process()
    return _processes[loop]


class Presence:
    """The async side, used by the consumers."""

    async def join(self, table_id: int, channel_name: str, seat: str | None,
                   audience: tuple[str, str] | None = None, socket=None) -> int:
        """Register an open page, and the audience and language (`audience`) it shows;
        returns how many live pages that seat (or the spectators) has. `socket` (its
        `send_fragments` draws the page) redraws it should Redis lose the presence."""
        key = _spectators_key(table_id) if seat is None else _seat_key(table_id, seat)
        process, now = _process(), time.time()
        process.hold(key, _member(channel_name))
        if socket is not None:
            process.sockets.add(socket)
        pipe = process.client.pipeline(transaction=False)
        pipe.set(process.own_key, 1, ex=KEPT_SECONDS)
        pipe.zadd(key, {_member(channel_name): now})
        if audience is not None:
            member = _audience_member(*audience, channel_name)
            process.hold(_audiences_key(table_id), member)
            pipe.zadd(_audiences_key(table_id), {member: now})
        pipe.zrange(key, 0, -1, withscores=True)
        pipe.zrange(liveness.processes_key(), 0, -1, withscores=True)
        *_, pages, vouches = await pipe.execute()
        return _open_pages(pages, _decoded(vouches), now)

    async def leave(self, table_id: int, channel_name: str, seat: str | None,
                    audience: tuple[str, str] | None = None) -> int:
        key = _spectators_key(table_id) if seat is None else _seat_key(table_id, seat)
        process, now = _process(), time.time()
        process.pages.discard((key, _member(channel_name)))
        pipe = process.client.pipeline(transaction=False)
        pipe.zrem(key, _member(channel_name))
        if audience is not None:
            member = _audience_member(*audience, channel_name)
            process.pages.discard((_audiences_key(table_id), member))
            pipe.zrem(_audiences_key(table_id), member)
            pipe.zremrangebyscore(_audiences_key(table_id), "-inf", _live_since(now))
        # Pages of dead processes are dropped here too, so the sets do not grow (beat has
        # noted their seats in the clocks by then).
        pipe.zremrangebyscore(key, "-inf", _live_since(now))
        pipe.zrange(key, 0, -1, withscores=True)
        pipe.zrange(liveness.processes_key(), 0, -1, withscores=True)
        *_, pages, vouches = await pipe.execute()
        return _open_pages(pages, _decoded(vouches), now)

    async def watching(self, table_id: int) -> set[tuple[str, str]]:
        """`watching`, from a server's event loop."""
        members = await _process().client.zrangebyscore(_audiences_key(table_id), _live_since(time.time()), "+inf")
        return _audiences(members)

    async def spectators(self, table_id: int) -> int:
        return await _process().client.zcount(_spectators_key(table_id), _live_since(time.time()), "+inf")


def _decoded(pairs: list[tuple[bytes, float]]) -> dict[str, float]:
    return {member.decode(): score for member, score in pairs}


def _client() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL)


_watching_client: redis.Redis | None = None


def watching(table_id: int) -> set[tuple[str, str]]:
    """The audiences and languages that have a live page of the table open: those a move is
    drawn for. Asked by a worker or beat that commits a move, with one client (its pool is
    thread-safe) kept for the process."""
    global _watching_client
    if _watching_client is None:
        _watching_client = _client()
    return _audiences(_watching_client.zrangebyscore(_audiences_key(table_id), _live_since(time.time()), "+inf"))


def _audiences(members: list[bytes]) -> set[tuple[str, str]]:
    return {tuple(member.decode().split(" ", 2)[:2]) for member in members}


def open_pages_by_table(now: float) -> dict[int, int]:
    """Pages (seats' and audience's) each table has open now, for the operator's metrics."""
    prefix = f"{settings.CHANNELS_PREFIX}:pages:"
    with _client() as client:
        keys = list(client.scan_iter(match=prefix + "*", count=1000))
        pipe = client.pipeline(transaction=False)
        pipe.zrange(liveness.processes_key(), 0, -1, withscores=True)
        for key in keys:
            pipe.zrangebyscore(key, _live_since(now), "+inf", withscores=True)
        vouches, *pages_by_key = pipe.execute()
    pages: dict[int, int] = {}
    for key, key_pages in zip(keys, pages_by_key):
        # audience:<table> or seat:<table>:<seat>
        table_id = int(key.decode().removeprefix(prefix).split(":")[1])
        pages[table_id] = pages.get(table_id, 0) + _open_pages(key_pages, _decoded(vouches), now)
    return pages


def seat_statuses(seats: list[tuple[int, str]], now: float) -> dict[tuple[int, str], tuple[str, float | None]]:
    """`liveness.seat_status` of each of these (table, seat) pairs (one round trip for all)."""
    with _client() as client:
        pipe = client.pipeline(transaction=False)
        pipe.zrange(liveness.processes_key(), 0, -1, withscores=True)
        for table_id, seat in seats:
            pipe.zrange(_seat_key(table_id, seat), 0, -1, withscores=True)
        vouches, *pages = pipe.execute()
    vouches = _with_this_process(_decoded(vouches), now)
    return {pair: liveness.seat_status(_decoded(found), vouches, now, PAGE_TTL_SECONDS)
            for pair, found in zip(seats, pages)}


def seat_status(table_id: int, seat: str, now: float) -> tuple[str, float | None]:
    return seat_statuses([(table_id, seat)], now)[(table_id, seat)]


def seat_online(table_id: int, seat: str) -> bool:
    return seat_status(table_id, seat, time.time())[0] == "online"


def late_pages(table_id: int, seats: list[str], now: float) -> bool:
    """Does one of these seats have a page whose process has gone quiet (it may have died)?"""
    with _client() as client:
        pipe = client.pipeline(transaction=False)
        pipe.zrange(liveness.processes_key(), 0, -1, withscores=True)
        for seat in seats:
            pipe.zrangebyscore(_seat_key(table_id, seat), _live_since(now), "+inf")
        vouches, *members = pipe.execute()
    pages = [member.decode() for found in members for member in found]
    return bool(liveness.late_processes(pages, _with_this_process(_decoded(vouches), now), now))


def restoring() -> bool:
    """Has Redis lost the pages lately? They are being added again, so a seat with none is not
    yet one whose player left. A web process that finds its own key gone says so; beat, which
    asks, finds out by itself when the mark it leaves at each look is gone, as it may look in
    the second before any process has. Beat's first look after Redis or beat started counts as
    such a loss too: it cannot tell the two apart, and waiting costs only a closed tab's
    seat RESTORING_SECONDS more before it goes offline."""
    with _client() as client:
        pipe = client.pipeline(transaction=False)
        pipe.set(_beat_mark_key(), 1, nx=True)
        pipe.exists(_restoring_key())
        unmarked, said = pipe.execute()
        if unmarked:
            client.set(_restoring_key(), 1, ex=RESTORING_SECONDS)
        return bool(unmarked or said)


def web_vouches() -> dict[str, float]:
    with _client() as client:
        return liveness.read_vouches(client)


def _noticed_key() -> str:
    return f"{settings.CHANNELS_PREFIX}:web:noticed-deaths"


def noticed_deaths() -> set[str]:
    with _client() as client:
        return {member.decode() for member in client.smembers(_noticed_key())}


def note_deaths(process_ids: set[str]) -> None:
    with _client() as client:
        pipe = client.pipeline(transaction=False)
        pipe.sadd(_noticed_key(), *process_ids)
        pipe.expire(_noticed_key(), int(liveness.FORGET_AFTER_SECONDS))
        pipe.execute()


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
