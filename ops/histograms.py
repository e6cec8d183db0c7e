"""Prometheus histograms kept in Redis, so that every process adds to the same one: how long
each kind of task ran, and how long a player's action took from its frame arriving to its
broadcast leaving (games.hooks.action_timings).

A sample is handed to a writer thread of the process: the action's time is taken on the
database thread, where a Redis round trip per move (~0.5 ms) would hold up every move behind it.
The writer gathers a second's samples and adds them up before it writes: one pipeline of
~16 commands per action cost 3 % of daphne's CPU at 125 tables (bench/HISTORY.md)."""

import os
import queue
import threading
import time

import redis

from ops import stamps

BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
TASK_SECONDS = "task-seconds"
ACTION_SECONDS = "action-seconds"
# Plain counters go the same way (a sample adds its value to its label's count): the entries
# added to the tables' logs, by game (games.hooks.actions_logged). /metrics counted the rows of
# the log on every scrape, a scan that grows with every game ever played.
ACTIONS_LOGGED = "actions-logged"
COUNTERS = frozenset((ACTIONS_LOGGED,))
# Samples waiting beyond this (Redis away or slow) are dropped, not held in memory.
MAX_WAITING = 10_000
SAMPLES_PER_WRITE = 500
# How long the writer gathers samples after the first before it writes them.
GATHER_SECONDS = 1.0
# Put by `flush`: write what is gathered now.
_FLUSH = object()
_started: dict[str, float] = {}


def _key(name: str, label: str | None = None) -> str:
    return stamps.key(name) if label is None else stamps.key(name, label)


class _Writer:
    """One per process: a forked worker child starts its own (threads do not survive a fork)."""

    def __init__(self) -> None:
        self.pid = os.getpid()
        self.samples: queue.Queue = queue.Queue(maxsize=MAX_WAITING)
        threading.Thread(target=self._run, name="ops-histograms", daemon=True).start()

    def _run(self) -> None:
        while True:
            batch = [self.samples.get()]
            until = time.monotonic() + GATHER_SECONDS
            while len(batch) < SAMPLES_PER_WRITE and batch[-1] is not _FLUSH:
                try:
                    batch.append(self.samples.get(timeout=max(0.0, until - time.monotonic())))
                except queue.Empty:
                    break
            try:
                _write([sample for sample in batch if sample is not _FLUSH])
            except redis.RedisError:
                pass  # lost samples are no reason to fail what was measured
            finally:
                for _ in batch:
                    self.samples.task_done()


_writer: _Writer | None = None
_writer_lock = threading.Lock()


def _current_writer() -> _Writer:
    global _writer
    with _writer_lock:
        if _writer is None or _writer.pid != os.getpid():
            _writer = _Writer()
        return _writer


def record(name: str, label: str, seconds: float) -> None:
    try:
        _current_writer().samples.put_nowait((name, label, seconds))
    except queue.Full:
        pass


def flush() -> None:
    """Waits until this process's samples are in Redis (or dropped)."""
    writer = _current_writer()
    writer.samples.put(_FLUSH)
    writer.samples.join()


def _write(batch: list[tuple[str, str, float]]) -> None:
    if not batch:
        return
    counts: dict[tuple[str, str], dict[str, int]] = {}
    sums: dict[tuple[str, str], float] = {}
    added: dict[tuple[str, str], int] = {}
    for name, label, seconds in batch:
        if name in COUNTERS:
            added[name, label] = added.get((name, label), 0) + int(seconds)
            continue
        fields = counts.setdefault((name, label), {})
        for bound in BUCKETS:
            if seconds <= bound:  # buckets are cumulative, as Prometheus reads them
                fields[f"le:{bound}"] = fields.get(f"le:{bound}", 0) + 1
        fields["count"] = fields.get("count", 0) + 1
        sums[name, label] = sums.get((name, label), 0.0) + seconds
    pipe = stamps.client().pipeline(transaction=False)
    for (name, label), fields in counts.items():
        key = _key(name, label)
        for field, n in fields.items():
            pipe.hincrby(key, field, n)
        pipe.hincrbyfloat(key, "sum", sums[name, label])
        pipe.sadd(_key(name), label)
    for (name, label), n in added.items():
        pipe.hincrby(_key(name), label, n)
    pipe.execute()


def counts(client: redis.Redis, name: str) -> dict[str, int]:
    """A counter's {label: count}."""
    return {label.decode(): int(n) for label, n in client.hgetall(_key(name)).items()}


def read(client: redis.Redis, name: str) -> dict[str, dict[str, float]]:
    """{label: {"le:0.001": n, ..., "count": n, "sum": s}}."""
    labels = sorted(label.decode() for label in client.smembers(_key(name)))
    pipe = client.pipeline(transaction=False)
    for label in labels:
        pipe.hgetall(_key(name, label))
    return {label: {field.decode(): float(value) for field, value in fields.items()}
            for label, fields in zip(labels, pipe.execute())}


def task_started(task_id=None, **kwargs) -> None:
    _started[task_id] = time.perf_counter()


def task_finished(task_id=None, task=None, **kwargs) -> None:
    began = _started.pop(task_id, None)
    if began is not None and task is not None:
        record(TASK_SECONDS, task.name, time.perf_counter() - began)


def action_broadcast(game: str, seconds: float) -> None:
    record(ACTION_SECONDS, game, seconds)


def actions_logged(game: str, n: int) -> None:
    record(ACTIONS_LOGGED, game, n)
