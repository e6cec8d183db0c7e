"""How long each kind of task ran, as a Prometheus histogram kept in Redis, so that every
worker adds to the same one. A bot's decision is the bot runner's task
(`games.tasks.wake_bots`): it reads the table, decides and submits."""

import time

import redis

from ops import stamps

BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
_started: dict[str, float] = {}


def histogram_key(task: str) -> str:
    return stamps.key("task-seconds", task)


def started(task_id=None, **kwargs) -> None:
    _started[task_id] = time.perf_counter()


def finished(task_id=None, task=None, **kwargs) -> None:
    began = _started.pop(task_id, None)
    if began is None or task is None:
        return
    record(task.name, time.perf_counter() - began)


def record(task: str, seconds: float) -> None:
    fields = [f"le:{bound}" for bound in BUCKETS if seconds <= bound]
    try:
        pipe = stamps.client().pipeline(transaction=False)
        key = histogram_key(task)
        for field in fields:
            pipe.hincrby(key, field, 1)
        pipe.hincrby(key, "count", 1)
        pipe.hincrbyfloat(key, "sum", seconds)
        pipe.sadd(stamps.key("task-seconds"), task)
        pipe.execute()
    except redis.RedisError:
        pass  # a lost sample is no reason to fail the task


def read(client: redis.Redis) -> dict[str, dict[str, float]]:
    """{task: {"le:0.005": n, ..., "count": n, "sum": s}} (buckets cumulative, as recorded)."""
    tasks = sorted(name.decode() for name in client.smembers(stamps.key("task-seconds")))
    pipe = client.pipeline(transaction=False)
    for task in tasks:
        pipe.hgetall(histogram_key(task))
    return {task: {field.decode(): float(value) for field, value in fields.items()}
            for task, fields in zip(tasks, pipe.execute())}
