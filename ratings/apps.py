from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = _("Ratings")

    def ready(self) -> None:
        from games import hooks
        from games.events import game_finished
        from ratings import ranks, stats
        from ratings.receivers import settle_finished_game

        # The uid keeps a second ready() (test runners, autoreload) from connecting it twice.
        game_finished.connect(settle_finished_game, dispatch_uid="ratings.settle_finished_game")
        game_finished.connect(stats.count_finished_game, dispatch_uid="ratings.count_finished_game")
        if ranks.ensure_rank_for_table not in hooks.sit_checks:
            hooks.sit_checks.append(ranks.ensure_rank_for_table)
        hooks.sit_checks_many[ranks.ensure_rank_for_table] = ranks.rank_refusals
        if ranks.levels_for not in hooks.rank_levels:
            hooks.rank_levels.append(ranks.levels_for)
