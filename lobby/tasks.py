from celery import shared_task


@shared_task
def close_stale_tables() -> int:
    """Beat: waiting tables whose seated players have all been gone a few minutes."""
    from lobby import stale

    return stale.close_stale_tables()
