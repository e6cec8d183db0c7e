from celery import shared_task

from ops import heartbeat


@shared_task(name=heartbeat.TASK)
def heartbeat_task() -> None:
    """Beat, every two seconds: a worker is alive and reaches the queue."""
    heartbeat.stamp(heartbeat.WORKER)
