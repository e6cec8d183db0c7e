"""Bots sit at practice tables and act through the same `submit` as people, on their own
`view` only. They think outside the table lock and submit naming the version they saw, so
a bot that was overtaken simply tries again on the next wake-up."""

import random

from games import registry
from games.errors import TableError
from games.models import Table
from games.services import submit


def act_once(table_id: int, rng: random.Random | None = None) -> bool:
    """Let the first bot that wants to act make one action; True if one was applied."""
    table = Table.objects.get(pk=table_id)
    if table.status != Table.Status.PLAYING or not table.has_bots:
        return False
    game = registry.get(table.game)
    engine = game.engine
    state = engine.from_json(table.snapshot)
    rng = rng or random.Random()
    for seat in table.seats.exclude(bot=""):
        action = game.bot_choice(engine.view(state, seat.position), seat.bot, rng)
        if action is None:
            continue
        try:
            submit(table_id=table_id, action=action, seat=seat.position, expected_version=table.version)
        except TableError:
            return False  # overtaken by another action; the next wake-up looks again
        return True
    return False
