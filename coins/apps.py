from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoinsConfig(AppConfig):
    name = "coins"
    verbose_name = _("Coins and styles")

    def ready(self) -> None:
        # The player's data download (accounts) reaches the ledger through the platform's hook.
        from coins import looks, own_data
        from games import hooks

        hooks.own_data.append(own_data.coins_of)
        hooks.drawing_reads.append(looks.read_ahead)
