"""Bots sit at practice tables and act through the same `submit` as people, on their own
`view` only. They think outside the table lock and submit naming the version they saw, so
a bot that was overtaken simply tries again on the next wake-up."""

import random

from games import clocks, registry
from games.errors import TableError
from games.models import Seat, Table
from games.services import go_on, submit


def act_once(table_id: int, rng: random.Random | None = None) -> bool:
    """Let the first bot that wants to act make one action; True if one was applied."""
    table = Table.objects.get(pk=table_id)
    if table.status != Table.Status.PLAYING or not table.has_bots:
        return False
    game = registry.get(table.game)
    engine = game.engine
    state = engine.from_json(table.snapshot)
    rng = rng or random.Random()
    waiting = _waiting_on(game, table, engine.view(state, None))
    idle = []
    for seat in table.seats.exclude(bot=""):
        action = game.bot_decision(state, seat.position, seat.bot, rng)
        if action is None:
            if seat.position in waiting:
                idle.append(seat.position)
            continue
        try:
            submit(table_id=table_id, action=action, seat=seat.position, expected_version=table.version)
        except TableError:
            return False  # overtaken by another action; the next wake-up looks again
        return True
    if idle:
        # A bot that chooses not to act in the window says "go on" at once, so the window lasts only as
        # long as a person may still want it.
        try:
            go_on(table_id=table_id, seats=idle, expected_version=table.version)
        except TableError:
            return False
        return True
    return False


def _waiting_on(game, table: Table, view: dict) -> frozenset[str]:
    """The seats the open waivable window still waits on."""
    kind = (table.clock.get("window") or {}).get("kind")
    if kind is None or not game.timing(table.options).windows[kind].waivable:
        return frozenset()
    return game.window_waivers(view) - clocks.waived(table.clock)


def stalled(now: float, after: float) -> list[tuple[int, int]]:
    """(table, version) of the running practice tables where a bot has had a decision pending
    for `after` seconds: its wake-up was lost (a worker killed in the middle of the task, Redis
    restarted without its data), and it would sit until its clock struck it while the person
    waited. A paused table is left alone: its bots may not act."""
    tables = Table.objects.filter(status=Table.Status.PLAYING, has_bots=True)
    rows = list(tables.values_list("pk", "version", "clock"))
    bot_seats: dict[int, set[str]] = {}
    for table_id, position in Seat.objects.filter(table_id__in=[pk for pk, _, _ in rows]).exclude(
            bot="").values_list("table_id", "position"):
        bot_seats.setdefault(table_id, set()).add(position)
    return [(pk, version) for pk, version, clock in rows
            if clock and not clock.get("paused")
            and any(seat in bot_seats.get(pk, ()) and decision["started"] <= now - after
                    for seat, decision in (clock.get("decisions") or {}).items())]
