"""A riichi-record/1 stepped through for the replay viewer: each step is one recorded
action, with the passes the record leaves silent (nobody called the discard) taken just
before the next action, as the record's own fold takes them; the platform's actions (a
strike, an expulsion) come at the end of the round they happened in."""

from gamekit.match import is_platform
from riichi import engine, table_engine
from riichi.engine.errors import IllegalAction
from riichi.engine.record import _DEAL_KEYS, _answers_window, next_hand, pass_pending
from riichi.table_engine import TableState, _shown


def round_actions(record: dict) -> list[list[dict]]:
    """Each round's actions as the viewer names them (seats as the table's "0".."3")."""
    return [[a | {"seat": str(a["seat"])} if "seat" in a else a for a in actions] for actions in _applied(record)]


def _applied(record: dict) -> list[list[dict]]:
    platform = record.get("platform") or []
    return [list(entry["actions"]) + [dict(p) for p in platform if p.get("round") == r]
            for r, entry in enumerate(record["rounds"])]


def round_states(record: dict, hand: int) -> list:
    rounds, actions = record["rounds"], _applied(record)
    inner, table = None, None
    for r, entry in enumerate(rounds[:hand + 1]):
        deal = {k: entry[k] for k in _DEAL_KEYS if k in entry}
        inner = engine.new_game(record.get("rules"), deal) if inner is None else next_hand(inner, deal)
        table = _table(inner, table)
        states = [table]
        for action in actions[r]:
            if is_platform(action):
                table, _ = table_engine.apply(table, action)
            else:
                if inner.phase == "play" and inner.step == "calls" and not _answers_window(inner, action):
                    inner = pass_pending(inner)
                inner, _ = engine.apply(inner, action)
                table = _table(inner, table)
            states.append(table)
        try:
            inner = pass_pending(inner)
        except IllegalAction:
            pass  # a running match's record may stop before the tile the passes would draw
        if states[-1].end is None:
            states[-1] = table = _table(inner, table)
    return states


def _table(inner, before: TableState | None) -> TableState:
    """The table's state around the engine's: strikes and the end carried on, the finished
    round's result laid open."""
    over = inner.phase != "play"
    return TableState(inner, before.match if before else None, reading=inner.phase == "round_over",
                      shown=_shown(inner) if over else None)
