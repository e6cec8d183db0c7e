"""Beat tasks: thin wrappers around the services, safe to run twice."""

from celery import shared_task

from moderation import services


@shared_task
def expire_votes() -> int:
    return services.expire_votes()


@shared_task
def close_ended_cooldowns() -> int:
    return services.close_ended_cooldowns()
