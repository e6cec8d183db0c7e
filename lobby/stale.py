"""Waiting tables their players left without standing up: once none of its seated players
has had a page of the table open for STALE_TABLE_SECONDS, the table is closed (deleted —
a waiting table has no game to keep) and leaves the lobby list.

When a seat was last seen is noted in Redis each round (the pages themselves live in
games.presence); a table never seen falls back to when it was made."""

import time
import uuid

import redis
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import transaction
from django.db.models import ProtectedError

from games import presence
from games.models import Table


def _seen_key() -> str:
    return f"{settings.CHANNELS_PREFIX}:lobby:waiting-seen"


def note_seen(table_id: int, now: float | None = None) -> None:
    """Someone just sat down at this table (quick play): its clock of absence starts again."""
    with redis.Redis.from_url(settings.REDIS_URL) as client:
        client.hset(_seen_key(), str(table_id), now or time.time())


def close_stale_tables(now: float | None = None) -> int:
    """One round of beat: note the tables with a seated player online, close those whose
    seated players have all been gone too long. Returns how many were closed."""
    now = now or time.time()
    seated = {}
    for table_id, position, created in (Table.objects.filter(status=Table.Status.WAITING, seats__user__isnull=False)
                                        .values_list("pk", "seats__position", "created_at")):
        seated.setdefault(table_id, (created.timestamp(), []))[1].append(position)
    statuses = presence.seat_statuses([(t, p) for t, (_, ps) in seated.items() for p in ps], now)
    with redis.Redis.from_url(settings.REDIS_URL) as client:
        seen = {int(k): float(v) for k, v in client.hgetall(_seen_key()).items()}
        online = [t for t, (_, ps) in seated.items() if any(statuses[(t, p)][0] != "gone" for p in ps)]
        if online:
            client.hset(_seen_key(), mapping=dict.fromkeys(map(str, online), now))
        stale = [t for t, (created, _) in seated.items()
                 if t not in online and now - max(seen.get(t, 0.0), created) > settings.STALE_TABLE_SECONDS]
        closed = [t for t in stale if _close(t, seated[t][1])]
        forgotten = [t for t in seen if t not in seated or t in closed]
        if forgotten:
            client.hdel(_seen_key(), *map(str, forgotten))
    if closed:
        async_to_sync(get_channel_layer().group_send)("lobby", {"type": "lobby.update", "stamp": uuid.uuid4().hex})
    return len(closed)


def _close(table_id: int, positions: list[str]) -> bool:
    """Delete the table if it is still waiting with the same seats taken (nobody sat down
    since the look); one a vote-kick names stays (its record)."""
    try:
        with transaction.atomic():
            table = Table.objects.select_for_update().filter(pk=table_id, status=Table.Status.WAITING).first()
            if table is None or set(table.seats.filter(user__isnull=False).values_list("position", flat=True)) != set(positions):
                return False
            table.delete()
    except ProtectedError:
        return False
    return True
