"""Whole hands played by four bots through the engine: for tests and benchmarks.

Each step every seat that can act is offered its view — out-of-turn seats first, so that a
bomb can land before the player in turn moves — and the first action returned is applied.
A bomb window nobody uses is collected.
"""

import time

from tichu.engine import apply, new_game, view
from tichu.engine.cards import SEATS
from . import choose_action
from .actions import must_decide

FINISHED = ("hand_over", "game_over")


class BotFailure(AssertionError):
    """A bot broke its contract (no action for a required decision, or an illegal one)."""


def _asking_order(state):
    turn = state.turn
    if turn is None:
        return SEATS
    return tuple(SEATS[(turn + step) & 3] for step in (1, 2, 3, 0))


def play_hand(deal: dict, strengths: dict, rng, *, budgets=None, observe=None, memory=True):
    """Play one hand from ``deal``; returns the final state. ``observe(seat, view, action,
    seconds)`` is called for every decision a bot returned (or declined). Without
    ``memory`` the bots get no memory dict, as when a caller keeps none between calls."""
    state = new_game({"target": 1000}, deal)
    memories = {seat: {} if memory else None for seat in SEATS}
    budgets = budgets or {}
    while state.phase not in FINISHED:
        for seat in _asking_order(state):
            seen = view(state, seat)
            if not seen["legal_actions"]:
                continue
            started = time.perf_counter()
            action = choose_action(seen, strengths[seat], rng, budget=budgets.get(seat),
                                   memory=memories[seat])
            if observe:
                observe(seat, seen, action, time.perf_counter() - started)
            if action is None:
                if must_decide(seen):
                    raise BotFailure(f"{strengths[seat]} bot at {seat} returned None for {seen['legal_actions']}")
                continue
            state, _ = apply(state, action)
            break
        else:
            if not state.window:
                raise BotFailure("nobody acted and there is no bomb window to collect")
            state, _ = apply(state, {"type": "collect"})
    return state
