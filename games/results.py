"""The end of a game, told to the rest of the site: the game's outcome (its sides, places and
why it ended) goes out as the one "game finished" event, in the transaction that ends it."""

from django.utils import timezone

from games import events, registry
from games.models import Table


def finish(table: Table, view: dict, players: dict) -> None:
    events.game_finished.send(sender=Table, outcome=_outcome(table, view, players))


def outcome_of(table: Table):
    """A finished table's outcome once more, as `finish` told it, from what the table keeps:
    for whoever counts the games again (a tournament's standings, after a fault)."""
    engine = registry.get(table.game).engine
    view = engine.view(engine.from_json(table.snapshot), None)
    return _outcome(table, view, {seat.position: seat for seat in table.seats.select_related("user")})


def _outcome(table: Table, view: dict, players: dict):
    # Active time up to the moment the game finished (stamped just before), so that the
    # outcome told and the one rebuilt later agree.
    active = ((table.finished_at or timezone.now()) - table.started_at).total_seconds()
    return registry.get(table.game).outcome(table, view, players, active)
