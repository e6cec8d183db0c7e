"""Add the finished games that players' statistics have not counted yet (those that ended
before the statistics existed): each game's outcome is rebuilt as the table built it when it
ended, and counted as a finishing game is (ratings.stats), once."""

from django.core.management.base import BaseCommand

from games import registry, snapshots
from games.models import Table
from ratings.models import CountedGame
from ratings.stats import count_finished_game


class Command(BaseCommand):
    help = "Count the finished games not yet in the players' statistics, oldest first."

    def handle(self, *args, **options):
        counted = set(CountedGame.objects.values_list("game_kind", "game_id"))
        added = 0
        for table in Table.objects.filter(status=Table.Status.FINISHED).order_by("finished_at", "pk"):
            if (table.game, table.pk) in counted or table.game not in registry.GAMES:
                continue
            game = registry.get(table.game)
            view = game.engine.view(snapshots.full_state(table), None)
            players = {seat.position: seat for seat in table.seats.all()}
            active = (table.finished_at - table.started_at).total_seconds()
            count_finished_game(Table, outcome=game.outcome(table, view, players, active))
            added += 1
        self.stdout.write(f"{added} games counted")
