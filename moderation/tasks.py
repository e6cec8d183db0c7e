"""Beat tasks: thin wrappers around the services, safe to run twice."""

from celery import shared_task

from moderation import devices, services


@shared_task
def expire_votes() -> int:
    return services.expire_votes()


@shared_task
def close_ended_cooldowns() -> int:
    return services.close_ended_cooldowns()


@shared_task
def forget_old_device_uses() -> int:
    return devices.forget_old_uses()
