from celery import shared_task

from tournaments import services


@shared_task
def pair_tournaments() -> int:
    """Beat, every few seconds: pair the players waiting in every running arena, and start the
    next round of every Swiss whose round is over."""
    return services.pair_all()
