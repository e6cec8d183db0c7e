from celery import shared_task
from django.core.management import call_command


@shared_task
def clear_expired_sessions() -> None:
    call_command("clearsessions")


@shared_task
def clean_up_guests() -> tuple[int, int]:
    from accounts import guests

    return guests.clean_up()
