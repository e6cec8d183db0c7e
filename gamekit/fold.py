"""The one fold of a record through an engine: every deal and every action, in order, with
the states around each. Replays, the table's full state, statistics, reviews and the replay
viewer all walk a game this way; they differ only in what they keep of the steps.

`engine` is anything with `new_game(options, deal)`, `next_hand(state, deal)` and
`apply(state, action) -> (state, events)` (an engine module, or a game's table engine).
`hands` is a record's list of hands: `[{"deal": ..., "actions": [...]}, ...]` (or pairs of
deal and actions)."""

from collections.abc import Callable, Iterable, Iterator
from typing import Any, NamedTuple

from gamekit.records import bad


class Step(NamedTuple):
    """One step of a fold: a deal (`action_no` None, `before` None: the hand's first state in
    `after`) or an action with the states before and after it and its events."""

    hand: int
    action_no: int | None
    before: Any
    action: dict | None
    after: Any
    events: list


def _deal_and_actions(entry) -> tuple:
    if isinstance(entry, dict):
        return entry["deal"], entry["actions"]
    return entry


def steps(engine, options, hands: Iterable, *, illegal: type[Exception] | None = None,
          check: Callable[[int, Any, Any], None] | None = None,
          split: Callable[[Any], tuple] = _deal_and_actions) -> Iterator[Step]:
    """Every step of the fold. With `illegal` (the engine's IllegalAction), a refused deal or
    action raises `InvalidRecord` at its hand and action number instead; `check(hand, entry,
    state)` vets each hand's entry first (the state before it: None at the first hand);
    `split(entry)` is the entry's deal and actions."""
    refused = illegal or ()  # catching () catches nothing: errors go up as they are
    state = None
    for h, entry in enumerate(hands):
        if check is not None:
            check(h, entry, state)
        deal, actions = split(entry)
        try:
            state = engine.new_game(options, deal) if state is None else engine.next_hand(state, deal)
        except refused as error:
            bad(h, None, error.message, error.code)
        yield Step(h, None, None, None, state, [])
        for a, action in enumerate(actions):
            try:
                after, events = engine.apply(state, action)
            except refused as error:
                bad(h, a, error.message, error.code)
            yield Step(h, a, state, action, after, events)
            state = after


def final(walk: Iterable[Step]):
    """The state a fold ends in (None: no hand at all)."""
    state = None
    for step in walk:
        state = step.after
    return state


def hand_states(engine, options, hands: list, hand: int) -> list:
    """The states of hand `hand` (0-based): after its deal, then after each of its actions."""
    return [step.after for step in steps(engine, options, hands[: hand + 1]) if step.hand == hand]
