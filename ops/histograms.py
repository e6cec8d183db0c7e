"""Prometheus histograms kept in Redis, so that every process adds to the same one: how long
each kind of task ran, and how long a player's action took from its frame arriving to its
broadcast leaving (games.hooks.action_timings)."""

import time

import redis

from ops import stamps

BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
TASK_SECONDS = "task-seconds"
ACTION_SECONDS = "action-seconds"
_started: dict[str, float] = {}


def _key(name: str, label: str | None = None) -> str:
    return stamps.key(name) if label is None else stamps.key(name, label)


def record(name: str, label: str, seconds: float) -> None:
    try:
        pipe = stamps.client().pipeline(transaction=False)
        key = _key(name, label)
        for bound in BUCKETS:
            if seconds <= bound:  # buckets are cumulative, as Prometheus reads them
                pipe.hincrby(key, f"le:{bound}", 1)
        pipe.hincrby(key, "count", 1)
        pipe.hincrbyfloat(key, "sum", seconds)
        pipe.sadd(_key(name), label)
        pipe.execute()
    except redis.RedisError:
        pass  # a lost sample is no reason to fail what was measured


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
