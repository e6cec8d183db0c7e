from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = _("Ratings")

    def ready(self) -> None:
        from games.events import game_finished
        from ratings.receivers import settle_finished_game

        # The uid keeps a second ready() (test runners, autoreload) from connecting it twice.
        game_finished.connect(settle_finished_game, dispatch_uid="ratings.settle_finished_game")
