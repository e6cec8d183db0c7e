"""What a table's row keeps of its engine state, and the whole state back for a record.

The engines' JSON carries the game's whole log (every hand's deal and actions), so a stored
snapshot grew by about 6 KB a hand, and every move paid for it again: read and parse it,
write it back, broadcast it to the other daphne processes, and keep a parsed copy in each
moment a process holds: a game eight hands old tripled a move's CPU in `submit` and nearly
doubled the other processes' renders, and its parsed state is ~350 KB. The row now keeps the
log of the hand in play only — all that the rules and the views read of it (~16 KB parsed).
The finished hands are in the table's action log (`Action`) already, which `full_state`
replays through the engine when a whole record is asked for."""

from gamekit import fold
from games import registry
from games.models import Action, Table


def stored(engine, state) -> dict:
    """The state as its table row keeps it: the engine's JSON with the log of the hand in
    play only (the last entry of the engine's per-hand log)."""
    data = engine.to_json(state)
    if len(data["log"]) > 1:
        data["log"] = data["log"][-1:]
    return data


def full_state(table: Table):
    """The table's engine state with the whole game's log: its action log replayed from the
    first deal, as the live table applied it (the log holds every deal and every action the
    engine accepted, in order)."""
    game = registry.get(table.game)
    return fold.final(fold.steps(game.engine, game.options_for_engine(table.options), _hands(table)))


def _hands(table: Table) -> list:
    """The action log as a record's hands: each deal with the actions after it."""
    hands = []
    for payload in Action.objects.filter(table=table).order_by("version").values_list("payload", flat=True):
        if payload.get("type") == "deal":
            hands.append((payload["deal"], []))
        else:
            hands[-1][1].append(payload)
    return hands
