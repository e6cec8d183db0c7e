"""The end of a game, told to the rest of the site: the game's outcome (its sides, places and
why it ended) goes out as the one "game finished" event, in the transaction that ends it."""

from django.utils import timezone

from games import events, registry
from games.models import Table


def finish(table: Table, view: dict, players: dict) -> None:
    game = registry.get(table.game)
    active = (timezone.now() - table.started_at).total_seconds()
    outcome = game.outcome(table, view, players, active)
    events.game_finished.send(sender=Table, outcome=outcome)
