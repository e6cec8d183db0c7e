from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A player. The e-mail address is optional; only a verified one can reset a password, and
    only a verified one is unique: an unconfirmed address blocks nobody (accounts.verification)."""

    email_verified = models.BooleanField(_("e-mail verified"), default=False)
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, blank=True)
    # Made by a visitor's first game and kept by their session cookie (accounts.guests): never
    # rated, cleaned up after a while unused, unless its player keeps it as a full account.
    is_guest = models.BooleanField(_("guest"), default=False)
    # The table's sounds ("your turn", a game's alarm), switched on the table page: kept on the
    # account, so that every device the player uses remembers it.
    sound_off = models.BooleanField(_("table sounds off"), default=False)

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"
        constraints = [
            models.UniqueConstraint(
                Lower("email"),
                condition=models.Q(email_verified=True) & ~models.Q(email=""),
                name="unique_confirmed_email",
                violation_error_message=_("Another account already uses this e-mail address."),
            )
        ]
