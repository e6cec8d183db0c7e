"""Cost of one table action on the server, in-process: the queries and time of `submit` and
of the five renders its commit makes (four seats and an anonymous spectator, English), drawn
once per audience and published as the site does (`games.audiences.publish`, timed apart
from the rest of `submit`). Run with the stack's environment:

    eval "$(bench/load/stack.sh env)"; cd "$STICH_SRC" && \\
        /work/main/.venv/bin/python /work/main/bench/load/profile_action.py --moves 60 [--profile]

``--hands N`` first plays N whole hands the same way, unmeasured, so that the moves measured
are those of a game N hands old (its state, snapshot and broadcast carry the game's log).
"""

import argparse
import cProfile
import json
import os
import pstats
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, os.environ.get("STICH_SRC") or str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

import redis  # noqa: E402
from channels.layers import get_channel_layer  # noqa: E402
from channels_redis.pubsub import RedisPubSubChannelLayer  # noqa: E402
from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from accounts.models import User  # noqa: E402
from games import audiences, liveness, registry, services  # noqa: E402
from games.models import Table  # noqa: E402


def kind(sql: str) -> str:
    head = sql.split()[0].upper()
    if head == "SELECT":
        frm = sql.split(" FROM ", 1)[-1].split()[0].strip('"')
        return f"SELECT {frm}"
    if head in ("UPDATE", "INSERT"):
        return f"{head} {sql.split()[1 if head == 'UPDATE' else 2].strip(chr(34))}"
    return head


def recording_broadcasts() -> list:
    """The table broadcasts `submit` sends from now on (they still go out)."""
    layer, sent = get_channel_layer(), []

    class Recording:
        def __getattr__(self, name):
            return getattr(layer, name)

        async def group_send(self, group, message):
            if group.startswith("table-"):
                sent.append(message)
            await layer.group_send(group, message)

    recording = Recording()
    services.get_channel_layer = audiences.get_channel_layer = lambda: recording
    return sent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--hands", type=int, default=0, help="whole hands played unmeasured first")
    args = parser.parse_args()
    stamp = int(time.time() * 1000) % 10**8
    users = [User.objects.create(username=f"prof{stamp}p{i}") for i in range(4)]
    table = services.create_table(user=users[0], game="tichu", options={
        "target": 1000, "rated": False, "private": False, "clock": "strikes", "bomb_window": 1})
    seats = registry.get("tichu").seats
    client = redis.Redis.from_url(settings.REDIS_URL)
    for user, position in zip(users[1:], seats[1:]):
        services.sit(table_id=table.pk, user=user, position=position)

    def keep_pages_open() -> None:
        """The seats' pages are open, as in the load run, served by this process, which
        vouches for itself as a daphne process does (games.liveness): else beat would take
        the pages for ones of a dead process and pause the game."""
        now = time.time()
        client.zadd(liveness.processes_key(), {liveness.process_id(): now})
        for position in seats:
            page = liveness.page_member(liveness.process_id(), f"prof-{position}")
            client.zadd(f"{settings.CHANNELS_PREFIX}:pages:seat:{table.pk}:{position}", {page: now})
            client.zadd(f"{settings.CHANNELS_PREFIX}:views:{table.pk}", {f"seat-{position} en {page}": now})
        client.zadd(f"{settings.CHANNELS_PREFIX}:views:{table.pk}", {f"{audiences.ANONYMOUS} en prof-guest": now})

    keep_pages_open()
    for user in users:
        services.set_ready(table_id=table.pk, user=user, ready=True)
    engine = registry.get("tichu").engine
    by_seat = dict(zip(seats, users))

    publish, published = audiences.publish, {}

    def timed_publish(moment, panels=False) -> None:
        """The renders and their sending, timed apart from the rest of the commit."""
        t, cpu = time.perf_counter(), time.thread_time()
        publish(moment, panels)
        published["time"], published["cpu"] = time.perf_counter() - t, time.thread_time() - cpu

    audiences.publish = timed_publish

    submit_q, submit_t, render_t, sizes = [], [], [], []
    submit_cpu, render_cpu = [], []
    kinds_submit = Counter()
    profiler = cProfile.Profile() if args.profile else None
    broadcasts, wire, broadcast_sizes = recording_broadcasts(), RedisPubSubChannelLayer(), []
    moves = 0
    while moves < args.moves:
        keep_pages_open()
        row = Table.objects.get(pk=table.pk)
        state = engine.from_json(row.snapshot)
        warming = state.hand_no < args.hands
        public = engine.view(state, None)
        if public["phase"] == "grand":
            seat = next(s for s in seats if not public["grand_decided"][s])
            action, user = {"type": "grand", "call": False}, by_seat[seat]
        elif public["phase"] == "exchange":
            seat = next(s for s in seats if not public["exchange_chosen"][s])
            hand = engine.view(state, seat)["hand"]
            others = [s for s in seats if s != seat]
            action, user = {"type": "exchange", "give": dict(zip(others, hand[:3]))}, by_seat[seat]
        elif public["turn"] is None:
            legal = [a for s in seats for a in engine.view(state, s)["legal_actions"] if a["type"] == "gift"]
            if legal:
                action, user = {"type": "gift", "to": legal[0]["to"]}, by_seat[legal[0]["seat"]] \
                    if "seat" in legal[0] else None
                if user is None:
                    gifter = public["gift_by"]
                    user = by_seat[gifter]
            else:
                action, user = {"type": "collect"}, None
        else:
            seat = public["turn"]
            legal = engine.view(state, seat)["legal_actions"]
            passing = [a for a in legal if a["type"] == "pass"]
            singles = [a for a in legal if a["type"] == "play" and len(a["cards"]) == 1 and "wish" not in a]
            chosen = passing[0] if passing and (not singles or moves % 3) else singles[-1] if singles else legal[0]
            action = {k: v for k, v in chosen.items() if k != "seat"}
            user = by_seat[seat]
        if warming:
            services.submit(table_id=table.pk, action=action, user=user)
            continue
        if profiler:
            profiler.enable()
        already = len(broadcasts)
        published.clear()
        with CaptureQueriesContext(connection) as q:
            t, cpu = time.perf_counter(), time.thread_time()
            services.submit(table_id=table.pk, action=action, user=user)
            elapsed, used = time.perf_counter() - t, time.thread_time() - cpu
        if profiler:
            profiler.disable()
        if not published:
            continue  # the game ended: its pages draw themselves
        submit_t.append(elapsed - published["time"])
        submit_cpu.append(used - published["cpu"])
        render_t.append(published["time"])
        render_cpu.append(published["cpu"])
        submit_q.append(len(q.captured_queries))
        kinds_submit.update(kind(x["sql"]) for x in q.captured_queries)
        frames = broadcasts[already:]
        sizes.extend(len(frame["html"]) for frame in frames)
        broadcast_sizes.append(sum(len(wire.serialize(frame)) for frame in frames))
        moves += 1

    n = len(submit_q)
    print(f"actions: {n} (table {table.pk}, from hand {args.hands},"
          f" snapshot {len(json.dumps(Table.objects.get(pk=table.pk).snapshot)) / 1024:.0f} KiB at the end)")
    print(f"submit: queries mean {statistics.mean(submit_q):.1f} (min {min(submit_q)}, max {max(submit_q)}),"
          f" time median {1000 * statistics.median(submit_t):.1f} ms (CPU of this thread"
          f" {1000 * statistics.median(submit_cpu):.2f} ms)")
    print(f"5 renders (4 seats + spectator) and their publishing, in the committing process (no query):"
          f" time median {1000 * statistics.median(render_t):.1f} ms"
          f" (CPU {1000 * statistics.median(render_cpu):.2f} ms),"
          f" frame size median {statistics.median(sizes) / 1024:.1f} KiB,"
          f" broadcasts per move median {statistics.median(broadcast_sizes) / 1024:.1f} KiB")
    print("submit queries per action by kind:", {k: round(v / n, 2) for k, v in kinds_submit.most_common()})
    if profiler:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(35)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED, deadline=None)


if __name__ == "__main__":
    main()
