from django.core.management.base import BaseCommand

from accounts import guests


class Command(BaseCommand):
    help = "Delete guest accounts unused for GUEST_DISUSE_DAYS (deactivate those others' records need)."

    def handle(self, *args, **options) -> None:
        deleted, deactivated = guests.clean_up()
        self.stdout.write(f"{deleted} guests deleted, {deactivated} deactivated")
