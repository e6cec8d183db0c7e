import getpass
import os

from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from accounts.models import User
from accounts.moderators import make_moderator


class Command(BaseCommand):
    help = (
        "Create a moderator (staff, in the Moderators group) or promote an existing user. "
        "The password comes from MODERATOR_PASSWORD or is asked for."
    )

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--email", default="")

    def handle(self, *args, username: str, email: str, **options):
        exists = User.objects.filter(username=username).exists()
        password = os.environ.get("MODERATOR_PASSWORD", "")
        if not password and not exists:
            password = getpass.getpass("Password: ")
            if password != getpass.getpass("Password (again): "):
                raise CommandError("The two passwords differ.")
        if password:
            try:
                validate_password(password, User(username=username, email=email))
            except ValidationError as error:
                raise CommandError(" ".join(error.messages)) from error
        user = make_moderator(username=username, password=password, email=email)
        verb = "promoted" if exists else "created"
        self.stdout.write(self.style.SUCCESS(f"Moderator {user.username} {verb}; log in at /admin/."))
