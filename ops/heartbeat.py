"""Beat's and a worker's signs of life. Beat stamps the moment it sends the heartbeat task
(in its own process, as it publishes); a worker stamps the moment it runs it. Beat stopped:
both stamps age. A worker stopped or stuck behind a long queue: only the worker's ages."""

import time

import redis

from ops import stamps

TASK = "ops.tasks.heartbeat"
BEAT = "beat"
WORKER = "worker"
WHO = (BEAT, WORKER)


def stamp(who: str, now: float | None = None) -> None:
    stamps.client().set(stamps.key("heartbeat", who), repr(time.time() if now is None else now))


def on_publish(sender=None, **kwargs) -> None:
    """before_task_publish: in beat, the heartbeat task leaving for the queue."""
    if sender != TASK:
        return
    try:
        stamp(BEAT)
    except redis.RedisError:
        pass  # the send itself fails too, and /healthz says Redis is away


def read(client: redis.Redis) -> dict[str, float | None]:
    values = client.mget([stamps.key("heartbeat", who) for who in WHO])
    return {who: float(value) if value else None for who, value in zip(WHO, values)}
