"""Finished games for the tests of ranks and statistics: tables of signed-in players, set up and
played to the end through the platform's one write path (games.services), each seat choosing
as a bot of the game would and the clock closing whatever window is left open."""

import random

from games import registry, services, timekeeping
from games.models import Table


def seated_table(players, capture, monkeypatch, game: str, seed: int, **options) -> Table:
    """A table whose players (in seat order) sat down and got ready, each with the page open."""
    monkeypatch.setattr(services, "_system_random", random.Random(seed))
    with capture(execute=True):
        table = services.create_table(user=players[0], game=game, options=options)
        positions = registry.get(game).seats_for(table.options)
        for user, position in zip(players[1:], positions[1:]):
            services.sit(table_id=table.pk, user=user, position=position)
        for user in players:
            services.set_ready(table_id=table.pk, user=user, ready=True)
        for position in positions:
            timekeeping.seat_presence(table_id=table.pk, seat=position, online=True)
    table.refresh_from_db()
    return table


def play_out(table: Table, players, rng: random.Random, strength: str = "beginner", steps: int = 20000) -> Table:
    game = registry.get(table.game)
    engine = game.engine
    by_seat = dict(zip(game.seats_for(table.options), players))
    for _ in range(steps):
        table.refresh_from_db()
        if table.status == Table.Status.FINISHED:
            return table
        state = engine.from_json(table.snapshot)
        pending = game.pending_decisions(engine.view(state, None))
        for seat in pending:
            action = game.bot_choice(engine.view(state, seat), strength, rng)
            if action is not None:
                services.submit(table_id=table.pk, user=by_seat[seat], action=action)
                break
        else:
            timekeeping.run_deadline(table_id=table.pk, now=table.deadline.timestamp() + 0.01, from_beat=True)
    raise AssertionError("the game did not end")
