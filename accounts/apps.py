from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self) -> None:
        # Guests plug into the platform's hooks; the platform never imports accounts.
        from accounts import guests
        from games import hooks

        hooks.visitor_accounts.append(guests.ensure_user)
        hooks.sit_checks.append(guests.ensure_guest_unrated)
