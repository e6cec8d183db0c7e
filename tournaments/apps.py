from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games import hooks
        from games.events import game_finished
        from tournaments.table_checks import no_rematch
        from tournaments.scoring import count_finished_game

        # The uid keeps a second ready() (test runners, autoreload) from connecting it twice.
        game_finished.connect(count_finished_game, dispatch_uid="tournaments.count_finished_game")
        if no_rematch not in hooks.rematch_checks:
            hooks.rematch_checks.append(no_rematch)
