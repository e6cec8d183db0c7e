"""Daphne's CPU by cost centre, from a py-spy profile taken under load (bench/HISTORY.md):

    py-spy record -p DAPHNE_PID -d 45 -r 100 --gil --nonblocking -f raw -o daphne.txt
    .venv/bin/python bench/load/profile_groups.py daphne.txt

`--gil` keeps the samples of the thread holding the interpreter lock (daphne's CPU): without
it threads waiting in psycopg, Redis reads and queues count as busy. Each sample goes to the
first group whose frame is on its stack below the event loop's `Handle._run` (the reactor
and loop frames every stack shares), in the order listed."""

import collections
import sys

GROUPS = [
    ("a move drawn once per audience (audiences._drawings)", ["_drawings (games/audiences.py"]),
    ("per-socket drawing (send_fragments: page open, table.update)", ["TableConsumer.send_fragments"]),
    ("write path on the database thread (submit, ban check, loads)", ["SyncToAsync.thread_handler"]),
    ("incoming frame: consumer receive, dispatch, error frame", ["TableConsumer.receive"]),
    ("forwarding a published page (table_page -> send)", ["TableConsumer.table_page"]),
    ("presence (Redis)", ["games/presence.py"]),
    ("channels_redis publish (group_send) + msgpack", ["RedisPubSubLoopLayer.group_send", "_send (games/audiences.py"]),
    ("channels_redis receive (pub/sub parse, deserialize, queues)", ["channels_redis/"]),
    ("ops/histograms writer thread", ["ops/histograms.py"]),
    ("twisted/autobahn/daphne frame I/O and timers", ["twisted/", "autobahn/", "daphne/"]),
    ("channels consumer plumbing", ["channels/", "asgiref/"]),
    ("asyncio event loop itself", ["asyncio/", "selectors.py"]),
]


def group_of(stack: str) -> str:
    frames = stack.split(";")
    loop = [i for i, frame in enumerate(frames) if frame.startswith("Handle._run (asyncio/events.py")]
    below = ";".join(frames[loop[0] + 1:]) if loop else stack
    for name, keys in GROUPS:
        if any(key in below for key in keys):
            return name
    return "other (stacks py-spy truncated)"


def main(path: str) -> None:
    counts, total = collections.Counter(), 0
    with open(path) as samples:
        for line in samples:
            stack, n = line.rstrip("\n").rsplit(" ", 1)
            counts[group_of(stack)] += int(n)
            total += int(n)
    print(f"{total} samples")
    for name, n in counts.most_common():
        print(f"{100 * n / total:5.1f} %  {name}")


if __name__ == "__main__":
    main(sys.argv[1])
