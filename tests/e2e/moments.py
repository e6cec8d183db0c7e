"""A table page at a chosen moment of a game: a practice table dealt from seeded deals until
one reaches the moment, its state stored as the table's next version, so that a browser
opening the page meets that moment at once."""

import random

from games import registry, services, snapshots
from games.models import Table
from tests.e2e.pages import off_the_loop


def practice_table_at(user, game, find, monkeypatch, options=None, strength="beginner", seeds=60):
    """The table and state of the first seeded deal in which `find(table, state, rng)` gives
    a state (None: that deal never reaches the moment)."""
    engine = registry.get(game).engine
    for seed in range(seeds):
        monkeypatch.setattr(services, "_system_random", random.Random(seed))
        table = off_the_loop(lambda: services.start_practice(user=user, game=game, options=options or {}, strength=strength))
        state = find(table, engine.from_json(table.snapshot), random.Random(seed))
        if state is not None:
            Table.objects.filter(pk=table.pk).update(snapshot=snapshots.stored(engine, state), version=table.version + 1)
            table.refresh_from_db()
            return table, state
        Table.objects.filter(pk=table.pk).delete()
    raise AssertionError(f"none of {seeds} seeded deals of {game} reached the moment")
