from celery import shared_task

from tournaments import services


@shared_task
def pair_arenas() -> int:
    """Beat, every few seconds: pair the players waiting in every running arena."""
    return services.pair_all()
