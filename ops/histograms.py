"""Prometheus histograms kept in Redis, so that every process adds to the same one: how long
each kind of task ran, and how long a player's action took from its frame arriving to its
broadcast leaving (games.hooks.action_timings).

A sample is handed to a writer thread of the process: the action's time is taken on the
database thread, where a Redis round trip per move (~0.5 ms) would hold up every move behind it."""

import os
import queue
import threading
import time

import redis

from ops import stamps

BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
TASK_SECONDS = "task-seconds"
ACTION_SECONDS = "action-seconds"
# Samples waiting beyond this (Redis away or slow) are dropped, not held in memory.
MAX_WAITING = 10_000
SAMPLES_PER_WRITE = 500
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
            while len(batch) < SAMPLES_PER_WRITE:
                try:
                    batch.append(self.samples.get_nowait())
                except queue.Empty:
                    break
            try:
                _write(batch)
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
    _current_writer().samples.join()


def _write(batch: list[tuple[str, str, float]]) -> None:
    pipe = stamps.client().pipeline(transaction=False)
    for name, label, seconds in batch:
        key = _key(name, label)
        for bound in BUCKETS:
            if seconds <= bound:  # buckets are cumulative, as Prometheus reads them
                pipe.hincrby(key, f"le:{bound}", 1)
        pipe.hincrby(key, "count", 1)
        pipe.hincrbyfloat(key, "sum", seconds)
        pipe.sadd(_key(name), label)
    pipe.execute()


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
